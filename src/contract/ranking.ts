/** Rankings (/siswa/tryout/ranking*, rankingjur). Ranks are competition ranks (1, 2, 2, 4). */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, defineCall, type CallBody, type CallResponse } from './common';
import { Id, IdSiswa, IdSiswaJadwal, PilihanJurusan } from './fields';

/** Ranking list item. `codepaket` is the schedule (jadwal) id, used as `:paket` of the package ranking. */
export const RankingPaketItem = Type.Object({
  paket: Type.Number(),
  codepaket: Type.Number(),
});
export type RankingPaketItem = Static<typeof RankingPaketItem>;

/** `POST /siswa/tryout/ranking/idsiswa/{idsiswa}` — body not shown (none; send `{}`) — answer package list. */
export const rankingPaketListCall = defineCall({
  method: 'POST',
  path: '/siswa/tryout/ranking/idsiswa/:idsiswa',
  params: Type.Object({ idsiswa: IdSiswa }),
  response: Envelope(Type.Array(RankingPaketItem)),
});

/** One row of a ranking table. `is_me` marks the caller's own row, decided by who the student is (never by rank
 * or score, which two students can share). */
export const RankingRow = Type.Object({
  peringkat: Type.Number(),
  nama: Type.String(),
  skor: Type.Number(),
  is_me: Type.Boolean({ description: "true only on the caller's own row" }),
});
export type RankingRow = Static<typeof RankingRow>;

/** The caller's own place, or null when the caller has no score in it. */
export const MyRanking = Type.Union([
  Type.Object({ peringkat: Type.Number(), skor: Type.Number() }),
  Type.Null(),
]);

/** The caller's 1-based place in listing order (null when the caller has no score in it); only in a paged answer,
 * so that a client can open the page holding the caller's row (ranks tie, places do not). */
const PosisiSaya = Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]);

/** Ranking detail. The list is the full ranking, or one page of it when a page was asked for. */
export const RankingPaket = Type.Object({
  my_rangking: MyRanking,
  list_rangking: Type.Array(RankingRow),
  jumlah_peserta: Type.Number(),
  posisi_saya: Type.Optional(PosisiSaya),
});
export type RankingPaket = Static<typeof RankingPaket>;

/** Rows of one page of a ranking when only `halaman` is given. */
export const RANKING_PER_HALAMAN = 100;
/** The most rows one page may ask for. */
export const RANKING_PER_HALAMAN_MAX = 500;

/**
 * The body of the package ranking. The spec shows none (send `{}`): the answer is then the full ranking. An
 * addition of ours: `halaman` (1-based) asks for one page of `per_halaman` rows in listing order, so a ranking of
 * 100,000 participants can be read a page at a time (`jumlah_peserta` still counts them all, `my_rangking` is the
 * caller's place wherever it is).
 */
export const RankingPaketBody = Type.Object({
  halaman: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  per_halaman: Type.Optional(Type.Integer({ minimum: 1, maximum: RANKING_PER_HALAMAN_MAX })),
});
export type RankingPaketBody = Static<typeof RankingPaketBody>;

/** `POST /siswa/tryout/ranking/idsiswa/{idsiswa}/paket/{paket}` — body not shown (none; send `{}`) — answer
 * my_rangking, list_rangking. `paket` is the `codepaket` (schedule id) of the list. */
export const rankingPaketCall = defineCall({
  method: 'POST',
  path: '/siswa/tryout/ranking/idsiswa/:idsiswa/paket/:paket',
  params: Type.Object({ idsiswa: IdSiswa, paket: Id('codepaket: the schedule (jadwal) id') }),
  body: RankingPaketBody,
  response: Envelope(RankingPaket),
});
export type RankingPaketResponse = CallResponse<typeof rankingPaketCall>;

/** The student's university choice in the choice ranking. `grade` is the minimum score. */
export const OptionStudent = Type.Object({
  ...PilihanJurusan,
  grade: Type.Number(),
});

/** Choice ranking. `list_rangking` is the Top 10; with a page asked for, that page of everyone who chose
 * the programme, with their count and the caller's place. */
export const RankingJurusan = Type.Object({
  data_tryout: Type.Object({ paket: Type.Number() }),
  option_student: OptionStudent,
  list_rangking: Type.Array(RankingRow, { maxItems: RANKING_PER_HALAMAN_MAX }),
  my_rangking: MyRanking,
  jumlah_peserta: Type.Optional(Type.Number()),
  posisi_saya: Type.Optional(PosisiSaya),
});
export type RankingJurusan = Static<typeof RankingJurusan>;

/** Number of rows in a choice ranking. */
export const RANKING_JURUSAN_TOP = 10;

/** `POST /siswa/tryout/rankingjur` — body idsiswa, idjadwal, numoption — answer choice ranking. An addition of
 * ours, as for the package ranking: `halaman` (1-based) and `per_halaman` ask for one page of the whole choice
 * ranking instead of the Top 10. */
export const rankingJurusanCall = defineCall({
  method: 'POST',
  path: '/siswa/tryout/rankingjur',
  body: Type.Object({
    ...IdSiswaJadwal,
    numoption: Id('the choice number (1-based)'),
    ...RankingPaketBody.properties,
  }),
  response: Envelope(RankingJurusan),
});
export type RankingJurusanBody = CallBody<typeof rankingJurusanCall>;
