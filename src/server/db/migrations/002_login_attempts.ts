import type { AnyDb } from './anyDb';
import type { Dialect } from '../createDb';

/**
 * Login attempts counted before the password is checked (plugins/auth.ts): one row per attempt that was let
 * through, per username and client address, so that every server process shares the limit. It replaces
 * `login_gagal`, which was written only after the check (concurrent tries were never counted).
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  await db.schema.dropTable('login_gagal').ifExists().execute();
  const table = db.schema.createTable('login_percobaan');
  await (
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('username', 'varchar(100)', (c) => c.notNull())
    .addColumn('alamat', 'varchar(64)', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_percobaan_username_at')
    .on('login_percobaan')
    .columns(['username', 'at'])
    .execute();
  await db.schema
    .createIndex('login_percobaan_alamat_at')
    .on('login_percobaan')
    .columns(['alamat', 'at'])
    .execute();
}
