/** `GET /siswa/tryout/preview/paket/:paket/id/:id`: categories and subjects with their queue and clock. */
import type { KategoriPreview } from '../../../contract/tryoutPaket';
import type { Config } from '../../config';
import type { Executor } from '../../db/executor';
import { kategoriAntrian } from '../../domain/antrian';
import { kunciTerkunci } from '../../domain/kunciEvent';
import type { Siswa } from '../../db/siswa';
import { HttpError } from '../../lib/httpError';
import { akhiriJadwalBerakhir } from '../../scoring/jadwalBerakhir';
import { jadwalContextDenganAttempts, isWallClock } from './konteks';
import { jumlahSoalMapel, mapelKategori } from './isiPaket';
import { PESAN } from './teks';
import { antrianOf, settleClocks } from './waktu';

export async function previewPaket(
  q: Executor,
  input: { paket: number; idJadwal: number; siswa: Siswa; config: Config; now: number },
): Promise<KategoriPreview[]> {
  const {
    jadwal,
    kategoriList,
    attempts,
    clocks: clockRows,
  } = await jadwalContextDenganAttempts(q, input.idJadwal, input.siswa.id);
  if (jadwal.paket !== input.paket) throw new HttpError(404, PESAN.paketTidakAda);
  // A touch of the schedule: once its window is over, attempts still running end and are scored.
  await akhiriJadwalBerakhir(q, { jadwal }, input.now);

  // The package's subjects and their question counts are kept by the process as the schedule's definitions are.
  const mapelPerKategori = await Promise.all(kategoriList.map((k) => mapelKategori(q, jadwal, k.id)));
  const jumlah = await jumlahSoalMapel(
    q,
    jadwal,
    mapelPerKategori.flat().map((m) => m.id),
  );
  const attemptOf = new Map(attempts.map((a) => [a.id_kategori, a]));
  const antrian = kategoriAntrian(
    kategoriList.map((k) => ({ selesai: attemptOf.get(k.id)?.is_selesai === 1 })),
  );
  const wallClock = isWallClock(jadwal, input.siswa, input.config);
  const terkunci = kunciTerkunci(jadwal, input.now);

  const result: KategoriPreview[] = [];
  for (const [i, kategori] of kategoriList.entries()) {
    const attempt = attemptOf.get(kategori.id);
    const selesai = attempt?.is_selesai === 1;
    const clocks = await settleClocks(q, {
      idHasilTo: attempt?.id ?? 0,
      jadwal,
      mapel: mapelPerKategori[i],
      rows: attempt ? clockRows : [],
      wallClock,
      now: input.now,
    });
    const queue = antrianOf(clocks);
    const detailSoal = clocks.map((c, j) => ({
      mapel: c.mapel.nama,
      id_mapel: c.mapel.id,
      jmlh_soal: jumlah.get(c.mapel.id) ?? 0,
      waktu: c.mapel.waktu,
      status: c.clock.status === 1 || selesai ? '1' : '0',
      antrian: queue[j].antrian,
      antrian_str: queue[j].antrian_str,
      sisa_waktu: selesai ? 0 : c.clock.sisaWaktu,
    }));
    result.push({
      kategori: kategori.nama,
      kategoriHash: kategori.hash,
      jumlah_soal: detailSoal.reduce((sum, m) => sum + m.jmlh_soal, 0),
      waktu: detailSoal.reduce((sum, m) => sum + m.waktu, 0),
      is_selesai: selesai ? 1 : 0,
      is_antrian: antrian[i],
      // The discussion is shown only once the category is finished, and an
      // event's only once the event is over: until then the student reads when it opens.
      pembahasan: selesai && !terkunci ? kategori.pembahasan : '',
      ...(selesai && terkunci ? { pembahasan_terkunci: terkunci.message } : {}),
      detailSoal,
    });
  }
  return result;
}
