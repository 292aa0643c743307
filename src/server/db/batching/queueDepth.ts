/**
 * Work waiting for the database, the figure load shedding reads: on SQLite the answer saves and starts waiting for
 * the next group commit (groupCommit.ts), on PostgreSQL the queries waiting for a connection of the pool.
 */
import type { Executor } from '../executor';
import { directPostgresOf } from '../createDb';
import { groupCommitWaiting } from './groupCommit';

export function databaseQueueDepth(q: Executor): number {
  const postgres = directPostgresOf(q);
  return postgres ? postgres.waiting : groupCommitWaiting(q);
}
