/**
 * `siaptes import-siswa`: students from CSV, created or updated by username (never duplicated), in one
 * transaction after the whole file has been checked. New students without a password column get a generated one,
 * returned once so the CLI can write it for the operator to hand out. The demo loads its students the same way
 * (siapkanSiswa, then imporSiswaDalam inside its own transaction).
 */
import { randomInt } from 'node:crypto';
import type { Insertable, Transaction, Updateable } from 'kysely';
import { chunks, insertRowsReturningIds } from '../db/batch';
import type { Executor } from '../db/executor';
import { akhiriSesi } from '../db/sesi';
import type { Database, SiswaTable } from '../db/types';
import { DISABLED_PASSWORD, hashPassword } from '../lib/password';
import { type CsvTable, parseCsv } from './csv';
import { FileBermasalah } from './masalah';
import { bacaSiswaCsv, type BarisSiswa } from './siswaCsv';
import { segarkanHasilTersimpan } from '../scoring/penutupan';
import { forgetSessions } from '../lib/sessionCache';

/** No 0/O, 1/l/I: a password read aloud or copied from paper is typed right. */
const ALFABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const PANJANG_BUATAN = 10;

export function buatPassword(): string {
  let out = '';
  for (let i = 0; i < PANJANG_BUATAN; i += 1) out += ALFABET[randomInt(ALFABET.length)];
  return out;
}

export interface HasilImporSiswa {
  dibuat: number;
  diperbarui: number;
  /** Generated initial passwords of new students, to hand out (shown once; only their hashes are stored). */
  passwordBaru: { username: string; nama_lengkap: string; password: string }[];
  dryRun: boolean;
}

export interface OpsiImporSiswa {
  dryRun?: boolean;
  /** The clock (epoch ms) that stamps revoked sessions; the current time when absent. */
  now?: number;
  /**
   * Participants who never log in and only fill rankings, averages and IRT (the demo's synthetic ones, which
   * `siaptes demo remove` deletes): stored with a disabled password and marked is_synthetic, so no password is
   * generated or hashed. They are only created: a username already present is a problem of the file, so no real
   * student is ever turned into one.
   */
  sintetis?: boolean;
}

/** A new student's columns the file leaves out. */
const PROFIL_KOSONG = {
  nama_lengkap: '',
  nama_panggilan: '',
  photo_url: '',
  id_program: 0,
  lembaga: '',
  minat: '',
  no_telp: '',
  no_telp_ortu: '',
  alamat: '',
  email: '',
  kelas: '',
  jenjang: '',
  sekolah: '',
  kurikulum_str: '',
};

type Rencana = { baris: BarisSiswa; id: number | null; password: string | null; generated: boolean };

/** A checked file, planned against the students present, its passwords hashed: what imporSiswaDalam writes. */
export interface SiswaSiap {
  hasil: HasilImporSiswa;
  tulis: { baris: BarisSiswa; id: number | null; hash: string | null }[];
  sintetis: boolean;
}

/** Checks the file and decides, by username, who is created and who updated, and with which password. */
async function rencanakan(
  db: Executor,
  fileName: string,
  isi: string | CsvTable,
  sintetis: boolean,
): Promise<{ rencana: Rencana[]; hasil: HasilImporSiswa }> {
  const { baris, masalah } = bacaSiswaCsv(fileName, typeof isi === 'string' ? parseCsv(isi) : isi);
  if (masalah.length > 0) throw new FileBermasalah(masalah);

  const existing = new Map<string, number>();
  for (const chunk of chunks(baris.map((b) => b.username))) {
    const rows = await db
      .selectFrom('siswa')
      .select(['id', 'username'])
      .where('username', 'in', chunk)
      .execute();
    for (const row of rows) existing.set(row.username, row.id);
  }
  if (sintetis) {
    const ada = baris.filter((b) => existing.has(b.username));
    if (ada.length > 0)
      throw new FileBermasalah(
        ada.map((b) => ({
          tempat: `${fileName} line ${b.line}`,
          pesan: `username "${b.username}" already exists; synthetic participants are only created`,
        })),
      );
  }
  const rencana: Rencana[] = baris.map((b) => {
    const id = existing.get(b.username) ?? null;
    // A synthetic participant never logs in: his password is disabled, not generated.
    if (sintetis) return { baris: b, id, password: null, generated: false };
    // An existing student keeps the password he uses unless the file sets a new one.
    if (b.password !== null) return { baris: b, id, password: b.password, generated: false };
    if (id !== null) return { baris: b, id, password: null, generated: false };
    return { baris: b, id, password: buatPassword(), generated: true };
  });
  const dibuat = rencana.filter((r) => r.id === null).length;
  const hasil: HasilImporSiswa = {
    dibuat,
    diperbarui: rencana.length - dibuat,
    passwordBaru: rencana
      .filter((r) => r.generated)
      .map((r) => ({
        username: r.baris.username,
        nama_lengkap: String(r.baris.profil.nama_lengkap ?? ''),
        password: r.password as string,
      })),
    dryRun: false,
  };
  return { rencana, hasil };
}

/**
 * Checks a student file against the students present and hashes the passwords it sets. scrypt is slow on purpose:
 * this runs before the transaction that writes them, so the write lock is held briefly.
 */
export async function siapkanSiswa(
  db: Executor,
  fileName: string,
  /** CSV text, or a table already read (tabelSiswa.ts: a workbook, a Windows-1252 file). */
  isi: string | CsvTable,
  options: Pick<OpsiImporSiswa, 'sintetis'> = {},
): Promise<SiswaSiap> {
  const sintetis = options.sintetis === true;
  const { rencana, hasil } = await rencanakan(db, fileName, isi, sintetis);
  const hashes = await Promise.all(
    rencana.map((r) => (r.password === null ? null : hashPassword(r.password))),
  );
  return {
    hasil,
    tulis: rencana.map((r, i) => ({ baris: r.baris, id: r.id, hash: hashes[i] })),
    sintetis,
  };
}

/**
 * Writes a checked student file inside the caller's transaction (the demo loads its students this way): new
 * students in multi-row inserts, existing ones updated. The ids of the file's students, by username.
 */
export async function imporSiswaDalam(
  trx: Transaction<Database>,
  siap: SiswaSiap,
  now: number = Date.now(),
): Promise<Map<string, number>> {
  const baru = siap.tulis.filter((t) => t.id === null);
  const rows = baru.map((t): Insertable<SiswaTable> => ({
    ...PROFIL_KOSONG,
    ...t.baris.profil,
    username: t.baris.username,
    password_hash: siap.sintetis ? DISABLED_PASSWORD : (t.hash as string),
    is_synthetic: siap.sintetis ? 1 : 0,
  }));
  const newIds = await insertRowsReturningIds(trx, 'siswa', rows);
  const ids = new Map(baru.map((t, i) => [t.baris.username, newIds[i]]));
  for (const { baris, id, hash } of siap.tulis) {
    if (id === null) continue;
    ids.set(baris.username, id);
    const set: Updateable<SiswaTable> = {
      ...baris.profil,
      ...(hash === null ? {} : { password_hash: hash }),
    };
    await trx.updateTable('siswa').set(set).where('id', '=', id).execute();
    // A password set by the operator ends every open session of the student at once: whoever holds an old
    // token (a shared device, a leaked password) is out at the next call.
    if (hash !== null) await akhiriSesi(trx, { id_siswa: id }, now);
  }
  return ids;
}

export async function imporSiswa(
  db: Executor,
  fileName: string,
  /** CSV text, or a table already read (tabelSiswa.ts: a workbook, a Windows-1252 file). */
  isi: string | CsvTable,
  options: OpsiImporSiswa = {},
): Promise<HasilImporSiswa> {
  if (options.dryRun) {
    const { hasil } = await rencanakan(db, fileName, isi, options.sintetis === true);
    return { ...hasil, dryRun: true };
  }
  const siap = await siapkanSiswa(db, fileName, isi, options);
  await db.transaction().execute((trx) => imporSiswaDalam(trx, siap, options.now));
  // Run from a server's own process, the students and sessions it changed must be read again (renamed, moved
  // institution, sessions revoked); other processes see the commit through SQLite's data_version.
  forgetSessions(db);
  // A renamed student moves within his tie in the stored rankings of closed schedules.
  if (siap.hasil.diperbarui > 0) await segarkanHasilTersimpan(db);
  return siap.hasil;
}
