/**
 * First starts written together (src/server/features/tryoutPaket/tulis/mulaiSekaligus.ts): the first starts of
 * one turn of the event loop each get their own attempt, clocks and first subject's rows, on PostgreSQL from one
 * statement; a start whose row fails fails alone; two starts of one attempt in one turn make one attempt. Each start
 * takes the start's own way (start.ts): the shared statement, else buatAttempt. Runs on SQLite, and on
 * PostgreSQL when DATABASE_URL says so.
 */
import type { KategoriRingkas } from '../../../../src/server/demo';
import { startBatchRows } from '../../../../src/server/lib/metrics';
import type { AttemptBaruInput } from '../../../../src/server/features/tryoutPaket/tulis';
import { listJawaban, listJawabanGroup } from '../../../../src/server/features/tryoutPaket/queries/jawaban';
import { listClocks } from '../../../../src/server/features/tryoutPaket/queries/mapelWaktu';
import { mulaiPercobaan } from '../../../../src/server/features/tryoutPaket/tulis';
import { buildSeededTestApp, type SeededTestContext } from '../../../helpers/seeded';
import { onPostgres } from '../../../helpers/pgRoundTrips';

let t: SeededTestContext;
let kategori: KategoriRingkas;
let peserta: number[];

beforeAll(async () => {
  t = await buildSeededTestApp({ participants: 8 });
  kategori = t.seed.jadwal.berjalan.kategori[0];
  // Students without an attempt at the category (whether enrolled is the start's check, made before).
  const rows = await t.db
    .selectFrom('siswa')
    .select('id')
    .where(
      'id',
      'not in',
      t.db.selectFrom('hasil_to').select('id_siswa').where('id_kategori', '=', kategori.id),
    )
    .orderBy('id')
    .limit(9)
    .execute();
  peserta = rows.map((r) => r.id);
  expect(peserta.length).toBeGreaterThanOrEqual(9);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

function inputOf(idSiswa: number, idKategori = kategori.id): AttemptBaruInput {
  return {
    idJadwal: t.seed.jadwal.berjalan.id,
    idKategori,
    idSiswa,
    mapel: kategori.mapel.map((m) => ({ id: m.id, durasi: m.waktu * 60 })),
    now: t.seed.now,
    acak: 0,
    acakSeed: null,
  };
}

/** A first start's writing as start.ts does it: the shared statement, else (SQLite, a lost race) buatAttempt. */
const mulaiBaru = (input: AttemptBaruInput) => mulaiPercobaan(t.db, input);

async function mulai(input: AttemptBaruInput): Promise<number> {
  return (await mulaiBaru(input)).id;
}

const byId = <T extends { id: number }>(rows: readonly T[]) => [...rows].sort((a, b) => a.id - b.id);

async function batches(): Promise<{ count: number; sum: number }> {
  const values = (await startBatchRows.get()).values;
  const of = (name: string) => values.find((v) => v.metricName === name)?.value ?? 0;
  return { count: of('siaptes_start_batch_rows_count'), sum: of('siaptes_start_batch_rows_sum') };
}

async function rowsOf(idHasilTo: number): Promise<{ clocks: number; opened: number; jawaban: number }> {
  const clocks = await t.db
    .selectFrom('mapel_waktu')
    .select(['id_mapel', 'opened_at'])
    .where('id_hasil_to', '=', idHasilTo)
    .execute();
  const jawaban = await t.db
    .selectFrom('jawaban')
    .select('id_soal')
    .where('id_hasil_to', '=', idHasilTo)
    .execute();
  return {
    clocks: clocks.length,
    opened: clocks.filter((c) => c.opened_at !== null).length,
    jawaban: jawaban.length,
  };
}

it('writes each first start of one turn whole, on PostgreSQL in one statement', async () => {
  const before = await batches();
  const ids = await Promise.all(peserta.slice(0, 3).map((idSiswa) => mulai(inputOf(idSiswa))));

  expect(new Set(ids).size).toBe(3);
  for (const id of ids) {
    expect(await rowsOf(id)).toEqual({
      clocks: kategori.mapel.length,
      opened: 1,
      jawaban: kategori.mapel[0].jumlahSoal,
    });
  }
  const after = await batches();
  expect(after.count - before.count).toBe(onPostgres ? 1 : 0);
  expect(after.sum - before.sum).toBe(onPostgres ? 3 : 0);
});

it('fails only the start whose row fails; the others of its turn are written', async () => {
  const [first, bad, last] = await Promise.allSettled([
    mulai(inputOf(peserta[3])),
    mulai(inputOf(peserta[4], 987_654)), // no such category: its attempt breaks a foreign key
    mulai(inputOf(peserta[5])),
  ]);

  expect(bad.status).toBe('rejected');
  for (const result of [first, last]) {
    expect(result.status).toBe('fulfilled');
    const id = (result as PromiseFulfilledResult<number>).value;
    expect((await rowsOf(id)).jawaban).toBe(kategori.mapel[0].jumlahSoal);
  }
  const attemptsOfBad = await t.db
    .selectFrom('hasil_to')
    .select('id')
    .where('id_siswa', '=', peserta[4])
    .where('id_kategori', '=', 987_654)
    .execute();
  expect(attemptsOfBad).toEqual([]);
});

it('makes one attempt of two first starts of one student in one turn, and both answer with it', async () => {
  const ids = await Promise.all([mulai(inputOf(peserta[6])), mulai(inputOf(peserta[6]))]);

  expect(ids[0]).toBe(ids[1]);
  const attempts = await t.db
    .selectFrom('hasil_to')
    .select('id')
    .where('id_siswa', '=', peserta[6])
    .where('id_kategori', '=', kategori.id)
    .execute();
  expect(attempts).toHaveLength(1);
  expect(await rowsOf(ids[0])).toEqual({
    clocks: kategori.mapel.length,
    opened: 1,
    jawaban: kategori.mapel[0].jumlahSoal,
  });
});

it('answers each first start with the rows it wrote, as the database holds them', async () => {
  const started = await Promise.all([mulaiBaru(inputOf(peserta[7])), mulaiBaru(inputOf(peserta[8]))]);

  for (const { id, baru } of started) {
    expect(baru).toBeDefined();
    const clocks = [...(await listClocks(t.db, [id]))].sort((a, b) => a.id_mapel - b.id_mapel);
    expect([...(baru?.clocks ?? [])].sort((a, b) => a.id_mapel - b.id_mapel)).toEqual(clocks);
    expect(byId(baru?.jawaban ?? [])).toEqual(byId(await listJawaban(t.db, id)));
    const groups = byId(await listJawabanGroup(t.db, id));
    // The first subject has a statement question, so its statements' rows are part of what is compared.
    expect(groups.length).toBeGreaterThan(0);
    expect(byId(baru?.jawabanGroup ?? [])).toEqual(groups);
  }
});
