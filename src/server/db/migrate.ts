import { Migrator, sql, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import { dialectOf } from './createDb';
import type { Executor } from './executor';
import * as initial from './migrations/001_initial';
import * as loginAttempts from './migrations/002_login_attempts';
import * as hasilToBerjalan from './migrations/003_hasil_to_berjalan';
import * as peringkat from './migrations/004_peringkat';
import * as peringkatVersi from './migrations/005_peringkat_versi';
import * as mapelUrutan from './migrations/006_mapel_urutan';
import * as jawabanTanpaFkSoal from './migrations/007_jawaban_tanpa_fk_soal';
import * as konten from './migrations/008_konten';
import * as acak from './migrations/010_acak';
import * as penutupanLease from './migrations/011_penutupan_lease';
import * as jadwalVersiIsi from './migrations/012_jadwal_versi_isi';
import * as sesiNotify from './migrations/013_sesi_notify';
import * as sesiVersi from './migrations/017_sesi_versi';
import * as laporan from './migrations/018_laporan';
import * as rumusPdf from './migrations/019_rumus_pdf';
import * as penutupanProgres from './migrations/020_penutupan_progres';

/** Migrations in code (not files on disk) so the same list runs from ts-jest, tsx and the built server. */
class ListProvider implements MigrationProvider {
  constructor(private readonly db: Executor) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const dialect = dialectOf(this.db);
    return {
      '001_initial': { up: (kysely) => initial.up(kysely, dialect) },
      '002_login_attempts': { up: (kysely) => loginAttempts.up(kysely, dialect) },
      '003_hasil_to_berjalan': { up: (kysely) => hasilToBerjalan.up(kysely) },
      '004_peringkat': { up: (kysely) => peringkat.up(kysely) },
      '005_peringkat_versi': { up: (kysely) => peringkatVersi.up(kysely) },
      '006_mapel_urutan': { up: (kysely) => mapelUrutan.up(kysely) },
      '007_jawaban_tanpa_fk_soal': { up: (kysely) => jawabanTanpaFkSoal.up(kysely, dialect) },
      '008_konten': { up: (kysely) => konten.up(kysely, dialect) },
      '010_acak': { up: (kysely) => acak.up(kysely) },
      // After 010: a database that already ran 010 refuses a migration named before it.
      '011_penutupan_lease': { up: (kysely) => penutupanLease.up(kysely) },
      '012_jadwal_versi_isi': { up: (kysely) => jadwalVersiIsi.up(kysely) },
      '013_sesi_notify': { up: (kysely) => sesiNotify.up(kysely, dialect) },
      '017_sesi_versi': { up: (kysely) => sesiVersi.up(kysely, dialect) },
      '018_laporan': { up: (kysely) => laporan.up(kysely) },
      '019_rumus_pdf': { up: (kysely) => rumusPdf.up(kysely) },
      '020_penutupan_progres': { up: (kysely) => penutupanProgres.up(kysely) },
    };
  }
}

async function migratorOf(db: Executor): Promise<Migrator> {
  // PostgreSQL: Kysely looks for its migration tables in every schema, so a test schema would see another
  // suite's tables and skip creating its own. Pin them to the connection's current schema.
  const migrationTableSchema =
    dialectOf(db) === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  return new Migrator({
    db,
    provider: new ListProvider(db),
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
}

function settled(result: MigrationResultSet): void {
  if (result.error) {
    throw result.error instanceof Error ? result.error : new Error(String(result.error));
  }
}

export async function migrateToLatest(db: Executor): Promise<void> {
  settled(await (await migratorOf(db)).migrateToLatest());
}

/** Up to the named migration and no further (tests of a migration start from the schema before it). */
export async function migrateTo(db: Executor, name: string): Promise<void> {
  settled(await (await migratorOf(db)).migrateTo(name));
}

/** Names of the migrations this code knows that the database has not run (readiness reports them). */
export async function pendingMigrations(db: Executor): Promise<string[]> {
  const migrations = await (await migratorOf(db)).getMigrations();
  return migrations.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
