/** Field groups that several answers of the API share. Each is spread into its objects in place
 * (`Type.Object({ id_soal, soal, ...OpsiSoal, ... })`), so every object keeps its own field order, which is the
 * order the server writes its JSON in. */
import { Type } from '@sinclair/typebox';
import { Flag } from './common';

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
