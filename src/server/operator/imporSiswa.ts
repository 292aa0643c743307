/**
 * `siaptes import-siswa`: students from CSV, created or updated by username (never duplicated), in one
 * transaction after the whole file has been checked. New students without a password column get a generated one,
 * returned once so the CLI can write it for the operator to hand out.
 */
import { randomInt } from 'node:crypto';
import type { Insertable, Updateable } from 'kysely';
import { chunks } from '../db/batch';
import type { Executor } from '../db/executor';
import type { SiswaTable } from '../db/types';
import { hashPassword } from '../lib/password';
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

export async function imporSiswa(
  db: Executor,
  fileName: string,
  /** CSV text, or a table already read (tabelSiswa.ts: a workbook, a Windows-1252 file). */
  isi: string | CsvTable,
  options: OpsiImporSiswa = {},
): Promise<HasilImporSiswa> {
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
  const rencana: Rencana[] = baris.map((b) => {
    const id = existing.get(b.username) ?? null;
    // An existing student keeps the password he uses unless the file sets a new one.
    if (b.password !== null) return { baris: b, id, password: b.password, generated: false };
    if (id !== null) return { baris: b, id, password: null, generated: false };
    return { baris: b, id, password: buatPassword(), generated: true };
  });
  const dibuat = rencana.filter((r) => r.id === null).length;
  const result: HasilImporSiswa = {
    dibuat,
    diperbarui: rencana.length - dibuat,
    passwordBaru: rencana
      .filter((r) => r.generated)
      .map((r) => ({
        username: r.baris.username,
        nama_lengkap: String(r.baris.profil.nama_lengkap ?? ''),
        password: r.password as string,
      })),
    dryRun: options.dryRun === true,
  };
  if (options.dryRun) return result;

  // scrypt is slow on purpose: hash before the transaction so the write lock is held briefly.
  const hashes = await Promise.all(
    rencana.map((r) => (r.password === null ? null : hashPassword(r.password))),
  );
  await db.transaction().execute(async (trx) => {
    for (const [i, r] of rencana.entries()) {
      const hash = hashes[i];
      if (r.id === null) {
        const row: Insertable<SiswaTable> = {
          ...PROFIL_KOSONG,
          ...r.baris.profil,
          username: r.baris.username,
          password_hash: hash as string,
          is_synthetic: 0,
        };
        await trx.insertInto('siswa').values(row).execute();
      } else {
        const set: Updateable<SiswaTable> = {
          ...r.baris.profil,
          ...(hash === null ? {} : { password_hash: hash }),
        };
        await trx.updateTable('siswa').set(set).where('id', '=', r.id).execute();
        // A password set by the operator ends every open session of the student at once: whoever holds an old
        // token (a shared device, a leaked password) is out at the next call.
        if (hash !== null) {
          await trx
            .updateTable('sesi')
            .set({ revoked_at: options.now ?? Date.now() })
            .where('id_siswa', '=', r.id)
            .where('revoked_at', 'is', null)
            .execute();
        }
      }
    }
  });
  // Run from a server's own process, the students and sessions it changed must be read again (renamed, moved
  // institution, sessions revoked); other processes see the commit through SQLite's data_version.
  forgetSessions(db);
  // A renamed student moves within his tie in the stored rankings of closed schedules.
  if (rencana.some((r) => r.id !== null)) await segarkanHasilTersimpan(db);
  return result;
}
