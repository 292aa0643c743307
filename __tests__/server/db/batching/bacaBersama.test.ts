/**
 * Look-ups read together (src/server/db/batching/bacaBersama.ts): the answer saves' look-ups (findSaveTarget), the starts'
 * and status reports' context reads (findJadwalPesertaAttempts, with the attempts' clocks) and the session reads
 * (siswaOfSesi) asked for in one turn of the event loop each get what a look-up alone gets, on PostgreSQL from one
 * statement, on SQLite in one read transaction (bacaSeTransaksi.ts); a key that fails fails its own look-up only.
 * Runs on SQLite, and on PostgreSQL when DATABASE_URL says so.
 */
import { findJadwalPesertaAttempts } from '../../../../src/server/db/jadwal';
import { siswaOfSesi } from '../../../../src/server/db/sesi';
import { hashToken } from '../../../../src/server/plugins/auth';
import { findSaveTarget } from '../../../../src/server/features/tryoutPaket/tulis';
import { listClocks } from '../../../../src/server/features/tryoutPaket/queries/mapelWaktu';
import { readBatchRows } from '../../../../src/server/lib/metrics';
import { buildSeededTestApp, loginAs, startKategori, type SeededTestContext } from '../../../helpers/seeded';
import { onPostgres } from '../../../helpers/pgRoundTrips';
import { transaction } from '../../../../src/server/db/transaction';

let t: SeededTestContext;
let idHasilTo: number;
let idJawaban: number[];
let idSiswa: number;
let tokenHash: string;

beforeAll(async () => {
  t = await buildSeededTestApp({ participants: 4 });
  const login = await loginAs(t.app, 'reguler');
  idSiswa = login.siswa.id;
  tokenHash = hashToken(login.token);
  const content = await startKategori(t.app, login, t.seed.jadwal.berjalan);
  idHasilTo = content.id_hasil_to;
  idJawaban = content.soal.slice(0, 3).map((s) => s.id_jawaban);
  expect(idJawaban).toHaveLength(3);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** Statements and look-ups read together so far, of one kind. */
async function batches(read: string): Promise<{ count: number; sum: number }> {
  const values = (await readBatchRows.get()).values.filter((v) => v.labels.read === read);
  const of = (name: string) => values.find((v) => v.metricName === name)?.value ?? 0;
  return { count: of('siaptes_read_batch_rows_count'), sum: of('siaptes_read_batch_rows_sum') };
}

async function sendiriSendiri<K, R>(keys: K[], read: (key: K) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (const key of keys) results.push(await read(key));
  return results;
}

/**
 * The keys read all in one turn: what each gets, and the statements and look-ups of `kind` they took (on SQLite the
 * read transactions, which every kind shares).
 */
async function bersama<K, R>(kind: string, keys: K[], read: (key: K) => Promise<R>) {
  if (!onPostgres) kind = 'sqlite';
  const before = await batches(kind);
  const together = await Promise.all(keys.map(read));
  const after = await batches(kind);
  return { together, batches: { count: after.count - before.count, sum: after.sum - before.sum } };
}

describe('look-ups read together', () => {
  it("gives each answer save of one turn its own look-up's result, read together", async () => {
    // Answers of the attempt, an answer of no attempt of its (0), and an attempt that does not exist.
    const keys: [number, number][] = [
      [idHasilTo, idJawaban[0]],
      [idHasilTo, idJawaban[2]],
      [idHasilTo, 0],
      [idHasilTo + 1_000_000, idJawaban[1]],
      [idHasilTo, idJawaban[1]],
    ];
    const read = ([h, j]: [number, number]) => findSaveTarget(t.db, h, j);
    const alone = await sendiriSendiri(keys, read);
    expect(alone.map((r) => r?.jawaban?.id ?? null)).toEqual([
      idJawaban[0],
      idJawaban[2],
      null,
      null,
      idJawaban[1],
    ]);
    expect(alone[3]).toBeUndefined();
    expect(alone[0]?.mapel.length).toBeGreaterThanOrEqual(1);

    expect(await bersama('save_target', keys, read)).toEqual({
      together: alone,
      batches: { count: 1, sum: 5 },
    });
  });

  it('gives each start of one turn its own schedule, enrolment and attempts, read together', async () => {
    const idJadwal = t.seed.jadwal.berjalan.id;
    const others = await t.db.selectFrom('siswa').select('id').where('id', '!=', idSiswa).limit(2).execute();
    const keys: [number, number][] = [
      [idJadwal, idSiswa],
      [idJadwal, others[0].id],
      [idJadwal + 1_000_000, idSiswa],
      [idJadwal, others[1].id],
    ];
    const read = ([j, s]: [number, number]) => findJadwalPesertaAttempts(t.db, j, s);
    const alone = await sendiriSendiri(keys, read);
    expect(alone[0]?.attempts.map((a) => a.id)).toEqual([idHasilTo]);
    expect(alone[1]?.attempts).toEqual([]);
    expect(alone[2]).toBeUndefined();
    // The attempts' clocks come with them (one row each), the attempt still once.
    const stored = await listClocks(t.db, [idHasilTo]);
    expect(stored.length).toBeGreaterThanOrEqual(2);
    expect(alone[0]?.clocks).toEqual(stored.sort((a, b) => a.id_mapel - b.id_mapel));
    expect(alone[1]?.clocks).toEqual([]);

    expect(await bersama('jadwal_attempts', keys, read)).toEqual({
      together: alone,
      batches: { count: 1, sum: 4 },
    });
  });

  it("gives each session read of one turn its own session's student, read together", async () => {
    const now = t.clock.now();
    // A live session, a token never issued, and the live one read again after it expired.
    const keys: [string, number][] = [
      [tokenHash, now],
      ['0'.repeat(64), now],
      [tokenHash, now + 400 * 24 * 3600 * 1000],
      [tokenHash, now + 1],
    ];
    const read = ([hash, at]: [string, number]) => siswaOfSesi(t.db, hash, at);
    const alone = await sendiriSendiri(keys, read);
    expect(alone.map((r) => r?.id ?? null)).toEqual([idSiswa, null, null, idSiswa]);
    expect(await bersama('sesi', keys, read)).toEqual({
      together: alone,
      batches: { count: 1, sum: 4 },
    });
  });

  it('fails only the look-up whose key the statement cannot take', async () => {
    const outcomes = await Promise.allSettled([
      findSaveTarget(t.db, idHasilTo, idJawaban[0]),
      // Beyond PostgreSQL's integer: the statement of the turn fails, then this key alone.
      findSaveTarget(t.db, 2 ** 40, idJawaban[1]),
      findSaveTarget(t.db, idHasilTo, idJawaban[1]),
    ]);
    expect(outcomes[0].status === 'fulfilled' && outcomes[0].value?.jawaban?.id).toBe(idJawaban[0]);
    expect(outcomes[2].status === 'fulfilled' && outcomes[2].value?.jawaban?.id).toBe(idJawaban[1]);
    // SQLite's integers are 64-bit: there the key only finds nothing.
    expect(outcomes[1].status).toBe(onPostgres ? 'rejected' : 'fulfilled');
  });

  it("never reads inside another request's open transaction, nor sees its rows before it ends", async () => {
    let endTransaction!: () => void;
    const ended = new Promise<void>((resolve) => (endTransaction = resolve));
    let written!: () => void;
    const isWritten = new Promise<void>((resolve) => (written = resolve));
    const undone = transaction(t.db, async (trx) => {
      await trx.updateTable('hasil_to').set({ is_selesai: 1 }).where('id', '=', idHasilTo).execute();
      written();
      await ended;
      throw new Error('undone');
    });
    await isWritten;
    // Two look-ups of one turn, asked while the transaction is open between its statements.
    const reads = Promise.all([
      findSaveTarget(t.db, idHasilTo, idJawaban[0]),
      findSaveTarget(t.db, idHasilTo, idJawaban[1]),
    ]);
    for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
    endTransaction();
    await expect(undone).rejects.toThrow('undone');
    const [first, second] = await reads;
    expect([first?.attempt.is_selesai, second?.attempt.is_selesai]).toEqual([0, 0]);
  });
});
