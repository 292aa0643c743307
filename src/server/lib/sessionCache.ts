/**
 * The sessions this process has already looked up, on SQLite: every authenticated call reads its session and its
 * student (about a tenth of an answer save's time on the event loop, measured), and during an event the same few
 * thousand tokens call again and again.
 *
 * An entry is good while nothing has changed the two rows elsewhere: any commit by another connection (another
 * process, an operator command) changes SQLite's `data_version` and empties the cache, and this process's own writes
 * of a session or a student forget what they change (`forgetSession`, `forgetSessions`). Expiry is checked against the
 * stored time at every call. On PostgreSQL there is no such signal (every worker and machine is another connection),
 * so there is no cache there and every call reads the database, as before.
 */
import type { Kysely } from 'kysely';
import { directSqliteOf } from '../db/createDb';
import type { Database } from '../db/types';

/** What a live session gives a call: its student (the caller) and when it expires. */
export interface CachedSession<Student> {
  siswa: Student;
  expiresAt: number;
}

/** Sessions kept at most; past it the oldest is dropped (100,000 entries are about 30 MB). */
const MAX_SESSIONS = 100_000;

export class SessionCache<Student> {
  private readonly entries = new Map<string, CachedSession<Student>>();
  private version: number;
  /** Raised by every forget: a look-up started before it must not store what it read. */
  private generation = 0;

  constructor(private readonly dataVersion: () => number) {
    this.version = dataVersion();
  }

  /** The session of a token hash when this process has it and nothing changed it since. */
  get(tokenHash: string): CachedSession<Student> | undefined {
    const version = this.dataVersion();
    if (version !== this.version) {
      this.version = version;
      this.clear();
      return undefined;
    }
    return this.entries.get(tokenHash);
  }

  /** Taken before a session is read from the database, and given back to `set` with what was read. */
  ticket(): number {
    return this.generation;
  }

  /** Keeps a session read from the database, unless something was forgotten since its ticket was taken. */
  set(tokenHash: string, session: CachedSession<Student>, ticket: number): void {
    if (ticket !== this.generation) return;
    if (this.entries.size >= MAX_SESSIONS && !this.entries.has(tokenHash)) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(tokenHash, session);
  }

  forget(tokenHash: string): void {
    this.generation++;
    this.entries.delete(tokenHash);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

// Typed by the caller (plugins/auth.ts) through sessionCacheOf; the map only holds them.
const caches = new WeakMap<Kysely<Database>, SessionCache<unknown>>();

/** The session cache of a database's root Kysely instance; null on PostgreSQL. */
export function sessionCacheOf<Student>(q: Kysely<Database>): SessionCache<Student> | null {
  const existing = caches.get(q);
  if (existing) return existing as SessionCache<Student>;
  const direct = directSqliteOf(q);
  if (!direct) return null;
  const cache = new SessionCache<unknown>(direct.dataVersion);
  caches.set(q, cache);
  return cache as SessionCache<Student>;
}

/** This process changed a session (logout): its token must be read again. */
export function forgetSession(q: Kysely<Database>, tokenHash: string): void {
  caches.get(q)?.forget(tokenHash);
}

/** This process changed students (an import): every session must be read again. */
export function forgetSessions(q: Kysely<Database>): void {
  caches.get(q)?.clear();
}
