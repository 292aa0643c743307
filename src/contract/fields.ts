/** The fields the API's bodies, paths and answers share, and the field groups several answers share. A group is
 * spread into its objects in place (`Type.Object({ id_soal, soal, ...OpsiSoal, ... })`), so every object keeps its
 * own field order, which is the order the server writes its JSON in. Plain definitions, no $id/$ref. */
import { Type, type Static } from '@sinclair/typebox';
import { callFamily } from './common';

// ---------------------------------------------------------------------------------------------------------------
// Fields

/** Largest id the database holds (a 32-bit SQL `integer`); a larger one can only be a bad request. */
export const MAX_ID = 2_147_483_647;

/** A numeric id (path parameter or id-ish body field). Fastify coerces numeric strings. */
export const Id = (description?: string) =>
  Type.Integer(description ? { minimum: 1, maximum: MAX_ID, description } : { minimum: 1, maximum: MAX_ID });

/** The caller's own student id, in a path or a body; the server refuses any other. */
export const IdSiswa = Id('the student id; must be the caller');

/** A body holding only the caller's student id. */
export const IdSiswaBody = Type.Object({ id_siswa: IdSiswa });

/** The calls whose body only names the caller: POST, `IdSiswaBody`. */
export const callForSiswa = callFamily({ method: 'POST', body: IdSiswaBody });

/** A schedule (jadwal) id, in a path or a body. */
export const IdJadwal = Id('schedule (jadwal) id');

/** The caller and one of their schedules, as the result and ranking calls name them in a body (`idsiswa`,
 * `idjadwal`: no underscore, unlike `id_siswa`). Spread into the body in place. */
export const IdSiswaJadwal = { idsiswa: IdSiswa, idjadwal: IdJadwal };

/** The category hash used in paths and bodies. */
export const CategoryHash = (description?: string) =>
  Type.String(
    description ? { pattern: '^[A-Za-z0-9_-]{4,64}$', description } : { pattern: '^[A-Za-z0-9_-]{4,64}$' },
  );

/** A 0/1 numeric flag. */
export const Flag = Type.Union([Type.Literal(0), Type.Literal(1)]);
export type Flag = Static<typeof Flag>;

/** Question type 1..5 (1 choice, 2 and 5 short text, 3 grouped statements, 4 essay). */
export const QuestionType = Type.Union([
  Type.Literal(1),
  Type.Literal(2),
  Type.Literal(3),
  Type.Literal(4),
  Type.Literal(5),
]);
export type QuestionType = Static<typeof QuestionType>;

export { HURUF_OPSI, KOLOM_OPSI, isHurufOpsi, type HurufOpsi } from './opsi';

/** Longest answer text accepted. */
export const MAX_ANSWER_LENGTH = 5000;

/** An answer as the student gave it: a letter, a typed text, 'Y'/'N'; '' when blank. */
export const AnswerText = Type.String({ maxLength: MAX_ANSWER_LENGTH });

// ---------------------------------------------------------------------------------------------------------------
// Field groups

/** Option texts `a`..`e` of a question: base64 HTML on the per-topic sheet and in the discussions, plain HTML on
 * the package sheet; '' when the question has no such option. */
export const OpsiSoal = {
  a: Type.String(),
  b: Type.String(),
  c: Type.String(),
  d: Type.String(),
  e: Type.String(),
};

/** A reviewed answer after the student's `jawaban`: the key, whether they match (1) and the discussion (base64
 * HTML). */
export const Koreksi = {
  kunci: Type.String(),
  is_benar: Flag,
  pembahasan: Type.String(),
};

/** A package category as the SPA names and links it: its name and its hash (the `kategori`/`categoryHash` path
 * parameter of the category's calls). */
export const KategoriPaket = {
  kategori: Type.String(),
  kategoriHash: Type.String(),
};

/** A saved answer in the body of both save calls: the answer as given and the seconds left on the sheet. */
export const JawabanTersimpan = {
  jawaban: AnswerText,
  sisa_waktu: Type.Number({ minimum: 0 }),
};

/** How the answers of a subject or topic came out. */
export const JumlahJawaban = {
  benar: Type.Number(),
  salah: Type.Number(),
  kosong: Type.Number(),
};

/** A university programme a student chose, as the PTN result and the choice ranking name it. */
export const PilihanJurusan = {
  num_option: Type.Number(),
  jenjang: Type.String(),
  jurusan: Type.String(),
  universitas: Type.String(),
};
