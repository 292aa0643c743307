/** For suites that run on SQLite and, when DATABASE_URL says so, on PostgreSQL: which one, and round trips to it. */
import pg from 'pg';

/** The suite runs on PostgreSQL (`.ci/run`'s second pass sets DATABASE_URL to a postgres:// URL). */
export const onPostgres = /^postgres(ql)?:\/\//i.test(process.env.DATABASE_URL ?? '');

/** What `call` returned, and how many queries the PostgreSQL clients sent while it ran. */
export async function withRoundTrips<T>(call: () => Promise<T>): Promise<{ result: T; roundTrips: number }> {
  const query = jest.spyOn(pg.Client.prototype, 'query');
  try {
    const result = await call();
    return { result, roundTrips: query.mock.calls.length };
  } finally {
    query.mockRestore();
  }
}
