/**
 * The checks of a package file that need the database: who is enrolled (and whether any of them is limited to
 * choices A–D), whose university choices are given, and — once students have answered — that structure and keys
 * stay as they are. Every problem in one pass, with its place.
 */
import type { Executor } from '../db/executor';
import { chunks } from '../db/batch';
import { allowsFiveChoices, type InstitutionRules } from '../domain/studentType';
import { masalahDi } from './periksaPaket';
import type { Masalah } from './masalah';
import type { PaketAda, SoalAda } from './paketDb';
import type { PaketFile, SoalFile } from './paketFormat';

interface SiswaPeserta {
  id: number;
  username: string;
  lembaga: string;
  minat: string;
}

async function siswaByUsername(db: Executor, usernames: string[]): Promise<Map<string, SiswaPeserta>> {
  const out = new Map<string, SiswaPeserta>();
  for (const chunk of chunks([...new Set(usernames)])) {
    const rows = await db
      .selectFrom('siswa')
      .select(['id', 'username', 'lembaga', 'minat'])
      .where('username', 'in', chunk)
      .execute();
    for (const row of rows) out.set(row.username, row);
  }
  return out;
}

/** The enrolled students: the union of the named students, programs and institutions. */
export async function pesertaPaket(
  db: Executor,
  paket: PaketFile,
  fileName: string,
  masalah: Masalah[],
): Promise<SiswaPeserta[]> {
  const { username = [], id_program = [], lembaga = [] } = paket.jadwal.peserta;
  const found = new Map<number, SiswaPeserta>();
  const named = await siswaByUsername(db, username);
  username.forEach((name, i) => {
    const siswa = named.get(name);
    if (siswa) found.set(siswa.id, siswa);
    else
      masalah.push(
        masalahDi(
          fileName,
          paket,
          `/jadwal/peserta/username/${i}`,
          `no student "${name}"; import the students first`,
        ),
      );
  });
  for (const [field, values] of [
    ['id_program', id_program],
    ['lembaga', lembaga],
  ] as const) {
    for (const [i, value] of values.entries()) {
      const rows = await db
        .selectFrom('siswa')
        .select(['id', 'username', 'lembaga', 'minat'])
        .where(field, '=', value as never)
        .where('is_synthetic', '=', 0)
        .execute();
      if (rows.length === 0)
        masalah.push(
          masalahDi(fileName, paket, `/jadwal/peserta/${field}/${i}`, `no student has ${field} "${value}"`),
        );
      for (const row of rows) found.set(row.id, row);
    }
  }
  return [...found.values()].sort((a, b) => a.id - b.id);
}

/** README "Rules of the tryout": a package taken by a student limited to A–D has no question keyed E. */
export function periksaEmpatPilihan(
  paket: PaketFile,
  fileName: string,
  peserta: readonly SiswaPeserta[],
  rules: InstitutionRules,
  masalah: Masalah[],
): void {
  const limited = peserta.filter((s) => !allowsFiveChoices(s.lembaga, s.minat, rules));
  if (limited.length === 0) return;
  const who =
    limited.length === 1
      ? `the enrolled student ${limited[0].username} (${limited[0].lembaga}, ${limited[0].minat}) can choose only A–D`
      : `${limited.length} enrolled students (e.g. ${limited[0].username}) can choose only A–D`;
  paket.kategori.forEach((k, ki) =>
    k.mapel.forEach((m, mi) =>
      m.soal.forEach((s, si) => {
        if (s.type === 1 && s.kunci?.trim() === 'E')
          masalah.push(
            masalahDi(fileName, paket, `/kategori/${ki}/mapel/${mi}/soal/${si}/kunci`, `key E, but ${who}`),
          );
      }),
    ),
  );
}

export async function periksaPtn(
  db: Executor,
  paket: PaketFile,
  fileName: string,
  masalah: Masalah[],
): Promise<Map<string, number>> {
  const pilihan = paket.ptn?.pilihan ?? [];
  const named = await siswaByUsername(
    db,
    pilihan.map((p) => p.username),
  );
  pilihan.forEach((p, i) => {
    if (!named.has(p.username))
      masalah.push(masalahDi(fileName, paket, `/ptn/pilihan/${i}/username`, `no student "${p.username}"`));
  });
  return new Map([...named].map(([name, s]) => [name, s.id]));
}

/**
 * The questions of the file that stand where another question of the package stood, recognised by their text
 * (unique on both sides): a question moved, or shifted by one added or removed before it. Keys and types alone cannot
 * see a swap of two questions with the same key, and every started attempt's numbering would silently change.
 */
function soalPindah(baru: readonly SoalFile[], ada: readonly SoalAda[]): [number, number][] {
  const unik = (texts: string[]) => {
    const seen = new Map<string, number>();
    texts.forEach((t, i) => seen.set(t, seen.has(t) ? -1 : i));
    return seen;
  };
  const lama = unik(ada.map((s) => s.soal));
  const kini = unik(baru.map((s) => s.soal));
  const out: [number, number][] = [];
  baru.forEach((s, si) => {
    const dari = lama.get(s.soal);
    if (dari !== undefined && dari >= 0 && dari !== si && kini.get(s.soal) === si) out.push([si, dari]);
  });
  return out;
}

/** Once students have answered, a re-import may fix texts only: every change of structure or key is refused. */
export function periksaPerubahan(
  paket: PaketFile,
  fileName: string,
  ada: PaketAda,
  masalah: Masalah[],
): void {
  if (ada.percobaan === 0) return;
  const fixed = `${ada.percobaan} attempt(s) exist, so structure and keys cannot change any more`;
  const at = (pointer: string, what: string) =>
    masalah.push(masalahDi(fileName, paket, pointer, `${what}; ${fixed}`));
  if (paket.jadwal.is_event !== ada.isEvent)
    at('/jadwal/is_event', `is_event changes to ${paket.jadwal.is_event}`);
  if (paket.kategori.length !== ada.kategori.length)
    at('/kategori', `the package has ${ada.kategori.length} categories, the file ${paket.kategori.length}`);
  paket.kategori.forEach((k, ki) => {
    const kAda = ada.kategori[ki];
    if (!kAda) return;
    if (k.mapel.length !== kAda.mapel.length)
      at(
        `/kategori/${ki}/mapel`,
        `the category has ${kAda.mapel.length} subjects, the file ${k.mapel.length}`,
      );
    k.mapel.forEach((m, mi) => {
      const mAda = kAda.mapel[mi];
      if (!mAda) return;
      const base = `/kategori/${ki}/mapel/${mi}`;
      if (m.waktu !== mAda.waktu)
        at(`${base}/waktu`, `the time changes from ${mAda.waktu} to ${m.waktu} minutes`);
      if (m.soal.length !== mAda.soal.length)
        at(`${base}/soal`, `the subject has ${mAda.soal.length} questions, the file ${m.soal.length}`);
      for (const [si, dari] of soalPindah(m.soal, mAda.soal))
        at(
          `${base}/soal/${si}`,
          `is question ${dari + 1} of the package as imported; questions cannot be added, removed or reordered`,
        );
      m.soal.forEach((s, si) => {
        const sAda = mAda.soal[si];
        if (!sAda) return;
        const p = `${base}/soal/${si}`;
        if (s.type !== sAda.type) at(`${p}/type`, `the type changes from ${sAda.type} to ${s.type}`);
        else if (s.type !== 3 && (s.kunci ?? '').trim() !== sAda.kunci)
          at(
            `${p}/kunci`,
            `the key changes from ${sAda.kunci || '(none)'} to ${(s.kunci ?? '').trim() || '(none)'}`,
          );
        // The pinned option is part of every started attempt's option order.
        if (s.type === 1 && sAda.type === 1 && (s.opsi_tetap ?? '') !== sAda.opsi_tetap)
          at(
            `${p}/opsi_tetap`,
            `the pinned option changes from ${sAda.opsi_tetap || '(none)'} to ${s.opsi_tetap ?? '(none)'}`,
          );
        if (s.type === 3 && sAda.type === 3) {
          const keys = (s.pernyataan ?? []).map((g) => g.kunci).join('');
          const keysAda = sAda.groups.map((g) => g.kunci).join('');
          if (keys !== keysAda) at(`${p}/pernyataan`, `the statement keys change from ${keysAda} to ${keys}`);
          if ((s.group_text_type ?? null) !== sAda.group_text_type)
            at(
              `${p}/group_text_type`,
              `group_text_type changes from ${sAda.group_text_type} to ${s.group_text_type}`,
            );
        }
      });
    });
  });
}
