/** Package and university-choice rankings (/siswa/tryout/ranking*, /rankingjur). */
import {
  RANKING_PER_HALAMAN,
  type RankingPaketBody,
  type RankingPaketResponse,
  rankingJurusanCall,
  rankingPaketCall,
  rankingPaketListCall,
} from '../../../contract/ranking';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FeatureRoutes } from '../../context';
import { requireSelf } from '../../plugins/auth';
import { daftarPaketRanking, rankingJurusan, rankingPaket, type HalamanRanking } from './peringkat';

/** The page a ranking call asks for: none without `halaman` (the spec's whole answer). */
function halamanDari(body: RankingPaketBody): HalamanRanking | undefined {
  if (body.halaman === undefined) return undefined;
  return { halaman: body.halaman, perHalaman: body.per_halaman ?? RANKING_PER_HALAMAN };
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
      async (request) => daftarPaketRanking(db, requireSelf(request, request.params.idsiswa), now()),
    );

    scope.post(
      rankingPaketCall.path,
      { schema: rankingPaketCall.schema, config: emptyBodyIsObject },
      async (request, reply) => {
        const answer = await rankingPaket(db, {
          siswa: requireSelf(request, request.params.idsiswa),
          idJadwal: request.params.paket,
          now: now(),
          page: halamanDari(request.body),
        });
        if (typeof answer !== 'string') return answer;
        // A closed schedule's answer (the full list or a page) comes as ready JSON in the contract's shape, cut from
        // the list built once per schedule: Fastify sends a string as it is, while the typed reply only knows the
        // object form.
        return reply.type('application/json; charset=utf-8').send(answer as unknown as RankingPaketResponse);
      },
    );
  });

  app.post(rankingJurusanCall.path, { schema: rankingJurusanCall.schema }, async (request) =>
    rankingJurusan(db, {
      siswa: requireSelf(request, request.body.idsiswa),
      idJadwal: request.body.idjadwal,
      numOption: request.body.numoption,
      now: now(),
      page: halamanDari(request.body),
    }),
  );
};
