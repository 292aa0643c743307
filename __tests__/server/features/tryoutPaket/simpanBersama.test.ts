/**
 * Answer saves written together (src/server/features/tryoutPaket/tulis/simpanBersama.ts): the saves of one turn of the
 * event loop are all written, on PostgreSQL by one statement; a save whose row fails fails alone; of two saves of one
 * answer the later wins, and two charged clocks of one subject merge (the remaining time only goes down). Runs on
 * SQLite, and on PostgreSQL when DATABASE_URL says so.
 */
import type { SoalPaket, StartPaketContent } from '../../../../src/contract/tryoutPaket';
import { saveBatchRows } from '../../../../src/server/lib/metrics';
import {
  simpanJawaban,
  type ClockWrite,
  type TulisanJawaban,
} from '../../../../src/server/features/tryoutPaket/tulis';
import { tulisJawabanSendiri } from '../../../../src/server/features/tryoutPaket/tulis/sendiri';
import { sql } from 'kysely';
import { buildSeededTestApp, loginAs, saveAnswer, type SeededTestContext } from '../../../helpers/seeded';
import { waitFor } from '../../../helpers/waitFor';
import { onPostgres, withRoundTrips } from '../../../helpers/pgRoundTrips';

let t: SeededTestContext;
let idHasilTo: number;
let idMapel: number;
let soal: SoalPaket[];
/** A statement question of the attempt (type 3) with at least two statements. */
let pernyataanSoal: SoalPaket;
let key: string;
let idSiswa: number;

beforeAll(async () => {
  t = await buildSeededTestApp({ participants: 4 });
  const login = await loginAs(t.app, 'reguler');
  const jadwal = t.seed.jadwal.berjalan;
  const kategori = jadwal.kategori[0];
  const start = await t.app.inject({
    method: 'POST',
    url: `/api/siswa/tryout/start/id/${jadwal.id}/kategori/${kategori.hash}`,
    headers: { key: login.token },
    payload: { id_siswa: login.siswa.id },
  });
  const content = (start.json() as { content: StartPaketContent }).content;
  idHasilTo = content.id_hasil_to;
  idMapel = kategori.mapel[0].id;
  soal = content.soal.filter((s) => s.id_mapel === idMapel && s.type !== 3);
  expect(soal.length).toBeGreaterThanOrEqual(5);
  const pernyataan = content.soal.find(
    (s) => s.id_mapel === idMapel && s.type === 3 && s.group_soal.length >= 2,
  );
  if (!pernyataan) throw new Error('no statement question with two statements in the first subject');
  pernyataanSoal = pernyataan;
  key = login.token;
  idSiswa = login.siswa.id;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** The saves, all asked for in this turn of the event loop; each one's outcome. */
function simpanSemua(tulisan: TulisanJawaban[]): Promise<PromiseSettledResult<void>[]> {
  return Promise.allSettled(tulisan.map((w) => simpanJawaban(t.db, w)));
}

async function storedJawaban(ids: number[]): Promise<Map<number, string>> {
  const rows = await t.db.selectFrom('jawaban').select(['id', 'jawaban']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.jawaban]));
}

/** A statement question's marker and its statements' answers (in the order of `ids`) as stored. */
async function storedPernyataan(idJawaban: number, ids: number[]) {
  const rows = await t.db
    .selectFrom('jawaban_group')
    .select(['id', 'jawaban'])
    .where('id_jawaban', '=', idJawaban)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r.jawaban]));
  return {
    marker: (await storedJawaban([idJawaban])).get(idJawaban),
    statements: ids.map((id) => byId.get(id)),
  };
}

/** The statement question's answer row, its statements' ids, and a save of it writing `pernyataan`. */
function soalPernyataan() {
  const idJawaban = pernyataanSoal.id_jawaban;
  const now = t.clock.now();
  const save = (pernyataan: TulisanJawaban['pernyataan']): TulisanJawaban => ({
    idJawaban,
    jawaban: '0',
    now,
    clock: null,
    pernyataan,
  });
  return { idJawaban, all: pernyataanSoal.group_soal.map((g) => g.id_jawaban_group), save };
}

async function batches(): Promise<{ count: number; sum: number }> {
  const values = (await saveBatchRows.get()).values;
  const of = (name: string) => values.find((v) => v.metricName === name)?.value ?? 0;
  return { count: of('siaptes_save_batch_rows_count'), sum: of('siaptes_save_batch_rows_sum') };
}

const clockOf = (sisaWaktu: number, lastSeenAt: number): ClockWrite => ({
  idHasilTo,
  idMapel,
  sisaWaktu,
  status: 0,
  openedAt: lastSeenAt - 1000,
  lastSeenAt,
});

/** Saves of the first five answers, `prefix-0` … `prefix-4`, without a clock. */
function limaJawaban(prefix: string): TulisanJawaban[] {
  const now = t.clock.now();
  return soal
    .slice(0, 5)
    .map((s, i) => ({ idJawaban: s.id_jawaban, jawaban: `${prefix}-${i}`, now, clock: null }));
}

describe('answer saves written together', () => {
  it('writes every save of one turn, on PostgreSQL as one statement', async () => {
    const tulisan = limaJawaban('bersama');
    const before = await batches();
    const outcomes = await simpanSemua(tulisan);
    expect(outcomes.map((o) => o.status)).toEqual(Array(5).fill('fulfilled'));
    const stored = await storedJawaban(tulisan.map((w) => w.idJawaban));
    expect(tulisan.map((w) => stored.get(w.idJawaban))).toEqual([
      'bersama-0',
      'bersama-1',
      'bersama-2',
      'bersama-3',
      'bersama-4',
    ]);
    const after = await batches();
    expect({ count: after.count - before.count, sum: after.sum - before.sum }).toEqual(
      onPostgres ? { count: 1, sum: 5 } : { count: 0, sum: 0 },
    );
  });

  (onPostgres ? it : it.skip)(
    'while two statements are being written, the saves of later turns gather and go as one statement',
    async () => {
      const tulisan = limaJawaban('antre');
      const before = await batches();
      const turn = () => new Promise((resolve) => setImmediate(resolve));
      const blocked = () =>
        sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE wait_event_type = 'Lock' AND query LIKE 'WITH waktu AS%'`.execute(t.db);
      // Another transaction holds the first two saves' rows, so their statements stay in flight meanwhile.
      const outcomes = await t.db.transaction().execute(async (trx) => {
        await trx
          .selectFrom('jawaban')
          .select('id')
          .where('id', 'in', [tulisan[0].idJawaban, tulisan[1].idJawaban])
          .forUpdate()
          .execute();
        const pending: Promise<PromiseSettledResult<void>[]>[] = [];
        for (const w of tulisan) {
          pending.push(simpanSemua([w]));
          await turn();
        }
        await waitFor(blocked, (r) => r.rows[0].n >= 2, 5000);
        return pending;
      });
      const settled = (await Promise.all(outcomes)).flat();
      expect(settled.map((o) => o.status)).toEqual(Array(5).fill('fulfilled'));
      const stored = await storedJawaban(tulisan.map((w) => w.idJawaban));
      expect(tulisan.map((w) => stored.get(w.idJawaban))).toEqual(tulisan.map((w) => w.jawaban));
      const after = await batches();
      expect({ count: after.count - before.count, sum: after.sum - before.sum }).toEqual({
        count: 3,
        sum: 5,
      });
    },
  );

  it('fails only the save whose row fails; the others of its turn are written', async () => {
    const now = t.clock.now();
    const good = soal.slice(0, 3).map((s, i) => ({
      idJawaban: s.id_jawaban,
      jawaban: `selamat-${i}`,
      now,
      clock: null,
    }));
    // A clock of an attempt that does not exist: its row breaks the foreign key.
    const bad = {
      idJawaban: soal[3].id_jawaban,
      jawaban: 'tidak-tersimpan',
      now,
      clock: { ...clockOf(100, now), idHasilTo: 987_654 },
    };
    const outcomes = await simpanSemua([good[0], bad, good[1], good[2]]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    const stored = await storedJawaban([...good, bad].map((w) => w.idJawaban));
    expect(good.map((w) => stored.get(w.idJawaban))).toEqual(['selamat-0', 'selamat-1', 'selamat-2']);
    expect(stored.get(bad.idJawaban)).not.toBe('tidak-tersimpan');
  });

  it('keeps the later of two saves of one answer; two clocks of one subject merge: lower time, later moment', async () => {
    const storedClock = () =>
      t.db
        .selectFrom('mapel_waktu')
        .select(['sisa_waktu', 'last_seen_at'])
        .where('id_hasil_to', '=', idHasilTo)
        .where('id_mapel', '=', idMapel)
        .executeTakeFirstOrThrow();
    const sisa = (await storedClock()).sisa_waktu;
    const now = t.clock.now() + 5000;
    const idJawaban = soal[4].id_jawaban;
    const outcomes = await simpanSemua([
      { idJawaban, jawaban: 'pertama', now, clock: clockOf(sisa - 6, now + 1) },
      { idJawaban, jawaban: 'kedua', now, clock: clockOf(sisa - 5, now) },
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled']);
    expect((await storedJawaban([idJawaban])).get(idJawaban)).toBe('kedua');
    const clock = await storedClock();
    expect({ sisa: sisa - clock.sisa_waktu, lastSeen: Number(clock.last_seen_at) }).toEqual({
      sisa: 6,
      lastSeen: now + 1,
    });
  });
  it("writes a status report's clock with the turn's saves; the next status report and preview read it", async () => {
    const jadwal = t.seed.jadwal.berjalan;
    const kategori = jadwal.kategori[0];
    const status = async (sisaWaktu: number) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/siswa/tryout/statusmapel/id/${jadwal.id}`,
        headers: { key },
        payload: {
          id_siswa: idSiswa,
          id_mapel: idMapel,
          kategori: kategori.hash,
          sisa_waktu: sisaWaktu,
          status: 0,
        },
      });
      return (res.json() as { content: { sisa_waktu: number; status: number } }).content;
    };
    const storedSisa = async () =>
      (
        await t.db
          .selectFrom('mapel_waktu')
          .select('sisa_waktu')
          .where('id_hasil_to', '=', idHasilTo)
          .where('id_mapel', '=', idMapel)
          .executeTakeFirstOrThrow()
      ).sisa_waktu;
    const lowered = (await storedSisa()) - 4;
    const before = await batches();
    expect(await status(lowered)).toEqual({ sisa_waktu: lowered, status: 0 });
    const after = await batches();
    // On PostgreSQL the clock went in the saves' shared statement, alone in it: no commit of its own.
    expect({ count: after.count - before.count, sum: after.sum - before.sum }).toEqual(
      onPostgres ? { count: 1, sum: 1 } : { count: 0, sum: 0 },
    );
    expect(await storedSisa()).toBe(lowered);
    // A report above the server's count is clamped to the clock just written.
    expect(await status(lowered + 500)).toEqual({ sisa_waktu: lowered, status: 0 });
    const preview = await t.app.inject({
      method: 'GET',
      url: `/api/siswa/tryout/preview/paket/${jadwal.paket}/id/${jadwal.id}`,
      headers: { key },
    });
    const shown = (
      preview.json() as {
        content: { detailPaket: { detailSoal: { id_mapel: number; sisa_waktu: number }[] }[] };
      }
    ).content.detailPaket[0].detailSoal.find((m) => m.id_mapel === idMapel);
    expect(shown?.sisa_waktu).toBe(lowered);
  });
  it("writes a statement question's statements in turn order, its marker from them as written", async () => {
    const { idJawaban, all, save } = soalPernyataan();
    const [g1, g2] = all;
    const cancel = save(all.map((idJawabanGroup) => ({ idJawabanGroup, jawaban: '0' })));
    const stored = () => storedPernyataan(idJawaban, all);
    const zeros = all.map(() => '0');

    // One turn: a statement answered, all cancelled, another answered: the last two count.
    let outcomes = await simpanSemua([
      save([{ idJawabanGroup: g1, jawaban: 'Y' }]),
      cancel,
      save([{ idJawabanGroup: g2, jawaban: 'N' }]),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect(await stored()).toEqual({ marker: 'Z', statements: [zeros[0], 'N', ...zeros.slice(2)] });

    // The marker alone keeps what is stored; a cancel after an answer leaves nothing answered.
    outcomes = await simpanSemua([save([])]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled']);
    expect(await stored()).toEqual({ marker: 'Z', statements: [zeros[0], 'N', ...zeros.slice(2)] });
    outcomes = await simpanSemua([save([{ idJawabanGroup: g1, jawaban: 'Y' }]), cancel]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(await stored()).toEqual({ marker: '0', statements: zeros });
  });
  it("marks a statement question by one rule, written alone or with the turn's other saves", async () => {
    const idJawaban = pernyataanSoal.id_jawaban;
    const [g1, g2, ...rest] = pernyataanSoal.group_soal.map((g) => g.id_jawaban_group);
    const stateOf = async (first: string, second: string) => {
      await t.db.updateTable('jawaban_group').set({ jawaban: first }).where('id', '=', g1).execute();
      await t.db.updateTable('jawaban_group').set({ jawaban: second }).where('id', '=', g2).execute();
      if (rest.length > 0) {
        await t.db.updateTable('jawaban_group').set({ jawaban: '0' }).where('id', 'in', rest).execute();
      }
      await t.db.updateTable('jawaban').set({ jawaban: '?' }).where('id', '=', idJawaban).execute();
    };
    // The marker alone: the answer follows the statements as stored, whatever way it is written.
    const markerAlone: TulisanJawaban = {
      idJawaban,
      jawaban: '0',
      now: t.clock.now(),
      clock: null,
      pernyataan: [],
    };
    const ways = {
      alone: () => tulisJawabanSendiri(t.db, markerAlone),
      together: async () => {
        const before = await batches();
        const [outcome] = await simpanSemua([markerAlone]);
        expect(outcome.status).toBe('fulfilled');
        // On PostgreSQL the shared statement wrote it, not a save's own transaction after a failed one.
        expect((await batches()).count - before.count).toBe(onPostgres ? 1 : 0);
      },
    };
    const cases: [string, string][] = [
      ['0', '0'],
      ['Y', '0'],
      ['0', 'N'],
      [' ', '0'],
      ['', '0'],
      [' ', 'Y'],
    ];
    const seen: Record<string, string[]> = { alone: [], together: [] };
    for (const [way, write] of Object.entries(ways)) {
      for (const [first, second] of cases) {
        await stateOf(first, second);
        await write();
        seen[way].push(`${first}|${second} -> ${(await storedJawaban([idJawaban])).get(idJawaban)}`);
      }
    }
    const expected = ['0|0 -> 0', 'Y|0 -> Z', '0|N -> Z', ' |0 -> 0', '|0 -> 0', ' |Y -> Z'];
    expect(seen).toEqual({ alone: expected, together: expected });
    await stateOf('0', '0');
    await ways.alone();
  });
  (onPostgres ? it : it.skip)(
    "sends a statement question's later save after its earlier one in flight has committed: its marker sees both",
    async () => {
      const { idJawaban, all, save } = soalPernyataan();
      const [g1, g2] = all;
      const zeros = all.map(() => '0');
      // Only the second statement answered: the marker 'Z'.
      await simpanSemua([
        save(all.map((idJawabanGroup) => ({ idJawabanGroup, jawaban: '0' }))),
        save([{ idJawabanGroup: g2, jawaban: 'N' }]),
      ]);
      const blocked = () =>
        sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE wait_event_type = 'Lock' AND query LIKE 'WITH waktu AS%'`.execute(t.db);
      const turn = () => new Promise((resolve) => setImmediate(resolve));
      // Another transaction holds the question's answer row: the first statement stays in flight meanwhile.
      const pending = await t.db.transaction().execute(async (trx) => {
        await trx.selectFrom('jawaban').select('id').where('id', '=', idJawaban).forUpdate().execute();
        const first = simpanSemua([save([{ idJawabanGroup: g1, jawaban: 'Y' }])]);
        await waitFor(blocked, (r) => r.rows[0].n >= 1, 5000);
        await turn();
        // In a later turn: the second statement cleared, and another answer's save.
        const later = simpanSemua([save([{ idJawabanGroup: g2, jawaban: '0' }])]);
        let otherDone = false;
        const other = simpanSemua([
          { idJawaban: soal[0].id_jawaban, jawaban: 'lain', now: t.clock.now(), clock: null },
        ]);
        void other.then(() => (otherDone = true));
        // Either the later save went as a statement of its own (and waits for the row too), or it waits in the
        // process while the other answer's save goes by itself.
        await waitFor(
          async () => ({ blocked: (await blocked()).rows[0].n, otherDone }),
          (s) => s.blocked >= 2 || s.otherDone,
          5000,
        );
        return [first, later, other];
      });
      const settled = (await Promise.all(pending)).flat();
      expect(settled.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      expect(await storedPernyataan(idJawaban, all)).toEqual({
        marker: 'Z',
        statements: ['Y', ...zeros.slice(1)],
      });
    },
  );
  (onPostgres ? it : it.skip)(
    "counts a request's own round trips, not the session listener's pings meanwhile",
    async () => {
      // The listener pings itself every 2 s: 2.5 s holds at least one ping.
      const { roundTrips } = await withRoundTrips(() => new Promise((resolve) => setTimeout(resolve, 2500)));
      expect(roundTrips).toBe(0);
    },
  );
  (onPostgres ? it : it.skip)(
    'saves a statement question in as many round trips to PostgreSQL as any other answer',
    async () => {
      const attempt = { idJadwal: t.seed.jadwal.berjalan.id, idHasilTo };
      const put = (body: Record<string, unknown>) => saveAnswer(t.app, key, attempt, body);
      const pilihan = soal.find((s) => s.type === 1);
      if (!pilihan) throw new Error('no choice question in the first subject');
      const statement = { id_jawaban: pernyataanSoal.id_jawaban, type_soal: 3 };
      const roundTrips = async (body: Record<string, unknown>) => {
        const { result, roundTrips: count } = await withRoundTrips(() => put(body));
        expect(result.json()).toEqual({ status: true, message: 'Jawaban tersimpan' });
        return count;
      };
      // The session and the attempt's clocks read once before, so each save below does the same work.
      await put({ id_jawaban: pilihan.id_jawaban, jawaban: 'A', type_soal: 1 });
      const counts = {
        choice: await roundTrips({ id_jawaban: pilihan.id_jawaban, jawaban: 'B', type_soal: 1 }),
        statement: await roundTrips({
          ...statement,
          id_jawaban_group: pernyataanSoal.group_soal[0].id_jawaban_group,
          jawaban: 'Y',
        }),
        cancel: await roundTrips({ ...statement, operation: 'groupCancel', jawaban: '0' }),
      };
      expect(counts).toEqual({ choice: 2, statement: 2, cancel: 2 });
    },
  );
});
