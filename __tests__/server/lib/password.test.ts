import { readFileSync, readdirSync } from 'node:fs';
import { loadConfig } from '../../../src/server/config';
import { hashPassword, needsRehash, verifyPassword } from '../../../src/server/lib/password';
import { ScryptPool } from '../../../src/server/lib/scryptPool';

// Many scrypt hashes and requests per test: generous on a loaded two-core machine and on PostgreSQL.
jest.setTimeout(60_000);

describe('password hashing', () => {
  it('defaults to scrypt N = 2^17, r = 8, p = 1 (OWASP) when SCRYPT_N is not set', async () => {
    expect(loadConfig({}).scryptN).toBe(131072);
    const saved = process.env.SCRYPT_N;
    delete process.env.SCRYPT_N;
    try {
      const hash = await hashPassword('tryout123');
      expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
      await expect(verifyPassword('tryout123', hash)).resolves.toBe(true);
      await expect(verifyPassword('tryout124', hash)).resolves.toBe(false);
    } finally {
      process.env.SCRYPT_N = saved;
    }
  }, 30_000);

  it('takes SCRYPT_N as a power of two from 2^10 to 2^20', () => {
    expect(loadConfig({ SCRYPT_N: '1024' }).scryptN).toBe(1024);
    expect(loadConfig({ SCRYPT_N: '1048576' }).scryptN).toBe(1048576);
    for (const bad of ['512', '2097152', '100000', 'banyak']) {
      expect(() => loadConfig({ SCRYPT_N: bad })).toThrow(/SCRYPT_N/);
    }
  });

  it('still verifies hashes of older parameters and says they need a rehash', async () => {
    const old = await hashPassword('rahasia', { cost: { N: 1024, r: 8, p: 1 } });
    await expect(verifyPassword('rahasia', old)).resolves.toBe(true);
    expect(needsRehash(old, { N: 2048, r: 8, p: 1 })).toBe(true);
    expect(needsRehash(old, { N: 1024, r: 8, p: 1 })).toBe(false);
    await expect(verifyPassword('rahasia', 'scrypt$99999999$8$1$aa$bb')).resolves.toBe(false);
    await expect(verifyPassword('rahasia', '!')).resolves.toBe(false);
  });

  it('leaves the event loop free while it hashes', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    try {
      await hashPassword('rahasia', { cost: { N: 2 ** 16, r: 8, p: 1 } });
    } finally {
      clearInterval(timer);
    }
    // About 0.2 s of scrypt: a blocked loop would tick at most once.
    expect(ticks).toBeGreaterThan(5);
  });
});

describe('the scrypt pool', () => {
  const job = (N: number) => ({ password: 'x', salt: Buffer.alloc(16), keyLength: 32, N, r: 8, p: 1 });

  it('runs no more jobs at once than its threads and cancels abandoned ones, queued or running', async () => {
    const pool = new ScryptPool(1);
    try {
      const running = new AbortController();
      const queued = new AbortController();
      const first = pool.run(job(2 ** 17), running.signal);
      const second = pool.run(job(2 ** 17), queued.signal);
      const third = pool.run(job(2 ** 10));
      expect(pool.waiting).toBe(2);
      const started = Date.now();
      queued.abort();
      await expect(second).rejects.toThrow(/dibatalkan/);
      expect(pool.waiting).toBe(1);
      running.abort();
      await expect(first).rejects.toThrow(/dibatalkan/);
      // The cheap job gets a fresh thread at once instead of waiting for the abandoned 2^17 work.
      await expect(third).resolves.toHaveLength(32);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await pool.close();
    }
  });

  it('hashes in a process of lower priority than the event loop, its working set kept between hashes', async () => {
    /** Fields of a process's stat(5) after its command name: state is field 3, minflt field 10, nice field 19. */
    const statOf = (pid: number | string) =>
      readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const children = () =>
      readdirSync('/proc')
        .filter((pid) => /^\d+$/.test(pid))
        .filter((pid) => {
          try {
            return Number(statOf(pid)[1]) === process.pid;
          } catch {
            return false; // gone meanwhile
          }
        })
        .map(Number);
    const before = new Set(children());
    const pool = new ScryptPool(1);
    try {
      await expect(pool.run(job(2 ** 14))).resolves.toHaveLength(32);
      const hashers = children().filter((pid) => !before.has(pid));
      expect(hashers).toHaveLength(1);
      const [hasher] = hashers;
      expect(Number(statOf(hasher)[16])).toBe(10);
      // Below the event loop's process whatever nice the suite itself was started with (`nice npm test`).
      expect(Number(statOf(process.pid)[16])).toBeLessThan(10);
      // 2^14 works in 16 MB (4,096 pages): mapped afresh for each hash, its pages would all be faulted in again.
      const faultsBefore = Number(statOf(hasher)[7]);
      await expect(pool.run(job(2 ** 14))).resolves.toHaveLength(32);
      const faults = Number(statOf(hasher)[7]) - faultsBefore;
      expect(faults).toBeLessThan(1000);
    } finally {
      await pool.close();
    }
  });

  it('refuses a job whose request is already gone', async () => {
    const pool = new ScryptPool(1);
    const gone = new AbortController();
    gone.abort();
    await expect(pool.run(job(1024), gone.signal)).rejects.toThrow(/dibatalkan/);
    await pool.close();
  });
});
