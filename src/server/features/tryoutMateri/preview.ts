/** Preview levels of the per-topic tryout: categories → subjects → topics (GET .../preview/...). */
import type { Executor } from '../../db/executor';
import type { Siswa } from '../../db/siswa';
import { HttpError } from '../../lib/httpError';
import { berhasil } from '../../lib/respons';
import { tutupJikaHabis } from './percobaan';
import { jumlahSoalPer } from '../../db/jumlahSoal';
import {
  countTerjawabPerHasil,
  findKategori,
  findMapel,
  listHasilOfMateri,
  listKategori,
  listMapel,
  listMateriOfMapel,
} from './queries';
import { PESAN } from './teks';

/** The categories of topics. */
export async function kategoriMateri(db: Executor) {
  const kategori = await listKategori(db);
  return berhasil({ kategori: kategori.map((k) => ({ id: k.id, name: k.nama })) });
}

/** The subjects of a category of topics. */
export async function mapelMateri(db: Executor, idkategori: number) {
  const kategori = await findKategori(db, idkategori);
  if (!kategori) throw new HttpError(404, PESAN.kategoriTidakAda);
  const mapel = await listMapel(db, idkategori);
  return berhasil({
    kategori: kategori.nama,
    mapel: mapel.map((m) => ({ id_kategori: m.id_kategori, id_mapel: m.id, mapel: m.nama })),
  });
}

/** The topics of a subject with the student's progress (attempts whose time ran out are ended first). */
export async function daftarMateri(
  db: Executor,
  input: { siswa: Siswa; idkategori: number; idmapel: number; now: number },
) {
  const { siswa, idkategori, idmapel } = input;
  const mapel = await findMapel(db, idmapel);
  if (!mapel || mapel.id_kategori !== idkategori) throw new HttpError(404, PESAN.mapelTidakAda);

  const materi = await listMateriOfMapel(db, idmapel);
  const ids = materi.map((m) => m.id);
  const menitOf = new Map(materi.map((m) => [m.id, m.menit]));
  const t = input.now;
  // Attempts whose time ran out are ended here, so the list shows them as done.
  const hasil = await Promise.all(
    (await listHasilOfMateri(db, siswa.id, ids)).map((h) =>
      tutupJikaHabis(db, h, menitOf.get(h.id_materi) ?? 0, t),
    ),
  );
  const hasilOf = new Map(hasil.map((h) => [h.id_materi, h]));
  const jumlahSoal = await jumlahSoalPer(db, 'id_materi', ids);
  const terjawab = await countTerjawabPerHasil(
    db,
    hasil.map((h) => h.id),
  );

  return berhasil({
    mapel: mapel.nama,
    materi: materi.map((m) => {
      const h = hasilOf.get(m.id);
      return {
        id: m.id,
        materi: m.nama,
        menit: m.menit,
        soal_dikerjakan: h ? (terjawab.get(h.id) ?? 0) : 0,
        jumlah_soal: jumlahSoal.get(m.id) ?? 0,
        status: h?.status === 1 ? 1 : 0,
      };
    }),
  });
}
