/** `PUT /siswa/tryout/statusmapel/id/:id`: the student's clock report, judged by the server's own count. */
import type { StatusMapelBody, StatusMapelContent } from '../../../contract/tryoutPaket';
import type { Config } from '../../config';
import type { Executor } from '../../db/executor';
import { clampReported, closeClock, isWindowOver } from '../../domain/timing';
import type { Siswa } from '../../db/siswa';
import { HttpError } from '../../lib/httpError';
import { isWallClock, kategoriContextDenganAttempts } from './konteks';
import { mapelKategori } from './isiPaket';
import { gagal } from '../../lib/respons';
import { PESAN } from './teks';
import { bukaMapel, saveClock } from './waktu';

type StatusResult =
  { status: boolean; message: string; content: StatusMapelContent } | ReturnType<typeof gagal>;

const CLOSED: StatusMapelContent = { sisa_waktu: 0, status: 1 };

/** Seconds the server may still count when an event subject's close arrives from a countdown that reached 0. */
const TUTUP_EVENT_DETIK = 2;

export async function statusMapel(
  q: Executor,
  input: { idJadwal: number; body: StatusMapelBody; siswa: Siswa; config: Config; now: number },
): Promise<StatusResult> {
  const { body, siswa, now } = input;
  const { jadwal, kategori, attempts, clocks } = await kategoriContextDenganAttempts(
    q,
    input.idJadwal,
    body.kategori,
    siswa.id,
  );
  const mapel = await mapelKategori(q, jadwal, kategori.id);
  if (!mapel.some((m) => m.id === body.id_mapel)) throw new HttpError(404, PESAN.mapelTidakAda);

  const attempt = attempts.find((a) => a.id_kategori === kategori.id);
  if (!attempt) return gagal(PESAN.belumDimulai);
  if (attempt.is_selesai === 1) return gagal(PESAN.sudahDiakhiri);
  // After the schedule window and its grace nothing is accepted, and the refusal writes nothing.
  if (isWindowOver(jadwal.tgl_akhir, now)) return gagal(PESAN.jadwalBerakhir);

  const wallClock = isWallClock(jadwal, siswa, input.config);
  const opening = await bukaMapel(q, {
    idHasilTo: attempt.id,
    jadwal,
    mapel,
    idMapel: body.id_mapel,
    wallClock,
    now,
    rows: clocks,
  });
  if (opening.kind === 'ditutup') {
    // Closing twice is harmless; anything else on a closed subject is refused with the server's view.
    if (body.status === 1) return { status: true, message: PESAN.mapelSelesai, content: CLOSED };
    const message = opening.before.status === 0 ? PESAN.waktuHabis : PESAN.mapelSelesai;
    return { status: false, message, content: CLOSED };
  }
  if (opening.kind === 'mengantri') return gagal(opening.antrian_str);

  // The first report of a subject opens it ("Kerjakan"): its clock starts and its questions may be shown.
  let clock = opening.clock;
  // Event subjects end on the clock: the student's own close is taken only at the end of the time (the SPA sends it
  // when its countdown reaches 0, which may be a second ahead of the server's whole seconds), and a lower remaining
  // time reported is not taken at all, since it would close the subject early as well. The refusal writes nothing.
  if (wallClock && body.status === 1 && clock.sisaWaktu > TUTUP_EVENT_DETIK) {
    return {
      status: false,
      message: PESAN.mapelEventBerjalan,
      content: { sisa_waktu: clock.sisaWaktu, status: 0 },
    };
  }
  if (body.status === 1) {
    clock = closeClock(clock, now);
  } else if (!wallClock) {
    clock = { ...clock, sisaWaktu: clampReported(body.sisa_waktu, clock.sisaWaktu) };
    if (clock.sisaWaktu === 0) clock = closeClock(clock, now);
  }
  await saveClock(q, attempt.id, body.id_mapel, clock);
  return {
    status: true,
    message: clock.status === 1 ? PESAN.mapelDitutup : PESAN.waktuTersimpan,
    content: { sisa_waktu: clock.sisaWaktu, status: clock.status },
  };
}
