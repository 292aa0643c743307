import type { AnyDb } from './anyDb';

/**
 * Formulas typeset for the PDFs (pdf/rumusTersimpan.ts), by the digest of their TeX: an import typesets its
 * package's formulas once, so the first PDF of a long subject only draws them, on every app of a fleet. Derived
 * data: a row may be deleted at any time and is typeset again when a PDF needs it.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('rumus_pdf')
    .addColumn('kunci', 'text', (c) => c.primaryKey())
    .addColumn('isi', 'text', (c) => c.notNull())
    .execute();
}
