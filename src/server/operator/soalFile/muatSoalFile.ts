/**
 * `soal_file` of a package's subjects read into `soal` before the package is checked: each file told by its content
 * and converted; what cannot be scored as written is refused by question name and type, all at once (with
 * `--skip-unsupported` the rest is imported and the skipped ones listed).
 */
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { Masalah } from '../masalah';
import { masalahDi } from '../periksaPaket';
import { bacaSoal } from './bacaSoal';
import { FileSoalRusak, type HasilKonversi, sebutSoal, type TidakDidukung } from './konversi';

export interface OpsiSoalFile {
  skipUnsupported?: boolean;
}

export interface SoalFileDimuat {
  data: unknown;
  /** What the operator is told: files read, questions skipped, categories and descriptions left out. */
  catatan: string[];
  masalah: Masalah[];
}

type Loose = Record<string, unknown>;
const obj = (x: unknown): Loose =>
  x !== null && typeof x === 'object' && !Array.isArray(x) ? (x as Loose) : {};

export const kalimatTidakDidukung = (t: TidakDidukung) => `${sebutSoal(t)}: ${t.alasan}`;

/** A question file's bytes as our questions, or its one problem in words ("file not found: …"). */
export async function bacaFileSoal(file: string): Promise<HasilKonversi | string> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return `file not found: ${file}`;
    throw error;
  }
  try {
    return await bacaSoal(bytes);
  } catch (error) {
    if (error instanceof FileSoalRusak) return `${path.basename(file)} ${error.message}`;
    throw error;
  }
}

/**
 * Whether `file` is inside the package file's folder `dir`, symbolic links followed: a package names only files that
 * travel with it, never `../…`, an absolute path or a link out of its folder (the operator may import a package made
 * by someone else).
 */
async function diDalamFolder(dir: string, file: string): Promise<boolean> {
  const nyata = (p: string) => realpath(p).catch(() => p);
  const relatif = path.relative(await nyata(dir), await nyata(file));
  return relatif !== '' && relatif.split(path.sep)[0] !== '..' && !path.isAbsolute(relatif);
}

export async function muatSoalFile(
  data: unknown,
  fileName: string,
  dir: string,
  opsi: OpsiSoalFile = {},
): Promise<SoalFileDimuat> {
  const copy = structuredClone(data);
  const masalah: Masalah[] = [];
  const catatan: string[] = [];
  const kategori = obj(copy).kategori;
  for (const [ki, k] of (Array.isArray(kategori) ? kategori : []).entries()) {
    const mapel = obj(k).mapel;
    for (const [mi, m] of (Array.isArray(mapel) ? mapel : []).entries()) {
      const subject = obj(m);
      if (subject.soal_file === undefined) continue;
      const pointer = `/kategori/${ki}/mapel/${mi}/soal_file`;
      const at = (pesan: string) => masalah.push(masalahDi(fileName, copy, pointer, pesan));
      if (typeof subject.soal_file !== 'string' || subject.soal_file.trim() === '') continue; // the shape check says so
      if (subject.soal !== undefined) {
        at('give soal or soal_file, not both');
        continue;
      }
      const file = path.resolve(dir, subject.soal_file);
      if (!(await diDalamFolder(dir, file))) {
        at(`${subject.soal_file} is outside the package file's folder; put the question file beside it`);
        continue;
      }
      const hasil = await bacaFileSoal(file);
      if (typeof hasil === 'string') {
        at(hasil);
        continue;
      }
      const nama = typeof subject.nama === 'string' ? subject.nama : `mapel ${mi + 1}`;
      for (const d of hasil.dilewati) catatan.push(`${nama}: ${subject.soal_file}: left out ${d}`);
      for (const t of hasil.tidakDidukung) {
        if (opsi.skipUnsupported)
          catatan.push(`${nama}: ${subject.soal_file}: skipped ${kalimatTidakDidukung(t)}`);
        else at(`${subject.soal_file}: ${kalimatTidakDidukung(t)} (--skip-unsupported imports the rest)`);
      }
      if (hasil.soal.length === 0 && (opsi.skipUnsupported || hasil.tidakDidukung.length === 0))
        at(`${subject.soal_file} has no question we can import`);
      catatan.push(`${nama}: ${hasil.soal.length} question(s) from ${subject.soal_file} (${hasil.format})`);
      subject.soal = hasil.soal;
      delete subject.soal_file;
    }
  }
  return { data: copy, catatan, masalah };
}
