import type { AnyDb } from './anyDb';

/**
 * Results written once at the close of a schedule (README "Performance"; scoring/penutupan.ts): each finished
 * participant's package score and competition rank, each university-choice rank and status, and each category's
 * mean over all participants. `urutan` is the place in the listing (rank, then name), so a ranking page is a read of
 * one index in order and a student's rank one key look-up. `jadwal.peringkat_at` says when they were written: rows
 * written after the schedule's end (`peringkat_at ≥ tgl_akhir`) are the schedule's results.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('jadwal').addColumn('peringkat_at', 'bigint').execute();

  await db.schema
    .createTable('peringkat_paket')
    .addColumn('id_jadwal', 'integer', (c) => c.notNull().references('jadwal.id').onDelete('cascade'))
    .addColumn('id_siswa', 'integer', (c) => c.notNull().references('siswa.id').onDelete('cascade'))
    .addColumn('skor', 'double precision', (c) => c.notNull())
    .addColumn('peringkat', 'integer', (c) => c.notNull())
    .addColumn('urutan', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('peringkat_paket_pk', ['id_jadwal', 'id_siswa'])
    .execute();
  await db.schema
    .createIndex('peringkat_paket_urutan')
    .on('peringkat_paket')
    .columns(['id_jadwal', 'urutan'])
    .unique()
    .execute();

  await db.schema
    .createTable('peringkat_pilihan')
    .addColumn('id_jadwal', 'integer', (c) => c.notNull().references('jadwal.id').onDelete('cascade'))
    .addColumn('id_prodi', 'integer', (c) => c.notNull().references('prodi.id').onDelete('cascade'))
    .addColumn('id_siswa', 'integer', (c) => c.notNull().references('siswa.id').onDelete('cascade'))
    .addColumn('skor', 'double precision', (c) => c.notNull())
    .addColumn('peringkat', 'integer', (c) => c.notNull())
    .addColumn('urutan', 'integer', (c) => c.notNull())
    /** 1 when the score reaches the programme's grade and the rank is within its capacity. */
    .addColumn('lulus', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('peringkat_pilihan_pk', ['id_jadwal', 'id_prodi', 'id_siswa'])
    .execute();
  await db.schema
    .createIndex('peringkat_pilihan_urutan')
    .on('peringkat_pilihan')
    .columns(['id_jadwal', 'id_prodi', 'urutan'])
    .unique()
    .execute();

  await db.schema
    .createTable('rata_rata_kategori')
    .addColumn('id_kategori', 'integer', (c) => c.primaryKey().references('kategori.id').onDelete('cascade'))
    .addColumn('id_jadwal', 'integer', (c) => c.notNull().references('jadwal.id').onDelete('cascade'))
    .addColumn('rata_rata', 'double precision', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rata_rata_kategori_jadwal')
    .on('rata_rata_kategori')
    .column('id_jadwal')
    .execute();
}
