/**
 * The session cache's ears on PostgreSQL (lib/sessionCache.ts): one connection per process, straight to PostgreSQL
 * (LISTEN does not pass a transaction-mode pooler), that listens on the channel the triggers of migration 013 notify
 * when a session or a student changes (logout, revoke, password change, import), in the writer's own transaction.
 *
 * The cache may answer only while this connection demonstrably delivers: every PING_INTERVAL_MS it notifies itself,
 * and the cache is usable while the last ping that came back was sent at most FRESH_FOR_MS ago. PostgreSQL delivers
 * notifications in commit order, so every change committed before that ping was sent has already been applied to
 * the cache: a request never sees a revoked session later than FRESH_FOR_MS after the revoke committed, even if the
 * connection dies silently. A dropped connection makes the cache bypass at once; it reconnects every
 * RECONNECT_MS and the cache is emptied when it listens again (what was missed meanwhile is unknown).
 */
import { randomBytes } from 'node:crypto';
import type { Client, Notification } from 'pg';

/** The channel of migration 013's triggers; the payload is `<schema> s <token hash>` or `<schema> u <student id>`. */
export const SESI_CHANNEL = 'siaptes_sesi';

/** How often the listener pings itself. */
const PING_INTERVAL_MS = 2_000;
/** How long after the last ping that came back was sent the cache may still answer (README "Session cache"). */
export const FRESH_FOR_MS = 10_000;
/** Wait before connecting again after the connection failed. */
const RECONNECT_MS = 1_000;

/** What the listener tells the session cache. */
export interface SesiEars {
  /** A session changed: its token must be read again. */
  sesi(tokenHash: string): void;
  /** A student changed: every session of his must be read again. */
  siswa(idSiswa: number): void;
  /** The connection was (re)established: what is cached may have missed changes. */
  reset(): void;
}

export interface SesiListener {
  /** True while the cache may answer: listening, and a ping sent at most FRESH_FOR_MS ago came back. */
  usable(now: number): boolean;
  /** The server process id of the listening connection (tests end it to see the cache bypass), or null. */
  readonly backendPid: number | null;
  stop(): Promise<void>;
}

/**
 * Is the cache usable at `now`, given when the last returned ping was sent? Pure, so the bound is pinned by a unit
 * test: usable at exactly FRESH_FOR_MS, not one millisecond later.
 */
export function pingFresh(lastPingSentAt: number | null, now: number): boolean {
  return lastPingSentAt !== null && now - lastPingSentAt <= FRESH_FOR_MS;
}

export interface SesiListenerOptions {
  url: string;
  /** The schema whose tables the triggers watch (tests give each suite its own; otherwise `public`). */
  schema: string;
  ears: SesiEars;
  now: () => number;
  /** Opens a connection (not yet connected) to the URL. */
  connect: (url: string) => Client;
}

export function startSesiListener(options: SesiListenerOptions): SesiListener {
  const { schema, ears, now } = options;
  // Pings go on this listener's own channel: the other processes do not hear them.
  const pingChannel = `siaptes_ping_${randomBytes(6).toString('hex')}`;
  let client: Client | null = null;
  let listening = false;
  let stopped = false;
  let lastPingSentAt: number | null = null;
  let pingTimer: NodeJS.Timeout | undefined;
  let reconnectTimer: NodeJS.Timeout | undefined;

  const onNotification = (message: Notification) => {
    const payload = message.payload ?? '';
    if (message.channel === pingChannel) {
      const sentAt = Number(payload);
      if (lastPingSentAt === null || sentAt > lastPingSentAt) lastPingSentAt = sentAt;
      return;
    }
    const [inSchema, kind, key] = payload.split(' ');
    if (inSchema !== schema || key === undefined) return;
    if (kind === 's') ears.sesi(key);
    else if (kind === 'u') ears.siswa(Number(key));
  };

  const lost = (dead: Client) => {
    if (client !== dead) return;
    client = null;
    listening = false;
    lastPingSentAt = null;
    clearInterval(pingTimer);
    dead.removeAllListeners('notification');
    void dead.end().catch(() => undefined);
    if (stopped) return;
    reconnectTimer = setTimeout(() => void connect(), RECONNECT_MS);
    reconnectTimer.unref();
  };

  const ping = (current: Client) => {
    current.query('SELECT pg_notify($1, $2)', [pingChannel, String(now())]).catch(() => lost(current));
  };

  async function connect(): Promise<void> {
    const next = options.connect(options.url);
    client = next;
    // A connection error after connect (PostgreSQL restarted, the backend ended) arrives as an event.
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    next.on('notification', onNotification);
    try {
      await next.connect();
      await next.query(`LISTEN ${SESI_CHANNEL}`);
      await next.query(`LISTEN ${pingChannel}`);
    } catch {
      lost(next);
      return;
    }
    if (client !== next || stopped) return;
    // Changes made while nobody listened are unknown: forget everything, then answer again once a ping returns.
    ears.reset();
    listening = true;
    ping(next);
    pingTimer = setInterval(() => ping(next), PING_INTERVAL_MS);
    pingTimer.unref();
  }

  void connect();

  return {
    usable: (at) => listening && pingFresh(lastPingSentAt, at),
    get backendPid() {
      const current = client as (Client & { processID?: number }) | null;
      return listening && current?.processID !== undefined ? current.processID : null;
    },
    stop: async () => {
      stopped = true;
      clearTimeout(reconnectTimer);
      clearInterval(pingTimer);
      const current = client;
      client = null;
      listening = false;
      if (current) await current.end().catch(() => undefined);
    },
  };
}
