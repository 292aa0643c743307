/**
 * `siaptes export-hasil` and `siaptes export-butir`: a schedule's results (one row per student) and its item
 * statistics (one row per question) as CSV for a spreadsheet. Scores come from what the server stored, through the
 * same shared code as the students' pages; an event that has closed is calibrated first, as its pages would.
 */
import type { Db } from '../db/createDb';
import { finalkanHasil } from '../scoring/penutupan';
import { loadAttemptAnswers } from '../scoring/hasilMapel';
import { mapelJadwal, soalDenganKunci } from '../soal/soalMapel';
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
export async function eksporHasil(db: Db, idJadwal: number, now: number): Promise<string> {
  await cariJadwal(db, idJadwal);
  const tersimpan = await finalkanHasil(db, idJadwal, now);
  const mapel = await mapelJadwal(db.kysely, idJadwal);
  const siswa = await db.kysely
    .selectFrom('siswa')
    .select(['id', ...KOLOM_IDENTITAS])
    .where((eb) =>
      eb.or([
        eb('id', 'in', eb.selectFrom('jadwal_peserta').select('id_siswa').where('id_jadwal', '=', idJadwal)),
        eb('id', 'in', eb.selectFrom('hasil_to').select('id_siswa').where('id_jadwal', '=', idJadwal)),
      ]),
    )
    .execute();
  const nilai = await db.kysely
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
  return toCsv(header, rows);
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

/**
 * One row per question: how many finished participants answered it right, wrong or not at all, the proportion
 * right, and the Rasch difficulty with its standard error where the event has been calibrated.
 */
export async function eksporButir(
  db: Db,
  idJadwal: number,
  now: number,
  onProgress?: (done: number, total: number) => void,
): Promise<string> {
  await cariJadwal(db, idJadwal);
  await finalkanHasil(db, idJadwal, now);
  const mapel = await mapelJadwal(db.kysely, idJadwal);
  const soal = await soalDenganKunci(
    db.kysely,
    mapel.map((m) => m.id),
  );
  const irt = await db.kysely
    .selectFrom('irt_item')
    .innerJoin('soal', 'soal.id', 'irt_item.id_soal')
    .innerJoin('mapel', 'mapel.id', 'soal.id_mapel')
    .innerJoin('kategori', 'kategori.id', 'mapel.id_kategori')
    .select(['irt_item.id_soal', 'irt_item.difficulty', 'irt_item.se'])
    .where('kategori.id_jadwal', '=', idJadwal)
    .execute();
  const irtOf = new Map(irt.map((item) => [item.id_soal, item]));
  const attempts = await db.kysely
    .selectFrom('hasil_to')
    .select('id')
    .where('id_jadwal', '=', idJadwal)
    .where('is_selesai', '=', 1)
    .orderBy('id')
    .execute();

  const counts = new Map<number, { benar: number; salah: number; kosong: number }>();
  for (const [i, attempt] of attempts.entries()) {
    const loaded = await loadAttemptAnswers(db, attempt.id);
    for (const answer of loaded?.answers ?? []) {
      const c = counts.get(answer.id_soal) ?? { benar: 0, salah: 0, kosong: 0 };
      if (answer.penilaian === 'benar') c.benar += 1;
      else if (answer.penilaian === 'salah') c.salah += 1;
      else if (answer.penilaian === 'kosong') c.kosong += 1;
      counts.set(answer.id_soal, c);
    }
    onProgress?.(i + 1, attempts.length);
  }

  const order = new Map(mapel.map((m, i) => [m.id, i]));
  const sorted = [...soal].sort(
    (a, b) => (order.get(a.id_mapel) ?? 0) - (order.get(b.id_mapel) ?? 0) || a.nomor - b.nomor || a.id - b.id,
  );
  const header = [
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
  ];
  const rows = sorted.map((s) => {
    const m = mapel[order.get(s.id_mapel) ?? 0];
    const c = counts.get(s.id) ?? { benar: 0, salah: 0, kosong: 0 };
    const peserta = c.benar + c.salah + c.kosong;
    const scored = s.type !== 4;
    const item = irtOf.get(s.id);
    return [
      m.kategori,
      m.nama,
      s.nomor,
      s.type,
      s.type === 3 ? '' : s.kunci,
      scored ? peserta : '',
      scored ? c.benar : '',
      scored ? c.salah : '',
      scored ? c.kosong : '',
      scored && peserta > 0 ? round(c.benar / peserta, 3) : '',
      item ? round(Number(item.difficulty), 3) : '',
      item ? round(Number(item.se), 3) : '',
    ];
  });
  return toCsv(header, rows);
}
