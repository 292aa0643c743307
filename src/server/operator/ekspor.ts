/**
 * `siaptes export-hasil` and `siaptes export-butir`: a schedule's results (one row per student) and its item
 * statistics (one row per question) as CSV for a spreadsheet. Scores come from what the server stored, through the
 * same shared code as the students' pages; an event that has closed is calibrated first, as its pages would.
 */
import { HURUF_OPSI } from '../../contract/fields';
import type { Executor } from '../db/executor';
import { finalkanHasilMenunggu } from '../scoring/hasilDihitung';
import { loadAttemptAnswers } from '../scoring/hasilMapel';
import { mapelJadwal, soalDenganKunci } from '../soal/soalMapel';
import { analisisMapel, kalimatKr20, type AnalisisMapel } from '../domain/analisisButir';
import type { Response } from '../domain/irt';
import { toCsv } from './csv';
import { cariJadwal, hasilPeserta } from './hasilJadwal';

export const KOLOM_IDENTITAS = [
  'username',
  'nama_lengkap',
  'lembaga',
  'id_program',
  'sekolah',
  'kelas',
] as const;

/** One row per student enrolled in (or with an attempt at) the schedule, best rank first, then by name. */
export async function eksporHasil(db: Executor, idJadwal: number, now: number): Promise<string> {
  const { header, rows } = await barisHasil(db, idJadwal, now);
  return toCsv(header, rows);
}

export async function barisHasil(
  db: Executor,
  idJadwal: number,
  now: number,
): Promise<{ header: string[]; rows: (string | number)[][] }> {
  await cariJadwal(db, idJadwal);
  const tersimpan = await finalkanHasilMenunggu(db, idJadwal, now);
  const mapel = await mapelJadwal(db, idJadwal);
  const siswa = await db
    .selectFrom('siswa')
    .select(['id', ...KOLOM_IDENTITAS])
    .where((eb) =>
      eb.or([
        eb('id', 'in', eb.selectFrom('jadwal_peserta').select('id_siswa').where('id_jadwal', '=', idJadwal)),
        eb('id', 'in', eb.selectFrom('hasil_to').select('id_siswa').where('id_jadwal', '=', idJadwal)),
      ]),
    )
    .execute();
  const nilai = await db
    .selectFrom('hasil_mapel')
    .select(['id_siswa', 'id_mapel', 'benar', 'salah', 'kosong', 'nilai'])
    .where('id_jadwal', '=', idJadwal)
    .execute();
  const nilaiOf = new Map(nilai.map((n) => [`${n.id_siswa}:${n.id_mapel}`, n]));
  const hasil = new Map((await hasilPeserta(db, idJadwal, tersimpan)).map((h) => [h.id_siswa, h]));

  const header = [
    ...KOLOM_IDENTITAS,
    ...mapel.flatMap((m) => ['benar', 'salah', 'kosong', 'nilai'].map((k) => `${m.nama} ${k}`)),
    'skor',
    'peringkat',
    'status_ptn',
  ];
  const ordered = [...siswa].sort((a, b) => {
    const ra = hasil.get(a.id)?.peringkat ?? Infinity;
    const rb = hasil.get(b.id)?.peringkat ?? Infinity;
    return ra - rb || a.nama_lengkap.localeCompare(b.nama_lengkap, 'id') || a.id - b.id;
  });
  const rows = ordered.map((s): (string | number)[] => {
    const h = hasil.get(s.id);
    return [
      ...KOLOM_IDENTITAS.map((k) => s[k]),
      ...mapel.flatMap((m): (string | number)[] => {
        const n = nilaiOf.get(`${s.id}:${m.id}`);
        return n ? [n.benar, n.salah, n.kosong, n.nilai] : ['', '', '', ''];
      }),
      h ? h.skor : '',
      h ? h.peringkat : '',
      !h ? 'belum selesai' : h.ptn ? h.ptn.hasil_str : 'tanpa pilihan PTN',
    ];
  });
  return { header, rows };
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));
const roundOrBlank = (value: number | null | undefined, digits: number) =>
  value === null || value === undefined ? '' : round(value, digits);

/** The letters a type 1 question offers: those with an option text (A–D packages leave E empty). */
function opsiSoal(s: { type: number; a: string; b: string; c: string; d: string; e: string }): string[] {
  if (s.type !== 1) return [];
  const texts = [s.a, s.b, s.c, s.d, s.e];
  return HURUF_OPSI.filter((_, i) => texts[i].trim() !== '');
}

export const KOLOM_BUTIR = [
  'kategori',
  'mapel',
  'nomor',
  'type',
  'kunci',
  'peserta',
  'benar',
  'salah',
  'kosong',
  'proporsi_benar',
  'difficulty',
  'se',
  'korelasi_butir_sisa',
  'infit',
  'outfit',
  ...HURUF_OPSI.flatMap((h) => [`pilih_${h}`, `proporsi_${h}`, `rerata_skor_${h}`]),
  'perhatian',
  'kr20',
] as const;

/**
 * One row per question, in the package's own numbers and letters: how many finished participants answered it
 * right, wrong or not at all, the proportion right, the Rasch difficulty with its standard error and fit where the
 * event has been calibrated, the corrected item–rest correlation, for type 1 who chose each option and how they
 * scored, and in words why the question needs a look (domain/analisisButir.ts). After the questions, one summary
 * row per subject with its KR-20 reliability.
 */
export async function eksporButir(
  db: Executor,
  idJadwal: number,
  now: number,
  onProgress?: (done: number, total: number) => void,
): Promise<string> {
  const { header, rows } = await barisButir(db, idJadwal, now, onProgress);
  return toCsv(header, rows);
}

export async function barisButir(
  db: Executor,
  idJadwal: number,
  now: number,
  onProgress?: (done: number, total: number) => void,
): Promise<{ header: readonly string[]; rows: (string | number)[][] }> {
  await cariJadwal(db, idJadwal);
  await finalkanHasilMenunggu(db, idJadwal, now);
  const mapel = await mapelJadwal(db, idJadwal);
  const soal = await soalDenganKunci(
    db,
    mapel.map((m) => m.id),
  );
  const irt = await db
    .selectFrom('irt_item')
    .innerJoin('soal', 'soal.id', 'irt_item.id_soal')
    .innerJoin('mapel', 'mapel.id', 'soal.id_mapel')
    .innerJoin('kategori', 'kategori.id', 'mapel.id_kategori')
    .select(['irt_item.id_soal', 'irt_item.difficulty', 'irt_item.se'])
    .where('kategori.id_jadwal', '=', idJadwal)
    .execute();
  const irtOf = new Map(irt.map((item) => [item.id_soal, item]));
  const attempts = await db
    .selectFrom('hasil_to')
    .select('id')
    .where('id_jadwal', '=', idJadwal)
    .where('is_selesai', '=', 1)
    .orderBy('id')
    .execute();

  const order = new Map(mapel.map((m, i) => [m.id, i]));
  const sorted = [...soal].sort(
    (a, b) => (order.get(a.id_mapel) ?? 0) - (order.get(b.id_mapel) ?? 0) || a.nomor - b.nomor || a.id - b.id,
  );
  // The scored questions of each subject are the columns of its response matrix.
  const scored = sorted.filter((s) => s.type !== 4);
  const columnOf = new Map<number, number>();
  const kolomMapel = new Map<number, typeof scored>();
  for (const s of scored) {
    const columns = kolomMapel.get(s.id_mapel) ?? [];
    columnOf.set(s.id, columns.length);
    columns.push(s);
    kolomMapel.set(s.id_mapel, columns);
  }
  const sheets = new Map<number, { responses: Response[][]; choices: string[][] }>(
    [...kolomMapel.keys()].map((id) => [id, { responses: [], choices: [] }]),
  );

  const counts = new Map<number, { benar: number; salah: number; kosong: number }>();
  for (const [i, attempt] of attempts.entries()) {
    const loaded = await loadAttemptAnswers(db, attempt.id);
    const rowOf = new Map<number, { responses: Response[]; choices: string[] }>();
    for (const answer of loaded?.answers ?? []) {
      const c = counts.get(answer.id_soal) ?? { benar: 0, salah: 0, kosong: 0 };
      if (answer.penilaian === 'benar') c.benar += 1;
      else if (answer.penilaian === 'salah') c.salah += 1;
      else if (answer.penilaian === 'kosong') c.kosong += 1;
      counts.set(answer.id_soal, c);

      const column = columnOf.get(answer.id_soal);
      if (column === undefined) continue;
      let row = rowOf.get(answer.id_mapel);
      if (!row) {
        const width = kolomMapel.get(answer.id_mapel)?.length ?? 0;
        row = { responses: new Array<Response>(width).fill(0), choices: new Array<string>(width).fill('') };
        rowOf.set(answer.id_mapel, row);
      }
      row.responses[column] = answer.penilaian === 'benar' ? 1 : 0;
      row.choices[column] = answer.jawaban;
    }
    for (const [idMapel, row] of rowOf) {
      const sheet = sheets.get(idMapel);
      sheet?.responses.push(row.responses);
      sheet?.choices.push(row.choices);
    }
    onProgress?.(i + 1, attempts.length);
  }

  const analysisOf = new Map<number, AnalisisMapel>();
  for (const [idMapel, columns] of kolomMapel) {
    const sheet = sheets.get(idMapel) ?? { responses: [], choices: [] };
    analysisOf.set(
      idMapel,
      analisisMapel(
        columns.map((s) => {
          const item = irtOf.get(s.id);
          return { kunci: s.kunci, opsi: opsiSoal(s), difficulty: item ? Number(item.difficulty) : null };
        }),
        sheet.responses,
        sheet.choices,
      ),
    );
  }

  const rows = sorted.map((s) => {
    const m = mapel[order.get(s.id_mapel) ?? 0];
    const c = counts.get(s.id) ?? { benar: 0, salah: 0, kosong: 0 };
    const peserta = c.benar + c.salah + c.kosong;
    const isScored = s.type !== 4;
    const item = irtOf.get(s.id);
    const column = columnOf.get(s.id);
    const analysis = column === undefined ? undefined : analysisOf.get(s.id_mapel)?.butir[column];
    const pilihan = HURUF_OPSI.flatMap((h): (string | number)[] => {
      const o = analysis?.opsi?.find((x) => x.opsi === h);
      return o ? [o.jumlah, round(o.proporsi, 3), roundOrBlank(o.rerataSkor, 2)] : ['', '', ''];
    });
    return [
      m.kategori,
      m.nama,
      s.nomor,
      s.type,
      s.type === 3 ? '' : s.kunci,
      isScored ? peserta : '',
      isScored ? c.benar : '',
      isScored ? c.salah : '',
      isScored ? c.kosong : '',
      isScored && peserta > 0 ? round(c.benar / peserta, 3) : '',
      item ? round(Number(item.difficulty), 3) : '',
      item ? round(Number(item.se), 3) : '',
      roundOrBlank(analysis?.korelasi, 3),
      roundOrBlank(analysis?.fit?.infit, 3),
      roundOrBlank(analysis?.fit?.outfit, 3),
      ...pilihan,
      analysis?.perhatian.join('; ') ?? '',
      '',
    ];
  });
  const ringkasan = mapel.flatMap((m) => {
    const analysis = analysisOf.get(m.id);
    if (!analysis) return [];
    const row: (string | number)[] = KOLOM_BUTIR.map(() => '');
    row[0] = m.kategori;
    row[1] = m.nama;
    row[2] = 'ringkasan';
    row[5] = analysis.peserta;
    row[KOLOM_BUTIR.length - 2] = kalimatKr20(analysis);
    row[KOLOM_BUTIR.length - 1] = roundOrBlank(analysis.kr20, 3);
    return [row];
  });
  return { header: KOLOM_BUTIR, rows: [...rows, ...ringkasan] };
}
