import type { AnyDb } from './anyDb';
import type { Dialect } from '../createDb';

/**
 * The content store: images of imported questions, keyed by the SHA-256 of their bytes (hex), in the database so
 * every server of one database serves the same files at `/konten/<sha256>`. A row is never changed: the same bytes
 * always have the same key.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('konten')
    .addColumn('sha256', 'text', (col) => col.primaryKey())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('bytes', dialect === 'postgres' ? 'bytea' : 'blob', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
}
