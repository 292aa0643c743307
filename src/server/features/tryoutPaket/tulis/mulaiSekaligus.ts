/**
 * First starts on PostgreSQL in one statement: the attempt, its clocks (the first subject opened), the first
 * subject's answer rows and their statements' rows are written by data-modifying CTEs, in one round trip and one
 * commit. Only what the database drew comes back (the ids, and each answer row's question and blank, as arrays):
 * the clocks are what the start handed in, built here as the statement writes them, since building each row's
 * JSON in PostgreSQL cost a fifth of the statement's time (a statement of 11 starts: 5.00 ms with the JSON, 4.56 ms
 * with arrays, 3.68 ms returning nothing). What buatAttempt (mulaiSendiri.ts) writes in a transaction of four inserts;
 * SQLite, which has no data-modifying CTE, keeps that path (its transactions cost no round trip).
 *
 * The first starts of one turn of the event loop go together in that one statement (a group commit, as the saves
 * in simpanBersama.ts): one commit instead of one each, and the schedule's shared rows (its category, subjects,
 * statements), which every new row's foreign key locks, are locked by one transaction instead of by every start
 * at once, where PostgreSQL has to share each such lock between them. Each start is answered only once that
 * statement committed. Should it fail, nothing of it was written, and each start of the batch is written again
 * alone, so a row that fails fails its own start only.
 */
import type { DirectPostgres } from '../../../db/createDb';
import {
  antrianPutaran,
  bersamaAtauSendiri,
  dalamJalanPerProses,
  sePutaran,
} from '../../../db/batching/sePutaran';
import { attemptsStarted, startBatchRows } from '../../../lib/metrics';
import type { AttemptBaruInput } from './mulaiSendiri';
import type { MapelWaktu } from '../queries/mapelWaktu';

/** The rows a first start wrote, as the start reads them back otherwise. */
export interface AttemptBaru {
  id: number;
  clocks: MapelWaktu[];
  jawaban: { id: number; id_soal: number; jawaban: string }[];
  jawabanGroup: { id: number; id_jawaban: number; id_soal_group: number; jawaban: string }[];
}

// `masuk` holds the starts (n: their place in the batch). Blank is '0' for choices and statement groups, '' for
// text, as buatAttempt writes it. A start whose attempt exists (a start racing it won) inserts nothing, and no
// row of it comes back. The inserts go in (category, student) order, so two statements in flight (two workers)
// take the unique key's locks in the same order.
const MULAI_SQL = `
WITH masuk AS (
  SELECT * FROM jsonb_to_recordset($1::jsonb) AS m (n integer, id_jadwal integer, id_kategori integer,
    id_siswa integer, now bigint, acak integer, acak_seed integer, mapel integer[], durasi integer[])
), baru AS (
  INSERT INTO hasil_to (id_jadwal, id_kategori, id_siswa, started_at, ended_at, is_selesai, acak, acak_seed)
  SELECT id_jadwal, id_kategori, id_siswa, now, NULL, 0, acak, acak_seed FROM masuk ORDER BY n
  ON CONFLICT (id_kategori, id_siswa) DO NOTHING
  RETURNING id, id_kategori, id_siswa
), mulai AS (
  SELECT baru.id, masuk.n, masuk.now, masuk.mapel, masuk.durasi
  FROM baru JOIN masuk ON masuk.id_kategori = baru.id_kategori AND masuk.id_siswa = baru.id_siswa
), jam AS (
  INSERT INTO mapel_waktu (id_hasil_to, id_mapel, sisa_waktu, status, opened_at, last_seen_at)
  SELECT mulai.id, m.id_mapel, m.durasi, 0,
    CASE WHEN m.urutan = 1 THEN mulai.now END, CASE WHEN m.urutan = 1 THEN mulai.now END
  FROM mulai CROSS JOIN LATERAL unnest(mulai.mapel, mulai.durasi) WITH ORDINALITY AS m (id_mapel, durasi, urutan)
), jwb AS (
  INSERT INTO jawaban (id_hasil_to, id_soal, jawaban, updated_at)
  SELECT mulai.id, soal.id, CASE WHEN soal.type IN (1, 3) THEN '0' ELSE '' END, mulai.now
  FROM mulai JOIN soal ON soal.id_mapel = mulai.mapel[1]
  RETURNING id, id_hasil_to, id_soal, jawaban
), grp AS (
  INSERT INTO jawaban_group (id_jawaban, id_soal_group, jawaban)
  SELECT jwb.id, soal_group.id, '0' FROM jwb JOIN soal_group ON soal_group.id_soal = jwb.id_soal
  RETURNING id, id_jawaban, id_soal_group
)
SELECT mulai.n, mulai.id, coalesce(w.id, '{}') AS jawaban_id, coalesce(w.id_soal, '{}') AS jawaban_soal,
  coalesce(w.jawaban, '{}') AS jawaban, coalesce(g.id, '{}') AS group_id, coalesce(g.id_jawaban, '{}') AS group_jawaban,
  coalesce(g.id_soal_group, '{}') AS group_soal
FROM mulai
LEFT JOIN (
  SELECT id_hasil_to, array_agg(id) AS id, array_agg(id_soal) AS id_soal, array_agg(jawaban) AS jawaban
  FROM jwb GROUP BY id_hasil_to
) w ON w.id_hasil_to = mulai.id
LEFT JOIN (
  SELECT jwb.id_hasil_to, array_agg(grp.id) AS id, array_agg(grp.id_jawaban) AS id_jawaban,
    array_agg(grp.id_soal_group) AS id_soal_group
  FROM grp JOIN jwb ON jwb.id = grp.id_jawaban GROUP BY jwb.id_hasil_to
) g ON g.id_hasil_to = mulai.id`;

/** One start's row: its attempt and, column by column (the same order within each), its new rows' fields. */
interface Row {
  n: number;
  id: number;
  jawaban_id: number[];
  jawaban_soal: number[];
  jawaban: string[];
  group_id: number[];
  group_jawaban: number[];
  group_soal: number[];
}

interface Menunggu {
  input: AttemptBaruInput;
  resolve: (attempt: AttemptBaru | undefined) => void;
  reject: (error: unknown) => void;
}

/** First starts waiting for the next shared statement, per database pool. */
const antrian = antrianPutaran<DirectPostgres, Menunggu>();
/**
 * Statements of first starts being written at once, by all the server processes of the machine together (each
 * process takes its share, at least 1): further starts gather meanwhile and go together when one ends. Measured on
 * a spike of 10,000 first starts (2 cores, fsync on, 1 process): with 2, 829 starts/s, 11 starts per statement,
 * 0.58 ms of PostgreSQL CPU per start; with 1, 766/s, 22, 0.51 ms; with no limit, 765/s, 4, 0.84 ms.
 */
const DALAM_JALAN = 2;

/**
 * Creates the attempt with its clocks and first subject's rows (at least one subject), with the other first starts
 * of this turn (see above). Undefined when the attempt already exists: the caller takes buatAttempt's path.
 */
export function mulaiSekaligus(
  pg: DirectPostgres,
  input: AttemptBaruInput,
): Promise<AttemptBaru | undefined> {
  return new Promise((resolve, reject) => {
    sePutaran(
      antrian,
      pg,
      { input, resolve, reject },
      (batch) => tulisBersama(pg, batch),
      dalamJalanPerProses(DALAM_JALAN, pg.processes),
    );
  });
}

async function tulisBersama(pg: DirectPostgres, batch: readonly Menunggu[]): Promise<void> {
  // Two starts of one attempt in one batch: the first writes it, the other is answered as a start that lost the
  // race (undefined), as it would be one after the other.
  const pertama = new Map<string, Menunggu>();
  for (const m of batch) {
    const key = `${m.input.idKategori}:${m.input.idSiswa}`;
    if (pertama.has(key)) m.resolve(undefined);
    else pertama.set(key, m);
  }
  const urut = [...pertama.values()].sort(
    (a, b) => a.input.idKategori - b.input.idKategori || a.input.idSiswa - b.input.idSiswa,
  );
  await bersamaAtauSendiri(
    urut,
    (all) => tulis(pg, all),
    (all, rows) => {
      startBatchRows.observe(all.length);
      selesai(all, rows);
    },
    (m) => tulis(pg, [m]).then((rows) => selesai([m], rows)),
  );
}

async function tulis(pg: DirectPostgres, urut: readonly Menunggu[]): Promise<Row[]> {
  const masuk = urut.map(({ input }, n) => ({
    n,
    id_jadwal: input.idJadwal,
    id_kategori: input.idKategori,
    id_siswa: input.idSiswa,
    now: input.now,
    acak: input.acak,
    acak_seed: input.acakSeed,
    mapel: input.mapel.map((m) => m.id),
    durasi: input.mapel.map((m) => m.durasi),
  }));
  const { rows } = await pg.query('siaptes_mulai_bersama', MULAI_SQL, [JSON.stringify(masuk)]);
  return rows as Row[];
}

/** Answers each start of a committed statement: its rows, or undefined when its attempt existed already. */
function selesai(urut: readonly Menunggu[], rows: readonly Row[]): void {
  const byN = new Map(rows.map((row) => [row.n, row]));
  urut.forEach((m, n) => {
    const row = byN.get(n);
    if (!row) return m.resolve(undefined);
    attemptsStarted.inc();
    m.resolve(attemptBaru(m.input, row));
  });
}

/** A written start's rows: the clocks as the statement writes them (`jam`), the answer rows from its columns. */
function attemptBaru(input: AttemptBaruInput, row: Row): AttemptBaru {
  return {
    id: row.id,
    clocks: input.mapel.map((m, i) => ({
      id_hasil_to: row.id,
      id_mapel: m.id,
      sisa_waktu: m.durasi,
      status: 0,
      opened_at: i === 0 ? input.now : null,
      last_seen_at: i === 0 ? input.now : null,
    })),
    jawaban: row.jawaban_id.map((id, i) => ({ id, id_soal: row.jawaban_soal[i], jawaban: row.jawaban[i] })),
    jawabanGroup: row.group_id.map((id, i) => ({
      id,
      id_jawaban: row.group_jawaban[i],
      id_soal_group: row.group_soal[i],
      jawaban: '0',
    })),
  };
}
