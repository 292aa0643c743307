/**
 * A process whose clock disagrees with PostgreSQL's by more than 2 s leaves service: /readyz 503 in words, an error
 * in the log, the offset as a metric. On SQLite there is one machine and one clock: nothing is compared.
 */
import { buildTestApp, type TestClock, type TestContext } from '../../helpers/buildTestApp';
import { captureLog } from '../../helpers/logCapture';
import { waitFor } from '../../helpers/waitFor';

const onPostgres = /^postgres(ql)?:\/\//i.test(process.env.DATABASE_URL ?? '');

async function readyz(t: TestContext) {
  const answer = await t.app.inject({ method: 'GET', url: '/readyz' });
  return { status: answer.statusCode, message: (answer.json() as { message: string }).message };
}

async function metric(t: TestContext): Promise<number | null> {
  const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
  const match = /^siaptes_jam_selisih_detik (\S+)$/m.exec(text);
  return match ? Number(match[1]) : null;
}

describe('one clock', () => {
  const apps: TestContext[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  async function appWithClockAhead(ms: number) {
    const log = captureLog();
    // A running clock, off by `ms`, as a machine whose time drifted.
    const clock: TestClock = { now: () => Date.now() + ms, set: () => undefined, advance: () => undefined };
    const t = await buildTestApp({ clock, logStream: log.stream });
    apps.push(t);
    return { t, log };
  }

  (onPostgres ? it : it.skip)('takes a process 5 s ahead out of service, and logs it once', async () => {
    const { t, log } = await appWithClockAhead(5000);
    const ready = await waitFor(
      () => readyz(t),
      (r) => r.status === 503,
      5000,
    );
    expect(ready).toEqual({ status: 503, message: 'jam server selisih 5 detik dengan basis data' });
    const offset = await metric(t);
    expect(offset).toBeGreaterThan(-5.5);
    expect(offset).toBeLessThan(-4.5);
    const errors = log.lines.map((line) => JSON.parse(line) as { level: number; reason?: string });
    expect(errors.filter((line) => line.reason === 'clock_offset' && line.level === 50)).toHaveLength(1);
  });

  it('keeps a process 1 s ahead in service', async () => {
    const { t } = await appWithClockAhead(1000);
    // The first comparison runs at start; a later look sees the same.
    await new Promise((resolve) => setImmediate(resolve));
    expect(
      await waitFor(
        () => readyz(t),
        (r) => r.status === 200,
        2000,
      ),
    ).toEqual({
      status: 200,
      message: 'Server siap',
    });
  });
});
