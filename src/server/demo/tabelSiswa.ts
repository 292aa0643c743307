/**
 * Demo students as an institution's student list: the table the operator's import reads from a CSV file or a
 * workbook, so the demo's students are checked and written by the same code (operator/imporSiswa.ts).
 */
import { type CsvTable, tabelDari } from '../operator/csv';
import { KOLOM_SISWA, type KolomCsv, type ProfilSiswa } from '../operator/siswaCsv';

/** A demo student: every column of the list, and the initial password of one who logs in. */
export type SiswaDemo = Required<ProfilSiswa> & { username: string; password?: string };

const KOLOM = Object.keys(KOLOM_SISWA) as KolomCsv[];

/** The rows under the list's header (line 1), a password column when any row sets one. */
export function tabelSiswa(rows: readonly SiswaDemo[]): CsvTable {
  const password = rows.some((row) => row.password !== undefined);
  return tabelDari(
    password ? [...KOLOM, 'password'] : KOLOM,
    rows.map((row, i) => ({
      line: i + 2,
      fields: [
        ...KOLOM.map((kolom) => String(row[KOLOM_SISWA[kolom]])),
        ...(password ? [row.password ?? ''] : []),
      ],
    })),
  );
}
