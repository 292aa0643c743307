/** What an answer save reads before it writes: one compiled look-up across the attempt's tables. */
import { prepareQuery } from '../../../db/compiledQuery';
import type { Executor } from '../../../db/executor';
import type { JadwalRow } from '../../../db/jadwal';
import type { MapelRow } from './mapel';
import type { MapelWaktu } from './mapelWaktu';

const saveTargetQuery = prepareQuery((q: Executor, p: { idHasilTo: number; idJawaban: number }) =>
  q
    .selectFrom('hasil_to')
    .leftJoin('jadwal', 'jadwal.id', 'hasil_to.id_jadwal')
    .leftJoin('jawaban', (join) =>
      join.on('jawaban.id', '=', p.idJawaban).onRef('jawaban.id_hasil_to', '=', 'hasil_to.id'),
    )
    .leftJoin('soal', 'soal.id', 'jawaban.id_soal')
    .leftJoin('mapel', 'mapel.id_kategori', 'hasil_to.id_kategori')
    .leftJoin('mapel_waktu', (join) =>
      join
        .onRef('mapel_waktu.id_mapel', '=', 'mapel.id')
        .onRef('mapel_waktu.id_hasil_to', '=', 'hasil_to.id'),
    )
    .select([
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
      'mapel.id as mapel_id',
      'mapel.nama as mapel_nama',
      'mapel.waktu as mapel_waktu',
      'mapel_waktu.id_hasil_to as waktu_id_hasil_to',
      'mapel_waktu.sisa_waktu',
      'mapel_waktu.status',
      'mapel_waktu.opened_at',
      'mapel_waktu.last_seen_at',
    ])
    .where('hasil_to.id', '=', p.idHasilTo)
    .orderBy('mapel.urutan')
    .orderBy('mapel.id'),
);

/**
 * What an answer save checks, in one look-up: the attempt, its schedule (null when missing), the answer row with
 * its question (null when it is not a row of this attempt), and the category's subjects in order with the
 * attempt's clocks of them. Undefined when the attempt does not exist.
 */
export async function findSaveTarget(q: Executor, idHasilTo: number, idJawaban: number) {
  const rows = await saveTargetQuery.all(q, { idHasilTo, idJawaban });
  const row = rows[0];
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
  const mapel: MapelRow[] = [];
  const clocks: MapelWaktu[] = [];
  for (const r of rows) {
    // A category without subjects still gives the attempt's row, with no subject in it.
    if (r.mapel_id === null) continue;
    mapel.push({
      id: r.mapel_id,
      id_kategori: r.id_kategori,
      nama: r.mapel_nama as string,
      waktu: r.mapel_waktu as number,
    });
    if (r.waktu_id_hasil_to !== null) {
      clocks.push({
        id_hasil_to: r.waktu_id_hasil_to,
        id_mapel: r.mapel_id,
        sisa_waktu: r.sisa_waktu as number,
        status: r.status as number,
        opened_at: r.opened_at,
        last_seen_at: r.last_seen_at,
      });
    }
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
  };
}
