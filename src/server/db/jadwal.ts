/**
 * The schedule (jadwal) and who may take it (jadwal_peserta): read by the tryout, the results, the rankings and
 * the PDFs alike. Compiled once (compiledQuery.ts): every call of a running tryout starts with them.
 */
import { bacaanBersama } from './batching/bacaBersama';
import { prepareQuery } from './compiledQuery';
import { larikParameter } from './larikParameter';
import type { Selectable } from 'kysely';
import type { Executor } from './executor';
import type { HasilToTable, MapelWaktuTable } from './types';

export interface JadwalRow {
  id: number;
  paket: number;
  nama: string;
  tgl_awal: number;
  tgl_akhir: number;
  /** 1 for a TO Akbar event package (IRT scoring, wall clock). */
  is_event: number;
  acak_soal: number;
  acak_opsi: number;
  /** When the close wrote the schedule's results (scoring/penutupan.ts), or null. */
  peringkat_at: number | null;
  /** The version of the package's definitions (raised by every import): what a process may keep of them. */
  versi_isi: number;
}

const KOLOM_JADWAL = [
  'jadwal.id',
  'jadwal.paket',
  'jadwal.nama',
  'jadwal.tgl_awal',
  'jadwal.tgl_akhir',
  'jadwal.is_event',
  'jadwal.acak_soal',
  'jadwal.acak_opsi',
  'jadwal.peringkat_at',
  'jadwal.versi_isi',
] as const;

const jadwalQuery = prepareQuery((q: Executor, p: { id: number }) =>
  q.selectFrom('jadwal').select(KOLOM_JADWAL).where('jadwal.id', '=', p.id),
);

export function findJadwal(q: Executor, id: number): Promise<JadwalRow | undefined> {
  return jadwalQuery.first(q, { id });
}

const pesertaQuery = prepareQuery((q: Executor, p: { idJadwal: number; idSiswa: number }) =>
  q
    .selectFrom('jadwal_peserta')
    .select('id_siswa')
    .where('id_jadwal', '=', p.idJadwal)
    .where('id_siswa', '=', p.idSiswa),
);

/** Whether the student is enrolled in the schedule. */
export async function isPeserta(q: Executor, idJadwal: number, idSiswa: number): Promise<boolean> {
  return (await pesertaQuery.first(q, { idJadwal, idSiswa })) !== undefined;
}

/** The schedule with the student's enrolment row (null: not enrolled) joined on. */
function jadwalPesertaDari(q: Executor, p: { idJadwal: number; idSiswa: number }) {
  return q
    .selectFrom('jadwal')
    .leftJoin('jadwal_peserta', (join) =>
      join.onRef('jadwal_peserta.id_jadwal', '=', 'jadwal.id').on('jadwal_peserta.id_siswa', '=', p.idSiswa),
    )
    .select(KOLOM_JADWAL)
    .select('jadwal_peserta.id_siswa as peserta')
    .where('jadwal.id', '=', p.idJadwal);
}

const jadwalPesertaQuery = prepareQuery(jadwalPesertaDari);

/** The schedule and whether the student is enrolled in it, in one read (every call of a running tryout). */
export async function findJadwalPeserta(
  q: Executor,
  idJadwal: number,
  idSiswa: number,
): Promise<{ jadwal: JadwalRow; peserta: boolean } | undefined> {
  const row = await jadwalPesertaQuery.first(q, { idJadwal, idSiswa });
  if (!row) return undefined;
  const { peserta, ...jadwal } = row;
  return { jadwal, peserta: peserta !== null };
}

const KOLOM_ATTEMPT = [
  'hasil_to.id as h_id',
  'hasil_to.id_kategori as h_id_kategori',
  'hasil_to.started_at as h_started_at',
  'hasil_to.ended_at as h_ended_at',
  'hasil_to.is_selesai as h_is_selesai',
  'hasil_to.acak as h_acak',
  'hasil_to.acak_seed as h_acak_seed',
] as const;

/** An attempt's subject clock (mapel_waktu), on the rows of the read below: null where it has none. */
const KOLOM_WAKTU = [
  'w.id_mapel as w_id_mapel',
  'w.sisa_waktu as w_sisa_waktu',
  'w.status as w_status',
  'w.opened_at as w_opened_at',
  'w.last_seen_at as w_last_seen_at',
] as const;

// One row per clock of each attempt of the student at the schedule (one row with no attempt when there is none), so
// that a status report, a preview and a repeated start read no more.
const jadwalPesertaAttemptsQuery = prepareQuery((q: Executor, p: { idJadwal: number; idSiswa: number }) =>
  jadwalPesertaDari(q, p)
    .leftJoin('hasil_to', (join) =>
      join.onRef('hasil_to.id_jadwal', '=', 'jadwal.id').on('hasil_to.id_siswa', '=', p.idSiswa),
    )
    .leftJoin('mapel_waktu as w', 'w.id_hasil_to', 'hasil_to.id')
    .select(KOLOM_ATTEMPT)
    .select(KOLOM_WAKTU)
    .orderBy('hasil_to.id')
    .orderBy('w.id_mapel'),
);

type AttemptsRow = Awaited<ReturnType<typeof jadwalPesertaAttemptsQuery.all>>[number];

/** The same read with the other look-ups of a turn (batching/bacaBersama.ts): the first starts come at once. */
const jadwalPesertaAttemptsBersama = bacaanBersama<{ idJadwal: number; idSiswa: number }, AttemptsRow>({
  sendiri: jadwalPesertaAttemptsQuery,
  nama: 'jadwal_attempts',
  sql: `SELECT t.n, ${KOLOM_JADWAL.join(', ')}, jadwal_peserta.id_siswa AS peserta, ${KOLOM_ATTEMPT.join(', ')},
  ${KOLOM_WAKTU.join(', ')}
FROM unnest(${larikParameter(1, 'int4')}, ${larikParameter(2, 'int4')}) WITH ORDINALITY AS t (id_jadwal, id_siswa, n)
JOIN jadwal ON jadwal.id = t.id_jadwal
LEFT JOIN jadwal_peserta ON jadwal_peserta.id_jadwal = jadwal.id AND jadwal_peserta.id_siswa = t.id_siswa
LEFT JOIN hasil_to ON hasil_to.id_jadwal = jadwal.id AND hasil_to.id_siswa = t.id_siswa
LEFT JOIN mapel_waktu AS w ON w.id_hasil_to = hasil_to.id
ORDER BY t.n, hasil_to.id, w.id_mapel`,
  parameter: (keys) => [keys.map((k) => k.idJadwal), keys.map((k) => k.idSiswa)],
  dalamJalan: 2,
});

/**
 * findJadwalPeserta with the student's attempts (hasil_to) at the schedule, in the same read: what a start checks
 * before it writes, one round trip instead of two (on PostgreSQL, one for the starts of a turn).
 */
export async function findJadwalPesertaAttempts(
  q: Executor,
  idJadwal: number,
  idSiswa: number,
): Promise<
  | {
      jadwal: JadwalRow;
      peserta: boolean;
      attempts: Selectable<HasilToTable>[];
      /** The attempts' clocks, read with them. */
      clocks: Selectable<MapelWaktuTable>[];
    }
  | undefined
> {
  const rows = await jadwalPesertaAttemptsBersama.baca(q, { idJadwal, idSiswa });
  const first = rows[0];
  if (!first) return undefined;
  const attempts: Selectable<HasilToTable>[] = [];
  const clocks: Selectable<MapelWaktuTable>[] = [];
  for (const r of rows) {
    if (r.h_id === null) continue;
    // One row per clock of an attempt: the attempt once.
    if (attempts.at(-1)?.id !== r.h_id) {
      attempts.push({
        id: r.h_id,
        id_jadwal: idJadwal,
        id_kategori: r.h_id_kategori as number,
        id_siswa: idSiswa,
        started_at: r.h_started_at as number,
        ended_at: r.h_ended_at,
        is_selesai: r.h_is_selesai as number,
        acak: r.h_acak as number,
        acak_seed: r.h_acak_seed,
      });
    }
    if (r.w_id_mapel === null) continue;
    clocks.push({
      id_hasil_to: r.h_id,
      id_mapel: r.w_id_mapel,
      sisa_waktu: r.w_sisa_waktu as number,
      status: r.w_status as number,
      opened_at: r.w_opened_at,
      last_seen_at: r.w_last_seen_at,
    });
  }
  const jadwal = kolomJadwal(first);
  return { jadwal, peserta: first.peserta !== null, attempts, clocks };
}

/** The schedule's own columns of a row that holds others too. */
function kolomJadwal(row: JadwalRow): JadwalRow {
  const entries = KOLOM_JADWAL.map((kolom) => {
    const nama = kolom.slice('jadwal.'.length) as keyof JadwalRow;
    return [nama, row[nama]];
  });
  return Object.fromEntries(entries) as unknown as JadwalRow;
}
