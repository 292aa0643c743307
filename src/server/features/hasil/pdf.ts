/**
 * The student's discussion and result PDFs of a category (pdf/documents.ts): a discussion only after the student
 * finished the category (and for a TO Akbar event only once the event is over), a result from the stored scores. The question PDF belongs to the package tryout
 * (features/tryoutPaket/soalPdf.ts), since fetching it opens the subject's clock.
 */
import type { Executor } from '../../db/executor';
import { hasilTerkunci, kunciTerkunci } from '../../domain/kunciEvent';
import { packageTotal } from '../../domain/ranking';
import { formatTanggalSaja } from '../../domain/tanggal';
import { gambarPdf, pembahasanKategori } from '../../pdf/data';
import { renderPdf } from '../../pdf/renderPool';
import { simpananRumusDb } from '../../pdf/rumusTersimpan';
import type { Siswa } from '../../db/siswa';
import { HttpError } from '../../lib/httpError';
import { akhiriJadwalBerakhir } from '../../scoring/jadwalBerakhir';
import { segarkanHasil } from './nilai';
import {
  PESAN,
  endedAttempts,
  findJadwalOf,
  findKategori,
  hasilKategoriSiswa,
  mapelKategori,
} from './queries';

export const PESAN_PDF = {
  belumSelesai: 'Pembahasan tersedia setelah kategori ini selesai dikerjakan',
} as const;

export interface BerkasPdf {
  filename: string;
  pdf: Buffer;
}

interface PermintaanPdf {
  siswa: Siswa;
  idJadwal: number;
  hash: string;
  now: number;
}

/**
 * The student's schedule and category a PDF is asked for, once `terkunciPada` (the event's lock of what this PDF
 * shows) lets it be read: 403 with when it opens otherwise.
 */
async function kategoriTerbuka(db: Executor, input: PermintaanPdf, terkunciPada: typeof kunciTerkunci) {
  const jadwal = await findJadwalOf(db, input.siswa.id, input.idJadwal);
  const kategori = await findKategori(db, jadwal.id, input.hash);
  const terkunci = terkunciPada(jadwal, input.now);
  if (terkunci) throw new HttpError(403, terkunci.message, terkunci.dibuka_pada);
  return { jadwal, kategori };
}

/** `GET /pdf/pembahasan/:idjadwal/:kategoriHash`: questions, keys, the student's answers and explanations. */
export async function pembahasanPdfSiswa(db: Executor, input: PermintaanPdf): Promise<BerkasPdf> {
  const { siswa } = input;
  const { jadwal, kategori } = await kategoriTerbuka(db, input, kunciTerkunci);
  await akhiriJadwalBerakhir(db, { jadwal }, input.now);
  const idHasilTo = (await endedAttempts(db, siswa.id, { idKategori: kategori.id })).get(kategori.id);
  // Keys and explanations never leave the server before the category is finished.
  if (idHasilTo === undefined) throw new HttpError(403, PESAN_PDF.belumSelesai);
  const mapel = await pembahasanKategori(db, idHasilTo, await mapelKategori(db, kategori.id));
  const pdf = await renderPdf(
    {
      jenis: 'pembahasan',
      data: {
        paket: jadwal.paket,
        kategori: kategori.nama,
        nama: siswa.nama_lengkap,
        mapel,
        gambar: await gambarPdf(
          db,
          mapel.flatMap((m) => m.soal),
        ),
      },
    },
    simpananRumusDb(db),
  );
  return { filename: `pembahasan-paket-${jadwal.paket}-${kategori.hash}.pdf`, pdf };
}

/** `GET /pdf/hasil/:idjadwal/:kategoriHash`: the category's subject scores, as the result page shows them (for a
 * TO Akbar event only once it is over). */
export async function hasilPdfSiswa(db: Executor, input: PermintaanPdf): Promise<BerkasPdf> {
  const { siswa } = input;
  const { jadwal, kategori } = await kategoriTerbuka(db, input, hasilTerkunci);
  await segarkanHasil(db, [jadwal.id], input.now);
  const [hasil] = await hasilKategoriSiswa(db, siswa.id, { idJadwal: jadwal.id, idKategori: kategori.id });
  if (!hasil || hasil.mapel.length === 0) throw new HttpError(404, PESAN.detailTidakAda);
  const pdf = await renderPdf({
    jenis: 'hasil',
    data: {
      paket: jadwal.paket,
      kategori: kategori.nama,
      nama: siswa.nama_lengkap,
      minat: siswa.minat,
      tanggal: formatTanggalSaja(hasil.ended_at),
      rows: hasil.mapel,
      rata_rata: packageTotal(hasil.mapel.map((m) => m.nilai)) ?? 0,
    },
  });
  return { filename: `hasil-paket-${jadwal.paket}-${kategori.hash}.pdf`, pdf };
}
