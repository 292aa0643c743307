/** Per-topic tryout, "tryout permateri" (/siswa/tryoutmateri/*).
 *
 * Encoding: `soal`, `a`..`e` and `pembahasan` are base64 of UTF-8 HTML. `jawaban` (the student's answer) and
 * `kunci` (the key) are plain text: a letter A..E for type 1, the typed text for types 2 and 4, '' when blank. */
import { Type, type Static, type TObject, type TProperties } from '@sinclair/typebox';
import { Envelope, StatusMessage, StatusOnly, callFamily, defineCall, type CallBody } from './common';
import {
  AnswerText,
  callForSiswa,
  Id,
  IdSiswa,
  IdSiswaBody,
  JawabanTersimpan,
  JumlahJawaban,
  Koreksi,
  OpsiSoal,
  QuestionType,
} from './fields';

// ---------------------------------------------------------------------------------------------------------------
// Preview: categories → subjects → topics

/** A level of the preview: GET, the student (and the levels chosen above it) in the path, its list in the answer. */
function previewCall<P extends string, TP extends TObject, TC extends TProperties>(
  path: P,
  params: TP,
  content: TC,
) {
  return defineCall({ method: 'GET', path, params, response: Envelope(Type.Object(content)) });
}

/** The preview's path parameters: the student, then the levels chosen above. */
const PreviewParams = <T extends TProperties>(levels: T) => Type.Object({ idsiswa: IdSiswa, ...levels });

/** Category item. */
export const MateriKategori = Type.Object({ id: Type.Number(), name: Type.String() });
export type MateriKategori = Static<typeof MateriKategori>;

/** `GET /siswa/tryoutmateri/preview/idsiswa/{idsiswa}` — body none — answer content.kategori. */
export const materiKategoriCall = previewCall(
  '/siswa/tryoutmateri/preview/idsiswa/:idsiswa',
  PreviewParams({}),
  { kategori: Type.Array(MateriKategori) },
);

/** Subject item. */
export const MateriMapel = Type.Object({
  id_kategori: Type.Number(),
  id_mapel: Type.Number(),
  mapel: Type.String(),
});
export type MateriMapel = Static<typeof MateriMapel>;

/** `GET .../kategori/{idkategori}` (under /siswa/tryoutmateri/preview/idsiswa/{idsiswa}) — body none —
 * answer subjects; `kategori` is the category name. */
export const materiMapelCall = previewCall(
  '/siswa/tryoutmateri/preview/idsiswa/:idsiswa/kategori/:idkategori',
  PreviewParams({ idkategori: Id() }),
  { mapel: Type.Array(MateriMapel), kategori: Type.String() },
);

/** Topic list item. `menit` minutes; `status` 1 means done. */
export const MateriItem = Type.Object({
  id: Type.Number(),
  materi: Type.String(),
  menit: Type.Number(),
  soal_dikerjakan: Type.Number(),
  jumlah_soal: Type.Number(),
  status: Type.Number(),
});
export type MateriItem = Static<typeof MateriItem>;

/** `GET .../kategori/{idkategori}/mapel/{idmapel}` (under /siswa/tryoutmateri/preview/idsiswa/{idsiswa}) —
 * body none — answer topics; `mapel` is the subject name. */
export const materiListCall = previewCall(
  '/siswa/tryoutmateri/preview/idsiswa/:idsiswa/kategori/:idkategori/mapel/:idmapel',
  PreviewParams({ idkategori: Id(), idmapel: Id() }),
  { materi: Type.Array(MateriItem), mapel: Type.String() },
);

// ---------------------------------------------------------------------------------------------------------------
// Start / save / end

/** A question on the per-topic sheet (no key). `soal`, `a`..`e` base64; `jawaban` the saved answer, '' if none. */
export const SoalMateri = Type.Object({
  id_soal: Type.Number(),
  soal: Type.String(),
  ...OpsiSoal,
  type: QuestionType,
  jawaban: Type.String(),
});
export type SoalMateri = Static<typeof SoalMateri>;

/** Topic session. `waktu` is the remaining time in seconds; `materi` the topic name. */
export const MateriSession = Type.Object({
  idmateri: Type.Number(),
  materi: Type.String(),
  max_soal: Type.Number(),
  waktu: Type.Number(),
  soals: Type.Array(SoalMateri),
});
export type MateriSession = Static<typeof MateriSession>;

const IdMateriParams = Type.Object({ idmateri: Id('topic (materi) id') });

/** The calls on one topic (its start, end, result and discussion): POST, the topic in the path, a body naming the
 * student (the end adds its answers). */
const callOnMateri = callFamily({ method: 'POST', params: IdMateriParams, body: IdSiswaBody });

/** `POST /siswa/tryoutmateri/start/materi/{idmateri}` — body id_siswa — answer idmateri, max_soal, waktu, soals. */
export const startMateriCall = callOnMateri('/siswa/tryoutmateri/start/materi/:idmateri', {
  response: Envelope(MateriSession),
});

/** `PUT /siswa/tryoutmateri/saveanswer/idmateri/{idmateri}` — body idsiswa, idsoal, jawaban, sisa_waktu —
 * answer status. */
export const saveAnswerMateriCall = defineCall({
  method: 'PUT',
  path: '/siswa/tryoutmateri/saveanswer/idmateri/:idmateri',
  params: IdMateriParams,
  body: Type.Object({
    idsiswa: IdSiswa,
    idsoal: Id(),
    ...JawabanTersimpan,
  }),
  response: StatusOnly,
});
export type SaveAnswerMateriBody = CallBody<typeof saveAnswerMateriCall>;

/** One answer in the end-of-topic list. */
export const JawabanMateri = Type.Object({
  idsoal: Id(),
  jawaban: AnswerText,
});
export type JawabanMateri = Static<typeof JawabanMateri>;

/** `POST /siswa/tryoutmateri/end/materi/{idmateri}` — body id_siswa, list_jawaban — answer status. */
export const endMateriCall = callOnMateri('/siswa/tryoutmateri/end/materi/:idmateri', {
  body: Type.Object({
    id_siswa: IdSiswa,
    list_jawaban: Type.Array(JawabanMateri, { maxItems: 1000 }),
  }),
  response: StatusMessage,
});
export type EndMateriBody = CallBody<typeof endMateriCall>;

// ---------------------------------------------------------------------------------------------------------------
// Results and discussion

/** Topic result item. */
export const HasilMateriItem = Type.Object({
  idmateri: Type.Number(),
  mapel: Type.String(),
  materi: Type.String(),
  skor: Type.Number(),
});
export type HasilMateriItem = Static<typeof HasilMateriItem>;

/** `POST /siswa/tryoutmateri/hasil` — body id_siswa — answer per-topic result list. */
export const hasilMateriListCall = callForSiswa('/siswa/tryoutmateri/hasil', {
  response: Envelope(Type.Array(HasilMateriItem)),
});

/** Result of one finished topic. */
export const HasilMateriDetail = Type.Object({
  idmateri: Type.Number(),
  materi: Type.String(),
  mapel: Type.String(),
  skor: Type.Number(),
  ...JumlahJawaban,
  jumlah_soal: Type.Number(),
});

/** `POST /siswa/tryoutmateri/hasil/materi/{idmateri}` — body id_siswa — answer not shown (decided: the topic's
 * score with benar/salah/kosong counts). */
export const hasilMateriCall = callOnMateri('/siswa/tryoutmateri/hasil/materi/:idmateri', {
  response: Envelope(HasilMateriDetail),
});

/** Per-topic question with key, in the discussion: the sheet's question, then the key and the discussion.
 * `soal`, `a`..`e`, `pembahasan` base64. */
export const SoalMateriReview = Type.Object({ ...SoalMateri.properties, ...Koreksi });
export type SoalMateriReview = Static<typeof SoalMateriReview>;

export const PembahasanMateri = Type.Object({
  materi: Type.String(),
  mapel: Type.String(),
  soal: Type.Array(SoalMateriReview),
});
export type PembahasanMateri = Static<typeof PembahasanMateri>;

/** `POST /siswa/tryoutmateri/pembahasan/materi/{idmateri}` — body id_siswa — answer per-topic discussion
 * (only once the topic is done). */
export const pembahasanMateriCall = callOnMateri('/siswa/tryoutmateri/pembahasan/materi/:idmateri', {
  response: Envelope(PembahasanMateri),
});
