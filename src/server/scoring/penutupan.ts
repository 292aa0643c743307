/**
 * The close of a schedule (README "Performance"): once its window is over, the results are final, so they are
 * computed once and stored — every finished participant's package score and competition rank, every
 * university-choice rank and status, every category's mean — and the reads of results and rankings are index
 * look-ups from then on. One function closes, whoever asks: the close job (tugasPenutupan.ts: a server's scheduler
 * or a read starts it, once across processes under a lease), the operator's `siaptes close`, and a Sync that rebuilt
 * scores after the close.
 *
 * Closing is idempotent: the rows are replaced in one transaction that first locks the schedule's row, so a second
 * close (another request, another worker, the operator) writes the same rows, and a reader sees the old set or the
 * new one, never a mix.
 */
import { sql } from 'kysely';
import { insertRows, type KolomPg } from '../db/batch';
import type { Executor } from '../db/executor';
import { passesChoice } from '../domain/ptn';
import { akhiriJadwalBerakhir } from './jadwalBerakhir';
import {
  calibrateJadwal,
  calibrationIsCurrent,
  nilaiUlangJadwal,
  type JadwalCalibration,
} from './irtScoring';
import {
  packageScores,
  pilihanPeserta,
  rankScores,
  rataRataKategori,
  type PeringkatPeserta,
} from './skorPaket';

const KOLOM_PAKET: KolomPg<'peringkat_paket'> = {
  id_jadwal: 'integer',
  id_siswa: 'integer',
  skor: 'double precision',
  peringkat: 'integer',
  urutan: 'integer',
};
const KOLOM_PILIHAN: KolomPg<'peringkat_pilihan'> = { ...KOLOM_PAKET, id_prodi: 'integer', lulus: 'integer' };
const KOLOM_RATA_RATA: KolomPg<'rata_rata_kategori'> = {
  id_kategori: 'integer',
  id_jadwal: 'integer',
  rata_rata: 'double precision',
};

/** What a close wrote, for the operator's summary. */
export interface RingkasanPeringkat {
  /** Students with a finished package (ranked). */
  peserta: number;
  skorTertinggi: number | null;
  /** Students passing at least one university choice. */
  lulusPtn: number;
  /** Rows written: package ranks + choice ranks + category means. */
  baris: number;
}

export interface HasilPenutupan extends RingkasanPeringkat {
  /** Set when this close scored again or calibrated (the subjects, which were calibrated). */
  calibration: JadwalCalibration | null;
  /** Finished attempts scored again. */
  dinilai: number;
}

/** The part of a schedule's row that says whether its stored results are the final ones. */
export interface StatusPenutupan {
  tgl_akhir: number;
  peringkat_at: number | null;
}

/** The stored rows are the schedule's results when they were written at or after its end. */
export function hasilTersimpan(jadwal: StatusPenutupan): boolean {
  return jadwal.peringkat_at !== null && Number(jadwal.peringkat_at) >= Number(jadwal.tgl_akhir);
}

export interface PilihanPeringkat {
  id_prodi: number;
  grade: number;
  kapasitas: number;
  peringkat: PeringkatPeserta[];
}

/**
 * Pure: the ranking of each programme among the participants who chose it (any option number, each student once),
 * from the package's scores, with the same rule as the package ranking.
 */
export function rankPilihan(
  scores: readonly { id_siswa: number; nama: string; skor: number }[],
  pilihan: readonly { id_siswa: number; id_prodi: number; grade: number; kapasitas: number }[],
): PilihanPeringkat[] {
  const scoreOf = new Map(scores.map((s) => [s.id_siswa, s]));
  const byProdi = new Map<number, { grade: number; kapasitas: number; siswa: Set<number> }>();
  for (const p of pilihan) {
    if (!scoreOf.has(p.id_siswa)) continue;
    const entry = byProdi.get(p.id_prodi) ?? { grade: p.grade, kapasitas: p.kapasitas, siswa: new Set() };
    entry.siswa.add(p.id_siswa);
    byProdi.set(p.id_prodi, entry);
  }
  return [...byProdi].map(([id_prodi, { grade, kapasitas, siswa }]) => ({
    id_prodi,
    grade,
    kapasitas,
    peringkat: rankScores([...siswa].map((id) => scoreOf.get(id) as PeringkatPeserta)),
  }));
}

/**
 * Computes and stores the results of a schedule from its stored scores: package ranks, choice ranks and statuses,
 * category means. Replaces earlier rows of the schedule (a late recalculation refreshes them).
 */
export async function simpanPeringkat(
  db: Executor,
  idJadwal: number,
  now: number,
): Promise<RingkasanPeringkat> {
  // `now` is stamped as peringkat_at: the rows stand for the schedule once it is at or after its end.
  // The three reads go out together: on PostgreSQL each on a connection of its own (100,000 students: seconds each).
  const [scores, pilihanPerSiswa, rataRata] = await Promise.all([
    packageScores(db, idJadwal),
    pilihanPeserta(db, idJadwal),
    db
      .selectFrom('kategori')
      .select('id')
      .where('id_jadwal', '=', idJadwal)
      .execute()
      .then((kategori) =>
        rataRataKategori(
          db,
          kategori.map((k) => k.id),
        ),
      ),
  ]);
  const paket = rankScores(scores);
  const perPilihan = rankPilihan(scores, [...pilihanPerSiswa.values()].flat());

  const barisPilihan = perPilihan.flatMap(({ id_prodi, grade, kapasitas, peringkat }) =>
    peringkat.map((r, index) => ({
      id_jadwal: idJadwal,
      id_prodi,
      id_siswa: r.id_siswa,
      skor: r.skor,
      peringkat: r.peringkat,
      urutan: index + 1,
      lulus: passesChoice(r.skor, { grade, kapasitas, rank: r.peringkat }) ? 1 : 0,
    })),
  );
  await db.transaction().execute(async (trx) => {
    // First statement: takes the schedule's row lock, so concurrent closes replace the rows one after the other.
    await trx
      .updateTable('jadwal')
      .set({ peringkat_at: now, peringkat_versi: sql<number>`peringkat_versi + 1` })
      .where('id', '=', idJadwal)
      .execute();
    await trx.deleteFrom('peringkat_paket').where('id_jadwal', '=', idJadwal).execute();
    await trx.deleteFrom('peringkat_pilihan').where('id_jadwal', '=', idJadwal).execute();
    await trx.deleteFrom('rata_rata_kategori').where('id_jadwal', '=', idJadwal).execute();
    await insertRows(
      trx,
      'peringkat_paket',
      paket.map((r, index) => ({
        id_jadwal: idJadwal,
        id_siswa: r.id_siswa,
        skor: r.skor,
        peringkat: r.peringkat,
        urutan: index + 1,
      })),
      KOLOM_PAKET,
    );
    await insertRows(trx, 'peringkat_pilihan', barisPilihan, KOLOM_PILIHAN);
    await insertRows(
      trx,
      'rata_rata_kategori',
      [...rataRata].map(([id_kategori, rata_rata]) => ({ id_kategori, id_jadwal: idJadwal, rata_rata })),
      KOLOM_RATA_RATA,
    );
  });
  return {
    peserta: paket.length,
    skorTertinggi: paket.length > 0 ? paket[0].skor : null,
    lulusPtn: new Set(barisPilihan.filter((b) => b.lulus === 1).map((b) => b.id_siswa)).size,
    baris: paket.length + barisPilihan.length + rataRata.size,
  };
}

/**
 * The close: running attempts of the ended window ended; then either every finished attempt scored again in bulk
 * and an event calibrated (`nilaiUlang`, the operator's close), or an event calibrated only when an attempt ended
 * after its last calibration; then the results stored.
 */
export async function tutupHasil(
  db: Executor,
  idJadwal: number,
  now: number,
  opsi: { nilaiUlang?: boolean; onProgress?: (done: number, total: number) => void } = {},
): Promise<HasilPenutupan> {
  await akhiriJadwalBerakhir(db, { idJadwal }, now);
  let calibration: (JadwalCalibration & { dinilai?: number }) | null = null;
  if (opsi.nilaiUlang) {
    calibration = await nilaiUlangJadwal(db, idJadwal, now, {
      semuaKlasik: true,
      onProgress: opsi.onProgress,
    });
  } else {
    const jadwal = await db
      .selectFrom('jadwal')
      .select('is_event')
      .where('id', '=', idJadwal)
      .executeTakeFirst();
    if (jadwal?.is_event === 1 && !(await calibrationIsCurrent(db, idJadwal)))
      calibration = await calibrateJadwal(db, idJadwal, now, opsi.onProgress);
  }
  return { ...(await simpanPeringkat(db, idJadwal, now)), calibration, dinilai: calibration?.dinilai ?? 0 };
}

/**
 * The stored results of every closed schedule written again from the data as it is now, keeping their time: after
 * an operator's import changed what they depend on (programmes, choices, names), off the request path.
 */
export async function segarkanHasilTersimpan(db: Executor): Promise<number> {
  const closed = await db
    .selectFrom('jadwal')
    .select(['id', 'peringkat_at'])
    .whereRef('peringkat_at', '>=', 'tgl_akhir')
    .execute();
  for (const jadwal of closed) await simpanPeringkat(db, jadwal.id, Number(jadwal.peringkat_at));
  return closed.length;
}
