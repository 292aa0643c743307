/**
 * The full package ranking of a closed schedule as ready JSON, built once per process and schedule. The spec's
 * ranking answer is the whole list (about 6 MB at 100,000 participants): built row by row for every request, a few
 * dozen students opening it at once held the server for seconds each. The list is the same for every student but
 * for the caller's `is_me`, so it is kept as one string with the place of each row's flag, and an answer is three
 * slices of it.
 *
 * What is kept, per process (README "Several processes and machines"): at most a few schedules' lists. An entry is
 * used only while the schedule's results are the ones it was built from (`jadwal.peringkat_versi`, which every
 * write of them raises, in any process) and for at most a minute, because the names are read from the profiles.
 */
import type { Kysely } from 'kysely';
import { prepareQuery } from '../db/compiledQuery';
import type { Db } from '../db/createDb';
import type { Database } from '../db/types';
import { peringkatPaketTersimpan } from './peringkatTersimpan';

/** How long a built list serves: a student who changes his name shows with the new one after this. */
export const DAFTAR_MAX_AGE_MS = 60_000;
/** Closed schedules whose lists one process keeps (the most recently built). */
const DAFTAR_MAX = 4;

export interface DaftarPeringkat {
  /** `jadwal.peringkat_versi` of the results it was built from. */
  stamp: number;
  builtAt: number;
  /** The `list_rangking` array as JSON, every `is_me` false. */
  json: string;
  /** isMeAt[urutan − 1]: where the row's `false` starts in `json`. */
  isMeAt: Int32Array;
}

// Per database handle, so that two databases in one process (tests) never share a list.
const perDb = new WeakMap<object, Map<number, Promise<DaftarPeringkat>>>();

function build(db: Db, idJadwal: number, stamp: number, now: number): Promise<DaftarPeringkat> {
  return peringkatPaketTersimpan(db, idJadwal).then((rows) => {
    const isMeAt = new Int32Array(rows.length);
    const parts: string[] = [];
    let length = 1; // '['
    rows.forEach((row, index) => {
      // The same fields, order and number forms as the answer's schema serialises.
      const head = `${index > 0 ? ',' : ''}{"peringkat":${row.peringkat},"nama":${JSON.stringify(row.nama)},"skor":${row.skor},"is_me":`;
      isMeAt[index] = length + head.length;
      parts.push(`${head}false}`);
      length += head.length + 'false}'.length;
    });
    return { stamp, builtAt: now, json: `[${parts.join('')}]`, isMeAt };
  });
}

const stampQuery = prepareQuery((q: Kysely<Database>, p: { idJadwal: number }) =>
  q.selectFrom('jadwal').select('peringkat_versi').where('id', '=', p.idJadwal),
);

/** The list of a closed schedule (its results stored), built now or earlier; concurrent callers share one build. */
export async function daftarPeringkatPaket(db: Db, idJadwal: number, now: number): Promise<DaftarPeringkat> {
  const row = await stampQuery.first(db.kysely, { idJadwal });
  return daftarBerstempel(db, idJadwal, Number(row?.peringkat_versi ?? 0), now);
}

async function daftarBerstempel(
  db: Db,
  idJadwal: number,
  stamp: number,
  now: number,
): Promise<DaftarPeringkat> {
  let cache = perDb.get(db.kysely);
  if (!cache) {
    cache = new Map();
    perDb.set(db.kysely, cache);
  }
  const cached = cache.get(idJadwal);
  if (cached) {
    const daftar = await cached.catch(() => null);
    if (daftar && daftar.stamp === stamp && now - daftar.builtAt < DAFTAR_MAX_AGE_MS && now >= daftar.builtAt)
      return daftar;
    if (cache.get(idJadwal) !== cached) return daftarBerstempel(db, idJadwal, stamp, now);
  }
  const building = build(db, idJadwal, stamp, now);
  cache.delete(idJadwal);
  cache.set(idJadwal, building);
  while (cache.size > DAFTAR_MAX) cache.delete(cache.keys().next().value as number);
  building.catch(() => {
    if (cache.get(idJadwal) === building) cache.delete(idJadwal);
  });
  return building;
}

/** The list with the caller's row (place `urutan`, 1-based) marked; as built when the caller has no row. */
export function daftarUntuk(daftar: DaftarPeringkat, urutan: number | null): string {
  if (urutan === null || urutan < 1 || urutan > daftar.isMeAt.length) return daftar.json;
  const at = daftar.isMeAt[urutan - 1];
  return `${daftar.json.slice(0, at)}true${daftar.json.slice(at + 'false'.length)}`;
}
