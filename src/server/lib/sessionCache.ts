/**
 * The sessions this process has already looked up: every authenticated call reads its session and its student
 * (about a tenth of an answer save's time on the event loop on SQLite, measured), and during an event the same few
 * thousand tokens call again and again. The database layer gives each root Kysely instance its cache
 * (db/createDb.ts), with what tells it that the two rows changed elsewhere:
 *
 * - SQLite: a change of a session or a student by another connection (another process, an operator command)
 *   raises migration 017's `sesi_versi`, which the cache checks whenever SQLite's `data_version` says that another
 *   connection committed, and empties the cache.
 * - PostgreSQL: migration 013's triggers notify every change of a session or a student in the writer's
 *   transaction, and the process's listener (db/sesiListener.ts) forgets what changed. The cache answers only
 *   while the listener demonstrably hears (README "Session cache"), and an entry is read again after
 *   MAX_AGE_MS_POSTGRES at the latest. Without a listener (behind a transaction-mode pooler with no
 *   DATABASE_LISTEN_URL) there is no cache and every call reads the database.
 *
 * This process's own writes of a session or a student forget what they change at once (`forgetSession`,
 * `forgetSessions`). Expiry is checked against the stored time at every call.
 */

/** A database's root handle (db/createDb.ts's Kysely instance): only its identity keys the caches here. */
type DatabaseHandle = object;

/** What a live session gives a call: its student (the caller) and when it expires. */
export interface CachedSession<Student> {
  siswa: Student;
  expiresAt: number;
}

/** Sessions kept at most; past it the oldest is dropped (100,000 entries are about 30 MB). */
const MAX_SESSIONS = 100_000;

/** On PostgreSQL an entry is read again at the latest this long after it was read (README "Session cache"). */
const MAX_AGE_MS_POSTGRES = 60_000;

export interface SessionCacheOptions {
  /** False while the cache may not answer (PostgreSQL: the listener does not hear): it then neither answers nor keeps. */
  usable?: () => boolean;
  /** An entry older than this is read again (default: no limit). */
  maxAgeMs?: number;
  /** The clock of `maxAgeMs`. */
  now?: () => number;
}

interface Entry<Student> {
  session: CachedSession<Student>;
  readAt: number;
}

export class SessionCache<Student extends { id: number }> {
  private readonly entries = new Map<string, Entry<Student>>();
  /** Token hashes cached per student, so a change of one student forgets only his sessions. */
  private readonly bySiswa = new Map<number, Set<string>>();
  private version: number | string;
  /** Raised by every forget: a look-up started before it must not store what it read. */
  private generation = 0;
  private readonly usable: () => boolean;
  private readonly maxAgeMs: number;
  private readonly now: () => number;

  /** @param versionOf What changes whenever a session or a student may have changed elsewhere. */
  constructor(
    private readonly versionOf: () => number | string,
    options: SessionCacheOptions = {},
  ) {
    this.version = versionOf();
    this.usable = options.usable ?? (() => true);
    this.maxAgeMs = options.maxAgeMs ?? Infinity;
    this.now = options.now ?? Date.now;
  }

  /** The session of a token hash when this process has it and nothing changed it since. */
  get(tokenHash: string): CachedSession<Student> | undefined {
    const version = this.versionOf();
    if (version !== this.version) {
      this.version = version;
      this.clear();
      return undefined;
    }
    if (!this.usable()) return undefined;
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (this.now() - entry.readAt > this.maxAgeMs) {
      this.delete(tokenHash);
      return undefined;
    }
    return entry.session;
  }

  /** Taken before a session is read from the database, and given back to `set` with what was read. */
  ticket(): number {
    return this.generation;
  }

  /** Keeps a session read from the database, unless something was forgotten since its ticket was taken. */
  set(tokenHash: string, session: CachedSession<Student>, ticket: number): void {
    if (ticket !== this.generation || !this.usable()) return;
    if (this.entries.size >= MAX_SESSIONS && !this.entries.has(tokenHash)) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.delete(oldest.value);
    }
    this.delete(tokenHash);
    this.entries.set(tokenHash, { session, readAt: this.now() });
    const tokens = this.bySiswa.get(session.siswa.id);
    if (tokens) tokens.add(tokenHash);
    else this.bySiswa.set(session.siswa.id, new Set([tokenHash]));
  }

  forget(tokenHash: string): void {
    this.generation++;
    this.delete(tokenHash);
  }

  /** A student changed (name, institution, password): every session of his is read again. */
  forgetSiswa(idSiswa: number): void {
    this.generation++;
    for (const tokenHash of this.bySiswa.get(idSiswa) ?? []) this.entries.delete(tokenHash);
    this.bySiswa.delete(idSiswa);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.bySiswa.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private delete(tokenHash: string): void {
    const entry = this.entries.get(tokenHash);
    if (!entry) return;
    this.entries.delete(tokenHash);
    const id = entry.session.siswa.id;
    const tokens = this.bySiswa.get(id);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) this.bySiswa.delete(id);
  }
}

/** The cache of a PostgreSQL database: it answers while `usable` (its listener hears), each entry for a minute. */
export function postgresSessionCache(
  usable: () => boolean,
  now: () => number = Date.now,
): SessionCache<{ id: number }> {
  return new SessionCache<{ id: number }>(() => 0, { usable, maxAgeMs: MAX_AGE_MS_POSTGRES, now });
}

// Typed by the caller (plugins/auth.ts) through sessionCacheOf; the map only holds them.
const caches = new WeakMap<DatabaseHandle, SessionCache<{ id: number }>>();

/** Gives a database's root Kysely instance its cache (db/createDb.ts). */
export function registerSessionCache(q: DatabaseHandle, cache: SessionCache<{ id: number }>): void {
  caches.set(q, cache);
}

/** The session cache of a database's root Kysely instance; null when it has none. */
export function sessionCacheOf<Student extends { id: number }>(
  q: DatabaseHandle,
): SessionCache<Student> | null {
  return (caches.get(q) as SessionCache<Student> | undefined) ?? null;
}

/** This process changed a session (logout): its token must be read again. */
export function forgetSession(q: DatabaseHandle, tokenHash: string): void {
  caches.get(q)?.forget(tokenHash);
}

/** This process changed students (an import): every session must be read again. */
export function forgetSessions(q: DatabaseHandle): void {
  caches.get(q)?.clear();
}
