/** Calls of the ranking pages (/siswa/tryout/ranking*, rankingjur). */
import type {
  RankingJurusanBody,
  RankingPaketBody,
  rankingJurusanCall,
  rankingPaketCall,
  rankingPaketListCall,
} from '../../contract';
import { send } from './endpoint';

// The package list has no body of its own; an empty object keeps the JSON content type.
export function fetchRankingPaketList(idsiswa: number) {
  return send<typeof rankingPaketListCall>('POST /siswa/tryout/ranking/idsiswa/:idsiswa', { idsiswa }, {});
}

/** `codepaket` is the package's schedule id (the `:paket` of the path); `page` one page of the listing. */
export function fetchRankingPaket(idsiswa: number, codepaket: number, page: Required<RankingPaketBody>) {
  return send<typeof rankingPaketCall>(
    'POST /siswa/tryout/ranking/idsiswa/:idsiswa/paket/:paket',
    { idsiswa, paket: codepaket },
    page,
  );
}

export function fetchRankingJurusan(body: RankingJurusanBody) {
  return send<typeof rankingJurusanCall>('POST /siswa/tryout/rankingjur', undefined, body);
}
