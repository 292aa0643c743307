/**
 * The content store (migration 008): images of questions, keyed by the SHA-256 of their bytes and served from our
 * own origin at `/konten/<sha256>`. Kept in the database so every server of one database has every image.
 */
import { createHash } from 'node:crypto';
import type { Executor } from '../db/executor';

export const KONTEN_PREFIX = '/konten/';

export interface Berkas {
  sha256: string;
  contentType: string;
  bytes: Buffer;
}

export function sha256Hex(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function berkas(bytes: Buffer, contentType: string): Berkas {
  return { sha256: sha256Hex(bytes), contentType, bytes };
}

export const alamatKonten = (sha256: string) => `${KONTEN_PREFIX}${sha256}`;

/** Stores the files not stored yet (the same bytes are the same key: a stored one is never rewritten). */
export async function simpanKonten(db: Executor, files: readonly Berkas[], now: number): Promise<number> {
  const unik = [...new Map(files.map((f) => [f.sha256, f])).values()];
  let baru = 0;
  for (const f of unik) {
    const ada = await db
      .selectFrom('konten')
      .select('sha256')
      .where('sha256', '=', f.sha256)
      .executeTakeFirst();
    if (ada) continue;
    await db
      .insertInto('konten')
      .values({ sha256: f.sha256, content_type: f.contentType, bytes: f.bytes, created_at: now })
      .onConflict((oc) => oc.column('sha256').doNothing())
      .execute();
    baru += 1;
  }
  return baru;
}

export async function bacaKonten(
  db: Executor,
  sha256: string,
): Promise<{ contentType: string; bytes: Buffer } | null> {
  const row = await db
    .selectFrom('konten')
    .select(['content_type', 'bytes'])
    .where('sha256', '=', sha256)
    .executeTakeFirst();
  return row ? { contentType: row.content_type, bytes: Buffer.from(row.bytes) } : null;
}
