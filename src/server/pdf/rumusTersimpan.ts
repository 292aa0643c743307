/**
 * Formulas typeset once for every PDF of every app (table `rumus_pdf`): MathJax takes ~6 ms a formula, so a
 * 216-question subject's first PDF spent seconds typesetting. An import typesets its package's formulas
 * (`siapkanRumus`); a PDF reads the formulas the worker has not got and stores what it had to typeset.
 */
import { createHash } from 'node:crypto';
import { chunks } from '../db/batch';
import type { Executor } from '../db/executor';
import { soalDenganKunci } from '../soal/soalMapel';
import { rumusDalam } from './jobs';
import { mathSvg, type MathSvg } from './mathSvg';

/** Where the PDFs' formulas are kept between processes (renderPool.ts asks it). */
export interface SimpananRumus {
  /** The stored formulas among these cache keys. */
  baca(kunci: readonly string[]): Promise<Map<string, MathSvg | null>>;
  simpan(rumus: readonly (readonly [string, MathSvg | null])[]): Promise<void>;
}

/** The row's key: a digest, since a formula (or MathML markup) can be long. */
const kunciBaris = (kunci: string) => createHash('sha256').update(kunci).digest('hex');

export function simpananRumusDb(db: Executor): SimpananRumus {
  return {
    async baca(kunci) {
      const byRow = new Map(kunci.map((k) => [kunciBaris(k), k]));
      const found = new Map<string, MathSvg | null>();
      for (const part of chunks([...byRow.keys()], 500)) {
        const rows = await db
          .selectFrom('rumus_pdf')
          .select(['kunci', 'isi'])
          .where('kunci', 'in', part)
          .execute();
        for (const row of rows) {
          const key = byRow.get(row.kunci);
          if (key !== undefined) found.set(key, JSON.parse(row.isi) as MathSvg | null);
        }
      }
      return found;
    },
    async simpan(rumus) {
      for (const part of chunks([...rumus], 200))
        await db
          .insertInto('rumus_pdf')
          .values(part.map(([kunci, isi]) => ({ kunci: kunciBaris(kunci), isi: JSON.stringify(isi) })))
          .onConflict((oc) => oc.column('kunci').doNothing())
          .execute();
    },
  };
}

/**
 * Typesets and stores the formulas of these HTML texts that are not stored yet (an import's questions, options,
 * statements and discussions), so the first PDF of them only draws. Returns how many were typeset.
 */
export async function siapkanRumus(db: Executor, htmls: readonly string[]): Promise<number> {
  const rumus = rumusDalam(htmls);
  const simpanan = simpananRumusDb(db);
  const stored = await simpanan.baca(rumus.map((r) => r.kunci));
  const typeset = rumus
    .filter(({ kunci }) => !stored.has(kunci))
    .map(({ kunci, tex, display }) => [kunci, mathSvg(tex, display)] as const);
  await simpanan.simpan(typeset);
  return typeset.length;
}

/** `siapkanRumus` for every question, option, statement and discussion of these subjects (after an import). */
export async function siapkanRumusMapel(db: Executor, mapelIds: readonly number[]): Promise<number> {
  const soal = await soalDenganKunci(db, mapelIds);
  return siapkanRumus(
    db,
    soal.flatMap((s) => [
      s.soal,
      s.a,
      s.b,
      s.c,
      s.d,
      s.e,
      s.pembahasan,
      ...s.pernyataan.map((p) => p.pernyataan),
    ]),
  );
}
