/**
 * Students from an institution's list (CSV or a workbook, read into a table by tabelSiswa.ts): which columns exist, and every problem of every row found in one
 * pass, with its line. Pure, no I/O.
 */
import type { SiswaTable } from '../db/types';
import type { CsvTable } from './csv';
import type { Masalah } from './masalah';

/** CSV column → `siswa` column. `password` is the optional initial password. */
export const KOLOM_SISWA = {
  username: 'username',
  nama_lengkap: 'nama_lengkap',
  nama_panggilan: 'nama_panggilan',
  lembaga: 'lembaga',
  id_program: 'id_program',
  minat: 'minat',
  sekolah: 'sekolah',
  kelas: 'kelas',
  jenjang: 'jenjang',
  kurikulum: 'kurikulum_str',
  no_telp: 'no_telp',
  no_telp_ortu: 'no_telp_ortu',
  email: 'email',
  alamat: 'alamat',
} as const;

export type KolomCsv = keyof typeof KOLOM_SISWA;
export const KOLOM_WAJIB: readonly KolomCsv[] = ['username', 'nama_lengkap', 'lembaga', 'id_program'];
export const PANJANG_PASSWORD_MIN = 8;

/** The profile columns of `siswa` a file can set. */
export type ProfilSiswa = Partial<
  Omit<SiswaTable, 'id' | 'username' | 'password_hash' | 'photo_url' | 'is_synthetic'>
>;

export interface BarisSiswa {
  line: number;
  username: string;
  /** Only the columns the file has, as `siswa` columns. */
  profil: ProfilSiswa;
  /** The initial password of this row, or null when the file gives none. */
  password: string | null;
}

export function bacaSiswaCsv(
  fileName: string,
  { header, records }: CsvTable,
): { baris: BarisSiswa[]; masalah: Masalah[] } {
  const masalah: Masalah[] = [];
  const at = (line: number) => `${fileName} line ${line}`;
  const known = new Set<string>([...Object.keys(KOLOM_SISWA), 'password']);
  for (const name of header) {
    if (!known.has(name)) {
      masalah.push({
        tempat: at(1),
        pesan: `unknown column "${name}" (the columns are: ${[...known].join(', ')})`,
      });
    }
  }
  for (const name of KOLOM_WAJIB) {
    if (!header.includes(name)) masalah.push({ tempat: at(1), pesan: `the column "${name}" is missing` });
  }
  if (records.length === 0) masalah.push({ tempat: fileName, pesan: 'the file has no student rows' });
  if (masalah.length > 0) return { baris: [], masalah };

  const firstLine = new Map<string, number>();
  const baris: BarisSiswa[] = [];
  for (const { line, values } of records) {
    const username = values.get('username') ?? '';
    const problem = (pesan: string) => masalah.push({ tempat: at(line), pesan });
    if (username === '') problem('username is empty');
    else if (!/^[A-Za-z0-9._@-]{3,100}$/.test(username))
      problem(`username "${username}" must be 3 to 100 letters, digits, dots, dashes or underscores`);
    const seen = firstLine.get(username.toLowerCase());
    if (username !== '' && seen !== undefined) problem(`username "${username}" is also on line ${seen}`);
    if (username !== '' && seen === undefined) firstLine.set(username.toLowerCase(), line);
    if ((values.get('nama_lengkap') ?? '') === '') problem('nama_lengkap is empty');
    if ((values.get('lembaga') ?? '') === '') problem('lembaga (institution) is empty');
    const program = values.get('id_program') ?? '';
    if (!/^[1-9][0-9]{0,8}$/.test(program)) problem(`id_program "${program}" is not a whole number above 0`);
    const email = values.get('email') ?? '';
    if (email !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
      problem(`e-mail "${email}" is not an address`);
    const password = header.includes('password') ? (values.get('password') ?? '') : '';
    if (password !== '' && password.length < PANJANG_PASSWORD_MIN)
      problem(`the password is shorter than ${PANJANG_PASSWORD_MIN} characters`);

    const profil: ProfilSiswa = {};
    for (const [kolom, field] of Object.entries(KOLOM_SISWA) as [
      KolomCsv,
      (typeof KOLOM_SISWA)[KolomCsv],
    ][]) {
      if (!header.includes(kolom) || field === 'username') continue;
      const value = values.get(kolom) ?? '';
      if (field === 'id_program') profil.id_program = Number(value);
      else profil[field] = value;
    }
    baris.push({ line, username, profil, password: password === '' ? null : password });
  }
  return { baris, masalah };
}
