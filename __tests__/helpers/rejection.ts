/**
 * The message a promise was rejected with, or null when it resolved. better-sqlite3 makes its errors with the
 * SqliteError of the first Jest file that loaded it in the worker (the native module is loaded once per process),
 * so in every later file they are no `instanceof Error` of that file's realm, and `rejects.toThrow()` reports a
 * rejection with one as "did not throw". The message is what a caller reads on either database.
 */
export function rejectionMessage(work: Promise<unknown>): Promise<string | null> {
  return work.then(
    () => null,
    (error: unknown) => String((error as { message?: unknown } | null)?.message ?? error),
  );
}
