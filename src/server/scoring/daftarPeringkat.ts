/**
 * The full package ranking of a closed schedule as ready JSON, built once per process and schedule. The spec's
 * ranking answer is the whole list (about 6 MB at 100,000 participants): built row by row for every request, a few
 * dozen students opening it at once held the server for seconds each. The list is the same for every student but
 * for the caller's `is_me`, so it is kept as one string with where each row starts and where its flag is; an answer,
 * the whole list or a page of it, is a few slices of that string.
 *
 * What is kept, per process (README "Several processes and machines"): at most a few schedules' lists. An entry is
 * used only while the schedule's results are the ones it was built from (`jadwal.peringkat_versi`, which every
 * write of them raises, in any process) and for at most a minute, because the names are read from the profiles.
 */
import type { Kysely } from 'kysely';
import { prepareQuery } from '../db/compiledQuery';
import type { Executor } from '../db/executor';
import type { Database } from '../db/types';
import { peringkatPaketTersimpan } from './peringkatTersimpan';

/** How long a built list serves: a student who changes his name shows with the new one after this. */
const DAFTAR_MAX_AGE_MS = 60_000;
/** Closed schedules whose lists one process keeps (the most recently built). */
const DAFTAR_MAX = 4;

export interface DaftarPeringkat {
  /** `jadwal.peringkat_versi` of the results it was built from. */
  stamp: number;
  builtAt: number;
  /** The `list_rangking` array as JSON, every `is_me` false. */
  json: string;
  /** rowAt[urutan − 1]: where the row's object starts in `json` (after the comma). */
  rowAt: Int32Array;
  /** isMeAt[urutan − 1]: where the row's `false` starts in `json`. */
  isMeAt: Int32Array;
}

// Per database handle, so that two databases in one process (tests) never share a list.
const perDb = new WeakMap<object, Map<number, Promise<DaftarPeringkat>>>();

/**
 * The list as its rows read now, stamped with the version read just before them in the same transaction: on
 * SQLite one snapshot; on PostgreSQL (read committed) the rows may be newer than the stamp, never older, so a list
 * is never taken for newer than it is (a caller with the newer version builds it again).
 */
function build(db: Executor, idJadwal: number, now: number): Promise<DaftarPeringkat> {
  return db.transaction().execute(async (trx) => {
    const stamp = Number((await stampQuery.first(trx, { idJadwal }))?.peringkat_versi ?? 0);
    const rows = await peringkatPaketTersimpan(trx, idJadwal);
    const rowAt = new Int32Array(rows.length);
    const isMeAt = new Int32Array(rows.length);
    const parts: string[] = [];
    let length = 1; // '['
    rows.forEach((row, index) => {
      if (index > 0) {
        parts.push(',');
        length += 1;
      }
      // The same fields, order and number forms as the answer's schema serialises.
      const head = `{"peringkat":${row.peringkat},"nama":${JSON.stringify(row.nama)},"skor":${row.skor},"is_me":`;
      rowAt[index] = length;
      isMeAt[index] = length + head.length;
      parts.push(`${head}false}`);
      length += head.length + 'false}'.length;
    });
    return { stamp, builtAt: now, json: `[${parts.join('')}]`, rowAt, isMeAt };
  });
}

const stampQuery = prepareQuery((q: Kysely<Database>, p: { idJadwal: number }) =>
  q.selectFrom('jadwal').select('peringkat_versi').where('id', '=', p.idJadwal),
);

/** A participant's stored place (null when not ranked). */
export interface TempatPaket {
  peringkat: number;
  skor: number;
  /** Place in the listing, 1-based. */
  urutan: number;
}

// The version and the caller's place in one statement: both from the same results.
const tempatQuery = prepareQuery((q: Kysely<Database>, p: { idJadwal: number; idSiswa: number }) =>
  q
    .selectFrom('jadwal')
    .leftJoin('peringkat_paket', (join) =>
      join
        .onRef('peringkat_paket.id_jadwal', '=', 'jadwal.id')
        .on('peringkat_paket.id_siswa', '=', p.idSiswa),
    )
    .select([
      'jadwal.peringkat_versi',
      'peringkat_paket.peringkat',
      'peringkat_paket.skor',
      'peringkat_paket.urutan',
    ])
    .where('jadwal.id', '=', p.idJadwal),
);

async function tempatBerstempel(db: Executor, idJadwal: number, idSiswa: number) {
  const row = await tempatQuery.first(db, { idJadwal, idSiswa });
  const tempat: TempatPaket | null =
    row && row.urutan !== null
      ? { peringkat: Number(row.peringkat), skor: Number(row.skor), urutan: Number(row.urutan) }
      : null;
  return { stamp: Number(row?.peringkat_versi ?? 0), tempat };
}

/**
 * The list of a closed schedule (its results stored), built now or earlier (concurrent callers share one build),
 * and the caller's place in that same list.
 */
export async function daftarDenganTempat(
  db: Executor,
  idJadwal: number,
  idSiswa: number,
  now: number,
): Promise<{ daftar: DaftarPeringkat; tempat: TempatPaket | null }> {
  const read = await tempatBerstempel(db, idJadwal, idSiswa);
  const daftar = await daftarBerstempel(db, idJadwal, read.stamp, now);
  // The results were written again between the two reads (a close in another process): the place of the list's own.
  if (daftar.stamp === read.stamp) return { daftar, tempat: read.tempat };
  return { daftar, tempat: (await tempatBerstempel(db, idJadwal, idSiswa)).tempat };
}

async function daftarBerstempel(
  db: Executor,
  idJadwal: number,
  stamp: number,
  now: number,
): Promise<DaftarPeringkat> {
  let cache = perDb.get(db);
  if (!cache) {
    cache = new Map();
    perDb.set(db, cache);
  }
  const cached = cache.get(idJadwal);
  if (cached) {
    const daftar = await cached.catch(() => null);
    if (daftar && daftar.stamp === stamp && now - daftar.builtAt < DAFTAR_MAX_AGE_MS && now >= daftar.builtAt)
      return daftar;
    if (cache.get(idJadwal) !== cached) return daftarBerstempel(db, idJadwal, stamp, now);
  }
  const building = build(db, idJadwal, now);
  cache.delete(idJadwal);
  cache.set(idJadwal, building);
  while (cache.size > DAFTAR_MAX) cache.delete(cache.keys().next().value as number);
  building.catch(() => {
    if (cache.get(idJadwal) === building) cache.delete(idJadwal);
  });
  return building;
}

/**
 * Places `dari` to `sampai` (1-based, inclusive; clipped to the list) as a JSON array, the caller's row (place
 * `urutan`) marked.
 */
export function potongDaftar(
  daftar: DaftarPeringkat,
  urutan: number | null,
  dari: number,
  sampai: number,
): string {
  const jumlah = daftar.rowAt.length;
  const first = Math.max(1, dari);
  const last = Math.min(jumlah, sampai);
  if (first > last) return '[]';
  const start = daftar.rowAt[first - 1];
  // A row ends where the next row's comma is (the last one before the closing bracket).
  const end = last < jumlah ? daftar.rowAt[last] - 1 : daftar.json.length - 1;
  if (urutan === null || urutan < first || urutan > last) return `[${daftar.json.slice(start, end)}]`;
  const at = daftar.isMeAt[urutan - 1];
  return `[${daftar.json.slice(start, at)}true${daftar.json.slice(at + 'false'.length, end)}]`;
}
