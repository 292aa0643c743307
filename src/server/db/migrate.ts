import { Migrator, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import type { Db } from './createDb';
import * as initial from './migrations/001_initial';

/** Migrations in code (not files on disk) so the same list runs from ts-jest, tsx and the built server. */
class ListProvider implements MigrationProvider {
  constructor(private readonly db: Db) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const { dialect } = this.db;
    return {
      '001_initial': { up: (kysely) => initial.up(kysely, dialect) },
    };
  }
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db: db.kysely, provider: new ListProvider(db) });
  const result: MigrationResultSet = await migrator.migrateToLatest();
  if (result.error) {
    throw result.error instanceof Error ? result.error : new Error(String(result.error));
  }
}
