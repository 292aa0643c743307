/** For suites that run on SQLite and, when DATABASE_URL says so, on PostgreSQL: which one, and round trips to it. */
import pg from 'pg';

/** The suite runs on PostgreSQL (`.ci/run`'s second pass sets DATABASE_URL to a postgres:// URL). */
export const onPostgres = /^postgres(ql)?:\/\//i.test(process.env.DATABASE_URL ?? '');

/**
 * The session cache's listener: the one client that hears notifications. Its self-ping every 2 s is not a round trip
 * of the call being counted, and lands in a call's window now and then on a slow machine.
 */
const listens = (client: unknown): boolean =>
  client instanceof pg.Client && client.listenerCount('notification') > 0;

/** What `call` returned, and how many queries the PostgreSQL clients sent for requests while it ran. */
export async function withRoundTrips<T>(call: () => Promise<T>): Promise<{ result: T; roundTrips: number }> {
  const query = jest.spyOn(pg.Client.prototype, 'query');
  try {
    const result = await call();
    return { result, roundTrips: query.mock.contexts.filter((client) => !listens(client)).length };
  } finally {
    query.mockRestore();
  }
}
