/**
 * What an answer save reads before it writes: one compiled look-up of one row across the attempt's tables, read with
 * the other look-ups of its turn of the event loop (db/batching/bacaBersama.ts): on PostgreSQL as one statement, as
 * their writes are (simpanBersama.ts), on SQLite in one read transaction.
 */
import { sql } from 'kysely';
import { bacaanBersama } from '../../../db/batching/bacaBersama';
import { prepareQuery } from '../../../db/compiledQuery';
import { larikParameter } from '../../../db/larikParameter';
import type { Executor } from '../../../db/executor';
import type { JadwalRow } from '../../../db/jadwal';
import { mapelKategori } from '../isiPaket';
import type { MapelRow } from '../queries/mapel';
import type { MapelWaktu } from '../queries/mapelWaktu';

/**
 * The attempt's clocks as one text, `id_mapel,sisa_waktu,status,opened_at,last_seen_at` per clock joined by `;`
 * (an empty field for null), so that the look-up is one row: as one row per subject it repeated the attempt's,
 * the schedule's and the answer's 22 columns on every row, and building those rows was most of its time.
 */
const CLOCKS_SQL = `(SELECT string_agg(
    CAST(w.id_mapel AS text) || ',' || CAST(w.sisa_waktu AS text) || ',' || CAST(w.status AS text) || ',' ||
    COALESCE(CAST(w.opened_at AS text), '') || ',' || COALESCE(CAST(w.last_seen_at AS text), ''), ';')
  FROM mapel_waktu w WHERE w.id_hasil_to = hasil_to.id)`;

/** The columns read, `table.column as name`: valid SQL as they stand, so both forms of the look-up share them. */
const KOLOM = [
  'hasil_to.id',
  'hasil_to.id_jadwal',
  'hasil_to.id_kategori',
  'hasil_to.id_siswa',
  'hasil_to.is_selesai',
  'hasil_to.acak',
  'hasil_to.acak_seed',
  'jadwal.id as jadwal_id',
  'jadwal.paket as jadwal_paket',
  'jadwal.nama as jadwal_nama',
  'jadwal.tgl_awal as jadwal_tgl_awal',
  'jadwal.tgl_akhir as jadwal_tgl_akhir',
  'jadwal.is_event as jadwal_is_event',
  'jadwal.acak_soal as jadwal_acak_soal',
  'jadwal.acak_opsi as jadwal_acak_opsi',
  'jadwal.peringkat_at as jadwal_peringkat_at',
  'jadwal.versi_isi as jadwal_versi_isi',
  'jawaban.id as jawaban_id',
  'jawaban.id_soal as jawaban_id_soal',
  'soal.type as soal_type',
  'soal.id_mapel as soal_id_mapel',
  'soal.opsi_tetap as soal_opsi_tetap',
] as const;

/**
 * A statement question's statements of this answer, the ids of their answer rows joined by `,` (null for other
 * types): read with the look-up, so that its save needs no read of its own (on SQLite it was one more statement
 * per save of a statement question).
 */
const PERNYATAAN_SQL = `CASE WHEN soal.type = 3 THEN COALESCE((SELECT string_agg(CAST(g.id AS text), ',')
  FROM jawaban_group g JOIN soal_group sg ON sg.id = g.id_soal_group
  WHERE g.id_jawaban = jawaban.id AND sg.id_soal = jawaban.id_soal), '') END`;

const saveTargetQuery = prepareQuery((q: Executor, p: { idHasilTo: number; idJawaban: number }) =>
  q
    .selectFrom('hasil_to')
    .leftJoin('jadwal', 'jadwal.id', 'hasil_to.id_jadwal')
    .leftJoin('jawaban', (join) =>
      join.on('jawaban.id', '=', p.idJawaban).onRef('jawaban.id_hasil_to', '=', 'hasil_to.id'),
    )
    .leftJoin('soal', 'soal.id', 'jawaban.id_soal')
    .select(KOLOM)
    .select(sql<string | null>`${sql.raw(CLOCKS_SQL)}`.as('clocks'))
    .select(sql<string | null>`${sql.raw(PERNYATAAN_SQL)}`.as('pernyataan'))
    .where('hasil_to.id', '=', p.idHasilTo),
);

type Row = NonNullable<Awaited<ReturnType<typeof saveTargetQuery.first>>>;

/** The look-up read with the other look-ups of a turn (bacaBersama.ts). */
const saveTargets = bacaanBersama<{ idHasilTo: number; idJawaban: number }, Row>({
  sendiri: saveTargetQuery,
  nama: 'save_target',
  sql: `SELECT t.n, ${KOLOM.join(', ')}, ${CLOCKS_SQL} AS clocks, ${PERNYATAAN_SQL} AS pernyataan
FROM unnest(${larikParameter(1, 'int4')}, ${larikParameter(2, 'int4')}) WITH ORDINALITY AS t (id_hasil_to, id_jawaban, n)
JOIN hasil_to ON hasil_to.id = t.id_hasil_to
LEFT JOIN jadwal ON jadwal.id = hasil_to.id_jadwal
LEFT JOIN jawaban ON jawaban.id = t.id_jawaban AND jawaban.id_hasil_to = hasil_to.id
LEFT JOIN soal ON soal.id = jawaban.id_soal`,
  parameter: (keys) => [keys.map((k) => k.idHasilTo), keys.map((k) => k.idJawaban)],
  // Look-ups that come in while these are read gather into the next statement.
  dalamJalan: 2,
});

/** A number field of the clocks text; an empty field is null. */
function field(text: string | undefined): number | null {
  return text === undefined || text === '' ? null : Number(text);
}

/** The clocks text read back: the attempt's clock of each subject that has one, by subject. */
function clocksOf(idHasilTo: number, text: string | null): Map<number, MapelWaktu> {
  const byMapel = new Map<number, MapelWaktu>();
  if (text === null || text === '') return byMapel;
  for (const clock of text.split(';')) {
    const [idMapel, sisaWaktu, status, openedAt, lastSeenAt] = clock.split(',');
    const id = Number(idMapel);
    byMapel.set(id, {
      id_hasil_to: idHasilTo,
      id_mapel: id,
      sisa_waktu: Number(sisaWaktu),
      status: Number(status),
      opened_at: field(openedAt),
      last_seen_at: field(lastSeenAt),
    });
  }
  return byMapel;
}

/**
 * What an answer save checks, in one look-up: the attempt, its schedule (null when missing), the answer row with
 * its question (null when it is not a row of this attempt), and the category's subjects in order with the
 * attempt's clocks of them. The subjects are the schedule's definitions as this process keeps them under the
 * schedule row just read (isiPaket.ts); none without a schedule. Undefined when the attempt does not exist. Read
 * with the other look-ups of the turn (bacaBersama.ts).
 */
export async function findSaveTarget(q: Executor, idHasilTo: number, idJawaban: number) {
  const [row] = await saveTargets.baca(q, { idHasilTo, idJawaban });
  if (!row) return undefined;
  const jadwal: JadwalRow | null =
    row.jadwal_id === null
      ? null
      : {
          id: row.jadwal_id,
          paket: row.jadwal_paket as number,
          nama: row.jadwal_nama as string,
          tgl_awal: row.jadwal_tgl_awal as number,
          tgl_akhir: row.jadwal_tgl_akhir as number,
          is_event: row.jadwal_is_event as number,
          acak_soal: row.jadwal_acak_soal as number,
          acak_opsi: row.jadwal_acak_opsi as number,
          peringkat_at: row.jadwal_peringkat_at,
          versi_isi: row.jadwal_versi_isi as number,
        };
  const jawaban =
    row.jawaban_id === null || row.soal_type === null
      ? null
      : {
          id: row.jawaban_id,
          id_hasil_to: row.id,
          id_soal: row.jawaban_id_soal as number,
          type: row.soal_type,
          id_mapel: row.soal_id_mapel as number,
          opsi_tetap: (row.soal_opsi_tetap ?? '') as string,
        };
  const mapel: MapelRow[] = jadwal ? await mapelKategori(q, jadwal, row.id_kategori) : [];
  const clockOf = clocksOf(row.id, row.clocks);
  const clocks: MapelWaktu[] = [];
  for (const m of mapel) {
    const clock = clockOf.get(m.id);
    if (clock) clocks.push(clock);
  }
  return {
    attempt: {
      id: row.id,
      id_jadwal: row.id_jadwal,
      id_kategori: row.id_kategori,
      id_siswa: row.id_siswa,
      is_selesai: row.is_selesai,
      acak: row.acak,
      acak_seed: row.acak_seed,
    },
    jadwal,
    jawaban,
    mapel,
    clocks,
    /** A statement question's statements (ids of their answer rows); undefined for any other question. */
    pernyataan: pernyataanOf(row.pernyataan),
  };
}

function pernyataanOf(text: string | null | undefined): number[] | undefined {
  if (text === undefined || text === null) return undefined;
  return text === '' ? [] : text.split(',').map(Number);
}
