/**
 * A package with finished attempts, scores (including ties), university programmes and choices, built with plain
 * Kysely inserts for the result, ranking and PDF suites.
 */
import type { Executor } from '../../src/server/db/executor';
import { SESSION_TTL_MS } from '../../src/server/plugins/auth';
import {
  insertJadwal,
  insertKategori,
  insertMapel,
  insertSesi,
  insertSiswaRow,
  insertSoal,
} from './serverRows';

const DAY = 24 * 60 * 60 * 1000;

/** 20 May 2025, 10:00 WIB. */
export const FIXTURE_NOW = Date.UTC(2025, 4, 20, 3, 0, 0);

export async function insertSiswa(
  db: Executor,
  username: string,
  nama: string,
  lembaga = 'SiapTes',
): Promise<number> {
  return insertSiswaRow(db, username, {
    password_hash: 'tidak-dipakai',
    nama_lengkap: nama,
    nama_panggilan: nama.split(' ')[0],
    lembaga,
    email: `${username}@contoh.id`,
    sekolah: 'SMA Negeri 1',
    kurikulum_str: 'Merdeka',
  });
}

/** A live session for the student: the token for the `Key` header or the session cookie. */
export async function sessionFor(db: Executor, idSiswa: number, now: number): Promise<string> {
  const token = `token-${idSiswa}-${Math.random().toString(36).slice(2)}`;
  await insertSesi(db, idSiswa, token, now, now + SESSION_TTL_MS);
  return token;
}

export async function insertAttempt(
  db: Executor,
  values: { id_jadwal: number; id_kategori: number; id_siswa: number; ended_at: number | null },
): Promise<number> {
  const row = await db
    .insertInto('hasil_to')
    .values({
      ...values,
      started_at: (values.ended_at ?? FIXTURE_NOW) - 2 * 60 * 60 * 1000,
      is_selesai: values.ended_at === null ? 0 : 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertJawaban(
  db: Executor,
  idHasilTo: number,
  idSoal: number,
  jawaban: string,
  group: { idSoalGroup: number; jawaban: string }[] = [],
) {
  const row = await db
    .insertInto('jawaban')
    .values({ id_hasil_to: idHasilTo, id_soal: idSoal, jawaban, updated_at: FIXTURE_NOW })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const g of group) {
    await db
      .insertInto('jawaban_group')
      .values({ id_jawaban: row.id, id_soal_group: g.idSoalGroup, jawaban: g.jawaban })
      .execute();
  }
  return row.id;
}

export async function insertHasilMapel(
  db: Executor,
  ids: { id_hasil_to: number; id_siswa: number; id_jadwal: number },
  idMapel: number,
  nilai: number,
) {
  // Four scored questions per subject: the counts follow the score.
  const benar = Math.round((nilai / 1000) * 4);
  await db
    .insertInto('hasil_mapel')
    .values({
      ...ids,
      id_mapel: idMapel,
      benar,
      salah: 4 - benar,
      kosong: 0,
      nilai,
      persentase: nilai / 10,
      metode: 'klasik',
      theta: null,
    })
    .execute();
}

export interface PaketFixture {
  idJadwal: number;
  paket: number;
  kategori: { saintek: { id: number; hash: string }; tps: { id: number; hash: string } };
  mapel: { matematika: number; fisika: number; penalaran: number; bahasa: number };
  soal: { pilihan: number; isian: number; pernyataan: number; esai: number; kosong: number };
  siswa: Record<'andi' | 'budi' | 'citra' | 'dewi' | 'eka' | 'fajar' | 'gita', number>;
  attempts: { andiSaintek: number; gitaSaintek: number; gitaTps: number };
  /** Texts with characters outside ASCII and outside WinAnsi. */
  text: { soal: string; pembahasan: string; opsiA: string; pernyataan: string };
}

/**
 * Paket 7 (regular), categories Saintek (Matematika, Fisika) and TPS (Penalaran Umum, Bahasa Indonésia).
 * Totals: Citra 850, Andi 700, Budi 700, Dewi 500 → ranks 1, 2, 2, 4. Fajar ended only Saintek; Gita ended both
 * with answers but no score summary; Eka (another institution) is enrolled without attempts.
 */
export async function buildPaketFixture(db: Executor, now = FIXTURE_NOW): Promise<PaketFixture> {
  const idJadwal = await insertJadwal(db, {
    paket: 7,
    nama: 'Tryout UTBK 7',
    tgl_awal: now - 10 * DAY,
    tgl_akhir: now + 10 * DAY,
  });
  const saintek = {
    id: await insertKategori(db, idJadwal, 'Saintek', 'kat-saintek-7', 1),
    hash: 'kat-saintek-7',
  };
  const tps = { id: await insertKategori(db, idJadwal, 'TPS', 'kat-tps-7', 2), hash: 'kat-tps-7' };
  const mapel = {
    matematika: await insertMapel(db, saintek.id, 'Matematika', 1),
    fisika: await insertMapel(db, saintek.id, 'Fisika', 2),
    penalaran: await insertMapel(db, tps.id, 'Penalaran Umum', 1),
    bahasa: await insertMapel(db, tps.id, 'Bahasa Indonésia', 2),
  };
  const text = {
    soal: '<p>Jika x ≥ ½ dan “nilai” – café… berapakah x?</p><p>Paragraf kedua ∑ π</p>',
    pembahasan: '<p>Karena x ≥ ½, maka jawabannya <b>B</b> — sesuai “aturan”.</p>',
    opsiA: 'x ≤ −1 ☺',
    pernyataan: 'Luas ≈ 3,14 × r² “benar”',
  };
  const options = { a: text.opsiA, b: 'x = ½', c: 'x = 2', d: 'x = 3', e: 'x = 4' };
  const pilihan = await insertSoal(db, mapel.matematika, {
    nomor: 1,
    type: 1,
    soal: text.soal,
    kunci: 'B',
    options,
    pembahasan: text.pembahasan,
  });
  const isian = await insertSoal(db, mapel.matematika, {
    nomor: 2,
    type: 2,
    soal: '<p>Setengah sebagai desimal?</p>',
    kunci: '0,5',
  });
  const pernyataan = await insertSoal(db, mapel.matematika, {
    nomor: 3,
    type: 3,
    soal: '<p>Tentukan benar atau salah.</p>',
    kunci: '',
    statements: [
      { pernyataan: text.pernyataan, kunci: 'Y' },
      { pernyataan: 'Keliling lingkaran = πr', kunci: 'N' },
    ],
  });
  const esai = await insertSoal(db, mapel.matematika, {
    nomor: 4,
    type: 4,
    soal: '<p>Jelaskan.</p>',
    kunci: 'Model jawaban',
  });
  const kosong = await insertSoal(db, mapel.matematika, {
    nomor: 5,
    type: 1,
    soal: '<p>Soal lima</p>',
    kunci: 'C',
    options,
  });
  const fisika = await insertSoal(db, mapel.fisika, {
    nomor: 1,
    type: 1,
    soal: '<p>Gaya</p>',
    kunci: 'A',
    options,
  });
  await insertSoal(db, mapel.penalaran, {
    nomor: 1,
    type: 1,
    soal: '<p>Pola</p>',
    kunci: 'D',
    options,
  });
  const bahasa = await insertSoal(db, mapel.bahasa, {
    nomor: 1,
    type: 1,
    soal: '<p>Ejaan</p>',
    kunci: 'E',
    options,
  });

  const siswa = {
    andi: await insertSiswa(db, 'andi', 'Andi Pratama'),
    budi: await insertSiswa(db, 'budi', 'Budi Santoso'),
    citra: await insertSiswa(db, 'citra', 'Citra Lestari'),
    dewi: await insertSiswa(db, 'dewi', 'Dewi Anggraini'),
    eka: await insertSiswa(db, 'eka', 'Eka Saputra', 'Bimbel Lain'),
    fajar: await insertSiswa(db, 'fajar', 'Fajar Nugroho'),
    gita: await insertSiswa(db, 'gita', 'Gita Permata'),
  };
  for (const id of Object.values(siswa)) {
    await db.insertInto('jadwal_peserta').values({ id_jadwal: idJadwal, id_siswa: id }).execute();
  }

  const scores: [number, [number, number, number, number]][] = [
    [siswa.andi, [800, 700, 600, 700]],
    [siswa.budi, [700, 700, 700, 700]],
    [siswa.citra, [900, 900, 800, 800]],
    [siswa.dewi, [500, 500, 500, 500]],
  ];
  const attempts = { andiSaintek: 0, gitaSaintek: 0, gitaTps: 0 };
  for (const [index, [idSiswa, nilai]] of scores.entries()) {
    const ended = now - (index + 1) * DAY;
    const s = await insertAttempt(db, {
      id_jadwal: idJadwal,
      id_kategori: saintek.id,
      id_siswa: idSiswa,
      ended_at: ended,
    });
    const t = await insertAttempt(db, {
      id_jadwal: idJadwal,
      id_kategori: tps.id,
      id_siswa: idSiswa,
      ended_at: ended + 3600_000,
    });
    if (idSiswa === siswa.andi) attempts.andiSaintek = s;
    const ids = (id_hasil_to: number) => ({ id_hasil_to, id_siswa: idSiswa, id_jadwal: idJadwal });
    await insertHasilMapel(db, ids(s), mapel.matematika, nilai[0]);
    await insertHasilMapel(db, ids(s), mapel.fisika, nilai[1]);
    await insertHasilMapel(db, ids(t), mapel.penalaran, nilai[2]);
    await insertHasilMapel(db, ids(t), mapel.bahasa, nilai[3]);
  }

  // Andi's answers in Matematika: right, right (numeric equivalence), one statement wrong, essay, blank.
  await insertJawaban(db, attempts.andiSaintek, pilihan.id, 'B');
  await insertJawaban(db, attempts.andiSaintek, isian.id, '1/2');
  await insertJawaban(db, attempts.andiSaintek, pernyataan.id, 'Z', [
    { idSoalGroup: pernyataan.statementIds[0], jawaban: 'Y' },
    { idSoalGroup: pernyataan.statementIds[1], jawaban: 'Y' },
  ]);
  await insertJawaban(db, attempts.andiSaintek, esai.id, 'Esai saya tentang π');
  await insertJawaban(db, attempts.andiSaintek, kosong.id, '0');

  // Fajar ended Saintek only (scored 600, 600) and is still inside TPS.
  const fs = await insertAttempt(db, {
    id_jadwal: idJadwal,
    id_kategori: saintek.id,
    id_siswa: siswa.fajar,
    ended_at: now - DAY,
  });
  await insertHasilMapel(
    db,
    { id_hasil_to: fs, id_siswa: siswa.fajar, id_jadwal: idJadwal },
    mapel.matematika,
    600,
  );
  await insertHasilMapel(
    db,
    { id_hasil_to: fs, id_siswa: siswa.fajar, id_jadwal: idJadwal },
    mapel.fisika,
    600,
  );
  await insertAttempt(db, {
    id_jadwal: idJadwal,
    id_kategori: tps.id,
    id_siswa: siswa.fajar,
    ended_at: null,
  });

  // Gita ended both categories with answers, but her score summary was never written.
  attempts.gitaSaintek = await insertAttempt(db, {
    id_jadwal: idJadwal,
    id_kategori: saintek.id,
    id_siswa: siswa.gita,
    ended_at: now - DAY,
  });
  attempts.gitaTps = await insertAttempt(db, {
    id_jadwal: idJadwal,
    id_kategori: tps.id,
    id_siswa: siswa.gita,
    ended_at: now - DAY + 3600_000,
  });
  await insertJawaban(db, attempts.gitaSaintek, pilihan.id, 'B');
  await insertJawaban(db, attempts.gitaSaintek, isian.id, '0.5');
  await insertJawaban(db, attempts.gitaSaintek, pernyataan.id, 'Z', [
    { idSoalGroup: pernyataan.statementIds[0], jawaban: 'Y' },
    { idSoalGroup: pernyataan.statementIds[1], jawaban: 'N' },
  ]);
  await insertJawaban(db, attempts.gitaSaintek, kosong.id, 'A');
  await insertJawaban(db, attempts.gitaSaintek, fisika.id, 'A');
  await insertJawaban(db, attempts.gitaTps, bahasa.id, 'E');

  // Programmes and choices: see domain/ranking.ts, domain/ptn.ts — grade and capacity both decide.
  const prodi = async (universitas: string, jurusan: string, grade: number, kapasitas: number) =>
    (
      await db
        .insertInto('prodi')
        .values({ universitas, jurusan, jenjang: 'S1', grade, kapasitas })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const kedokteran = await prodi('Universitas Indonesia', 'Kedokteran', 750, 1);
  const hukum = await prodi('Universitas Gadjah Mada', 'Ilmu Hukum', 650, 1);
  const informatika = await prodi('Institut Teknologi Bandung', 'Teknik Informatika', 600, 5);
  const choose = (id_siswa: number, num_option: number, id_prodi: number) =>
    db.insertInto('pilihan_siswa').values({ id_siswa, num_option, id_prodi }).execute();
  await choose(siswa.andi, 1, kedokteran); // 700 < 750: fails on grade
  await choose(siswa.andi, 2, hukum); // 700 ≥ 650 but rank 2 (after Citra) > capacity 1
  await choose(siswa.andi, 3, informatika); // passes
  await choose(siswa.budi, 1, hukum); // rank 2 > 1: fails
  await choose(siswa.citra, 1, kedokteran); // passes
  await choose(siswa.citra, 2, hukum);
  await choose(siswa.dewi, 1, informatika); // 500 < 600
  await choose(siswa.gita, 1, informatika);

  return {
    idJadwal,
    paket: 7,
    kategori: { saintek, tps },
    mapel,
    soal: {
      pilihan: pilihan.id,
      isian: isian.id,
      pernyataan: pernyataan.id,
      esai: esai.id,
      kosong: kosong.id,
    },
    siswa,
    attempts,
    text,
  };
}

export interface EventFixture {
  idJadwal: number;
  hash: string;
  idMapel: number;
  soal: number[];
  siswa: number[];
  /** Right answers of each participant, in the order of `siswa`. */
  raw: number[];
}

/**
 * A TO Akbar (event) schedule with one category of one subject (12 choice questions of rising difficulty and one
 * essay), and `peserta` participants who ended it with simulated Rasch answers (seeded, so the same every run).
 */
export async function buildEventFixture(
  db: Executor,
  options: { paket: number; peserta: number; tgl_akhir: number; seed: number },
): Promise<EventFixture> {
  const idJadwal = await insertJadwal(db, {
    paket: options.paket,
    nama: `TO Akbar ${options.paket}`,
    tgl_awal: options.tgl_akhir - 2 * DAY,
    tgl_akhir: options.tgl_akhir,
    is_event: 1,
  });
  const hash = `akbar-${options.paket}`;
  const idKategori = await insertKategori(db, idJadwal, 'TPS', hash, 1);
  const idMapel = await insertMapel(db, idKategori, 'Penalaran Umum', 1);
  const options5 = { a: 'benar', b: 'salah', c: 'salah', d: 'salah', e: 'salah' };
  const soal: number[] = [];
  for (let i = 0; i < 12; i++) {
    soal.push(
      (
        await insertSoal(db, idMapel, {
          nomor: i + 1,
          type: 1,
          soal: `<p>Soal ${i + 1}</p>`,
          kunci: 'A',
          options: options5,
        })
      ).id,
    );
  }
  await insertSoal(db, idMapel, { nomor: 13, type: 4, soal: '<p>Uraikan.</p>', kunci: 'Model' });

  let state = options.seed >>> 0;
  const random = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
  const siswa: number[] = [];
  const raw: number[] = [];
  for (let p = 0; p < options.peserta; p++) {
    const id = await insertSiswa(
      db,
      `akbar${options.paket}-${p}`,
      `Peserta ${options.paket}-${p}`,
      'TO Akbar',
    );
    siswa.push(id);
    await db.insertInto('jadwal_peserta').values({ id_jadwal: idJadwal, id_siswa: id }).execute();
    const attempt = await insertAttempt(db, {
      id_jadwal: idJadwal,
      id_kategori: idKategori,
      id_siswa: id,
      ended_at: options.tgl_akhir - DAY + p * 1000,
    });
    const theta = -2 + (4 * p) / Math.max(1, options.peserta - 1);
    const answers = soal.map((idSoal, i) => {
      const b = -1.65 + 0.3 * i;
      const right = random() < 1 / (1 + Math.exp(b - theta));
      return {
        id_hasil_to: attempt,
        id_soal: idSoal,
        jawaban: right ? 'A' : 'B',
        updated_at: options.tgl_akhir - DAY,
      };
    });
    raw.push(answers.filter((a) => a.jawaban === 'A').length);
    await db.insertInto('jawaban').values(answers).execute();
  }
  return { idJadwal, hash, idMapel, soal, siswa, raw };
}
