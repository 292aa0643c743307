import { hash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Executor } from '../db/executor';
import { siswaOfSesi } from '../db/sesi';
import { sessionCacheOf } from '../lib/sessionCache';
import { sessionCacheLookups } from '../lib/metrics';
import { HttpError } from '../lib/httpError';
import type { Siswa } from '../db/siswa';
import { isApiPath } from './errors';

export const SESSION_COOKIE = 'siaptes_session';
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in student, set by `requireSiswa`. */
    siswa: Siswa | null;
    /** SHA-256 of the token that authenticated this request. */
    tokenHash: string | null;
  }
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  // The one-shot form: no Hash object per request.
  return hash('sha256', token, 'hex');
}

/** The token from the `Key` header (the SPA) or else the session cookie (plain links such as PDFs). */
export function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers.key;
  const fromHeader = Array.isArray(header) ? header[0] : header;
  if (fromHeader && fromHeader.trim() !== '') return fromHeader.trim();
  const fromCookie = request.cookies?.[SESSION_COOKIE];
  return fromCookie && fromCookie !== '' ? fromCookie : null;
}

/** The live session's student when this process's cache (lib/sessionCache.ts) has it, else undefined. */
function cachedSiswa(db: Executor, tokenHash: string, now: number): Siswa | undefined {
  const cache = sessionCacheOf<Siswa>(db);
  if (!cache) return undefined;
  const cached = cache.get(tokenHash);
  if (cached && cached.expiresAt > now) {
    sessionCacheLookups.inc({ result: 'hit' });
    return cached.siswa;
  }
  sessionCacheLookups.inc({ result: 'miss' });
  return undefined;
}

/** The live session's student read from the database (and kept in this process's cache), or null. */
async function siswaOfSesiRow(db: Executor, tokenHash: string, now: number): Promise<Siswa | null> {
  const cache = sessionCacheOf<Siswa>(db);
  const ticket = cache?.ticket() ?? 0;
  const row = await siswaOfSesi(db, tokenHash, now);
  if (!row) return null;
  const { expires_at: expiresAt, ...siswa } = row;
  cache?.set(tokenHash, { siswa, expiresAt }, ticket);
  return siswa;
}

const NO_TOKEN = { status: false, message: 'Sesi tidak ditemukan, silakan login kembali' } as const;
const DEAD_TOKEN = { status: false, message: 'Sesi telah berakhir, silakan login kembali' } as const;

/**
 * The check of one authenticated call: `request.siswa`, or a 401 `{status: false, message}` when the token is
 * missing or dead. A session this process has cached is answered without a promise or a later turn (most calls).
 */
function authenticate(db: Executor, now: () => number): onRequestHookHandler {
  return (request, reply, done) => {
    const token = tokenOf(request);
    if (!token) {
      void reply.status(401).send(NO_TOKEN);
      return;
    }
    const tokenHash = hashToken(token);
    const at = now();
    const accept = (siswa: Siswa | null) => {
      if (!siswa) {
        void reply.status(401).send(DEAD_TOKEN);
        return;
      }
      request.siswa = siswa;
      request.tokenHash = tokenHash;
      done();
    };
    const cached = cachedSiswa(db, tokenHash, at);
    if (cached) accept(cached);
    else siswaOfSesiRow(db, tokenHash, at).then(accept, done);
  };
}

/**
 * Registers the auth check: every /api route except the public ones (login) gets `request.siswa`, or a 401
 * `{status: false, message}` when the token is missing or dead. It runs on request, before the body is read or
 * validated, so a caller without a live token gets 401 whatever they send. Which routes it guards is decided by
 * the route, once, as each is added (the last of their onRequest hooks, as a hook of the whole app registered here
 * would be), never by the raw target: `GET http://host/api/…` (absolute form) matches the same route as
 * `GET /api/…` and is authenticated the same. Unknown routes answer 404 from the not-found handler.
 */
export function registerAuth(app: FastifyInstance, db: Executor, now: () => number): void {
  app.decorateRequest('siswa', null);
  app.decorateRequest('tokenHash', null);
  const check = authenticate(db, now);
  app.addHook('onRoute', (route) => {
    const config = route.config as { public?: boolean } | undefined;
    if (config?.public || !isApiPath(route.url)) return;
    // A new list, never the route's own: Fastify copies a GET route's options for its HEAD route beforehand.
    const own = route.onRequest;
    route.onRequest = own === undefined ? [check] : [...(Array.isArray(own) ? own : [own]), check];
  });
}

/** The logged-in student of an authenticated route (the hook guarantees it). */
export function currentSiswa(request: FastifyRequest): Siswa {
  if (!request.siswa) throw new HttpError(401, 'Sesi tidak ditemukan, silakan login kembali');
  return request.siswa;
}

/** A call that names a student must name the caller: 403 otherwise. */
export function requireSelf(request: FastifyRequest, idSiswa: number): Siswa {
  const siswa = currentSiswa(request);
  if (siswa.id !== Number(idSiswa)) {
    throw new HttpError(403, 'Akses ditolak: data ini milik siswa lain');
  }
  return siswa;
}
