/**
 * Rows the server tests write straight into the database: one place for the columns of a student, a session and a
 * package (schedule, category, subject, question with its statements).
 */
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

/**
 * A student (named "Siswa <username>" unless `fields` say otherwise) with a live session from `now` for `ttlMs`,
 * whose token is `token-<username>`: the `Key` header of the calls made as them.
 */
export async function insertSiswaMasuk(
  db: Executor,
  username: string,
  session: { now: number; ttlMs: number },
  fields: Partial<Insertable<SiswaTable>> = {},
): Promise<{ id: number; token: string }> {
  const id = await insertSiswaRow(db, username, { nama_lengkap: `Siswa ${username}`, ...fields });
  const token = `token-${username}`;
  await insertSesi(db, id, token, session.now, session.now + session.ttlMs);
  return { id, token };
}

/** A schedule named after its package unless `nama` is given; regular unless `is_event`. */
export async function insertJadwal(
  db: Executor,
  values: { paket: number; nama?: string; tgl_awal: number; tgl_akhir: number; is_event?: number },
): Promise<number> {
  const row = await db
    .insertInto('jadwal')
    .values({
      ...values,
      nama: values.nama ?? `Paket ${values.paket}`,
      is_event: values.is_event ?? 0,
      irt_calibrated_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A category; its discussion link is the result PDF's unless `pembahasan` is given. */
export async function insertKategori(
  db: Executor,
  idJadwal: number,
  nama: string,
  hash: string,
  urutan: number,
  pembahasan = `/api/pdf/pembahasan/${idJadwal}/${hash}`,
): Promise<number> {
  const row = await db
    .insertInto('kategori')
    .values({ id_jadwal: idJadwal, nama, hash, urutan, pembahasan })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A subject of `waktu` minutes (30 unless given). */
export async function insertMapel(
  db: Executor,
  idKategori: number,
  nama: string,
  urutan: number,
  waktu = 30,
): Promise<number> {
  const row = await db
    .insertInto('mapel')
    .values({ id_kategori: idKategori, nama, waktu, urutan })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface SoalInput {
  nomor: number;
  type: number;
  soal: string;
  kunci: string;
  options?: Partial<Record<'a' | 'b' | 'c' | 'd' | 'e', string>>;
  pembahasan?: string;
  statements?: { pernyataan: string; kunci: string }[];
  /** A type-3 question's group_text_type (1 unless given). */
  groupTextType?: number;
}

/** Inserts a question (and its statements); returns the question id and the statement ids. */
export async function insertSoal(db: Executor, idMapel: number, input: SoalInput) {
  const row = await db
    .insertInto('soal')
    .values({
      id_mapel: idMapel,
      nomor: input.nomor,
      type: input.type,
      soal: input.soal,
      a: input.options?.a ?? '',
      b: input.options?.b ?? '',
      c: input.options?.c ?? '',
      d: input.options?.d ?? '',
      e: input.options?.e ?? '',
      kunci: input.kunci,
      pembahasan: input.pembahasan ?? '',
      group_text_type: input.type === 3 ? (input.groupTextType ?? 1) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const statementIds: number[] = [];
  for (const [index, statement] of (input.statements ?? []).entries()) {
    const s = await db
      .insertInto('soal_group')
      .values({
        id_soal: row.id,
        urutan: index + 1,
        pernyataan: statement.pernyataan,
        kunci: statement.kunci,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    statementIds.push(s.id);
  }
  return { id: row.id, statementIds };
}
