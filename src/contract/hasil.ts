/** Package results, PTN status and package discussion (/siswa/tryout/hasil*, hasilskor, hasilptn,
 * generatehasilmapel, pembahasan).
 *
 * Encoding in the discussion: `soal`, `a`..`e` and `pembahasan` are base64 of UTF-8 HTML; `jawaban` and `kunci` are
 * plain text (a letter A..E for type 1, the text for types 2, 4, 5, 'Y'/'N' for type-3 statements; '' when blank). */
import { Type, type Static, type TProperties } from '@sinclair/typebox';
import { Envelope, StatusMessage, callFamily, defineCall, type CallBody, type CallResponse } from './common';
import {
  callForSiswa,
  CategoryHash,
  Flag,
  Id,
  IdJadwal,
  IdSiswa,
  IdSiswaJadwal,
  JumlahJawaban,
  KategoriPaket,
  Koreksi,
  OpsiSoal,
  PilihanJurusan,
  QuestionType,
} from './fields';

// ---------------------------------------------------------------------------------------------------------------
// Package result list

/**
 * A schedule whose close runs (its results are being computed): the answer sheets judged so far of all of them,
 * and in how many seconds to ask for the list again (the server's `Retry-After` of its result reads).
 */
export const Dihitung = Type.Object({
  dinilai: Type.Integer({ minimum: 0 }),
  jumlah: Type.Integer({ minimum: 0 }),
  coba_lagi_detik: Type.Integer({ minimum: 1 }),
});
export type Dihitung = Static<typeof Dihitung>;

/**
 * A result list whose rows are `dasar` and then either their figures (`angka`), or, for a TO Akbar event still
 * running, no figure: `terkunci` is the sentence saying when its result opens ("Hasil TO Akbar dibuka setelah ...
 * WIB"); or, with `dihitung`, "Hasil sedang dihitung" while the close of its schedule runs.
 */
function DaftarHasil<D extends TProperties, A extends TProperties>(dasar: D, angka: A) {
  const terbuka = Type.Object({ ...dasar, ...angka });
  const terkunci = Type.Object({ ...dasar, terkunci: Type.String(), dihitung: Type.Optional(Dihitung) });
  return { terbuka, terkunci, daftar: Envelope(Type.Array(Type.Union([terbuka, terkunci]))) };
}

/** Package result list item. `type` groups the chart ('UTBK', 'TO Akbar', ...); `date` is for display;
 * `kategori` is the category name and `kategoriHash` its hash (for the detail route). */
const hasilList = DaftarHasil(
  {
    paket: Type.Number(),
    type: Type.String(),
    date: Type.String(),
    idjadwal: Type.Number(),
    ...KategoriPaket,
  },
  { persentase: Type.Number(), nilai: Type.Number(), rata_rata: Type.Number() },
);
export const HasilListItem = hasilList.terbuka;
export type HasilListItem = Static<typeof HasilListItem>;
/** A category of a TO Akbar event still running, listed without any figure. */
export const HasilListTerkunci = hasilList.terkunci;
export type HasilListTerkunci = Static<typeof HasilListTerkunci>;

/** `POST /siswa/tryout/hasil` — body id_siswa, type (list) — answer package result list. */
export const hasilListCall = defineCall({
  method: 'POST',
  path: '/siswa/tryout/hasil',
  body: Type.Object({ id_siswa: IdSiswa, type: Type.Literal('list') }),
  response: hasilList.daftar,
});

// ---------------------------------------------------------------------------------------------------------------
// Details

/** Subject result list row. */
export const HasilMapel = Type.Object({
  mapel: Type.String(),
  ...JumlahJawaban,
  nilai: Type.Number(),
});
export type HasilMapel = Static<typeof HasilMapel>;

/** A category's subject rows and their average, as both result details give them. */
const NilaiMapel = { detail: Type.Array(HasilMapel), rata_rata: Type.Number() };

/** Detail of one category: heading data (nama, minat, paket) and per-subject rows. */
export const HasilKategoriDetail = Type.Object({
  paket: Type.Number(),
  kategori: Type.String(),
  nama: Type.String(),
  minat: Type.String(),
  ...NilaiMapel,
});
export type HasilKategoriDetail = Static<typeof HasilKategoriDetail>;

/** The two result details: POST, the body naming the student (`type` detail), the schedule in the path. */
const callForDetail = callFamily({
  method: 'POST',
  body: Type.Object({ id_siswa: IdSiswa, type: Type.Literal('detail') }),
});

/** `POST /siswa/tryout/hasil/id/{id}/kategori/{kategori}` — body id_siswa, type (detail) — answer detail result.
 * `kategori` is the category hash. */
export const hasilKategoriCall = callForDetail('/siswa/tryout/hasil/id/:id/kategori/:kategori', {
  params: Type.Object({ id: IdJadwal, kategori: CategoryHash('the category hash') }),
  response: Envelope(HasilKategoriDetail),
});

/** One category in the whole-schedule detail. */
export const HasilJadwalKategori = Type.Object({ ...KategoriPaket, ...NilaiMapel });

/** `POST /siswa/tryout/hasil/id/{id}` — body id_siswa, type (detail) — answer not shown (decided: every category
 * of the schedule with its subject rows). */
export const hasilJadwalCall = callForDetail('/siswa/tryout/hasil/id/:id', {
  params: Type.Object({ id: IdJadwal }),
  response: Envelope(Type.Object({ paket: Type.Number(), kategori: Type.Array(HasilJadwalKategori) })),
});

// ---------------------------------------------------------------------------------------------------------------
// Scores with package (PTN tab)

/** Score-with-package item. `id` is the schedule (jadwal) id. */
const skorPaket = DaftarHasil(
  { id: Type.Number(), paket: Type.Number(), tgl_selesai: Type.String(), type: Type.String() },
  { skor: Type.Number() },
);
export const SkorPaketItem = skorPaket.terbuka;
export type SkorPaketItem = Static<typeof SkorPaketItem>;
/** A finished package of a TO Akbar event still running: no score; `terkunci` says when it opens. */
export const SkorPaketTerkunci = skorPaket.terkunci;
export type SkorPaketTerkunci = Static<typeof SkorPaketTerkunci>;

/** `POST /siswa/tryout/hasilskor` — body id_siswa — answer scores with package. */
export const hasilSkorCall = callForSiswa('/siswa/tryout/hasilskor', { response: skorPaket.daftar });

// ---------------------------------------------------------------------------------------------------------------
// PTN

/** PTN result `my_ptn`. `hasil` 1 = pass (green), else not pass (red). */
export const MyPtn = Type.Object({
  hasil: Flag,
  hasil_str: Type.String(),
  skor: Type.Number(),
});

/** PTN result choice. `grade` is the minimum score; `rank_jurusan` the student's rank for the choice. */
export const PilihanPtn = Type.Object({
  ...PilihanJurusan,
  rank_jurusan: Type.Number(),
  grade: Type.Number(),
  status: Type.Number(),
  status_str: Type.String(),
});
export type PilihanPtn = Static<typeof PilihanPtn>;

export const HasilPtn = Type.Object({
  my_ptn: MyPtn,
  list_pilihan: Type.Array(PilihanPtn),
  mapel: Type.Array(HasilMapel),
  paket: Type.Number(),
});
export type HasilPtn = Static<typeof HasilPtn>;

/** The PTN status and its Sync: POST, the body naming the student and the schedule. */
const callOnJadwal = callFamily({ method: 'POST', body: Type.Object(IdSiswaJadwal) });

/** `POST /siswa/tryout/hasilptn` — body idsiswa, idjadwal — answer my_ptn, list_pilihan. A missing score summary
 * answers `{status: false, message}` (the client then offers Sync). */
export const hasilPtnCall = callOnJadwal('/siswa/tryout/hasilptn', { response: Envelope(HasilPtn) });
export type HasilPtnBody = CallBody<typeof hasilPtnCall>;
export type HasilPtnResponse = CallResponse<typeof hasilPtnCall>;

/** `POST /siswa/tryout/generatehasilmapel` — body idsiswa, idjadwal — answer not shown (sync). Answer
 * `{status, message}`. */
export const generateHasilMapelCall = callOnJadwal('/siswa/tryout/generatehasilmapel', {
  response: StatusMessage,
});
export type GenerateHasilMapelBody = CallBody<typeof generateHasilMapelCall>;

// ---------------------------------------------------------------------------------------------------------------
// Package discussion (review)

/** Finished-subject list row. `status` "1" = finished (reviewable). */
export const PembahasanMapelItem = Type.Object({
  idmapel: Type.Number(),
  mapel: Type.String(),
  status: Type.String(),
});
export type PembahasanMapelItem = Static<typeof PembahasanMapelItem>;

/** Content without `idmapel`: the subjects of the schedule. */
export const PembahasanList = Type.Object({
  paket: Type.Number(),
  mapel: Type.Array(PembahasanMapelItem),
});
export type PembahasanList = Static<typeof PembahasanList>;

/** A type-3 statement in the review. */
export const GroupSoalReview = Type.Object({
  soal: Type.String(),
  jawaban: Type.String(),
  kunci: Type.String(),
});
export type GroupSoalReview = Static<typeof GroupSoalReview>;

/** Review question. */
export const SoalReview = Type.Object({
  id_soal: Type.Number(),
  soal: Type.String(),
  type: QuestionType,
  ...OpsiSoal,
  jawaban: Type.String(),
  ...Koreksi,
  group_soal: Type.Optional(Type.Array(GroupSoalReview)),
  /** Type 3 only: 2 means the statements are judged Memperkuat/Memperlemah, otherwise Benar/Salah (as on the
   * sheet); `jawaban` and `kunci` of the statements stay Y/N. */
  group_text_type: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
});
export type SoalReview = Static<typeof SoalReview>;

/** Content with `idmapel`: the review of one subject. */
export const PembahasanMapel = Type.Object({
  mapel: Type.String(),
  benar: Type.Number(),
  jumlah_soal: Type.Number(),
  soal: Type.Array(SoalReview),
});
export type PembahasanMapel = Static<typeof PembahasanMapel>;

/** `POST /siswa/tryout/pembahasan` — body idsiswa, idjadwal, plus idmapel for a single subject — answer list:
 * paket, mapel[] (without idmapel) or the subject review (with idmapel). */
export const pembahasanCall = defineCall({
  method: 'POST',
  path: '/siswa/tryout/pembahasan',
  body: Type.Object({
    ...IdSiswaJadwal,
    idmapel: Type.Optional(Id('subject id; present for a single subject review')),
  }),
  response: Envelope(Type.Union([PembahasanMapel, PembahasanList])),
});
export type PembahasanBody = CallBody<typeof pembahasanCall>;
export type PembahasanContent = PembahasanList | PembahasanMapel;
