/**
 * Each student's own order: a package with acak_soal and acak_opsi, two students answering the same answers in
 * their own orders and letters, the same scores, and the review in each student's order.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SoalPaket } from '../../../../src/contract/tryoutPaket';
import { parseCsv } from '../../../../src/server/operator/csv';
import type { PaketFile } from '../../../../src/server/operator/paketFormat';
import * as renderPool from '../../../../src/server/pdf/renderPool';
import { loginAs, type LoggedIn } from '../../../helpers/seeded';
import { buildTestApp, type TestContext } from '../../../helpers/buildTestApp';
import { paketContoh, SISWA_CSV } from '../../../helpers/operatorFixtures';
import { runner } from '../../../helpers/operatorRun';

jest.setTimeout(60_000);

const KUNCI = ['A', 'B', 'C', 'D', 'E', 'A', 'B', 'C'];

let ctx: TestContext;
let dir: string;
let idJadwal: number;
let hash: string;

/** Two students of a regular institution: Eka sees A–E, Fani (not an SMA interest) sees A–D only. */
const REGULER_CSV = [
  'username,nama_lengkap,nama_panggilan,lembaga,id_program,minat,sekolah,kelas,jenjang,kurikulum,no_telp,email,password',
  'eka.putri,Eka Putri,Eka,SiapTes,7,SMA KELAS 12 IPA,SMA Harapan Bangsa,XII,SMA,Kurikulum Merdeka,,,rahasia123',
  'fani.rahma,Fani Rahma,Fani,SiapTes,7,ALUMNI,SMA Harapan Bangsa,XII,SMA,Kurikulum Merdeka,,,rahasia123',
].join('\n');

async function importPaket(paket: PaketFile): Promise<{ idJadwal: number; hash: string }> {
  writeFileSync(path.join(dir, `paket-${paket.paket}.json`), JSON.stringify(paket));
  const imported = await run('import-paket', `paket-${paket.paket}.json`);
  const id = Number(/schedule id (\d+)/.exec(imported)![1]);
  const kategori = await ctx.db
    .selectFrom('kategori')
    .select('hash')
    .where('id_jadwal', '=', id)
    .executeTakeFirstOrThrow();
  return { idJadwal: id, hash: kategori.hash };
}

async function run(...argv: string[]): Promise<string> {
  const result = await runner(ctx, dir)(...argv);
  if (result.code !== 0) throw new Error(`siaptes ${argv.join(' ')}: ${result.err}`);
  return result.out;
}

beforeAll(async () => {
  ctx = await buildTestApp();
  dir = mkdtempSync(path.join(tmpdir(), 'siaptes-acak-'));
  // Both students with a known password.
  writeFileSync(path.join(dir, 'kelas.csv'), SISWA_CSV.replace(/,,\r?\n|,,$/gm, ',,rahasia123\n'));
  await run('import-siswa', 'kelas.csv');
  writeFileSync(path.join(dir, 'reguler.csv'), REGULER_CSV);
  await run('import-siswa', 'reguler.csv');
  const paket = paketContoh(ctx.clock.now(), ['budi.santoso', 'citra.dewi']) as PaketFile;
  paket.acak_soal = true;
  paket.acak_opsi = true;
  paket.kategori = [
    {
      nama: 'TPS',
      mapel: [
        {
          nama: 'Penalaran Umum',
          waktu: 30,
          soal: KUNCI.map((kunci, i) => ({
            type: 1,
            soal: `<p>Soal ${i + 1}</p>`,
            opsi: { a: `s${i + 1}a`, b: `s${i + 1}b`, c: `s${i + 1}c`, d: `s${i + 1}d`, e: `s${i + 1}e` },
            kunci,
            ...(i === 0 ? { opsi_tetap: 'E' as const } : {}),
          })),
        },
      ],
    },
  ];
  ({ idJadwal, hash } = await importPaket(paket));
});

afterEach(() => jest.restoreAllMocks());

afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

async function start(
  who: LoggedIn,
  where: { idJadwal: number; hash: string } = { idJadwal, hash },
): Promise<{ id_hasil_to: number; soal: SoalPaket[] }> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/siswa/tryout/start/id/${where.idJadwal}/kategori/${where.hash}`,
    headers: who.headers,
    payload: { id_siswa: who.siswa.id },
  });
  const body = response.json() as { status: boolean; content: { id_hasil_to: number; soal: SoalPaket[] } };
  expect(body.status).toBe(true);
  return body.content;
}

/** The package's text of a question's option (the fixture names them s<nomor><letter>). */
const teks = (soal: SoalPaket, huruf: string) => soal[huruf.toLowerCase() as 'a' | 'b' | 'c' | 'd' | 'e'];

/** Answers every question with the option whose package letter is `asli(n)` (n = the package's number). */
async function jawabSemua(
  who: LoggedIn,
  sheet: { id_hasil_to: number; soal: SoalPaket[] },
  asli: (n: number) => string,
  jadwal = idJadwal,
) {
  for (const soal of sheet.soal) {
    const n = Number(/Soal (\d+)/.exec(soal.soal)![1]);
    const wanted = `s${n}${asli(n).toLowerCase()}`;
    const shown = ['A', 'B', 'C', 'D', 'E'].find((h) => teks(soal, h) === wanted) as string;
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/siswa/tryout/saveanswer/id/${jadwal}`,
      headers: who.headers,
      payload: {
        id_hasil_to: sheet.id_hasil_to,
        id_jawaban: soal.id_jawaban,
        jawaban: shown,
        sisa_waktu: 100,
        type_soal: 1,
        operation: 'save',
      },
    });
    expect(response.json()).toMatchObject({ status: true });
  }
}

it('each student gets their own order, the same on every start, and the same answers score the same', async () => {
  const budi = await loginAs(ctx.app, 'budi.santoso', 'rahasia123');
  const citra = await loginAs(ctx.app, 'citra.dewi', 'rahasia123');
  const sheetBudi = await start(budi);
  const sheetCitra = await start(citra);

  // Numbered 1..8 in the student's order; the questions' order and the options' order differ between students.
  expect(sheetBudi.soal.map((s) => s.nomor)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  const order = (sheet: { soal: SoalPaket[] }) => sheet.soal.map((s) => s.id_soal);
  expect(order(sheetBudi)).not.toEqual(order(sheetCitra));
  expect([...order(sheetBudi)].sort()).toEqual([...order(sheetCitra)].sort());
  const options = (sheet: { soal: SoalPaket[] }) =>
    [...sheet.soal].sort((a, b) => a.id_soal - b.id_soal).map((s) => [s.a, s.b, s.c, s.d, s.e].join());
  expect(options(sheetBudi)).not.toEqual(options(sheetCitra));
  // The pinned option stays last for everyone.
  for (const sheet of [sheetBudi, sheetCitra]) {
    const first = sheet.soal.find((s) => s.soal === '<p>Soal 1</p>') as SoalPaket;
    expect(first.e).toBe('s1e');
  }

  // A replayed start (reload, second device) shows exactly the same sheet.
  expect((await start(budi)).soal).toEqual(sheetBudi.soal);

  // The same answers (the key for questions 1–5, a wrong option for 6–8), each in the student's own letters.
  const asli = (n: number) => (n <= 5 ? KUNCI[n - 1] : KUNCI[n - 1] === 'A' ? 'B' : 'A');
  await jawabSemua(budi, sheetBudi, asli);
  await jawabSemua(citra, sheetCitra, asli);

  // Stored in the package's letters: identical rows for both students.
  const stored = await ctx.db
    .selectFrom('jawaban')
    .innerJoin('hasil_to', 'hasil_to.id', 'jawaban.id_hasil_to')
    .innerJoin('soal', 'soal.id', 'jawaban.id_soal')
    .select(['hasil_to.id_siswa', 'soal.nomor', 'jawaban.jawaban'])
    // Only these two attempts: the file's other tests (run in any order) start more for the same students.
    .where('jawaban.id_hasil_to', 'in', [sheetBudi.id_hasil_to, sheetCitra.id_hasil_to])
    .orderBy('soal.nomor')
    .execute();
  const of = (id: number) => stored.filter((r) => r.id_siswa === id).map((r) => r.jawaban);
  expect(of(budi.siswa.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map(asli));
  expect(of(citra.siswa.id)).toEqual(of(budi.siswa.id));

  // A reload shows each student's choices in their own letters.
  const again = await start(citra);
  for (const soal of again.soal) {
    const n = Number(/Soal (\d+)/.exec(soal.soal)![1]);
    expect(teks(soal, soal.jawaban_siswa)).toBe(`s${n}${asli(n).toLowerCase()}`);
  }

  // The operator closes the schedule: both attempts end with what they saved and are scored.
  await run('close', String(idJadwal));
  const scores = await ctx.db
    .selectFrom('hasil_mapel')
    .select(['id_siswa', 'benar', 'salah', 'kosong', 'nilai'])
    .where('id_jadwal', '=', idJadwal)
    .orderBy('id_siswa')
    .execute();
  expect(scores.map(({ id_siswa: _, ...s }) => s)).toEqual([
    { benar: 5, salah: 3, kosong: 0, nilai: 625 },
    { benar: 5, salah: 3, kosong: 0, nilai: 625 },
  ]);

  // The review in Citra's order, with the key and her answer in her letters.
  const mapel = await ctx.db.selectFrom('mapel').select('id').executeTakeFirstOrThrow();
  const review = await ctx.app.inject({
    method: 'POST',
    url: '/api/siswa/tryout/pembahasan',
    headers: citra.headers,
    payload: { idsiswa: citra.siswa.id, idjadwal: idJadwal, idmapel: mapel.id },
  });
  const reviewed = (
    review.json() as {
      content: {
        soal: {
          id_soal: number;
          a: string;
          b: string;
          c: string;
          d: string;
          e: string;
          kunci: string;
          jawaban: string;
          is_benar: number;
        }[];
      };
    }
  ).content.soal;
  expect(reviewed.map((s) => s.id_soal)).toEqual(order(sheetCitra));
  reviewed.forEach((r, i) => {
    const shown = sheetCitra.soal[i];
    const decode = (h: string) => Buffer.from(r[h.toLowerCase() as 'a'], 'base64').toString('utf8');
    expect(decode('A')).toBe(shown.a);
    const n = Number(/Soal (\d+)/.exec(shown.soal)![1]);
    expect(decode(r.kunci)).toBe(`s${n}${KUNCI[n - 1].toLowerCase()}`);
    expect(decode(r.jawaban)).toBe(`s${n}${asli(n).toLowerCase()}`);
    expect(r.is_benar).toBe(n <= 5 ? 1 : 0);
  });

  // The operator's export in the package's numbers and letters.
  const butir = parseCsv(await run('export-butir', String(idJadwal)));
  const questions = butir.records.filter((r) => r.values.get('nomor') !== 'ringkasan');
  expect(questions.map((r) => [r.values.get('nomor'), r.values.get('kunci'), r.values.get('benar')])).toEqual(
    KUNCI.map((k, i) => [String(i + 1), k, i < 5 ? '2' : '0']),
  );
  expect(questions[0].values.get(`pilih_${KUNCI[0].toLowerCase()}`)).toBe('2');
});

it('A–D stays A–D, pinned options stay last, and both PDFs show the student’s own order and letters', async () => {
  const kunci = ['A', 'B', 'C', 'D', 'A', 'B'];
  const paket = paketContoh(ctx.clock.now(), ['eka.putri', 'fani.rahma'], {
    paket: 78,
    nama: 'Tryout Sekolah Paket #78',
    acak_soal: true,
    acak_opsi: true,
  });
  paket.kategori = [
    {
      nama: 'TPS',
      mapel: [
        {
          nama: 'Penalaran Umum',
          waktu: 30,
          soal: kunci.map((k, i) => {
            const n = i + 1;
            const opsi = { a: `s${n}a`, b: `s${n}b`, c: `s${n}c`, d: `s${n}d`, e: `s${n}e` };
            return {
              type: 1,
              soal: `<p>Soal ${n}</p>`,
              // Question 1 has four options; question 2 pins D ("none of the above"), question 3 pins E.
              opsi: n === 1 ? { a: opsi.a, b: opsi.b, c: opsi.c, d: opsi.d } : opsi,
              kunci: k,
              pembahasan: `<p>Pembahasan ${n}</p>`,
              ...(n === 2 ? { opsi_tetap: 'D' as const } : n === 3 ? { opsi_tetap: 'E' as const } : {}),
            };
          }),
        },
      ],
    },
  ];
  const where = await importPaket(paket);
  // Question 1's E shows nothing but is not '' (as some editors save it): never shuffled in among A–D either.
  const soal1 = await ctx.db
    .selectFrom('soal')
    .innerJoin('mapel', 'mapel.id', 'soal.id_mapel')
    .innerJoin('kategori', 'kategori.id', 'mapel.id_kategori')
    .select('soal.id')
    .where('kategori.id_jadwal', '=', where.idJadwal)
    .where('soal.soal', '=', '<p>Soal 1</p>')
    .executeTakeFirstOrThrow();
  await ctx.db.updateTable('soal').set({ e: '<p>&nbsp;</p>' }).where('id', '=', soal1.id).execute();
  const eka = await loginAs(ctx.app, 'eka.putri', 'rahasia123');
  const fani = await loginAs(ctx.app, 'fani.rahma', 'rahasia123');
  const sheetEka = await start(eka, where);
  const sheetFani = await start(fani, where);
  const nomorOf = (soal: SoalPaket) => Number(/Soal (\d+)/.exec(soal.soal)![1]);
  const opsiOf = (soal: SoalPaket) => [soal.a, soal.b, soal.c, soal.d, soal.e];

  for (const soal of sheetEka.soal) {
    const n = nomorOf(soal);
    if (n === 1) {
      // Four options shuffled among A–D: E stays empty, never a blank in the middle.
      expect(soal.e).toBe('');
      expect(opsiOf(soal).slice(0, 4).sort()).toEqual(['s1a', 's1b', 's1c', 's1d']);
    } else {
      expect([...opsiOf(soal)].sort()).toEqual(['a', 'b', 'c', 'd', 'e'].map((h) => `s${n}${h}`));
    }
    if (n === 2) expect(soal.e).toBe('s2d');
    if (n === 3) expect(soal.e).toBe('s3e');
  }
  for (const soal of sheetFani.soal) {
    // A–D only: E is never shown, not even its text under another letter.
    const n = nomorOf(soal);
    expect(soal.e).toBe('');
    expect(opsiOf(soal).slice(0, 4).sort()).toEqual(['a', 'b', 'c', 'd'].map((h) => `s${n}${h}`));
    if (n === 2) expect(soal.d).toBe('s2d');
  }

  // The question PDF: the student's numbers, order and letters, as on the sheet.
  const mapel = await ctx.db
    .selectFrom('mapel')
    .innerJoin('kategori', 'kategori.id', 'mapel.id_kategori')
    .select('mapel.id')
    .where('kategori.id_jadwal', '=', where.idJadwal)
    .executeTakeFirstOrThrow();
  for (const [who, sheet] of [
    [eka, sheetEka],
    [fani, sheetFani],
  ] as const) {
    // What the server hands the PDF worker to draw.
    const soalPdf = jest.spyOn(renderPool, 'renderPdf');
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/pdf/soal/${where.idJadwal}/${where.hash}/${mapel.id}`,
      headers: who.headers,
    });
    expect(response.statusCode).toBe(200);
    const job = soalPdf.mock.calls[0][0];
    if (job.jenis !== 'soal') throw new Error(job.jenis);
    const printed = job.data.soal;
    expect(printed.map((q) => [q.nomor, q.soal, ...Object.values(q.options)])).toEqual(
      sheet.soal.map((s) => [s.nomor, s.soal, ...opsiOf(s)]),
    );
    soalPdf.mockRestore();
  }

  // The key for questions 1–4, a wrong option for 5–6, each in the student's own letters.
  const asli = (n: number) => (n <= 4 ? kunci[n - 1] : kunci[n - 1] === 'A' ? 'C' : 'A');
  await jawabSemua(eka, sheetEka, asli, where.idJadwal);
  await jawabSemua(fani, sheetFani, asli, where.idJadwal);
  await run('close', String(where.idJadwal));

  // The discussion PDF: the sheet's order and options, the key and the answer in the student's letters.
  for (const [who, sheet] of [
    [eka, sheetEka],
    [fani, sheetFani],
  ] as const) {
    const pembahasanPdf = jest.spyOn(renderPool, 'renderPdf');
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/pdf/pembahasan/${where.idJadwal}/${where.hash}`,
      headers: who.headers,
    });
    expect(response.statusCode).toBe(200);
    const job = pembahasanPdf.mock.calls[0][0];
    if (job.jenis !== 'pembahasan') throw new Error(job.jenis);
    const [printed] = job.data.mapel;
    expect(printed.soal.map((q) => [q.nomor, q.soal, ...Object.values(q.options)])).toEqual(
      sheet.soal.map((s) => [s.nomor, s.soal, ...opsiOf(s)]),
    );
    for (const q of printed.soal) {
      const n = Number(/Soal (\d+)/.exec(q.soal)![1]);
      const letterOf = (h: string) => q.options[h.toLowerCase() as 'a'];
      expect(letterOf(q.kunci as string)).toBe(`s${n}${kunci[n - 1].toLowerCase()}`);
      expect(letterOf(q.jawaban as string)).toBe(`s${n}${asli(n).toLowerCase()}`);
      expect(q.is_benar).toBe(n <= 4);
    }
    pembahasanPdf.mockRestore();
  }
});

it('shuffles an event package by default, a regular one not; a second device shows the same order', async () => {
  const event = await importPaket(
    paketContoh(ctx.clock.now(), ['budi.santoso'], {
      paket: 80,
      nama: 'TO Akbar Paket #80',
      jadwal: {
        ...paketContoh(ctx.clock.now(), []).jadwal,
        is_event: true,
        peserta: { username: ['budi.santoso'] },
      },
    }),
  );
  const regular = await importPaket(paketContoh(ctx.clock.now(), ['budi.santoso'], { paket: 81 }));
  const flags = await ctx.db
    .selectFrom('jadwal')
    .select(['id', 'acak_soal', 'acak_opsi'])
    .where('id', 'in', [event.idJadwal, regular.idJadwal])
    .orderBy('id')
    .execute();
  expect(flags).toEqual([
    { id: event.idJadwal, acak_soal: 1, acak_opsi: 1 },
    { id: regular.idJadwal, acak_soal: 0, acak_opsi: 0 },
  ]);

  // The regular package: the package's numbers, order and letters, and no seed kept with the attempt.
  const budi = await loginAs(ctx.app, 'budi.santoso', 'rahasia123');
  const sheet = await start(budi, regular);
  expect(sheet.soal.map((s) => [s.nomor, s.soal])).toEqual([
    [1, '<p>Semua burung bertelur. Merpati adalah burung. Maka …</p>'],
    [2, '<p>Ibu kota Indonesia adalah …</p>'],
    [3, '<p>Tentukan benar atau salah.</p>'],
    [4, '<p>Setengah dari 1 adalah …</p>'],
  ]);
  expect(sheet.soal[0].a).toBe('merpati bertelur');
  const attempt = await ctx.db
    .selectFrom('hasil_to')
    .select(['acak', 'acak_seed'])
    .where('id', '=', sheet.id_hasil_to)
    .executeTakeFirstOrThrow();
  expect(attempt).toEqual({ acak: 0, acak_seed: null });

  // The event: a second device (another login of the same student) gets the same sheet.
  const first = await start(budi, event);
  const secondDevice = await loginAs(ctx.app, 'budi.santoso', 'rahasia123');
  expect(secondDevice.token).not.toBe(budi.token);
  expect((await start(secondDevice, event)).soal).toEqual(first.soal);
  const seeded = await ctx.db
    .selectFrom('hasil_to')
    .select('acak_seed')
    .where('id', '=', first.id_hasil_to)
    .executeTakeFirstOrThrow();
  expect(seeded.acak_seed).not.toBeNull();
});

it('two first starts at once make one attempt, and both show its one order', async () => {
  const event = await importPaket(
    paketContoh(ctx.clock.now(), ['budi.santoso'], {
      paket: 82,
      nama: 'TO Akbar Paket #82',
      jadwal: {
        ...paketContoh(ctx.clock.now(), []).jadwal,
        is_event: true,
        peserta: { username: ['budi.santoso'] },
      },
    }),
  );
  const phone = await loginAs(ctx.app, 'budi.santoso', 'rahasia123');
  const laptop = await loginAs(ctx.app, 'budi.santoso', 'rahasia123');
  // One of the two writes the attempt (on PostgreSQL in one statement); the other finds it and its rows.
  const [a, b] = await Promise.all([start(phone, event), start(laptop, event)]);
  expect(b.id_hasil_to).toBe(a.id_hasil_to);
  expect(b.soal).toEqual(a.soal);
  expect(a.soal).toHaveLength(4);
  const rows = await ctx.db
    .selectFrom('hasil_to')
    .innerJoin('jawaban', 'jawaban.id_hasil_to', 'hasil_to.id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('hasil_to.id_jadwal', '=', event.idJadwal)
    .executeTakeFirstOrThrow();
  expect(Number(rows.n)).toBe(4);
  expect((await start(phone, event)).soal).toEqual(a.soal);
});
