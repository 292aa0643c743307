/** Preview levels of the per-topic tryout: categories → subjects → topics (spec §7 GET .../preview/...). */
import { materiKategoriCall, materiListCall, materiMapelCall } from '../../../contract/tryoutMateri';
import type { App, FeatureContext } from '../../context';
import { requireSelf } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { tutupJikaHabis } from './percobaan';
import {
  countSoalPerMateri,
  countTerjawabPerHasil,
  findKategori,
  findMapel,
  listHasilOfMateri,
  listKategori,
  listMapel,
  listMateriOfMapel,
} from './queries';
import { PESAN } from './teks';

export function previewRoutes(app: App, { db, now }: FeatureContext): void {
  app.get(materiKategoriCall.path, { schema: materiKategoriCall.schema }, async (request) => {
    requireSelf(request, request.params.idsiswa);
    const kategori = await listKategori(db.kysely);
    return { status: true, content: { kategori: kategori.map((k) => ({ id: k.id, name: k.nama })) } };
  });

  app.get(materiMapelCall.path, { schema: materiMapelCall.schema }, async (request) => {
    const { idsiswa, idkategori } = request.params;
    requireSelf(request, idsiswa);
    const kategori = await findKategori(db.kysely, idkategori);
    if (!kategori) throw new HttpError(404, PESAN.kategoriTidakAda);
    const mapel = await listMapel(db.kysely, idkategori);
    return {
      status: true,
      content: {
        kategori: kategori.nama,
        mapel: mapel.map((m) => ({ id_kategori: m.id_kategori, id_mapel: m.id, mapel: m.nama })),
      },
    };
  });

  app.get(materiListCall.path, { schema: materiListCall.schema }, async (request) => {
    const { idsiswa, idkategori, idmapel } = request.params;
    const siswa = requireSelf(request, idsiswa);
    const mapel = await findMapel(db.kysely, idmapel);
    if (!mapel || mapel.id_kategori !== idkategori) throw new HttpError(404, PESAN.mapelTidakAda);

    const materi = await listMateriOfMapel(db.kysely, idmapel);
    const ids = materi.map((m) => m.id);
    const menitOf = new Map(materi.map((m) => [m.id, m.menit]));
    const t = now();
    // Attempts whose time ran out are ended here, so the list shows them as done.
    const hasil = await Promise.all(
      (await listHasilOfMateri(db.kysely, siswa.id, ids)).map((h) =>
        tutupJikaHabis(db, h, menitOf.get(h.id_materi) ?? 0, t),
      ),
    );
    const hasilOf = new Map(hasil.map((h) => [h.id_materi, h]));
    const jumlahSoal = await countSoalPerMateri(db.kysely, ids);
    const terjawab = await countTerjawabPerHasil(
      db.kysely,
      hasil.map((h) => h.id),
    );

    return {
      status: true,
      content: {
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
      },
    };
  });
}
