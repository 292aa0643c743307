/**
 * The package file an operator imports (`siaptes import-paket FILE.json`): one package with its categories,
 * subjects, questions and its schedule. These TypeBox types are the format's single definition: the importer
 * checks files with them and `paket.schema.json` beside this file is generated from them (`siaptes schema`).
 */
import { Type, type Static } from '@sinclair/typebox';
import { HURUF_OPSI } from '../../contract/fields';

const Html = (description: string) => Type.String({ description: `${description} (HTML)` });
const Teks = (description: string) => Type.String({ minLength: 1, description });

export const OpsiFile = Type.Object(
  {
    a: Html('option A'),
    b: Html('option B'),
    c: Html('option C'),
    d: Html('option D'),
    e: Type.Optional(Html('option E; leave out in a four-option package')),
  },
  { additionalProperties: false, description: 'The options of a type 1 (multiple choice) question' },
);

export const PernyataanFile = Type.Object(
  {
    teks: Html('the statement'),
    kunci: Type.Union([Type.Literal('Y'), Type.Literal('N')], {
      description: 'Y: Benar / Memperkuat; N: Salah / Memperlemah',
    }),
  },
  { additionalProperties: false },
);

export const SoalFile = Type.Object(
  {
    type: Type.Integer({
      minimum: 1,
      maximum: 5,
      description:
        '1 multiple choice (opsi, kunci A–E); 2 short answer (kunci: the expected text); 3 statement group ' +
        '(pernyataan with Y/N keys, group_text_type); 4 essay (kept, not scored; kunci: model answer); ' +
        '5 numeric short answer (kunci: the number, "0,5", "0.5" and "1/2" are equal)',
    }),
    soal: Html('the question'),
    opsi: Type.Optional(OpsiFile),
    kunci: Type.Optional(Type.String({ description: 'the key; see type' })),
    pembahasan: Type.Optional(Html('the explanation shown in the discussion once the category is finished')),
    group_text_type: Type.Optional(
      Type.Union([Type.Literal(1), Type.Literal(2)], {
        description: 'type 3 only: 1 Benar/Salah, 2 Memperkuat/Memperlemah',
      }),
    ),
    pernyataan: Type.Optional(
      Type.Array(PernyataanFile, { description: 'type 3 only: the statements in order' }),
    ),
    opsi_tetap: Type.Optional(
      Type.Union(
        HURUF_OPSI.map((h) => Type.Literal(h)),
        {
          description:
            'type 1 only: the option shown last whatever the shuffle (acak_opsi), e.g. "none of the above"',
        },
      ),
    ),
  },
  { additionalProperties: false, description: 'One question; its number is its place in the list (from 1)' },
);

export const MapelFile = Type.Object(
  {
    nama: Teks('subject name, e.g. Penalaran Umum'),
    waktu: Type.Integer({ minimum: 1, maximum: 600, description: 'minutes' }),
    soal: Type.Array(SoalFile, { minItems: 1 }),
    soal_file: Type.Optional(
      Type.String({
        minLength: 1,
        description:
          'instead of soal: a question file, relative to this file — Moodle XML, GIFT, QTI 2.x (item XML or ' +
          'content package .zip) or an Excel workbook (.xlsx); told by its content',
      }),
    ),
  },
  {
    additionalProperties: false,
    description: 'A subject: its questions in soal, or in the file soal_file names',
  },
);

export const KategoriFile = Type.Object(
  {
    nama: Teks('category name, e.g. TPS'),
    pembahasan_url: Type.Optional(
      Type.String({
        description:
          'link to the category discussion document; leave out to serve the PDF generated from the explanations',
      }),
    ),
    mapel: Type.Array(MapelFile, { minItems: 1 }),
  },
  { additionalProperties: false, description: 'Categories are taken in order; so are their subjects' },
);

export const PesertaFile = Type.Object(
  {
    username: Type.Optional(Type.Array(Type.String(), { description: 'these students' })),
    id_program: Type.Optional(Type.Array(Type.Integer(), { description: 'every student of these programs' })),
    lembaga: Type.Optional(Type.Array(Type.String(), { description: 'every student of these institutions' })),
  },
  {
    additionalProperties: false,
    description: 'Who may take the schedule: the union of the lists, resolved when the file is imported',
  },
);

export const JadwalFile = Type.Object(
  {
    tgl_awal: Type.String({ description: 'start, ISO 8601 with zone, e.g. 2026-12-01T08:00:00+07:00' }),
    tgl_akhir: Type.String({ description: 'end, same form; after the start' }),
    is_event: Type.Boolean({ description: 'true: a TO Akbar event package (wall clock, IRT scoring)' }),
    peserta: PesertaFile,
  },
  { additionalProperties: false },
);

export const ProdiFile = Type.Object(
  {
    kode: Teks('your own code for the programme, used by pilihan below'),
    universitas: Teks('university'),
    jurusan: Teks('programme'),
    jenjang: Teks('level, e.g. S1'),
    grade: Type.Integer({ minimum: 0, maximum: 1000, description: 'minimum package score' }),
    kapasitas: Type.Integer({ minimum: 1, description: 'places' }),
  },
  { additionalProperties: false },
);

export const PtnFile = Type.Object(
  {
    prodi: Type.Array(ProdiFile, {
      description: 'programmes, matched by universitas + jurusan + jenjang; grade and kapasitas are updated',
    }),
    pilihan: Type.Array(
      Type.Object(
        {
          username: Teks('the student'),
          pilihan: Type.Array(Type.String(), {
            minItems: 1,
            description: 'prodi codes in option order; replaces the student’s earlier choices',
          }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false, description: 'University choices for the PTN status (optional)' },
);

export const PaketFile = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    paket: Type.Integer({
      minimum: 1,
      description: 'the package id (Paket #n); importing the same id again updates that package',
    }),
    nama: Teks('package name, e.g. Tryout UTBK SNBT Paket #21'),
    jumlah_opsi: Type.Optional(
      Type.Union([Type.Literal(4), Type.Literal(5)], {
        description: '4: options A–D only (for students limited to A–D); default 5',
      }),
    ),
    acak_soal: Type.Optional(
      Type.Boolean({
        description:
          'each student sees the questions of a subject in their own order, drawn once per attempt; ' +
          'default true for an event package (jadwal.is_event), false otherwise',
      }),
    ),
    acak_opsi: Type.Optional(
      Type.Boolean({
        description:
          'each student sees the options of type 1 questions in their own order (opsi_tetap stays last); ' +
          'default true for an event package, false otherwise',
      }),
    ),
    kategori: Type.Array(KategoriFile, { minItems: 1 }),
    jadwal: JadwalFile,
    ptn: Type.Optional(PtnFile),
  },
  {
    $id: 'https://siaptes.id/schema/paket.schema.json',
    title: 'SiapTes package',
    additionalProperties: false,
  },
);

export type OpsiFile = Static<typeof OpsiFile>;
export type SoalFile = Static<typeof SoalFile>;
export type MapelFile = Static<typeof MapelFile>;
export type KategoriFile = Static<typeof KategoriFile>;
export type JadwalFile = Static<typeof JadwalFile>;
export type PtnFile = Static<typeof PtnFile>;
export type PaketFile = Static<typeof PaketFile>;

/** The JSON Schema document of the format, as written to paket.schema.json. */
export function paketJsonSchema(): string {
  // The importer reads soal_file into soal before it checks the file; to an editor, a subject has one or the other.
  const mapel = JSON.parse(JSON.stringify(MapelFile)) as Record<string, unknown>;
  mapel.required = ['nama', 'waktu'];
  mapel.oneOf = [{ required: ['soal'] }, { required: ['soal_file'] }];
  const paket = JSON.parse(JSON.stringify(PaketFile)) as {
    properties: { kategori: { items: { properties: { mapel: { items: unknown } } } } };
  };
  paket.properties.kategori.items.properties.mapel.items = mapel;
  const document = { $schema: 'http://json-schema.org/draft-07/schema#', ...paket };
  return JSON.stringify(document, null, 2) + '\n';
}
