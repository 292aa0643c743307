/**
 * Sessions (sesi rows): the student of a live token, and ending sessions. The caller tells this process's session
 * cache (lib/sessionCache.ts) what it ended.
 */
import { bacaanBersama } from './batching/bacaBersama';
import { prepareQuery } from './compiledQuery';
import { larikParameter } from './larikParameter';
import type { Executor } from './executor';
import type { Siswa } from './siswa';

/** The columns read, `table.column`: valid SQL as they stand, so both forms of the read share them. */
const KOLOM = [
  'siswa.id',
  'siswa.nama_lengkap',
  'siswa.lembaga',
  'siswa.minat',
  'siswa.id_program',
  'sesi.expires_at',
] as const;

const siswaByTokenQuery = prepareQuery((q: Executor, p: { tokenHash: string; now: number }) =>
  q
    .selectFrom('sesi')
    .innerJoin('siswa', 'siswa.id', 'sesi.id_siswa')
    .select(KOLOM)
    .where('sesi.token_hash', '=', p.tokenHash)
    .where('sesi.revoked_at', 'is', null)
    .where('sesi.expires_at', '>', p.now),
);

type SesiSiswa = Siswa & { expires_at: number };

/**
 * The same read with the other look-ups of a turn (batching/bacaBersama.ts): a student's first call in a process finds
 * no session in its cache, and at the start of an event every student's first call comes at once.
 */
const siswaByTokens = bacaanBersama<{ tokenHash: string; now: number }, SesiSiswa>({
  sendiri: siswaByTokenQuery,
  nama: 'sesi',
  sql: `SELECT t.n, ${KOLOM.join(', ')}
FROM unnest(${larikParameter(1, 'text')}, ${larikParameter(2, 'int8')}) WITH ORDINALITY AS t (token_hash, now, n)
JOIN sesi ON sesi.token_hash = t.token_hash AND sesi.revoked_at IS NULL AND sesi.expires_at > t.now
JOIN siswa ON siswa.id = sesi.id_siswa`,
  parameter: (keys) => [keys.map((k) => k.tokenHash), keys.map((k) => k.now)],
  dalamJalan: 2,
});

/** The student of a live session (not ended, not expired at `now`) with its end, or undefined. */
export async function siswaOfSesi(
  db: Executor,
  tokenHash: string,
  now: number,
): Promise<SesiSiswa | undefined> {
  const [row] = await siswaByTokens.baca(db, { tokenHash, now });
  return row;
}

/**
 * Ends the open sessions of one token (a logout) or of one student (a password the operator set). A session already
 * ended keeps the moment it ended.
 */
export async function akhiriSesi(
  db: Executor,
  milik: { token_hash: string } | { id_siswa: number },
  now: number,
): Promise<void> {
  await db
    .updateTable('sesi')
    .set({ revoked_at: now })
    .where((eb) => eb.and(milik))
    .where('revoked_at', 'is', null)
    .execute();
}
