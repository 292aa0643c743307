/**
 * A first start on PostgreSQL in one statement: the attempt, its clocks (the first subject opened), the first
 * subject's answer rows and their statements' rows are written by data-modifying CTEs and returned, in one round
 * trip and one commit. What createAttempt (hasilTo.ts) writes in a transaction of six statements; SQLite, which
 * has no data-modifying CTE, keeps that path (its transactions cost no round trip).
 */
import { directPostgresOf } from '../../../db/createDb';
import type { Executor } from '../../../db/executor';
import { attemptsStarted } from '../../../lib/metrics';
import type { AttemptBaruInput } from './hasilTo';
import type { MapelWaktu } from './mapelWaktu';

/** The rows a first start wrote, as the start reads them back otherwise. */
export interface AttemptBaru {
  id: number;
  clocks: MapelWaktu[];
  jawaban: { id: number; id_soal: number; jawaban: string }[];
  jawabanGroup: { id: number; id_jawaban: number; id_soal_group: number; jawaban: string }[];
}

// Blank is '0' for choices and statement groups, '' for text, as createAttempt writes it. When the attempt exists
// (a start racing this one won), `baru` is empty and so is every insert after it: no row comes back.
const MULAI_SQL = `
WITH baru AS (
  INSERT INTO hasil_to (id_jadwal, id_kategori, id_siswa, started_at, ended_at, is_selesai, acak, acak_seed)
  VALUES ($1, $2, $3, $4::bigint, NULL, 0, $5, $6::integer)
  ON CONFLICT (id_kategori, id_siswa) DO NOTHING
  RETURNING id
), jam AS (
  INSERT INTO mapel_waktu (id_hasil_to, id_mapel, sisa_waktu, status, opened_at, last_seen_at)
  SELECT baru.id, m.id_mapel, m.durasi, 0,
    CASE WHEN m.urutan = 1 THEN $4::bigint END, CASE WHEN m.urutan = 1 THEN $4::bigint END
  FROM baru CROSS JOIN unnest($7::integer[], $8::integer[]) WITH ORDINALITY AS m (id_mapel, durasi, urutan)
  RETURNING id_hasil_to, id_mapel, sisa_waktu, status, opened_at, last_seen_at
), jwb AS (
  INSERT INTO jawaban (id_hasil_to, id_soal, jawaban, updated_at)
  SELECT baru.id, soal.id, CASE WHEN soal.type IN (1, 3) THEN '0' ELSE '' END, $4::bigint
  FROM baru CROSS JOIN soal WHERE soal.id_mapel = $9
  RETURNING id, id_soal, jawaban
), grp AS (
  INSERT INTO jawaban_group (id_jawaban, id_soal_group, jawaban)
  SELECT jwb.id, soal_group.id, '0' FROM jwb JOIN soal_group ON soal_group.id_soal = jwb.id_soal
  RETURNING id, id_jawaban, id_soal_group, jawaban
)
SELECT baru.id,
  (SELECT coalesce(json_agg(jam), '[]') FROM jam) AS clocks,
  (SELECT coalesce(json_agg(jwb), '[]') FROM jwb) AS jawaban,
  (SELECT coalesce(json_agg(grp), '[]') FROM grp) AS jawaban_group
FROM baru`;

interface Row {
  id: number;
  clocks: MapelWaktu[];
  jawaban: AttemptBaru['jawaban'];
  jawaban_group: AttemptBaru['jawabanGroup'];
}

/**
 * Creates the attempt with its clocks and first subject's rows in one statement. Undefined when this cannot be
 * done here (SQLite, or a transaction) or when the attempt already exists: the caller takes createAttempt's path.
 */
export async function mulaiSekaligus(q: Executor, input: AttemptBaruInput): Promise<AttemptBaru | undefined> {
  const pg = directPostgresOf(q);
  if (!pg || input.mapel.length === 0) return undefined;
  const { rows } = await pg.query('siaptes_mulai_sekaligus', MULAI_SQL, [
    input.idJadwal,
    input.idKategori,
    input.idSiswa,
    input.now,
    input.acak,
    input.acakSeed,
    input.mapel.map((m) => m.id),
    input.mapel.map((m) => m.durasi),
    input.mapel[0].id,
  ]);
  const row = rows[0] as Row | undefined;
  if (!row) return undefined;
  attemptsStarted.inc();
  return { id: row.id, clocks: row.clocks, jawaban: row.jawaban, jawabanGroup: row.jawaban_group };
}
