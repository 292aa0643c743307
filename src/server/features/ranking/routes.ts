/** Package and university-choice rankings (spec §7 /siswa/tryout/ranking*, /rankingjur; DESIGN.md "Rankings"). */
import {
  RANKING_JURUSAN_TOP,
  rankingJurusanCall,
  rankingPaketCall,
  rankingPaketListCall,
} from '../../../contract/ranking';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FeatureRoutes } from '../../context';
import { requireSelf } from '../../plugins/auth';
import { ensureIrtScores } from '../../scoring/irtScoring';
import {
  finishedJadwal,
  findJadwalOf,
  pilihanSiswa,
  rankPackage,
  type PeringkatPeserta,
} from '../../scoring/skorPaket';

export const PESAN_RANKING = {
  pilihanTidakAda: 'Data Pilihan Tidak Ditemukan',
} as const;

function myRanking(ranking: readonly PeringkatPeserta[], idSiswa: number) {
  const mine = ranking.find((r) => r.id_siswa === idSiswa);
  return mine ? { peringkat: mine.peringkat, skor: mine.skor } : null;
}

/** The table rows; the caller's own row is marked by student id, since ranks and scores can tie. */
function rows(ranking: readonly PeringkatPeserta[], idSiswa: number) {
  return ranking.map(({ id_siswa, peringkat, nama, skor }) => ({
    peringkat,
    nama,
    skor,
    is_me: id_siswa === idSiswa,
  }));
}

export const rankingRoutes: FeatureRoutes = async (app, { db, now }) => {
  // The package calls carry no meaningful body: an empty JSON body is taken as {} instead of a 400
  // (plugins/input.ts reads `emptyJsonBody`). A child scope keeps the typed provider for these two routes.
  const emptyBodyIsObject = { emptyJsonBody: true };
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<TypeBoxTypeProvider>();

    scope.post(
      rankingPaketListCall.path,
      { schema: rankingPaketListCall.schema, config: emptyBodyIsObject },
      async (request) => {
        const siswa = requireSelf(request, request.params.idsiswa);
        const paket = await finishedJadwal(db, siswa.id);
        return { status: true, content: paket.map((p) => ({ paket: p.paket, codepaket: p.id })) };
      },
    );

    scope.post(
      rankingPaketCall.path,
      { schema: rankingPaketCall.schema, config: emptyBodyIsObject },
      async (request) => {
        const siswa = requireSelf(request, request.params.idsiswa);
        const jadwal = await findJadwalOf(db, siswa.id, request.params.paket);
        await ensureIrtScores(db, jadwal.id, now());
        const ranking = await rankPackage(db, jadwal.id);
        return {
          status: true,
          content: {
            my_rangking: myRanking(ranking, siswa.id),
            list_rangking: rows(ranking, siswa.id),
            jumlah_peserta: ranking.length,
          },
        };
      },
    );
  });

  app.post(rankingJurusanCall.path, { schema: rankingJurusanCall.schema }, async (request) => {
    const siswa = requireSelf(request, request.body.idsiswa);
    const jadwal = await findJadwalOf(db, siswa.id, request.body.idjadwal);
    const [pilihan] = await pilihanSiswa(db, siswa.id, request.body.numoption);
    if (!pilihan) return { status: false as const, message: PESAN_RANKING.pilihanTidakAda };
    await ensureIrtScores(db, jadwal.id, now());
    const ranking = await rankPackage(db, jadwal.id, pilihan.id_prodi);
    return {
      status: true,
      content: {
        data_tryout: { paket: jadwal.paket },
        option_student: {
          num_option: pilihan.num_option,
          jenjang: pilihan.jenjang,
          jurusan: pilihan.jurusan,
          universitas: pilihan.universitas,
          grade: pilihan.grade,
        },
        list_rangking: rows(ranking.slice(0, RANKING_JURUSAN_TOP), siswa.id),
        my_rangking: myRanking(ranking, siswa.id),
      },
    };
  });
};
