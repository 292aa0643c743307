/**
 * Errors that say the database cannot serve now, rather than that the call was wrong: PostgreSQL stopped, restarting
 * or unreachable; SQLite's disk full or its file locked. Such a call is answered 503 with Retry-After (the SPA's
 * outbox sends the save again), never 500, and the process goes on: the pool opens new connections once the
 * database is back (README "Production", "When the database goes away").
 */
export type DatabaseFault = 'unreachable' | 'full' | 'busy';

/** Socket errors of a connection to PostgreSQL (refused, reset, silent, name not found). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's SQLSTATEs of a server that is going or not yet there: class 08 (connection exception), 57P01
 * admin_shutdown (a fast or immediate stop ended the backend), 57P02 crash_shutdown, 57P03 cannot_connect_now
 * (starting up or recovering), 53300 too_many_connections.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** What the `pg` driver itself says when a connection dies or cannot be had (these carry no code). */
const PG_DRIVER_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  // A client's own connectionTimeoutMillis (createDb bounds each connect so).
  /^timeout expired$/,
  /encountered a connection error and is not queryable/,
  /^Query read timeout/,
];

function faultOfOne(error: { code?: unknown; message?: unknown }): DatabaseFault | null {
  const code = typeof error.code === 'string' ? error.code : '';
  if (code === 'SQLITE_FULL') return 'full';
  if (/^SQLITE_(BUSY|LOCKED)/.test(code)) return 'busy';
  if (/^SQLITE_(IOERR|CANTOPEN|READONLY)/.test(code)) return 'unreachable';
  if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
    return 'unreachable';
  const message = typeof error.message === 'string' ? error.message : '';
  return PG_DRIVER_MESSAGES.some((pattern) => pattern.test(message)) ? 'unreachable' : null;
}

/** The database fault behind an error (looking into its `cause` and an AggregateError's parts), or null. */
export function databaseFaultOf(error: unknown, depth = 0): DatabaseFault | null {
  if (typeof error !== 'object' || error === null || depth > 4) return null;
  const own = faultOfOne(error as { code?: unknown; message?: unknown });
  if (own) return own;
  // Node's connect to a name with several addresses fails with an AggregateError of each address's error.
  for (const part of error instanceof AggregateError ? error.errors : []) {
    const fault = databaseFaultOf(part, depth + 1);
    if (fault) return fault;
  }
  return databaseFaultOf((error as { cause?: unknown }).cause, depth + 1);
}

/** What the student reads, and when the client may try again (seconds), per fault. */
export const FAULT_ANSWERS: Readonly<Record<DatabaseFault, { message: string; retryAfterSeconds: number }>> =
  {
    unreachable: {
      message: 'Basis data sedang tidak dapat dihubungi. Silakan coba lagi dalam beberapa detik.',
      retryAfterSeconds: 5,
    },
    busy: {
      message: 'Basis data sedang sibuk. Silakan coba lagi dalam beberapa detik.',
      retryAfterSeconds: 5,
    },
    full: {
      message: 'Penyimpanan basis data server penuh. Silakan coba lagi dalam beberapa saat.',
      retryAfterSeconds: 30,
    },
  };
