/** Package tryout (/siswa/tryout/preview|start|saveanswer|statusmapel|end). Answer keys never appear here. */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, StatusMessage, StatusOnly, callFamily, defineCall, type CallBody } from './common';
import {
  CategoryHash,
  Flag,
  Id,
  IdJadwal,
  IdSiswa,
  IdSiswaBody,
  JawabanTersimpan,
  KategoriPaket,
  OpsiSoal,
  QuestionType,
} from './fields';

// ---------------------------------------------------------------------------------------------------------------
// Preview

/** Subject detail. `status` "0" not done, "1" done; `antrian` 0 means available. */
export const MapelDetail = Type.Object({
  mapel: Type.String(),
  id_mapel: Type.Number(),
  jmlh_soal: Type.Number(),
  /** minutes */
  waktu: Type.Number(),
  status: Type.String(),
  antrian: Type.Number(),
  antrian_str: Type.String(),
  /** remaining seconds */
  sisa_waktu: Type.Number(),
});
export type MapelDetail = Static<typeof MapelDetail>;

/** Category of the preview. `pembahasan` is the discussion PDF link, '' until finished (and, for a TO
 * Akbar event, until the event is over: `pembahasan_terkunci` then says when it opens). */
export const KategoriPreview = Type.Object({
  ...KategoriPaket,
  jumlah_soal: Type.Number(),
  /** minutes */
  waktu: Type.Number(),
  is_selesai: Flag,
  is_antrian: Flag,
  pembahasan: Type.String(),
  pembahasan_terkunci: Type.Optional(Type.String()),
  detailSoal: Type.Array(MapelDetail),
});
export type KategoriPreview = Static<typeof KategoriPreview>;

/** `GET /siswa/tryout/preview/paket/{paket}/id/{id}` — body none — answer status, content.detailPaket.
 * `id` is the schedule (jadwal) id. */
export const previewPaketCall = defineCall({
  method: 'GET',
  path: '/siswa/tryout/preview/paket/:paket/id/:id',
  params: Type.Object({ paket: Id('package number'), id: IdJadwal }),
  response: Envelope(Type.Object({ paket: Type.Number(), detailPaket: Type.Array(KategoriPreview) })),
});

// ---------------------------------------------------------------------------------------------------------------
// Start

/** Group item (type 3 statement). `jawaban` is the student's 'Y'/'N', '0' when unanswered. */
export const GroupSoal = Type.Object({
  id_jawaban_group: Type.Number(),
  soal: Type.String(),
  jawaban: Type.Union([Type.Literal('Y'), Type.Literal('N'), Type.Literal('0')]),
});
export type GroupSoal = Static<typeof GroupSoal>;

/** Package question. `soal` is HTML; `a`..`e` are option texts (type 1 only, '' when absent);
 * `jawaban_siswa` is the saved answer ("0" = unanswered for types 1 and 3); `group_soal` is empty unless type 3;
 * `group_text_type` 2 means headers Memperkuat/Memperlemah. */
export const SoalPaket = Type.Object({
  id_soal: Type.Number(),
  soal: Type.String(),
  type: QuestionType,
  jawaban_siswa: Type.String(),
  id_jawaban: Type.Number(),
  group_soal: Type.Array(GroupSoal),
  group_text_type: Type.Union([Type.Number(), Type.Null()]),
  id_mapel: Type.Number(),
  ...OpsiSoal,
  nomor: Type.Number(),
});
export type SoalPaket = Static<typeof SoalPaket>;

/** Start response content. */
export const StartPaketContent = Type.Object({
  id_hasil_to: Type.Number(),
  soal: Type.Array(SoalPaket),
});
export type StartPaketContent = Static<typeof StartPaketContent>;

/** The calls on one category of a schedule (its start and its end): POST, the schedule and the category's hash in
 * the path, a body naming the student. */
const callOnKategori = callFamily({
  method: 'POST',
  params: Type.Object({ id: IdJadwal, categoryHash: CategoryHash() }),
  body: IdSiswaBody,
});

/** The calls made inside a started category (its saves and its clock reports): PUT, the schedule alone in the
 * path. */
const callInKategori = callFamily({ method: 'PUT', params: Type.Object({ id: IdJadwal }) });

/** `POST /siswa/tryout/start/id/{id}/kategori/{categoryHash}` — body id_siswa — answer status, message,
 * content.id_hasil_to, content.soal. Idempotent: a second start returns the same attempt. */
export const startPaketCall = callOnKategori('/siswa/tryout/start/id/:id/kategori/:categoryHash', {
  response: Envelope(StartPaketContent),
});

// ---------------------------------------------------------------------------------------------------------------
// Save answer

/** `PUT /siswa/tryout/saveanswer/id/{id}` — body id_hasil_to, id_jawaban, jawaban, sisa_waktu (always sent as 100),
 * type_soal, operation (save or groupCancel) — answer status.
 * For a type-3 statement answer send `id_jawaban_group` and `jawaban` 'Y' or 'N'. */
export const saveAnswerPaketCall = callInKategori('/siswa/tryout/saveanswer/id/:id', {
  body: Type.Object({
    id_hasil_to: Id(),
    id_jawaban: Id(),
    ...JawabanTersimpan,
    type_soal: Type.Integer({ minimum: 1, maximum: 5 }),
    operation: Type.Union([Type.Literal('save'), Type.Literal('groupCancel')]),
    id_jawaban_group: Type.Optional(Id('type-3 statement being answered')),
  }),
  response: StatusOnly,
});
export type SaveAnswerPaketBody = CallBody<typeof saveAnswerPaketCall>;

// ---------------------------------------------------------------------------------------------------------------
// Subject status

/** The server's view of a subject after a status report. */
export const StatusMapelContent = Type.Object({
  /** remaining seconds as the server counts them (never more than reported) */
  sisa_waktu: Type.Number(),
  status: Type.Number(),
});
export type StatusMapelContent = Static<typeof StatusMapelContent>;

/** `PUT /siswa/tryout/statusmapel/id/{id}` — body id_siswa, id_mapel, kategori, sisa_waktu, status — answer status,
 * message. `kategori` is the category hash; `status` 1 closes the subject (time up). */
export const statusMapelCall = callInKategori('/siswa/tryout/statusmapel/id/:id', {
  body: Type.Object({
    id_siswa: IdSiswa,
    id_mapel: Id(),
    kategori: CategoryHash('the category hash'),
    sisa_waktu: Type.Integer({ minimum: 0 }),
    status: Flag,
  }),
  response: Type.Object({ ...StatusMessage.properties, content: Type.Optional(StatusMapelContent) }),
});
export type StatusMapelBody = CallBody<typeof statusMapelCall>;

// ---------------------------------------------------------------------------------------------------------------
// End

/** `POST /siswa/tryout/end/id/{id}/kategori/{categoryHash}` — body id_siswa — answer status, message. */
export const endPaketCall = callOnKategori('/siswa/tryout/end/id/:id/kategori/:categoryHash', {
  response: StatusMessage,
});
export type EndPaketBody = CallBody<typeof endPaketCall>;
