import { laporanCall } from '../../../contract/laporan';
import { EKSPOR_MAKS_BYTES } from '../../../contract/laporanBatas';
import type { FeatureRoutes } from '../../context';
import { currentSiswa } from '../../plugins/auth';
import { HttpError } from '../../lib/httpError';
import { simpanLaporan, waktuLaporanSejak } from './laporan';

/** Reports one student may send within an hour. */
export const LAPORAN_PER_JAM = 5;
const JAM_MS = 60 * 60 * 1000;

/**
 * `POST /siswa/laporan`: stores the caller's report and answers its code. 413 when its DevTools export is over
 * 2 MB (the SPA cuts its history to fit first), 429 past five reports in an hour.
 */
export const laporanRoutes: FeatureRoutes = (app, { db, now }) => {
  app.route({
    method: laporanCall.method,
    url: laporanCall.path,
    schema: laporanCall.schema,
    // The export's JSON text inside the report's JSON: escaping may grow it, so twice its limit is read.
    bodyLimit: 2 * EKSPOR_MAKS_BYTES + 64 * 1024,
    handler: async (request) => {
      const siswa = currentSiswa(request);
      const body = request.body;
      if (Buffer.byteLength(body.devtools) > EKSPOR_MAKS_BYTES)
        throw new HttpError(413, 'Laporan terlalu besar: rekaman sesi paling banyak 2 MB');
      const at = now();
      const terakhir = await waktuLaporanSejak(db, siswa.id, at - JAM_MS);
      if (terakhir.length >= LAPORAN_PER_JAM) {
        const tungguDetik = Math.max(1, Math.ceil((terakhir[0] + JAM_MS - at) / 1000));
        throw new HttpError(
          429,
          `Terlalu banyak laporan: paling banyak ${LAPORAN_PER_JAM} dalam satu jam. Coba lagi dalam ${Math.ceil(tungguDetik / 60)} menit.`,
          undefined,
          { 'retry-after': String(tungguDetik) },
        );
      }
      const kode = await simpanLaporan(db, {
        id_siswa: siswa.id,
        dibuat_at: at,
        pesan: body.pesan,
        versi: body.versi,
        user_agent: body.user_agent,
        url: body.url,
        request_ids: JSON.stringify(body.request_ids),
        devtools: body.devtools,
      });
      request.log.info({ kode }, 'laporan masalah diterima');
      return { status: true, message: `Laporan terkirim. Kode laporan: ${kode}`, content: { kode } };
    },
  });
};
