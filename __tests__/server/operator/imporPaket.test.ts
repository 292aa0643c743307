/**
 * The operator's import-paket run as the CLI runs it, on the demo data and the suite's database: a package in, the
 * changes a started package refuses, every mistake of a file named, the README's example and the JSON Schema in step.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SCHEMA_PATH } from '../../../src/server/cli/siaptesPerintah';
import { counts, folderPerTest, runner, writeJson } from '../../helpers/operatorRun';
import { paketJsonSchema, type PaketFile } from '../../../src/server/operator/paketFormat';
import { parseCsv } from '../../../src/server/operator/csv';
import { periksaPaketFile } from '../../../src/server/operator/periksaPaket';
import { buildSeededTestApp, loginAs, type SeededTestContext } from '../../helpers/seeded';
import { paketContoh } from '../../helpers/operatorFixtures';

jest.setTimeout(60_000); // whole imports, closes and exports; PostgreSQL on a shared, busy machine

const folder = folderPerTest();

describe('import-paket on the demo data', () => {
  let ctx: SeededTestContext;
  beforeAll(async () => {
    ctx = await buildSeededTestApp({ participants: 40 });
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
  });

  const jadwalOf = async (username: string) => {
    const login = await loginAs(ctx.app, username);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/siswa/jadwal/jadwaltocurrent/idsiswa/${login.siswa.id}`,
      headers: login.headers,
    });
    return { login, list: (res.json() as { content: { id: number; paket: number }[] }).content };
  };

  it('an imported package appears in the enrolled student’s schedules and can be started; re-import changes nothing', async () => {
    const run = runner(ctx, folder.path);
    const file = writeJson(folder.path, 'paket77.json', paketContoh(ctx.clock.now(), ['reguler']));
    const imported = await run('import-paket', file);
    expect(imported).toMatchObject({ code: 0, err: '' });
    expect(imported.out).toMatch(
      /created schedule id \d+: 2 categories, 2 subjects, 6 questions, 1 enrolled students/,
    );

    const { login, list } = await jadwalOf('reguler');
    const item = list.find((j) => j.paket === 77);
    expect(item).toBeDefined();
    expect((await jadwalOf('umum')).list.some((j) => j.paket === 77)).toBe(false);

    const kategori = await ctx.db
      .selectFrom('kategori')
      .select(['hash', 'nama', 'pembahasan'])
      .where('id_jadwal', '=', item!.id)
      .orderBy('urutan')
      .execute();
    expect(kategori.map((k) => k.nama)).toEqual(['TPS', 'Literasi']);
    expect(kategori[0].pembahasan).toBe(`/api/pdf/pembahasan/${item!.id}/${kategori[0].hash}`);
    const start = await ctx.app.inject({
      method: 'POST',
      url: `/api/siswa/tryout/start/id/${item!.id}/kategori/${kategori[0].hash}`,
      headers: login.headers,
      payload: { id_siswa: login.siswa.id },
    });
    expect(start.statusCode).toBe(200);
    const content = (start.json() as { content: { id_hasil_to: number; soal: { type: number }[] } }).content;
    expect(content.id_hasil_to).toBeGreaterThan(0);
    expect(content.soal.map((s) => s.type)).toEqual([1, 2, 3, 5]);

    // Same file again: every table keeps its number of rows, and the schedule and links stay.
    const before = await counts(ctx.db);
    const again = await run('import-paket', file);
    expect(again.out).toContain(`updated schedule id ${item!.id}`);
    expect(await counts(ctx.db)).toEqual(before);
    const hashes = await ctx.db
      .selectFrom('kategori')
      .select('hash')
      .where('id_jadwal', '=', item!.id)
      .orderBy('urutan')
      .execute();
    expect(hashes.map((h) => h.hash)).toEqual(kategori.map((k) => k.hash));
  });

  /** Imports Paket #`nomor` for reguler, who then starts its first category. */
  async function importAndStart(nomor: number, ubah: (p: PaketFile) => void = () => {}) {
    const run = runner(ctx, folder.path);
    const paket = paketContoh(ctx.clock.now(), ['reguler'], { paket: nomor });
    ubah(paket);
    expect((await run('import-paket', writeJson(folder.path, `paket${nomor}.json`, paket))).code).toBe(0);
    const { login, list } = await jadwalOf('reguler');
    const idJadwal = list.find((j) => j.paket === nomor)!.id;
    const { hash } = await ctx.db
      .selectFrom('kategori')
      .select('hash')
      .where('id_jadwal', '=', idJadwal)
      .orderBy('urutan')
      .executeTakeFirstOrThrow();
    const start = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/siswa/tryout/start/id/${idJadwal}/kategori/${hash}`,
        headers: login.headers,
        payload: { id_siswa: login.siswa.id },
      });
    const started = await start();
    expect(started.json().status).toBe(true);
    return { run, paket, idJadwal, start };
  }

  /** The keys of Penalaran Umum in the database: the question keys and each type-3 question's statement keys. */
  async function keysOf(idJadwal: number) {
    const soal = await ctx.db
      .selectFrom('soal')
      .innerJoin('mapel', 'mapel.id', 'soal.id_mapel')
      .innerJoin('kategori', 'kategori.id', 'mapel.id_kategori')
      .leftJoin('soal_group', 'soal_group.id_soal', 'soal.id')
      .select(['soal.nomor', 'soal.kunci', 'soal_group.kunci as pernyataan'])
      .where('kategori.id_jadwal', '=', idJadwal)
      .where('mapel.nama', '=', 'Penalaran Umum')
      .orderBy('soal.nomor')
      .orderBy('soal_group.urutan')
      .execute();
    return soal.map((s) => `${s.nomor}:${s.kunci}${s.pernyataan ? `/${s.pernyataan}` : ''}`);
  }

  it.each([
    [
      'type 2',
      83,
      (f: PaketFile) => (f.kategori[0].mapel[0].soal[1].kunci = 'Bandung'),
      'soal[1].kunci: soal 2 of Penalaran Umum: the key changes from Jakarta to Bandung',
    ],
    [
      'type 5',
      84,
      (f: PaketFile) => (f.kategori[0].mapel[0].soal[3].kunci = '0,25'),
      'soal[3].kunci: soal 4 of Penalaran Umum: the key changes from 0,5 to 0,25',
    ],
    [
      'one statement of type 3',
      85,
      (f: PaketFile) => (f.kategori[0].mapel[0].soal[2].pernyataan![1].kunci = 'Y'),
      'soal[2].pernyataan: soal 3 of Penalaran Umum: the statement keys change from YN to YY',
    ],
  ])(
    'after a start, a changed key of %s is refused and nothing changes',
    async (_type, nomor, change, reason) => {
      const { run, paket, idJadwal } = await importAndStart(nomor);
      const before = await keysOf(idJadwal);
      expect(before).toEqual(['1:A', '2:Jakarta', '3:/Y', '3:/N', '4:0,5']);
      const changed = structuredClone(paket);
      change(changed);
      const refused = await run('import-paket', writeJson(folder.path, `ubah${nomor}.json`, changed));
      expect(refused.code).toBe(1);
      expect(refused.err).toContain(`ubah${nomor}.json kategori[0].mapel[0].${reason}; 1 attempt(s) exist`);
      expect(await keysOf(idJadwal)).toEqual(before);
    },
  );

  it('after a start, questions added, removed or reordered are refused by question, keys alike or not', async () => {
    // Two questions of the same type and key: swapping them changes no key, but every attempt's numbering.
    const { run, paket, idJadwal } = await importAndStart(86, (p) => {
      p.kategori[0].mapel[0].soal[1] = {
        ...p.kategori[0].mapel[0].soal[0],
        soal: '<p>Semua ikan berenang. …</p>',
      };
    });
    const before = await counts(ctx.db);
    const urutan = async () =>
      (
        await ctx.db
          .selectFrom('soal')
          .innerJoin('mapel', 'mapel.id', 'soal.id_mapel')
          .innerJoin('kategori', 'kategori.id', 'mapel.id_kategori')
          .select('soal.soal')
          .where('kategori.id_jadwal', '=', idJadwal)
          .where('mapel.nama', '=', 'Penalaran Umum')
          .orderBy('soal.nomor')
          .execute()
      ).map((s) => s.soal);
    const awal = await urutan();
    const fixed = '; 1 attempt(s) exist, so structure and keys cannot change any more';
    const moved = 'questions cannot be added, removed or reordered';

    const tukar = structuredClone(paket);
    const soal = tukar.kategori[0].mapel[0].soal;
    [soal[0], soal[1]] = [soal[1], soal[0]];
    const swapped = await run('import-paket', writeJson(folder.path, 'tukar.json', tukar));
    expect(swapped.code).toBe(1);
    expect(swapped.err.split('\n').filter((l) => l.startsWith('tukar.json'))).toEqual([
      `tukar.json kategori[0].mapel[0].soal[0]: soal 1 of Penalaran Umum: is question 2 of the package as imported; ${moved}${fixed}`,
      `tukar.json kategori[0].mapel[0].soal[1]: soal 2 of Penalaran Umum: is question 1 of the package as imported; ${moved}${fixed}`,
    ]);

    const tambah = structuredClone(paket);
    tambah.kategori[0].mapel[0].soal.unshift({ type: 2, soal: '<p>Soal baru.</p>', kunci: 'baru' });
    const added = await run('import-paket', writeJson(folder.path, 'tambah.json', tambah));
    expect(added.code).toBe(1);
    expect(added.err).toContain(
      `tambah.json kategori[0].mapel[0].soal: Penalaran Umum: the subject has 4 questions, the file 5${fixed}`,
    );
    expect(added.err).toContain(
      `tambah.json kategori[0].mapel[0].soal[1]: soal 2 of Penalaran Umum: is question 1 of the package as imported; ${moved}`,
    );

    const hapus = structuredClone(paket);
    hapus.kategori[0].mapel[0].soal.splice(1, 1);
    const removed = await run('import-paket', writeJson(folder.path, 'hapus.json', hapus));
    expect(removed.code).toBe(1);
    expect(removed.err).toContain(
      `hapus.json kategori[0].mapel[0].soal: Penalaran Umum: the subject has 4 questions, the file 3${fixed}`,
    );
    expect(removed.err).toContain(
      `hapus.json kategori[0].mapel[0].soal[1]: soal 2 of Penalaran Umum: is question 3 of the package as imported; ${moved}`,
    );
    expect(await counts(ctx.db)).toEqual(before);
    expect(await urutan()).toEqual(awal);
  });

  it('once a student has started, texts may change but keys are refused with the reason', async () => {
    const { run, paket, idJadwal, start } = await importAndStart(78);
    const shown = async () =>
      ((await start()).json() as { content: { soal: { soal: string }[] } }).content.soal.map((s) => s.soal);
    expect(await shown()).not.toContain('<p>Ibu kota negara Indonesia adalah …</p>');

    const typo = structuredClone(paket);
    typo.kategori[0].mapel[0].soal[1].soal = '<p>Ibu kota negara Indonesia adalah …</p>';
    expect((await run('import-paket', writeJson(folder.path, 'typo.json', typo))).code).toBe(0);
    // The server kept the package's questions since the start: the import's new version replaces them at once.
    expect(await shown()).toContain('<p>Ibu kota negara Indonesia adalah …</p>');
    const soal = await ctx.db
      .selectFrom('soal')
      .innerJoin('mapel', 'mapel.id', 'soal.id_mapel')
      .innerJoin('kategori', 'kategori.id', 'mapel.id_kategori')
      .select(['soal.soal', 'soal.kunci'])
      .where('kategori.id_jadwal', '=', idJadwal)
      .where('soal.nomor', '=', 2)
      .where('mapel.nama', '=', 'Penalaran Umum')
      .executeTakeFirstOrThrow();
    expect(soal.soal).toBe('<p>Ibu kota negara Indonesia adalah …</p>');

    const kunci = structuredClone(typo);
    kunci.kategori[0].mapel[0].soal[0].kunci = 'B';
    kunci.kategori[0].mapel[0].soal.pop();
    const refused = await run('import-paket', writeJson(folder.path, 'kunci.json', kunci));
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(
      'kunci.json kategori[0].mapel[0].soal[0].kunci: soal 1 of Penalaran Umum: the key changes from A to B; ' +
        '1 attempt(s) exist, so structure and keys cannot change any more',
    );
    expect(refused.err).toContain(
      'kunci.json kategori[0].mapel[0].soal: Penalaran Umum: the subject has 4 questions, the file 3; 1 attempt(s) exist',
    );
    const after = await ctx.db
      .selectFrom('soal')
      .innerJoin('mapel', 'mapel.id', 'soal.id_mapel')
      .innerJoin('kategori', 'kategori.id', 'mapel.id_kategori')
      .select('soal.kunci')
      .where('kategori.id_jadwal', '=', idJadwal)
      .where('mapel.nama', '=', 'Penalaran Umum')
      .orderBy('soal.nomor')
      .execute();
    expect(after.map((s) => s.kunci)).toEqual(['A', 'Jakarta', '', '0,5']);
  });

  it('a file with five different mistakes reports all five with their places and writes nothing', async () => {
    const bad = paketContoh(ctx.clock.now(), ['reguler', 'tutor', 'siapa.ini'], { paket: 79 }) as PaketFile;
    bad.kategori[0].mapel[0].soal[0].kunci = 'F'; // 1: a key that is no option
    (bad.kategori[0].mapel[0] as { waktu: unknown }).waktu = '20 menit'; // 2: minutes as text
    bad.kategori[1].mapel[0].soal[0].kunci = 'E'; // 3: key E while tutor (SMP, tutorindonesia) sees A–D only
    bad.jadwal.tgl_akhir = bad.jadwal.tgl_awal.replace(/^(\d{4})/, (y) => String(Number(y) - 1)); // 4: ends before it starts
    // 5: siapa.ini is nobody
    const before = await counts(ctx.db);
    const result = await runner(ctx, folder.path)('import-paket', writeJson(folder.path, 'lima.json', bad));
    expect(result.code).toBe(1);
    const lines = result.err.split('\n').filter((line) => line.startsWith('lima.json'));
    expect(lines).toEqual(
      expect.arrayContaining([
        'lima.json kategori[0].mapel[0].soal[0].kunci: soal 1 of Penalaran Umum: type 1 with key F; the key must be one of A, B, C, D, E',
        'lima.json kategori[0].mapel[0].waktu: Penalaran Umum: must be a whole number, not "20 menit"',
        'lima.json kategori[1].mapel[0].soal[0].kunci: soal 1 of Literasi dalam Bahasa Indonesia: key E, but the enrolled student tutor (tutorindonesia, SMP KELAS 9) can choose only A–D',
        expect.stringMatching(
          /^lima\.json jadwal\.tgl_akhir: jadwal: the schedule ends \(.+\) before it starts \(.+\)$/,
        ),
        'lima.json jadwal.peserta.username[2]: jadwal: no student "siapa.ini"; import the students first',
      ]),
    );
    expect(lines).toHaveLength(5);
    expect(result.err).toContain('5 problem(s) found; nothing was written.');
    expect(await counts(ctx.db)).toEqual(before);
  });

  it('a dry run reports what it would do and writes nothing', async () => {
    const before = await counts(ctx.db);
    const file = writeJson(
      folder.path,
      'coba.json',
      paketContoh(ctx.clock.now(), ['reguler'], { paket: 80 }),
    );
    const result = await runner(ctx, folder.path)('import-paket', file, '--dry-run');
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^Dry run, nothing written: would have created schedule id \d+: 2 categories/);
    expect(await counts(ctx.db)).toEqual(before);
  });

  it('closes an event: IRT calibration, scores and ranks, item statistics with difficulty', async () => {
    const run = runner(ctx, folder.path);
    const idJadwal = ctx.seed.jadwal.eventSelesai.id;
    const closed = await run('close', String(idJadwal));
    expect(closed.code).toBe(0);
    expect(closed.out).toContain(`Schedule ${idJadwal} (Paket #9) was already closed.`);
    expect(closed.out).toMatch(/IRT: 7 of 7 subjects calibrated\./);
    expect(closed.out).toMatch(/Ranked students: (3[5-9]|4\d);/);
    expect(closed.err).toContain('Scoring attempts [##############################]');

    const butir = await run('export-butir', String(idJadwal), '--out', 'butir.csv');
    expect(butir.code).toBe(0);
    const table = parseCsv(readFileSync(path.join(folder.path, 'butir.csv'), 'utf8'));
    expect(table.header).toEqual([
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
      ...['a', 'b', 'c', 'd', 'e'].flatMap((h) => [`pilih_${h}`, `proporsi_${h}`, `rerata_skor_${h}`]),
      'perhatian',
      'kr20',
    ]);
    const questions = table.records.filter((r) => r.values.get('nomor') !== 'ringkasan');
    expect(questions).toHaveLength(7 * 12);
    const calibrated = questions.filter((r) => r.values.get('difficulty') !== '');
    expect(calibrated.length).toBeGreaterThan(40);
    for (const r of calibrated) {
      expect(Number(r.values.get('se'))).toBeGreaterThan(0);
      // Fit of every calibrated question: mean-squares near 1 for data simulated from the Rasch model.
      expect(Number(r.values.get('infit'))).toBeGreaterThan(0.3);
      expect(Number(r.values.get('infit'))).toBeLessThan(2);
      expect(r.values.get('outfit')).not.toBe('');
      expect(r.values.get('korelasi_butir_sisa')).not.toBe('');
    }
    // Type 1: every participant is counted under an option or as blank.
    for (const r of questions.filter((q) => q.values.get('type') === '1')) {
      const chosen = ['a', 'b', 'c', 'd', 'e'].reduce(
        (sum, h) => sum + Number(r.values.get(`pilih_${h}`) || 0),
        0,
      );
      expect(chosen + Number(r.values.get('kosong'))).toBe(Number(r.values.get('peserta')));
    }
    // One summary row per subject with its KR-20.
    const ringkasan = table.records.filter((r) => r.values.get('nomor') === 'ringkasan');
    expect(ringkasan).toHaveLength(7);
    for (const r of ringkasan) {
      expect(r.values.get('perhatian')).toMatch(/^KR-20 −?\d,\d\d/);
      expect(Number(r.values.get('kr20'))).toBeGreaterThan(0);
    }
  });

  it('export-butir flags a planted wrong key by the option the best students chose', async () => {
    const run = runner(ctx, folder.path);
    const idJadwal = ctx.seed.jadwal.eventSelesai.id;
    // A type 1 question whose key the answers were simulated from; the operator's file then names another letter.
    const soal = await ctx.db
      .selectFrom('soal')
      .innerJoin('mapel', 'mapel.id', 'soal.id_mapel')
      .innerJoin('kategori', 'kategori.id', 'mapel.id_kategori')
      .select(['soal.id', 'soal.nomor', 'soal.kunci', 'mapel.nama'])
      .where('kategori.id_jadwal', '=', idJadwal)
      .where('soal.type', '=', 1)
      .orderBy('soal.id')
      .executeTakeFirstOrThrow();
    const wrong = soal.kunci === 'A' ? 'B' : 'A';
    await ctx.db.updateTable('soal').set({ kunci: wrong }).where('id', '=', soal.id).execute();
    expect((await run('close', String(idJadwal))).code).toBe(0);

    const table = parseCsv((await run('export-butir', String(idJadwal))).out);
    const rows = table.records.filter((r) => r.values.get('mapel') === soal.nama);
    const planted = rows.find((r) => r.values.get('nomor') === String(soal.nomor));
    expect(planted?.values.get('kunci')).toBe(wrong);
    expect(planted?.values.get('perhatian')).toContain(
      `kunci mungkin salah: opsi ${soal.kunci} dipilih siswa terbaik`,
    );
    expect(Number(planted?.values.get('korelasi_butir_sisa'))).toBeLessThan(0);
    // The true answer's choosers outscore the (wrong) key's.
    const mean = (h: string) => Number(planted?.values.get(`rerata_skor_${h.toLowerCase()}`));
    expect(mean(soal.kunci)).toBeGreaterThan(mean(wrong));
    // No other question of the subject is said to have a wrong key.
    const others = rows.filter(
      (r) => r !== planted && /kunci mungkin salah/.test(r.values.get('perhatian') ?? ''),
    );
    expect(others).toEqual([]);
  });

  it('the README’s example package is a valid file', () => {
    const readme = readFileSync(path.join(__dirname, '../../../README.md'), 'utf8');
    const operators = readme.slice(readme.indexOf('## Operators'));
    const example = /```json\n([\s\S]*?)```/.exec(operators)![1].replace(/…/g, 'teks');
    expect(periksaPaketFile('README.md', JSON.parse(example))).toEqual([]);
  });

  it('keeps the JSON Schema file in step with the TypeBox types', () => {
    const file = JSON.parse(readFileSync(path.join(__dirname, '../../..', SCHEMA_PATH), 'utf8'));
    expect(file).toEqual(JSON.parse(paketJsonSchema()));
  });
});
