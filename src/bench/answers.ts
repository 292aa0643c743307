/** The answers the bench saves, and the check that every acknowledged one is in the database. */
import type { Executor } from '../server/db/executor';
import type { LoadRequest } from './load';
import { acakDari, hurufBerteks, jawabanPaket } from '../server/domain/acak';

export interface Save {
  id_jawaban: number;
  id_jawaban_group: number | null;
  jawaban: string;
  type: number;
}

/** The answer a bench student gives to a question of a type: always the same, so a repeat changes nothing. */
export function jawabanFor(type: number): string {
  if (type === 1) return 'C';
  if (type === 2 || type === 5) return '12';
  if (type === 3) return 'Y';
  return 'Jawaban uraian singkat untuk pengujian beban.';
}

/** The answer-save call of a save, as the sheet sends it. */
export function saveRequest(idJadwal: number, idHasilTo: number, save: Save, key: string): LoadRequest {
  return {
    method: 'PUT',
    path: `/api/siswa/tryout/saveanswer/id/${idJadwal}`,
    body: JSON.stringify({
      id_hasil_to: idHasilTo,
      id_jawaban: save.id_jawaban,
      jawaban: save.jawaban,
      sisa_waktu: 100,
      type_soal: save.type,
      operation: 'save',
      ...(save.id_jawaban_group !== null ? { id_jawaban_group: save.id_jawaban_group } : {}),
    }),
    key,
  };
}

const keyOf = (s: Save) => `${s.id_jawaban}:${s.id_jawaban_group ?? ''}`;

/** How many answers the saves are about (a repeat of the same answer counted once). */
export function distinctSaves(saves: readonly Save[]): number {
  return new Set(saves.map(keyOf)).size;
}

/**
 * Of the acknowledged saves (repeats counted once, the last one's value: saves are listed in the order they were
 * sent), how many hold their value in the database now.
 */
export async function storedSaves(db: Executor, saves: Save[]): Promise<number> {
  const distinct = new Map<string, Save>();
  for (const s of saves) distinct.set(keyOf(s), s);
  let stored = 0;
  const list = [...distinct.values()];
  for (let i = 0; i < list.length; i += 500) {
    const slice = list.slice(i, i + 500);
    const plain = slice.filter((s) => s.id_jawaban_group === null);
    const grouped = slice.filter((s) => s.id_jawaban_group !== null);
    if (plain.length > 0) {
      const rows = await db
        .selectFrom('jawaban')
        .innerJoin('hasil_to', 'hasil_to.id', 'jawaban.id_hasil_to')
        .innerJoin('soal', 'soal.id', 'jawaban.id_soal')
        .select([
          'jawaban.id',
          'jawaban.jawaban',
          'hasil_to.acak',
          'hasil_to.acak_seed',
          'soal.id as id_soal',
          'soal.type',
          'soal.opsi_tetap',
          'soal.a',
          'soal.b',
          'soal.c',
          'soal.d',
          'soal.e',
        ])
        .where(
          'jawaban.id',
          'in',
          plain.map((s) => s.id_jawaban),
        )
        .execute();
      const rowOf = new Map(rows.map((r) => [Number(r.id), r]));
      stored += plain.filter((s) => {
        const row = rowOf.get(s.id_jawaban);
        if (!row) return false;
        // The student chose a letter of their own order; the database holds the package's letter behind it.
        const soal = { id: row.id_soal, type: row.type, opsi_tetap: row.opsi_tetap };
        const acak = acakDari(row.acak, row.acak_seed);
        return row.jawaban === jawabanPaket(acak, soal, hurufBerteks(row), s.jawaban);
      }).length;
    }
    if (grouped.length > 0) {
      const rows = await db
        .selectFrom('jawaban_group')
        .select(['id', 'jawaban'])
        .where(
          'id',
          'in',
          grouped.map((s) => s.id_jawaban_group as number),
        )
        .execute();
      const value = new Map(rows.map((r) => [Number(r.id), r.jawaban]));
      stored += grouped.filter((s) => value.get(s.id_jawaban_group as number) === s.jawaban).length;
    }
  }
  return stored;
}
