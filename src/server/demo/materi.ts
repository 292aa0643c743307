import type { Insertable, Transaction } from 'kysely';
import { judgeAnswer, tally } from '../domain/scoring';
import type { Database, MateriSoalTable } from '../db/types';
import { insertRows, insertRowsReturningIds } from '../db/batch';
import { DAY } from './catalog';
import { bacaDataDemo } from './dataFile';

/** Per-topic tryouts (materi_kategori → materi_mapel → materi → materi_soal) and reguler's one finished topic. */

export interface MateriSummary {
  /** The topic reguler finished (status 1, with answers). */
  selesai: number;
  /** A topic nobody started, in the same subject. */
  belum: number;
}

/** A per-topic question as `materi_soal` holds it: types 1, 2 and 4; an option the sheet does not show is ''. */
type SoalMateri = Omit<Insertable<MateriSoalTable>, 'id' | 'id_materi' | 'nomor'>;

interface TopikData {
  nama: string;
  menit: number;
  soal: SoalMateri[];
}

/** `materi.json`: the per-topic tryouts, and reguler's answers to the first topic (one per question, '' blank). */
interface MateriData {
  kategori: { nama: string; mapel: { nama: string; topik: TopikData[] }[] }[];
  lembar_reguler: string[];
}

export async function insertMateri(
  trx: Transaction<Database>,
  now: number,
  idReguler: number,
): Promise<MateriSummary> {
  const data = bacaDataDemo<MateriData>('materi.json');
  const kategoriIds = await insertRowsReturningIds(
    trx,
    'materi_kategori',
    data.kategori.map((k, i) => ({ nama: k.nama, urutan: i + 1 })),
  );
  const mapelDefs = data.kategori.flatMap((k, ki) => k.mapel.map((m, mi) => ({ m, ki, mi })));
  const mapelIds = await insertRowsReturningIds(
    trx,
    'materi_mapel',
    mapelDefs.map(({ m, ki, mi }) => ({ id_kategori: kategoriIds[ki], nama: m.nama, urutan: mi + 1 })),
  );
  const topikDefs = mapelDefs.flatMap(({ m }, mapelIndex) => m.topik.map((t, ti) => ({ t, ti, mapelIndex })));
  const materiIds = await insertRowsReturningIds(
    trx,
    'materi',
    topikDefs.map(({ t, ti, mapelIndex }) => ({
      id_mapel: mapelIds[mapelIndex],
      nama: t.nama,
      menit: t.menit,
      urutan: ti + 1,
    })),
  );

  const soalRows = topikDefs.flatMap(({ t }, topikIndex) =>
    t.soal.map((s, i) => ({ ...s, id_materi: materiIds[topikIndex], nomor: i + 1 })),
  );
  const soalIds = await insertRowsReturningIds(trx, 'materi_soal', soalRows);

  // reguler finished the first topic three days ago; his answers are judged by the real rules.
  const idMateri = materiIds[0];
  const menit = topikDefs[0].t.menit;
  const soal = soalRows
    .map((row, i) => ({ ...row, id: soalIds[i] }))
    .filter((row) => row.id_materi === idMateri);
  if (data.lembar_reguler.length !== soal.length)
    throw new Error(`lembar_reguler: ${data.lembar_reguler.length} jawaban untuk ${soal.length} soal`);
  const counts = tally(
    soal.map((s, i) => judgeAnswer({ type: s.type, jawaban: data.lembar_reguler[i], kunci: s.kunci })),
  );
  const startedAt = now - 3 * DAY;
  const sisa = 140;
  const endedAt = startedAt + (menit * 60 - sisa) * 1000;
  const [idHasil] = await insertRowsReturningIds(trx, 'materi_hasil', [
    {
      id_materi: idMateri,
      id_siswa: idReguler,
      started_at: startedAt,
      ended_at: endedAt,
      sisa_waktu: sisa,
      last_seen_at: endedAt,
      status: 1,
      benar: counts.benar,
      salah: counts.salah,
      kosong: counts.kosong,
      skor: counts.scored === 0 ? 0 : Math.round((100 * counts.benar) / counts.scored),
    },
  ]);
  await insertRows(
    trx,
    'materi_jawaban',
    soal.map((s, i) => ({
      id_materi_hasil: idHasil,
      id_soal: s.id,
      jawaban: data.lembar_reguler[i],
      updated_at: startedAt + Math.floor(((endedAt - startedAt) * (i + 1)) / (soal.length + 1)),
    })),
  );
  return { selesai: idMateri, belum: materiIds[1] };
}
