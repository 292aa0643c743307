/**
 * When the keys of a TO Akbar event may leave the server. Nothing from which a key can be read or inferred (keys,
 * verdicts per question, discussions and their PDFs) is shown to anyone before the event's window and its grace are
 * over, since one student's screenshot would reach everybody still sitting the event. Regular schedules are not
 * locked here: their review opens when the student's own category is finished.
 */
import { formatTanggalJam } from './tanggal';
import { GRACE_SECONDS, isWindowOver } from './timing';

export interface JadwalKunci {
  is_event: number;
  /** End of the schedule window, epoch ms. */
  tgl_akhir: number;
}

export interface KunciTerkunci {
  /** The student's sentence: when the discussion opens. */
  message: string;
  /** The keys may be shown once this moment (the window's end plus the grace) has passed; ISO 8601. */
  dibuka_pada: string;
}

/** The sentence of a locked event discussion, naming the event's end in WIB. */
export function pesanKunciEvent(tglAkhir: number): string {
  return `Pembahasan dibuka setelah TO Akbar berakhir pada ${formatTanggalJam(tglAkhir)}`;
}

/** Null when keys and discussions may be shown at `now`; otherwise why not and from when. */
export function kunciTerkunci(jadwal: JadwalKunci, now: number): KunciTerkunci | null {
  if (jadwal.is_event !== 1 || isWindowOver(jadwal.tgl_akhir, now)) return null;
  return {
    message: pesanKunciEvent(jadwal.tgl_akhir),
    dibuka_pada: new Date(jadwal.tgl_akhir + GRACE_SECONDS * 1000).toISOString(),
  };
}
