import type { Kysely } from 'kysely';

/**
 * The database as a migration sees it: untyped by design, since each migration works on the tables as they were at
 * its step, not on today's types (db/types.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type AnyDb = Kysely<any>;
