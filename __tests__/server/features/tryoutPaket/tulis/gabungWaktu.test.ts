/**
 * A subject's clock merged into the stored one (src/server/features/tryoutPaket/tulis/gabungWaktu.ts): written once
 * in SQL for both databases and once in JavaScript (two clocks of one subject in one shared statement). For the same
 * writes, each way gives the same clock: the writes one after the other, all in one turn of the event loop (on
 * PostgreSQL one statement, merged in JavaScript first; on SQLite one commit), and the JavaScript merge alone. Runs on
 * SQLite, and on PostgreSQL when DATABASE_URL says so: the expected clocks are literals, so both databases give them.
 */
import { simpanWaktu, type ClockWrite } from '../../../../../src/server/features/tryoutPaket/tulis';
import { gabungWaktu } from '../../../../../src/server/features/tryoutPaket/tulis/gabungWaktu';
import {
  buildSeededTestApp,
  loginAs,
  startKategori,
  type SeededTestContext,
} from '../../../../helpers/seeded';

let t: SeededTestContext;
let idHasilTo: number;
let idMapel: number;

beforeAll(async () => {
  t = await buildSeededTestApp({ participants: 2 });
  const jadwal = t.seed.jadwal.berjalan;
  idHasilTo = (await startKategori(t.app, await loginAs(t.app, 'reguler'), jadwal)).id_hasil_to;
  idMapel = jadwal.kategori[0].mapel[0].id;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** A clock as [sisaWaktu, status, openedAt, lastSeenAt]. */
type Jam = [number, number, number | null, number | null];

const tulisan = ([sisaWaktu, status, openedAt, lastSeenAt]: Jam): ClockWrite => ({
  idHasilTo,
  idMapel,
  sisaWaktu,
  status,
  openedAt,
  lastSeenAt,
});

const jamOf = (c: ClockWrite): Jam => [c.sisaWaktu, c.status, c.openedAt, c.lastSeenAt];

/** The subject's clock set to `stored` (none: no row). */
async function simpanan(stored: Jam | null): Promise<void> {
  await t.db
    .deleteFrom('mapel_waktu')
    .where('id_hasil_to', '=', idHasilTo)
    .where('id_mapel', '=', idMapel)
    .execute();
  if (stored === null) return;
  const [sisa_waktu, status, opened_at, last_seen_at] = stored;
  await t.db
    .insertInto('mapel_waktu')
    .values({ id_hasil_to: idHasilTo, id_mapel: idMapel, sisa_waktu, status, opened_at, last_seen_at })
    .execute();
}

async function tersimpan(): Promise<Jam> {
  const row = await t.db
    .selectFrom('mapel_waktu')
    .selectAll()
    .where('id_hasil_to', '=', idHasilTo)
    .where('id_mapel', '=', idMapel)
    .executeTakeFirstOrThrow();
  return [row.sisa_waktu, row.status, row.opened_at, row.last_seen_at];
}

// [what, stored clock (null: none), clocks written in this order, the clock then stored]
const cases: [string, Jam | null, Jam[], Jam][] = [
  [
    'the remaining time only goes down',
    [600, 0, 1000, 5000],
    [
      [590, 0, 1000, 6000],
      [595, 0, 1000, 5500],
    ],
    [590, 0, 1000, 6000],
  ],
  [
    'the last charged moment only forward',
    [600, 0, 1000, 5000],
    [[580, 0, 1000, 4000]],
    [580, 0, 1000, 5000],
  ],
  ['a close records its own moment', [600, 0, 1000, 5000], [[0, 1, 1000, 4500]], [0, 1, 1000, 4500]],
  [
    'the opening moment stays the first',
    [600, 0, null, null],
    [
      [600, 0, 3000, 3000],
      [600, 0, 2000, 2000],
    ],
    [600, 0, 3000, 3000],
  ],
  [
    'a closed subject never changes',
    null,
    [
      [50, 1, 2000, 9000],
      [40, 0, 1000, 9500],
    ],
    [50, 1, 2000, 9000],
  ],
  ['a subject closed and stored stays so', [0, 1, 1000, 7000], [[300, 0, 900, 8000]], [0, 1, 1000, 7000]],
];

describe.each(cases)('%s', (_what, stored, writes, expected) => {
  it('one after the other', async () => {
    await simpanan(stored);
    for (const w of writes) await simpanWaktu(t.db, tulisan(w));
    expect(await tersimpan()).toEqual(expected);
  });

  it('all in one turn of the event loop', async () => {
    await simpanan(stored);
    await Promise.all(writes.map((w) => simpanWaktu(t.db, tulisan(w))));
    expect(await tersimpan()).toEqual(expected);
  });

  it('merged in JavaScript', () => {
    const [first, ...rest] = writes.map(tulisan);
    const merged = rest.reduce(gabungWaktu, stored === null ? first : gabungWaktu(tulisan(stored), first));
    expect(jamOf(merged)).toEqual(expected);
  });
});
