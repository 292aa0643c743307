/** Calls of the ranking pages (/siswa/tryout/ranking*, rankingjur). */
import type {
  CallReply,
  RankingJurusanBody,
  RankingPaketBody,
  rankingJurusanCall,
  rankingPaketCall,
  rankingPaketListCall,
} from '../../contract';
import { http } from './http';
import { fillPath, type PathOf } from './path';

const paths: {
  list: PathOf<typeof rankingPaketListCall>;
  paket: PathOf<typeof rankingPaketCall>;
  jurusan: PathOf<typeof rankingJurusanCall>;
} = {
  list: '/siswa/tryout/ranking/idsiswa/:idsiswa',
  paket: '/siswa/tryout/ranking/idsiswa/:idsiswa/paket/:paket',
  jurusan: '/siswa/tryout/rankingjur',
};

export type RankingPaketListReply = CallReply<typeof rankingPaketListCall>;
export type RankingPaketReply = CallReply<typeof rankingPaketCall>;
export type RankingJurusanReply = CallReply<typeof rankingJurusanCall>;

// The package calls have no body of their own (spec: "not shown"); an empty object keeps the JSON content type.

export async function fetchRankingPaketList(idsiswa: number): Promise<RankingPaketListReply> {
  const url = fillPath<typeof rankingPaketListCall>(paths.list, { idsiswa });
  const { data } = await http.post<RankingPaketListReply>(url, {});
  return data;
}

/** `paket` is the package's `codepaket` (the schedule id); `page` one page of the listing. */
export async function fetchRankingPaket(
  idsiswa: number,
  paket: number,
  page: Required<RankingPaketBody>,
): Promise<RankingPaketReply> {
  const url = fillPath<typeof rankingPaketCall>(paths.paket, { idsiswa, paket });
  const { data } = await http.post<RankingPaketReply>(url, page);
  return data;
}

export async function fetchRankingJurusan(body: RankingJurusanBody): Promise<RankingJurusanReply> {
  const { data } = await http.post<RankingJurusanReply>(paths.jurusan, body);
  return data;
}
