import { sql, type CreateTableBuilder } from 'kysely';
import type { AnyDb } from './anyDb';
import type { Dialect } from '../createDb';

/** The whole data model, written once for SQLite and PostgreSQL. */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const id = <T extends string>(table: CreateTableBuilder<T, never>) =>
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on an untyped schema by design
  const text = (c: any) => c.notNull().defaultTo('');

  await id(db.schema.createTable('siswa'))
    .addColumn('username', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('nama_lengkap', 'text', text)
    .addColumn('nama_panggilan', 'text', text)
    .addColumn('photo_url', 'text', text)
    .addColumn('id_program', 'integer', (c) => c.notNull())
    .addColumn('lembaga', 'text', text)
    .addColumn('minat', 'text', text)
    .addColumn('no_telp', 'text', text)
    .addColumn('no_telp_ortu', 'text', text)
    .addColumn('alamat', 'text', text)
    .addColumn('email', 'text', text)
    .addColumn('kelas', 'text', text)
    .addColumn('jenjang', 'text', text)
    .addColumn('sekolah', 'text', text)
    .addColumn('kurikulum_str', 'text', text)
    .addColumn('is_synthetic', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('sesi')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('id_siswa', 'integer', (c) => c.notNull().references('siswa.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('sesi_siswa').on('sesi').column('id_siswa').execute();

  await id(db.schema.createTable('login_gagal'))
    .addColumn('username', 'varchar(100)', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_gagal_username_at')
    .on('login_gagal')
    .columns(['username', 'at'])
    .execute();

  await id(db.schema.createTable('jadwal'))
    .addColumn('paket', 'integer', (c) => c.notNull())
    .addColumn('nama', 'text', text)
    .addColumn('tgl_awal', 'bigint', (c) => c.notNull())
    .addColumn('tgl_akhir', 'bigint', (c) => c.notNull())
    .addColumn('is_event', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('irt_calibrated_at', 'bigint')
    .execute();

  await db.schema
    .createTable('jadwal_peserta')
    .addColumn('id_jadwal', 'integer', (c) => c.notNull().references('jadwal.id').onDelete('cascade'))
    .addColumn('id_siswa', 'integer', (c) => c.notNull().references('siswa.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('jadwal_peserta_pk', ['id_jadwal', 'id_siswa'])
    .execute();
  await db.schema.createIndex('jadwal_peserta_siswa').on('jadwal_peserta').column('id_siswa').execute();

  await id(db.schema.createTable('kategori'))
    .addColumn('id_jadwal', 'integer', (c) => c.notNull().references('jadwal.id').onDelete('cascade'))
    .addColumn('nama', 'text', text)
    .addColumn('hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('urutan', 'integer', (c) => c.notNull())
    .addColumn('pembahasan', 'text', text)
    .execute();
  await db.schema.createIndex('kategori_jadwal').on('kategori').column('id_jadwal').execute();

  await id(db.schema.createTable('mapel'))
    .addColumn('id_kategori', 'integer', (c) => c.notNull().references('kategori.id').onDelete('cascade'))
    .addColumn('nama', 'text', text)
    .addColumn('waktu', 'integer', (c) => c.notNull())
    .addColumn('urutan', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mapel_kategori').on('mapel').column('id_kategori').execute();

  await id(db.schema.createTable('soal'))
    .addColumn('id_mapel', 'integer', (c) => c.notNull().references('mapel.id').onDelete('cascade'))
    .addColumn('nomor', 'integer', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull().check(sql`type between 1 and 5`))
    .addColumn('soal', 'text', text)
    .addColumn('a', 'text', text)
    .addColumn('b', 'text', text)
    .addColumn('c', 'text', text)
    .addColumn('d', 'text', text)
    .addColumn('e', 'text', text)
    .addColumn('kunci', 'text', text)
    .addColumn('pembahasan', 'text', text)
    .addColumn('group_text_type', 'integer')
    .execute();
  await db.schema.createIndex('soal_mapel').on('soal').columns(['id_mapel', 'nomor']).execute();

  await id(db.schema.createTable('soal_group'))
    .addColumn('id_soal', 'integer', (c) => c.notNull().references('soal.id').onDelete('cascade'))
    .addColumn('urutan', 'integer', (c) => c.notNull())
    .addColumn('pernyataan', 'text', text)
    .addColumn('kunci', 'varchar(1)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('soal_group_soal').on('soal_group').column('id_soal').execute();

  await db.schema
    .createTable('irt_item')
    .addColumn('id_soal', 'integer', (c) => c.primaryKey().references('soal.id').onDelete('cascade'))
    .addColumn('difficulty', 'double precision', (c) => c.notNull())
    .addColumn('se', 'double precision', (c) => c.notNull())
    .addColumn('calibrated_at', 'bigint', (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('hasil_to'))
    .addColumn('id_jadwal', 'integer', (c) => c.notNull().references('jadwal.id').onDelete('cascade'))
    .addColumn('id_kategori', 'integer', (c) => c.notNull().references('kategori.id').onDelete('cascade'))
    .addColumn('id_siswa', 'integer', (c) => c.notNull().references('siswa.id').onDelete('cascade'))
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('ended_at', 'bigint')
    .addColumn('is_selesai', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('hasil_to_kategori_siswa', ['id_kategori', 'id_siswa'])
    .execute();
  await db.schema.createIndex('hasil_to_siswa').on('hasil_to').columns(['id_siswa', 'id_jadwal']).execute();
  await db.schema.createIndex('hasil_to_jadwal').on('hasil_to').column('id_jadwal').execute();

  await id(db.schema.createTable('jawaban'))
    .addColumn('id_hasil_to', 'integer', (c) => c.notNull().references('hasil_to.id').onDelete('cascade'))
    .addColumn('id_soal', 'integer', (c) => c.notNull().references('soal.id').onDelete('cascade'))
    .addColumn('jawaban', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('jawaban_hasil_soal', ['id_hasil_to', 'id_soal'])
    .execute();
  await db.schema.createIndex('jawaban_soal').on('jawaban').column('id_soal').execute();

  await id(db.schema.createTable('jawaban_group'))
    .addColumn('id_jawaban', 'integer', (c) => c.notNull().references('jawaban.id').onDelete('cascade'))
    .addColumn('id_soal_group', 'integer', (c) => c.notNull().references('soal_group.id').onDelete('cascade'))
    .addColumn('jawaban', 'varchar(1)', (c) => c.notNull().defaultTo('0'))
    .addUniqueConstraint('jawaban_group_unik', ['id_jawaban', 'id_soal_group'])
    .execute();

  await db.schema
    .createTable('mapel_waktu')
    .addColumn('id_hasil_to', 'integer', (c) => c.notNull().references('hasil_to.id').onDelete('cascade'))
    .addColumn('id_mapel', 'integer', (c) => c.notNull().references('mapel.id').onDelete('cascade'))
    .addColumn('sisa_waktu', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('opened_at', 'bigint')
    .addColumn('last_seen_at', 'bigint')
    .addPrimaryKeyConstraint('mapel_waktu_pk', ['id_hasil_to', 'id_mapel'])
    .execute();

  await db.schema
    .createTable('hasil_mapel')
    .addColumn('id_hasil_to', 'integer', (c) => c.notNull().references('hasil_to.id').onDelete('cascade'))
    .addColumn('id_mapel', 'integer', (c) => c.notNull().references('mapel.id').onDelete('cascade'))
    .addColumn('id_siswa', 'integer', (c) => c.notNull().references('siswa.id').onDelete('cascade'))
    .addColumn('id_jadwal', 'integer', (c) => c.notNull().references('jadwal.id').onDelete('cascade'))
    .addColumn('benar', 'integer', (c) => c.notNull())
    .addColumn('salah', 'integer', (c) => c.notNull())
    .addColumn('kosong', 'integer', (c) => c.notNull())
    .addColumn('nilai', 'integer', (c) => c.notNull())
    .addColumn('persentase', 'double precision', (c) => c.notNull())
    .addColumn('metode', 'varchar(10)', (c) => c.notNull().defaultTo('klasik'))
    .addColumn('theta', 'double precision')
    .addPrimaryKeyConstraint('hasil_mapel_pk', ['id_hasil_to', 'id_mapel'])
    .execute();
  await db.schema
    .createIndex('hasil_mapel_jadwal')
    .on('hasil_mapel')
    .columns(['id_jadwal', 'id_siswa'])
    .execute();
  await db.schema.createIndex('hasil_mapel_mapel').on('hasil_mapel').column('id_mapel').execute();

  await id(db.schema.createTable('materi_kategori'))
    .addColumn('nama', 'text', text)
    .addColumn('urutan', 'integer', (c) => c.notNull())
    .execute();
  await id(db.schema.createTable('materi_mapel'))
    .addColumn('id_kategori', 'integer', (c) =>
      c.notNull().references('materi_kategori.id').onDelete('cascade'),
    )
    .addColumn('nama', 'text', text)
    .addColumn('urutan', 'integer', (c) => c.notNull())
    .execute();
  await id(db.schema.createTable('materi'))
    .addColumn('id_mapel', 'integer', (c) => c.notNull().references('materi_mapel.id').onDelete('cascade'))
    .addColumn('nama', 'text', text)
    .addColumn('menit', 'integer', (c) => c.notNull())
    .addColumn('urutan', 'integer', (c) => c.notNull())
    .execute();
  await id(db.schema.createTable('materi_soal'))
    .addColumn('id_materi', 'integer', (c) => c.notNull().references('materi.id').onDelete('cascade'))
    .addColumn('nomor', 'integer', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull().check(sql`type in (1, 2, 4)`))
    .addColumn('soal', 'text', text)
    .addColumn('a', 'text', text)
    .addColumn('b', 'text', text)
    .addColumn('c', 'text', text)
    .addColumn('d', 'text', text)
    .addColumn('e', 'text', text)
    .addColumn('kunci', 'text', text)
    .addColumn('pembahasan', 'text', text)
    .execute();
  await db.schema
    .createIndex('materi_soal_materi')
    .on('materi_soal')
    .columns(['id_materi', 'nomor'])
    .execute();

  await id(db.schema.createTable('materi_hasil'))
    .addColumn('id_materi', 'integer', (c) => c.notNull().references('materi.id').onDelete('cascade'))
    .addColumn('id_siswa', 'integer', (c) => c.notNull().references('siswa.id').onDelete('cascade'))
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('ended_at', 'bigint')
    .addColumn('sisa_waktu', 'integer', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('benar', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('salah', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('kosong', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skor', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('materi_hasil_unik', ['id_materi', 'id_siswa'])
    .execute();

  await db.schema
    .createTable('materi_jawaban')
    .addColumn('id_materi_hasil', 'integer', (c) =>
      c.notNull().references('materi_hasil.id').onDelete('cascade'),
    )
    .addColumn('id_soal', 'integer', (c) => c.notNull().references('materi_soal.id').onDelete('cascade'))
    .addColumn('jawaban', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('materi_jawaban_pk', ['id_materi_hasil', 'id_soal'])
    .execute();

  await id(db.schema.createTable('prodi'))
    .addColumn('universitas', 'text', text)
    .addColumn('jurusan', 'text', text)
    .addColumn('jenjang', 'text', text)
    .addColumn('grade', 'integer', (c) => c.notNull())
    .addColumn('kapasitas', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('pilihan_siswa')
    .addColumn('id_siswa', 'integer', (c) => c.notNull().references('siswa.id').onDelete('cascade'))
    .addColumn('num_option', 'integer', (c) => c.notNull())
    .addColumn('id_prodi', 'integer', (c) => c.notNull().references('prodi.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('pilihan_siswa_pk', ['id_siswa', 'num_option'])
    .execute();
  await db.schema.createIndex('pilihan_siswa_prodi').on('pilihan_siswa').column('id_prodi').execute();
}
