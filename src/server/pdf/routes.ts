/**
 * PDFs (DESIGN.md "PDFs"): a category's
 * discussion (only after the student finished it) and the student's category result. The question PDF is served by
 * the package tryout feature (features/tryoutPaket/soalPdf.ts), since fetching it opens the subject's clock. Plain links authenticate
 * with the session cookie; answers are inline application/pdf with a filename.
 */
import { Type } from '@sinclair/typebox';
import { CategoryHash, Failure, Id } from '../../contract/common';
import type { FeatureRoutes } from '../context';
import type { Db } from '../db/createDb';
import { packageTotal } from '../domain/ranking';
import { formatTanggalSaja } from '../domain/tanggal';
import { findKategori, hasilKategoriSiswa, PESAN } from '../features/hasil/queries';
import { ensureIrtScores } from '../scoring/irtScoring';
import { PESAN_AKSES, findJadwalOf } from '../scoring/skorPaket';
import { currentSiswa } from '../plugins/auth';
import { HttpError } from '../plugins/errors';
import { hasilPdf, pembahasanPdf } from './documents';
import { sendPdf } from './reply';
import { pembahasanKategori } from './data';

export const PESAN_PDF = {
  bukanPeserta: PESAN_AKSES.bukanPeserta,
  belumSelesai: 'Pembahasan tersedia setelah kategori ini selesai dikerjakan',
  mapelTidakAda: 'Mata pelajaran tidak ditemukan pada kategori ini',
} as const;

const errors = { '4xx': Failure, '5xx': Failure };
const KategoriParams = Type.Object({ idjadwal: Id('schedule (jadwal) id'), kategoriHash: CategoryHash() });

async function mapelKategori(db: Db, idKategori: number) {
  return db.kysely
    .selectFrom('mapel')
    .select(['id', 'nama', 'waktu'])
    .where('id_kategori', '=', idKategori)
    .orderBy('urutan')
    .orderBy('id')
    .execute();
}

async function endedAttempt(db: Db, idSiswa: number, idKategori: number): Promise<number | null> {
  const row = await db.kysely
    .selectFrom('hasil_to')
    .select('id')
    .where('id_siswa', '=', idSiswa)
    .where('id_kategori', '=', idKategori)
    .where('is_selesai', '=', 1)
    .executeTakeFirst();
  return row?.id ?? null;
}

export const pdfRoutes: FeatureRoutes = (app, { db, now }) => {
  app.get(
    '/pdf/pembahasan/:idjadwal/:kategoriHash',
    { schema: { params: KategoriParams, response: errors } },
    async (request, reply) => {
      const siswa = currentSiswa(request);
      const jadwal = await findJadwalOf(db, siswa.id, request.params.idjadwal);
      const kategori = await findKategori(db, jadwal.id, request.params.kategoriHash);
      const idHasilTo = await endedAttempt(db, siswa.id, kategori.id);
      // Keys and explanations never leave the server before the category is finished.
      if (idHasilTo === null) throw new HttpError(403, PESAN_PDF.belumSelesai);
      const pdf = await pembahasanPdf({
        paket: jadwal.paket,
        kategori: kategori.nama,
        nama: siswa.nama_lengkap,
        mapel: await pembahasanKategori(db, idHasilTo, await mapelKategori(db, kategori.id)),
      });
      return sendPdf(reply, `pembahasan-paket-${jadwal.paket}-${kategori.hash}.pdf`, pdf);
    },
  );

  app.get(
    '/pdf/hasil/:idjadwal/:kategoriHash',
    { schema: { params: KategoriParams, response: errors } },
    async (request, reply) => {
      const siswa = currentSiswa(request);
      const jadwal = await findJadwalOf(db, siswa.id, request.params.idjadwal);
      const kategori = await findKategori(db, jadwal.id, request.params.kategoriHash);
      await ensureIrtScores(db, jadwal.id, now());
      const [hasil] = await hasilKategoriSiswa(db, siswa.id, {
        idJadwal: jadwal.id,
        idKategori: kategori.id,
      });
      if (!hasil || hasil.mapel.length === 0) throw new HttpError(404, PESAN.detailTidakAda);
      const pdf = await hasilPdf({
        paket: jadwal.paket,
        kategori: kategori.nama,
        nama: siswa.nama_lengkap,
        minat: siswa.minat,
        tanggal: formatTanggalSaja(hasil.ended_at),
        rows: hasil.mapel,
        rata_rata: packageTotal(hasil.mapel.map((m) => m.nilai)) ?? 0,
      });
      return sendPdf(reply, `hasil-paket-${jadwal.paket}-${kategori.hash}.pdf`, pdf);
    },
  );
};
