/**
 * `GET /pdf/soal/:idjadwal/:kategoriHash/:idmapel`: a subject's questions as a PDF, one more way of showing them,
 * so under the reveal rule: for a regular student inside the schedule window, for a subject whose turn
 * has come in a started category; fetching it opens the subject and starts its clock, as "Kerjakan" would. Never
 * for an event schedule. Refusals are HTTP 403 with the spec's `{status: false, message}`.
 */
import type { Config } from '../../config';
import type { Executor } from '../../db/executor';
import { acakDari } from '../../domain/acak';
import { allowsFiveChoices, isRegularStudent } from '../../domain/studentType';
import { gambarPdf, soalMapel } from '../../pdf/data';
import { renderPdf } from '../../pdf/renderPool';
import { simpananRumusDb } from '../../pdf/rumusTersimpan';
import type { Siswa } from '../../db/siswa';
import { HttpError } from '../../lib/httpError';
import { isWallClock, kategoriContext } from './konteks';
import { findAttempt } from './queries/hasilTo';
import { listMapel } from './queries/mapel';
import { PESAN } from './teks';
import { bukaMapel, saveClock } from './waktu';

export const PESAN_PDF_SOAL = {
  bukanReguler: 'PDF soal hanya tersedia untuk siswa reguler',
  event: 'PDF soal tidak tersedia untuk tryout event',
  belumDimulai: 'Mulai tryout kategori ini terlebih dahulu untuk membuka PDF soal',
} as const;

export async function bukaSoalPdf(
  q: Executor,
  input: { idJadwal: number; hash: string; idMapel: number; siswa: Siswa; config: Config; now: number },
): Promise<{ filename: string; pdf: Buffer }> {
  const { siswa, now } = input;
  if (!isRegularStudent(siswa.lembaga, input.config)) throw new HttpError(403, PESAN_PDF_SOAL.bukanReguler);
  const { jadwal, kategori } = await kategoriContext(q, input.idJadwal, input.hash, siswa.id);
  const mapel = await listMapel(q, [kategori.id]);
  const target = mapel.find((m) => m.id === input.idMapel);
  if (!target) throw new HttpError(404, PESAN.mapelTidakAda);
  if (jadwal.is_event === 1) throw new HttpError(403, PESAN_PDF_SOAL.event);
  if (now < jadwal.tgl_awal) throw new HttpError(403, PESAN.jadwalBelumDibuka);
  if (now >= jadwal.tgl_akhir) throw new HttpError(403, PESAN.jadwalBerakhir);

  const attempt = await findAttempt(q, kategori.id, siswa.id);
  if (!attempt) throw new HttpError(403, PESAN_PDF_SOAL.belumDimulai);
  if (attempt.is_selesai === 1) throw new HttpError(403, PESAN.sudahDiakhiri);
  const opening = await bukaMapel(q, {
    idHasilTo: attempt.id,
    jadwal,
    mapel,
    idMapel: target.id,
    wallClock: isWallClock(jadwal, siswa, input.config),
    now,
  });
  if (opening.kind === 'ditutup') throw new HttpError(403, PESAN.mapelSelesai);
  if (opening.kind === 'mengantri') throw new HttpError(403, opening.antrian_str);
  // The questions leave the server now: the subject's clock starts if it had not.
  if (opening.baruDibuka) await saveClock(q, attempt.id, target.id, opening.clock);

  const fiveChoices = allowsFiveChoices(siswa.lembaga, siswa.minat, input.config);
  const soal = await soalMapel(q, target.id, {
    fiveChoices,
    acak: acakDari(attempt.acak, attempt.acak_seed),
  });
  const pdf = await renderPdf(
    {
      jenis: 'soal',
      data: {
        paket: jadwal.paket,
        kategori: kategori.nama,
        mapel: target.nama,
        waktu: target.waktu,
        soal,
        gambar: await gambarPdf(q, soal),
      },
    },
    simpananRumusDb(q),
  );
  return { filename: `soal-paket-${jadwal.paket}-mapel-${target.id}.pdf`, pdf };
}
