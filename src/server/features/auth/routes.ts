import type { FastifyReply, FastifyRequest } from 'fastify';
import { loginCall, logoutCall } from '../../../contract/auth';
import type { FeatureContext, FeatureRoutes } from '../../context';
import { logins } from '../../lib/metrics';
import { DISABLED_PASSWORD, costOf, hashPassword, needsRehash, verifyPassword } from '../../lib/password';
import { SESSION_COOKIE, SESSION_TTL_MS, currentSiswa, hashToken, newToken } from '../../plugins/auth';
import { HttpError } from '../../lib/httpError';
import { toProfileUser } from '../../lib/profilSiswa';
import { Gate, GateFullError } from '../../lib/gate';
import { MAX_ATTEMPTS_PER_USERNAME, admitAttempt, forgetAttemptsUpTo, type Admission } from './attempts';
import { trustedNetworkCheck } from '../../lib/trustedNetworks';
import { parseLoginBody } from './input';
import { createSesi, findSiswaByUsername, replacePasswordHash, revokeSesi } from './queries';

export const WRONG_CREDENTIALS = 'Username atau password salah';

/** The 429 message: which limit was hit and for how long. */
export function tooManyAttempts(admission: Extract<Admission, { admitted: false }>): string {
  const minutes = Math.ceil(admission.retryAfterSeconds / 60);
  return admission.scope === 'username'
    ? `Terlalu banyak percobaan login untuk username ini. Coba lagi dalam ${minutes} menit.`
    : `Terlalu banyak percobaan login dari alamat ini. Coba lagi dalam ${minutes} menit.`;
}

// A real scrypt hash that no typed password matches, one per cost, so that an unknown username or a synthetic
// participant costs the same scrypt as a real one and the answer time does not tell them apart.
const dummyHashes = new Map<number, Promise<string>>();
function dummyPasswordHash(scryptN: number): Promise<string> {
  let hash = dummyHashes.get(scryptN);
  if (!hash) {
    hash = hashPassword(`dummy-${Math.random()}`, { cost: costOf(scryptN) });
    dummyHashes.set(scryptN, hash);
  }
  return hash;
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

/** Aborts when the client goes away before its answer is sent, so its scrypt work is cancelled. */
function abandonedSignal(request: FastifyRequest, reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  request.raw.once('aborted', () => controller.abort());
  return controller.signal;
}

const SERVER_BERHENTI = 'Server sedang dimulai ulang. Silakan masuk lagi dalam beberapa detik.';
export const ANTREAN_PENUH =
  'Banyak peserta sedang masuk bersamaan. Silakan masuk lagi dalam beberapa detik.';

/** `POST /auth/login` (public) and `POST /auth/logout`. */
export const authRoutes: FeatureRoutes = (app, context) => {
  const { db, now, config } = context;
  // Computed now, so that not even the first unknown username pays an extra hash.
  void dummyPasswordHash(config.scryptN).catch(() => undefined);
  // Logins beyond two per hashing thread wait here, before any database work (lib/gate.ts): the threads stay fed
  // and the pool stays free for everyone else's requests. The load shedding in front leaves logins to this gate
  // (plugins/shedGate.ts), so it bounds their line itself: SHED_MAX_IN_FLIGHT wait at most.
  const loginGate = new Gate(2 * config.scryptThreads, {
    maxWaiting: config.shedMaxInFlight > 0 ? config.shedMaxInFlight : Infinity,
  });
  // A school behind one NAT address would lock itself out at the per-address limit: its network is limited per
  // account only.
  const isTrusted = trustedNetworkCheck(config.trustedNetworks);

  app.route({
    method: loginCall.method,
    url: loginCall.path,
    schema: loginCall.schema,
    config: { public: true },
    // Checked by parseLoginBody, which answers with the spec's own words for a missing field.
    attachValidation: true,
    handler: async (request, reply) => {
      const { username, password } = parseLoginBody(request.body as unknown);
      const signal = abandonedSignal(request, reply);
      const leave = await loginGate
        .enter(AbortSignal.any([signal, context.drainEnded]))
        .catch((error: unknown) => {
          // The server is stopping: a login still waiting would not be reached before its hard limit.
          if (context.drainEnded.aborted)
            throw new HttpError(503, SERVER_BERHENTI, undefined, { 'retry-after': '5' });
          if (error instanceof GateFullError)
            throw new HttpError(503, ANTREAN_PENUH, undefined, { 'retry-after': '5' });
          throw error;
        });
      try {
        return await login(request, reply, { username, password, signal });
      } finally {
        leave();
      }
    },
  });

  /** A login let through the gate: count the try, check the password, open a session. */
  async function login(
    request: FastifyRequest,
    reply: FastifyReply,
    { username, password, signal }: { username: string; password: string; signal: AbortSignal },
  ) {
    const at = now();
    // Counted before the password is checked, so concurrent tries count; a locked username is refused even
    // with the right password.
    const admission = await admitAttempt(db, {
      username,
      address: request.ip,
      now: at,
      limits: {
        perUsername: MAX_ATTEMPTS_PER_USERNAME,
        perAddress: isTrusted(request.ip) ? null : config.loginMaxPerAddress,
      },
    });
    if (!admission.admitted) {
      logins.inc({ outcome: 'limited' });
      void reply.header('Retry-After', String(admission.retryAfterSeconds));
      throw new HttpError(429, tooManyAttempts(admission));
    }
    const siswa = await findSiswaByUsername(db, username);
    const usable = siswa !== null && siswa.password_hash !== DISABLED_PASSWORD;
    const stored = usable ? siswa.password_hash : await dummyPasswordHash(config.scryptN);
    const valid = await verifyPassword(password, stored, { signal });
    if (!usable || !valid) {
      logins.inc({ outcome: 'wrong' });
      return { status: false as const, message: WRONG_CREDENTIALS };
    }

    await forgetAttemptsUpTo(db, username, admission.attemptId);
    const cost = costOf(config.scryptN);
    if (needsRehash(siswa.password_hash, cost)) {
      const upgraded = await hashPassword(password, { cost, signal });
      await replacePasswordHash(db, siswa.id, siswa.password_hash, upgraded);
    }
    const token = newToken();
    await createSesi(db, {
      tokenHash: hashToken(token),
      idSiswa: siswa.id,
      now: at,
      ttlMs: SESSION_TTL_MS,
    });
    setSessionCookie(reply, token, context);
    logins.inc({ outcome: 'ok' });
    return {
      status: true,
      message: 'Login berhasil',
      content: { user: toProfileUser(siswa, context.config), access_token: { value: token } },
    };
  }

  app.route({
    method: logoutCall.method,
    url: logoutCall.path,
    schema: logoutCall.schema,
    // The body (the spec's code, username and an empty password) is not needed to revoke the caller's token: an
    // empty or odd body still logs out.
    attachValidation: true,
    handler: async (request, reply) => {
      currentSiswa(request);
      if (request.tokenHash) await revokeSesi(db, request.tokenHash, now());
      reply.clearCookie(SESSION_COOKIE, cookieOptions(context));
      return { status: true, message: 'Logout berhasil' };
    },
  });
};
