import type { Insertable, Transaction } from 'kysely';
import { judgeAnswer, tally } from '../domain/scoring';
import type { Database, MateriSoalTable } from '../db/types';
import { insertRows, insertRowsReturningIds } from '../db/batch';
import { DAY } from './catalog';
import { MATERI } from './questions/materi';
import type { Rng } from './random';
import { jawabSoal } from './responses';
import type { SoalSeed } from './packages';

/** Per-topic tryouts (materi_kategori → materi_mapel → materi → materi_soal) and reguler's one finished topic. */

export interface MateriSummary {
  /** The topic reguler finished (status 1, with answers). */
  selesai: number;
  /** A topic nobody started, in the same subject. */
  belum: number;
}

type MateriSoalRow = Insertable<MateriSoalTable> & { id?: number };

export async function insertMateri(
  trx: Transaction<Database>,
  rng: Rng,
  now: number,
  idReguler: number,
): Promise<MateriSummary> {
  const kategoriIds = await insertRowsReturningIds(
    trx,
    'materi_kategori',
    MATERI.map((k, i) => ({ nama: k.nama, urutan: i + 1 })),
  );
  const mapelDefs = MATERI.flatMap((k, ki) => k.mapel.map((m, mi) => ({ m, ki, mi })));
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

  const soalRows: MateriSoalRow[] = [];
  const drafts: SoalSeed[] = [];
  topikDefs.forEach(({ t }, topikIndex) => {
    const used = new Map<unknown, number>();
    const offset = rng.int(0, 97);
    t.generators.forEach((generator, i) => {
      const occurrence = used.get(generator) ?? 0;
      used.set(generator, occurrence + 1);
      const draft = generator({ rng, opsi: 5, maxKey: 3, occurrence, offset });
      if (draft.type !== 1 && draft.type !== 2 && draft.type !== 4)
        throw new Error(`tipe ${draft.type} tidak untuk materi`);
      // Some questions offer only A–D: the sheet shows an option only when its text is non-empty.
      const options = [...draft.options];
      if (draft.type === 1 && rng.chance(0.35)) options[4] = '';
      soalRows.push({
        id_materi: materiIds[topikIndex],
        nomor: i + 1,
        type: draft.type,
        soal: draft.soal,
        a: options[0],
        b: options[1],
        c: options[2],
        d: options[3],
        e: options[4],
        kunci: draft.kunci,
        pembahasan: draft.pembahasan,
      });
      drafts.push({
        ...draft,
        options: options as SoalSeed['options'],
        id: 0,
        id_mapel: 0,
        nomor: i + 1,
        groupIds: [],
      });
    });
  });
  const soalIds = await insertRowsReturningIds(trx, 'materi_soal', soalRows);
  drafts.forEach((draft, i) => {
    draft.id = soalIds[i];
  });

  // reguler finished the first topic three days ago; his answers are judged by the real rules.
  const idMateri = materiIds[0];
  const menit = topikDefs[0].t.menit;
  const soal = drafts.filter((_, i) => soalRows[i].id_materi === idMateri);
  const lembar = isiLembarMateri(rng, soal);
  const verdicts = soal.map((s) =>
    judgeAnswer({ type: s.type, jawaban: lembar.get(s.id) ?? '', kunci: s.kunci }),
  );
  const counts = tally(verdicts);
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
      jawaban: lembar.get(s.id) ?? '',
      updated_at: startedAt + Math.floor(((endedAt - startedAt) * (i + 1)) / (soal.length + 1)),
    })),
  );
  return { selesai: idMateri, belum: materiIds[1] };
}

/** A good student's answers to one topic; a blank choice is stored as '' on the per-topic sheet. */
function isiLembarMateri(rng: Rng, soal: SoalSeed[]): Map<number, string> {
  return new Map(
    soal.map((s) => {
      const { jawaban } = jawabSoal(rng, 1.2, s);
      return [s.id, jawaban === '0' ? '' : jawaban];
    }),
  );
}
