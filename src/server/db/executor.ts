import type { Kysely } from 'kysely';
import type { Database } from './types';

/**
 * What every query runs on: the database's Kysely instance or a transaction opened from it (a Kysely
 * `Transaction` is a `Kysely`), so one function serves both. The only database handle type below the routes.
 */
export type Executor = Kysely<Database>;
