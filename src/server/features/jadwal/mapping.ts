import { JADWAL_STATUS_FINISHED, type JadwalItem } from '../../../contract/jadwal';
import { formatTanggal } from '../../domain/tanggal';
import type { JadwalRow } from './queries';

/** "5" once the student has ended every category of the schedule (its discussion is then open), else "0". */
export function jadwalStatus(row: Pick<JadwalRow, 'jumlah_kategori' | 'jumlah_selesai'>): string {
  return row.jumlah_kategori > 0 && row.jumlah_selesai >= row.jumlah_kategori ? JADWAL_STATUS_FINISHED : '0';
}

export function toJadwalItem(row: JadwalRow): JadwalItem {
  return {
    id: row.id,
    paket: row.paket,
    status: jadwalStatus(row),
    tgl_awal_str: formatTanggal(row.tgl_awal),
    tgl_akhir_str: formatTanggal(row.tgl_akhir),
  };
}
