import { hash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../db/executor';
import { siswaOfSesi } from '../db/sesi';
import { sessionCacheOf } from '../lib/sessionCache';
import { sessionCacheLookups } from '../lib/metrics';
import { HttpError } from '../lib/httpError';
import type { Siswa } from '../lib/siswa';
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

/** The live session's student, from this process's cache (lib/sessionCache.ts) or else the database. */
async function siswaOfToken(db: Executor, tokenHash: string, now: number): Promise<Siswa | null> {
  const cache = sessionCacheOf<Siswa>(db);
  const cached = cache?.get(tokenHash);
  if (cached && cached.expiresAt > now) {
    sessionCacheLookups.inc({ result: 'hit' });
    return cached.siswa;
  }
  if (cache) sessionCacheLookups.inc({ result: 'miss' });
  const ticket = cache?.ticket() ?? 0;
  const row = await siswaOfSesi(db, tokenHash, now);
  if (!row) return null;
  const { expires_at: expiresAt, ...siswa } = row;
  cache?.set(tokenHash, { siswa, expiresAt }, ticket);
  return siswa;
}

/**
 * Registers the auth hook: every /api route except the public ones (login) gets `request.siswa`, or a 401
 * `{status: false, message}` when the token is missing or dead. It runs on request, before the body is read or
 * validated, so a caller without a live token gets 401 whatever they send.
 */
export function registerAuth(app: FastifyInstance, db: Executor, now: () => number): void {
  app.decorateRequest('siswa', null);
  app.decorateRequest('tokenHash', null);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    // Read once: Fastify builds the whole options object at every read.
    const { config, url: route } = request.routeOptions;
    const routeConfig = config as { public?: boolean } | undefined;
    // Decided by the matched route, never by the raw target: `GET http://host/api/…` (absolute form) matches the
    // same route as `GET /api/…` and is authenticated the same. Unknown routes answer 404 from the not-found
    // handler; public routes (login) need no token.
    if (!route || routeConfig?.public || !isApiPath(route)) return;
    const token = tokenOf(request);
    if (!token) {
      return reply
        .status(401)
        .send({ status: false, message: 'Sesi tidak ditemukan, silakan login kembali' });
    }
    const tokenHash = hashToken(token);
    const siswa = await siswaOfToken(db, tokenHash, now());
    if (!siswa) {
      return reply.status(401).send({ status: false, message: 'Sesi telah berakhir, silakan login kembali' });
    }
    request.siswa = siswa;
    request.tokenHash = tokenHash;
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
