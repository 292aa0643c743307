/**
 * When the keys and the results of a TO Akbar event may leave the server. Nothing from which a key can be read or
 * inferred is shown to anyone before the event's window and its grace are over: not the keys, verdicts per question,
 * discussions and their PDFs (one student's screenshot would reach everybody still sitting the event), and not the
 * results either (counts of right, wrong and blank, scores, IRT figures, result PDFs, rankings, PTN status), since
 * three students who each answer one question with a different option and compare their counts learn its key.
 * Regular schedules are not locked here: their review opens when the student's own category is finished.
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

/** The sentence of a locked event result, naming the event's end in WIB. */
export function pesanHasilEvent(tglAkhir: number): string {
  return `Hasil TO Akbar dibuka setelah ${formatTanggalJam(tglAkhir)}`;
}

function terkunciSampaiBerakhir(
  jadwal: JadwalKunci,
  now: number,
  pesan: (tglAkhir: number) => string,
): KunciTerkunci | null {
  if (jadwal.is_event !== 1 || isWindowOver(jadwal.tgl_akhir, now)) return null;
  return {
    message: pesan(jadwal.tgl_akhir),
    dibuka_pada: new Date(jadwal.tgl_akhir + GRACE_SECONDS * 1000).toISOString(),
  };
}

/** Null when keys and discussions may be shown at `now`; otherwise why not and from when. */
export function kunciTerkunci(jadwal: JadwalKunci, now: number): KunciTerkunci | null {
  return terkunciSampaiBerakhir(jadwal, now, pesanKunciEvent);
}

/** Null when results (counts, scores, rankings, PTN status, result PDFs) may be shown at `now`; otherwise why not
 * and from when. */
export function hasilTerkunci(jadwal: JadwalKunci, now: number): KunciTerkunci | null {
  return terkunciSampaiBerakhir(jadwal, now, pesanHasilEvent);
}
