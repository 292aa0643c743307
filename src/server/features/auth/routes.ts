import type { FastifyReply } from 'fastify';
import { loginCall, logoutCall } from '../../../contract/auth';
import type { FeatureContext, FeatureRoutes } from '../../app';
import { DISABLED_PASSWORD, hashPassword, verifyPassword } from '../../lib/password';
import { SESSION_COOKIE, SESSION_TTL_MS, currentSiswa, hashToken, newToken } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { toProfileUser } from '../profile/mapping';
import { parseLoginBody } from './input';
import {
  MAX_LOGIN_FAILURES,
  clearFailures,
  createSesi,
  findSiswaByUsername,
  recentFailures,
  recordFailure,
  revokeSesi,
} from './queries';

export const WRONG_CREDENTIALS = 'Username atau password salah';
export const TOO_MANY_FAILURES = 'Terlalu banyak percobaan login gagal. Coba lagi dalam 15 menit.';

// A real scrypt hash that no typed password matches, computed once, so that an unknown username or a synthetic
// participant costs the same scrypt as a real one and the answer time does not tell them apart.
let dummyHash: Promise<string> | null = null;
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(`dummy-${Math.random()}`);
  return dummyHash;
}

function cookieOptions(context: FeatureContext) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: context.config.secureCookies,
  };
}

function setSessionCookie(reply: FastifyReply, token: string, context: FeatureContext): void {
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(context), maxAge: SESSION_TTL_MS / 1000 });
}

/** `POST /auth/login` (public) and `POST /auth/logout` (spec §7). */
export const authRoutes: FeatureRoutes = (app, context) => {
  const { db, now } = context;
  // Computed now, so that not even the first unknown username pays an extra hash.
  void dummyPasswordHash();

  app.route({
    method: loginCall.method,
    url: loginCall.path,
    schema: loginCall.schema,
    config: { public: true },
    // Checked by parseLoginBody, which answers with the spec's own words for a missing field.
    attachValidation: true,
    handler: async (request, reply) => {
      const { username, password } = parseLoginBody(request.body as unknown);
      const at = now();
      // Before the password: a locked username is refused even with the right password.
      if ((await recentFailures(db, username, at)) >= MAX_LOGIN_FAILURES) {
        throw new HttpError(429, TOO_MANY_FAILURES);
      }
      const siswa = await findSiswaByUsername(db, username);
      const usable = siswa !== null && siswa.password_hash !== DISABLED_PASSWORD;
      const valid = await verifyPassword(password, usable ? siswa.password_hash : await dummyPasswordHash());
      if (!usable || !valid) {
        await recordFailure(db, username, at);
        return { status: false as const, message: WRONG_CREDENTIALS };
      }
      await clearFailures(db, username);
      const token = newToken();
      await createSesi(db, {
        tokenHash: hashToken(token),
        idSiswa: siswa.id,
        now: at,
        ttlMs: SESSION_TTL_MS,
      });
      setSessionCookie(reply, token, context);
      return {
        status: true,
        message: 'Login berhasil',
        content: { user: toProfileUser(siswa, context.config), access_token: { value: token } },
      };
    },
  });

  app.route({
    method: logoutCall.method,
    url: logoutCall.path,
    schema: logoutCall.schema,
    // The body (stored credentials) is not needed to revoke the caller's token: an empty or odd body still logs out.
    attachValidation: true,
    handler: async (request, reply) => {
      currentSiswa(request);
      if (request.tokenHash) await revokeSesi(db, request.tokenHash, now());
      reply.clearCookie(SESSION_COOKIE, cookieOptions(context));
      return { status: true, message: 'Logout berhasil' };
    },
  });
};
