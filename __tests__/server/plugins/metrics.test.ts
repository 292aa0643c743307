/** GET /metrics: who may read it, and that the figures move when students log in, start and save. */
import { seedBenchEvent, type BenchEvent } from '../../../src/bench/seedEvent';
import { sesiListenerOf } from '../../../src/server/db/createDb';
import { buildTestApp, type TestContext } from '../../helpers/buildTestApp';
import { waitFor } from '../../helpers/waitFor';

jest.setTimeout(60_000);

/** The value of one series in the Prometheus text (0 when the series is not there yet). */
function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('who may read /metrics', () => {
  let t: TestContext;
  const TOKEN = 'metrik-rahasia-0123456789';
  beforeAll(async () => {
    t = await buildTestApp({
      config: { trustedNetworks: ['10.20.0.0/16'], metricsToken: TOKEN, trustProxy: ['10.9.9.9'] },
    });
  });
  afterAll(() => t.close());

  const scrape = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

  it('the machine itself and the trusted networks, in the Prometheus text format', async () => {
    for (const address of ['127.0.0.1', '::1', '10.20.0.1', '10.20.255.254']) {
      const answer = await scrape(address);
      expect({ address, status: answer.statusCode }).toEqual({ address, status: 200 });
      expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    }
    const body = (await scrape('127.0.0.1')).body;
    expect(body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(body).toContain('# TYPE siaptes_answers_saved_total counter');
    expect(body).toContain('process_cpu_user_seconds_total');
    expect(body).toContain('nodejs_eventloop_lag_p99_seconds');
    expect(body).toContain('siaptes_open_attempts 0');
  });

  it('anyone else only with the bearer token, else 403 JSON', async () => {
    for (const address of ['10.21.0.1', '10.19.255.255', '203.0.113.5']) {
      const refused = await scrape(address);
      expect({ address, status: refused.statusCode }).toEqual({ address, status: 403 });
      expect(refused.json()).toEqual({ status: false, message: 'Akses ke metrik ditolak' });
    }
    expect((await scrape('203.0.113.5', { authorization: `Bearer ${TOKEN}` })).statusCode).toBe(200);
    expect((await scrape('203.0.113.5', { authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(403);
    expect((await scrape('203.0.113.5', { authorization: `Bearer ${TOKEN.slice(0, -1)}` })).statusCode).toBe(
      403,
    );
    expect((await scrape('203.0.113.5', { authorization: TOKEN })).statusCode).toBe(403);
  });

  it('judges a request through a trusted proxy by its client, not by the proxy', async () => {
    const outside = await scrape('10.9.9.9', { 'x-forwarded-for': '203.0.113.5' });
    expect(outside.statusCode).toBe(403);
    const school = await scrape('10.9.9.9', { 'x-forwarded-for': '10.20.3.4' });
    expect(school.statusCode).toBe(200);
  });
});

describe('without METRICS_TOKEN', () => {
  it('no bearer token opens it', async () => {
    const t = await buildTestApp({ config: { metricsToken: null } });
    try {
      const answer = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '203.0.113.5',
        headers: { authorization: 'Bearer ' },
      });
      expect(answer.statusCode).toBe(403);
    } finally {
      await t.close();
    }
  });
});

describe('the figures move with what students do', () => {
  let t: TestContext;
  let event: BenchEvent;
  beforeAll(async () => {
    t = await buildTestApp({
      seed: async (db) => {
        event = await seedBenchEvent(db, 3);
      },
    });
  });
  afterAll(() => t.close());

  const metrics = async () => (await t.app.inject({ method: 'GET', url: '/metrics' })).body;

  it('counts logins by outcome', async () => {
    const before = await metrics();
    const login = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { code: 's', isgoogle: false, username: event.students[0].username, password },
      });
    await login('salah-sekali');
    await login('salah-lagi');
    await login('tryout123');
    const after = await metrics();
    const moved = (outcome: string) =>
      valueOf(after, `siaptes_logins_total{outcome="${outcome}"}`) -
      valueOf(before, `siaptes_logins_total{outcome="${outcome}"}`);
    expect({ wrong: moved('wrong'), ok: moved('ok') }).toEqual({ wrong: 2, ok: 1 });
  });

  it('counts a first start, the open attempt, a save, a refused save, session-cache hits and the route', async () => {
    const student = event.students[1];
    const key = { key: student.token };
    const { running } = event;
    // On PostgreSQL the session cache serves only once its listener has heard its own ping back.
    const listener = sesiListenerOf(t.db);
    if (listener) expect(await waitFor(() => listener.usable(Date.now()), Boolean, 10_000)).toBe(true);
    const before = await metrics();
    const startUrl = `/api/siswa/tryout/start/id/${running.id}/kategori/${running.kategori.hash}`;
    const start = await t.app.inject({
      method: 'POST',
      url: startUrl,
      headers: key,
      payload: { id_siswa: student.id },
    });
    const content = (
      start.json() as {
        content: { id_hasil_to: number; soal: { id_jawaban?: number; type: number; id_mapel: number }[] };
      }
    ).content;
    // A repeated start creates nothing.
    await t.app.inject({ method: 'POST', url: startUrl, headers: key, payload: { id_siswa: student.id } });
    const [first] = running.kategori.mapel;
    const question = (idMapel: number) =>
      content.soal.find((s) => s.id_mapel === idMapel && s.type === 1 && s.id_jawaban !== undefined);
    const save = (idJawaban: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/siswa/tryout/saveanswer/id/${running.id}`,
        headers: key,
        payload: {
          id_hasil_to: content.id_hasil_to,
          id_jawaban: idJawaban,
          jawaban: 'B',
          sisa_waktu: 100,
          type_soal: 1,
          operation: 'save',
        },
      });
    await t.app.inject({
      method: 'PUT',
      url: `/api/siswa/tryout/statusmapel/id/${running.id}`,
      headers: key,
      payload: {
        id_siswa: student.id,
        id_mapel: first.id,
        kategori: running.kategori.hash,
        sisa_waktu: first.waktu * 60,
        status: 0,
      },
    });
    const saved = await save(question(first.id)?.id_jawaban as number);
    expect(saved.json()).toMatchObject({ status: true });
    // Not a question of this attempt: 400.
    expect((await save(999_999_999)).statusCode).toBe(400);
    // A question of the second subject, queued behind the first: refused, and named so whatever the subject is.
    // Its answer rows are written when it opens; one is made here as if it had been (a state no call reaches).
    const secondSoal = await t.db
      .selectFrom('soal')
      .select('id')
      .where('id_mapel', '=', running.kategori.mapel[1].id)
      .where('type', '=', 1)
      .executeTakeFirstOrThrow();
    const queued = await t.db
      .insertInto('jawaban')
      .values({ id_hasil_to: content.id_hasil_to, id_soal: secondSoal.id, jawaban: '0', updated_at: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await save(Number(queued.id))).json()).toMatchObject({
      status: false,
      message: expect.stringMatching(/^Selesaikan .+ terlebih dahulu$/),
    });
    const after = await metrics();
    const moved = (series: string) => valueOf(after, series) - valueOf(before, series);

    expect(moved('siaptes_attempts_started_total')).toBe(1);
    expect(moved('siaptes_open_attempts')).toBe(1);
    expect(moved('siaptes_answers_saved_total{tryout="paket"}')).toBe(1);
    expect(moved('siaptes_saves_refused_total{tryout="paket",reason="invalid"}')).toBe(1);
    expect(moved('siaptes_saves_refused_total{tryout="paket",reason="subject_queued"}')).toBe(1);
    expect(moved('siaptes_saves_refused_total{tryout="paket",reason="other"}')).toBe(0);
    // The calls after the start find the session in the cache (on PostgreSQL, kept by its listener).
    expect(moved('siaptes_session_cache_lookups_total{result="hit"}')).toBeGreaterThanOrEqual(4);
    const route = '/api/siswa/tryout/saveanswer/id/:id';
    // The save and the queued refusal (a rule's refusal is a 200 with status false).
    expect(moved(`http_request_duration_seconds_count{method="PUT",route="${route}",status="200"}`)).toBe(2);
    expect(after).not.toContain(`saveanswer/id/${running.id}"`);

    // Once the attempt has ended, a save is refused by the rules (and the attempt is no longer open).
    await t.db.updateTable('hasil_to').set({ is_selesai: 1 }).where('id', '=', content.id_hasil_to).execute();
    expect((await save(question(first.id)?.id_jawaban as number)).json()).toMatchObject({ status: false });
    const ended = await metrics();
    expect(valueOf(ended, 'siaptes_saves_refused_total{tryout="paket",reason="attempt_ended"}')).toBe(
      valueOf(after, 'siaptes_saves_refused_total{tryout="paket",reason="attempt_ended"}') + 1,
    );
    expect(valueOf(ended, 'siaptes_open_attempts')).toBe(valueOf(after, 'siaptes_open_attempts') - 1);
  });
});
