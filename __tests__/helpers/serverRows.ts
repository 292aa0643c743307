/** Rows the server tests write straight into the database: one place for the columns of a student and a session. */
import type { Insertable } from 'kysely';
import type { Executor } from '../../src/server/db/executor';
import type { Database, SiswaTable } from '../../src/server/db/types';
import { hashToken } from '../../src/server/plugins/auth';

/** Every table of src/server/db/types.ts `Database`. */
export const ALL_TABLES: (keyof Database)[] = [
  'siswa',
  'sesi',
  'login_percobaan',
  'jadwal',
  'jadwal_peserta',
  'kategori',
  'mapel',
  'soal',
  'soal_group',
  'irt_item',
  'hasil_to',
  'jawaban',
  'jawaban_group',
  'mapel_waktu',
  'hasil_mapel',
  'materi_kategori',
  'materi_mapel',
  'materi',
  'materi_soal',
  'materi_hasil',
  'materi_jawaban',
  'prodi',
  'pilihan_siswa',
  'peringkat_paket',
  'peringkat_pilihan',
  'rata_rata_kategori',
  'konten',
  'penutupan',
  'laporan',
];

/** A regular SMA 12 IPA student named after the username, without a usable password; `fields` override. */
export function siswaRow(
  username: string,
  fields: Partial<Insertable<SiswaTable>> = {},
): Insertable<SiswaTable> {
  return {
    username,
    password_hash: 'x',
    nama_lengkap: username,
    nama_panggilan: username,
    photo_url: '',
    id_program: 1,
    lembaga: 'SiapTes',
    minat: 'SMA KELAS 12 IPA',
    no_telp: '',
    no_telp_ortu: '',
    alamat: '',
    email: '',
    kelas: '12',
    jenjang: 'SMA',
    sekolah: '',
    kurikulum_str: '',
    is_synthetic: 0,
    ...fields,
  };
}

/** Inserts a student and returns the id. */
export async function insertSiswaRow(
  db: Executor,
  username: string,
  fields: Partial<Insertable<SiswaTable>> = {},
): Promise<number> {
  const row = await db
    .insertInto('siswa')
    .values(siswaRow(username, fields))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A session of the student whose token is `token`, live from `createdAt` until `expiresAt`. */
export async function insertSesi(
  db: Executor,
  idSiswa: number,
  token: string,
  createdAt: number,
  expiresAt: number,
): Promise<void> {
  await db
    .insertInto('sesi')
    .values({
      token_hash: hashToken(token),
      id_siswa: idSiswa,
      created_at: createdAt,
      expires_at: expiresAt,
      revoked_at: null,
    })
    .execute();
}
