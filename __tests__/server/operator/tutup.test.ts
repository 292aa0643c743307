/**
 * The operator's close and export-hasil run as the CLI runs them, on a known class: running attempts ended and
 * scored, one row per student with rank and PTN status.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { folderPerTest, runner, writeJson } from '../../helpers/operatorRun';
import { parseCsv } from '../../../src/server/operator/csv';
import { buildTestApp, type TestContext } from '../../helpers/buildTestApp';
import { paketContoh, SISWA_CSV } from '../../helpers/operatorFixtures';

jest.setTimeout(60_000); // whole imports, closes and exports; PostgreSQL on a shared, busy machine

const folder = folderPerTest();

describe('close and export-hasil on a known class', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** A started attempt at one category with the given answers by question number (type 3: statement answers). */
  async function attempt(
    idJadwal: number,
    username: string,
    kategori: string,
    answers: Record<number, string | string[]>,
  ) {
    const { db } = ctx;
    const siswa = await db
      .selectFrom('siswa')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    const k = await db
      .selectFrom('kategori')
      .select('id')
      .where('id_jadwal', '=', idJadwal)
      .where('nama', '=', kategori)
      .executeTakeFirstOrThrow();
    const hasil = await db
      .insertInto('hasil_to')
      .values({
        id_jadwal: idJadwal,
        id_kategori: k.id,
        id_siswa: siswa.id,
        started_at: ctx.clock.now() - 60_000,
        is_selesai: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const soal = await db
      .selectFrom('soal')
      .innerJoin('mapel', 'mapel.id', 'soal.id_mapel')
      .select(['soal.id', 'soal.nomor'])
      .where('mapel.id_kategori', '=', k.id)
      .execute();
    for (const s of soal) {
      const answer = answers[s.nomor];
      if (answer === undefined) continue; // no answer row: blank, as the server counts it
      const row = await db
        .insertInto('jawaban')
        .values({
          id_hasil_to: hasil.id,
          id_soal: s.id,
          jawaban: typeof answer === 'string' ? answer : '0', // type 3 keeps its answers per statement
          updated_at: ctx.clock.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (Array.isArray(answer)) {
        const groups = await db
          .selectFrom('soal_group')
          .select('id')
          .where('id_soal', '=', s.id)
          .orderBy('urutan')
          .execute();
        for (const [i, g] of groups.entries())
          await db
            .insertInto('jawaban_group')
            .values({ id_jawaban: row.id, id_soal_group: g.id, jawaban: answer[i] })
            .execute();
      }
    }
  }

  it('ends running attempts, scores them and exports one row per student with rank and PTN status', async () => {
    const run = runner(ctx, folder.path);
    writeFileSync(path.join(folder.path, 'kelas.csv'), SISWA_CSV);
    expect((await run('import-siswa', 'kelas.csv')).code).toBe(0);
    const paket = paketContoh(ctx.clock.now(), [], {
      ptn: {
        prodi: [
          {
            kode: 'UGM-TI',
            universitas: 'Universitas Gadjah Mada',
            jurusan: 'Teknik Informatika',
            jenjang: 'S1',
            grade: 600,
            kapasitas: 1,
          },
          {
            kode: 'UI-KED',
            universitas: 'Universitas Indonesia',
            jurusan: 'Pendidikan Dokter',
            jenjang: 'S1',
            grade: 700,
            kapasitas: 5,
          },
        ],
        pilihan: [
          { username: 'budi.santoso', pilihan: ['UGM-TI'] },
          { username: 'citra.dewi', pilihan: ['UGM-TI', 'UI-KED'] },
        ],
      },
    });
    paket.jadwal.peserta = { lembaga: ['SMA Harapan'] };
    const imported = await run('import-paket', writeJson(folder.path, 'paket.json', paket));
    expect(imported.out).toContain('3 enrolled students');
    const idJadwal = Number(/schedule id (\d+)/.exec(imported.out)![1]);

    // Budi: all right. Citra: Penalaran Umum 1 right (Jakarta), 2 wrong, 1 blank; Literasi right. Dodi: nothing.
    await attempt(idJadwal, 'budi.santoso', 'TPS', { 1: 'A', 2: ' jakarta ', 3: ['Y', 'N'], 4: '1/2' });
    await attempt(idJadwal, 'budi.santoso', 'Literasi', { 1: 'C', 2: 'Ringkasan saya.' });
    await attempt(idJadwal, 'citra.dewi', 'TPS', { 1: 'B', 2: 'Jakarta', 3: ['Y', 'Y'] });
    await attempt(idJadwal, 'citra.dewi', 'Literasi', { 1: 'C' });

    const closed = await run('close', String(idJadwal));
    expect(closed.out).toBe(
      [
        `Schedule ${idJadwal} (Paket #77) closed now.`,
        'Running attempts ended: 4; finished attempts scored: 4.',
        'Classical scores (not an event).',
        'Ranked students: 2; highest score: 1000; passing a PTN choice: 1.',
        '',
      ].join('\n'),
    );
    const jadwal = await ctx.db
      .selectFrom('jadwal')
      .select('tgl_akhir')
      .where('id', '=', idJadwal)
      .executeTakeFirstOrThrow();
    expect(Number(jadwal.tgl_akhir)).toBe(ctx.clock.now());

    const exported = await run('export-hasil', String(idJadwal));
    const table = parseCsv(exported.out);
    expect(table.header).toEqual([
      'username',
      'nama_lengkap',
      'lembaga',
      'id_program',
      'sekolah',
      'kelas',
      'penalaran umum benar',
      'penalaran umum salah',
      'penalaran umum kosong',
      'penalaran umum nilai',
      'literasi dalam bahasa indonesia benar',
      'literasi dalam bahasa indonesia salah',
      'literasi dalam bahasa indonesia kosong',
      'literasi dalam bahasa indonesia nilai',
      'skor',
      'peringkat',
      'status_ptn',
    ]);
    const rows = table.records.map((r) => [...r.values.values()]);
    expect(rows).toEqual([
      [
        'budi.santoso',
        'Budi Santoso',
        'SMA Harapan',
        '7',
        'SMA Harapan Bangsa',
        'XII',
        '4',
        '0',
        '0',
        '1000',
        '1',
        '0',
        '0',
        '1000',
        '1000',
        '1',
        'LULUS - Selamat! Kamu lulus di pilihan 1: Teknik Informatika - Universitas Gadjah Mada',
      ],
      [
        'citra.dewi',
        'Citra Dewi, S.',
        'SMA Harapan',
        '7',
        'SMA Harapan Bangsa',
        'XII',
        '1',
        '2',
        '1',
        '250',
        '1',
        '0',
        '0',
        '1000',
        '625',
        '2',
        'TIDAK LULUS - Belum lulus di pilihan mana pun',
      ],
      [
        'dodi',
        'Dodi Firmansyah',
        'SMA Harapan',
        '8',
        'SMA Harapan Bangsa',
        'XI',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        'belum selesai',
      ],
    ]);

    const butir = parseCsv((await run('export-butir', String(idJadwal))).out);
    const values = butir.records.map((r) => [...r.values.values()]);
    expect(values.map((v) => v.slice(0, 12))).toEqual(
      [
        ['TPS', 'Penalaran Umum', '1', '1', 'A', '2', '1', '1', '0', '0.5', '', ''],
        ['TPS', 'Penalaran Umum', '2', '2', 'Jakarta', '2', '2', '0', '0', '1', '', ''],
        ['TPS', 'Penalaran Umum', '3', '3', '', '2', '1', '1', '0', '0.5', '', ''],
        ['TPS', 'Penalaran Umum', '4', '5', '0,5', '2', '1', '0', '1', '0.5', '', ''],
        ['Literasi', 'Literasi dalam Bahasa Indonesia', '1', '1', 'C', '2', '2', '0', '0', '1', '', ''],
        ['Literasi', 'Literasi dalam Bahasa Indonesia', '2', '4', 'Ringkasan memuat gagasan utama.'],
        ['TPS', 'Penalaran Umum', 'ringkasan', '', '', '2'],
        ['Literasi', 'Literasi dalam Bahasa Indonesia', 'ringkasan', '', '', '2'],
      ].map((v) => [...v, ...new Array<string>(12 - v.length).fill('')]),
    );
    const column = (row: number, name: string) => butir.records[row].values.get(name);
    // Question 1 (key A): Budi chose A and has 4 right in the subject, Citra chose B and has 1; rest 3 vs 1.
    expect(
      ['a', 'b', 'c', 'e'].map((h) => [
        column(0, `pilih_${h}`),
        column(0, `proporsi_${h}`),
        column(0, `rerata_skor_${h}`),
      ]),
    ).toEqual([
      ['1', '0.5', '4'],
      ['1', '0.5', '1'],
      ['0', '0', ''],
      ['0', '0', ''],
    ]);
    expect(column(0, 'korelasi_butir_sisa')).toBe('1');
    expect(column(0, 'perhatian')).toBe('');
    // Not an event: no fit. Only type 1 has option columns.
    expect([column(0, 'infit'), column(0, 'outfit'), column(1, 'pilih_a')]).toEqual(['', '', '']);
    expect(column(1, 'perhatian')).toBe('terlalu mudah: hampir semua peserta benar');
    // KR-20 of Penalaran Umum: totals 4 and 1 (sample variance 4,5), Σpq = 0,75 → 4/3 · (1 − 0,75/4,5) = 1,111.
    expect([column(6, 'perhatian'), column(6, 'kr20')]).toEqual(['KR-20 1,11', '1.111']);
    expect([column(7, 'perhatian'), column(7, 'kr20')]).toEqual([
      'KR-20 tidak dapat dihitung: kurang dari dua soal dinilai',
      '',
    ]);
  });

  it('names a schedule that does not exist', async () => {
    const result = await runner(ctx, folder.path)('export-hasil', '9999');
    expect(result).toMatchObject({
      code: 1,
      err: expect.stringContaining('there is no schedule with id 9999'),
    });
  });
});
