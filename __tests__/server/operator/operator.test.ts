/**
 * The operator's tool (`npm run siaptes -- <command>`) run as the CLI runs it, on the suite's database (SQLite, or
 * PostgreSQL when DATABASE_URL says so): students and packages in, results out.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SCHEMA_PATH } from '../../../src/server/cli/siaptesPerintah';
import { counts, runner } from '../../helpers/operatorRun';
import { paketJsonSchema, type PaketFile } from '../../../src/server/operator/paketFormat';
import { parseCsv } from '../../../src/server/operator/csv';
import { imporSiswa } from '../../../src/server/operator/imporSiswa';
import { FileBermasalah } from '../../../src/server/operator/masalah';
import { periksaPaketFile } from '../../../src/server/operator/periksaPaket';
import { buildSeededTestApp, loginAs, type SeededTestContext } from '../../helpers/seeded';
import { buildTestApp, type TestContext } from '../../helpers/buildTestApp';
import { paketContoh, SISWA_CSV } from '../../helpers/operatorFixtures';

function writeJson(dir: string, name: string, data: unknown): string {
  writeFileSync(path.join(dir, name), JSON.stringify(data, null, 2));
  return name;
}

jest.setTimeout(60_000); // whole imports, closes and exports; PostgreSQL on a shared, busy machine

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'siaptes-operator-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('import-siswa', () => {
  let ctx: TestContext;
  beforeEach(async () => {
    ctx = await buildTestApp();
  });
  afterEach(async () => {
    await ctx.close();
  });

  it('creates students, hands out generated passwords once, and updates them on re-import', async () => {
    const run = runner(ctx, dir);
    writeFileSync(path.join(dir, 'kelas.csv'), SISWA_CSV);
    const first = await run('import-siswa', 'kelas.csv');
    expect(first).toMatchObject({ code: 0, err: '' });
    expect(first.out).toContain('Students: 3 created, 0 updated.');

    const passwords = parseCsv(readFileSync(path.join(dir, 'kelas-passwords.csv'), 'utf8'));
    expect(passwords.header).toEqual(['username', 'nama_lengkap', 'password']);
    expect(passwords.records.map((r) => r.values.get('username'))).toEqual(['citra.dewi', 'dodi']);
    expect(passwords.records[0].values.get('nama_lengkap')).toBe('Citra Dewi, S.');
    const citraPassword = passwords.records[0].values.get('password') as string;
    expect(citraPassword).toMatch(/^[A-Za-z0-9]{10}$/);

    // The given and the generated passwords both log in; the profile is the file's.
    expect((await loginAs(ctx.app, 'budi.santoso', 'rahasia123')).siswa).toMatchObject({
      nama_lengkap: 'Budi Santoso',
      lembaga: 'SMA Harapan',
      id_program: 7,
      minat: 'SMA KELAS 12 IPA',
      email: 'budi@harapan.sch.id',
      kurikulum_str: 'Kurikulum Merdeka',
    });
    await loginAs(ctx.app, 'citra.dewi', citraPassword);

    // Re-import with one name changed: same rows, the name updated, no new password list, Citra's kept.
    const before = await counts(ctx.db);
    rmSync(path.join(dir, 'kelas-passwords.csv'));
    writeFileSync(path.join(dir, 'kelas.csv'), SISWA_CSV.replace('Dodi Firmansyah', 'Dodi Firmansyah Putra'));
    const again = await run('import-siswa', 'kelas.csv');
    expect(again.out).toContain('Students: 0 created, 3 updated.');
    expect(await counts(ctx.db)).toEqual(before);
    expect(existsSync(path.join(dir, 'kelas-passwords.csv'))).toBe(false);
    const dodi = await ctx.db
      .selectFrom('siswa')
      .select('nama_lengkap')
      .where('username', '=', 'dodi')
      .executeTakeFirstOrThrow();
    expect(dodi.nama_lengkap).toBe('Dodi Firmansyah Putra');
    await loginAs(ctx.app, 'citra.dewi', citraPassword);
  });

  it('a password set by the operator ends every open session of that student; the others keep theirs', async () => {
    const run = runner(ctx, dir);
    writeFileSync(path.join(dir, 'kelas.csv'), SISWA_CSV);
    expect((await run('import-siswa', 'kelas.csv')).code).toBe(0);
    const citraPassword = parseCsv(
      readFileSync(path.join(dir, 'kelas-passwords.csv'), 'utf8'),
    ).records[0].values.get('password') as string;
    // Budi on two devices, Citra on one; each token has been used (and so is known to this process).
    const budiPhone = await loginAs(ctx.app, 'budi.santoso', 'rahasia123');
    const budiLab = await loginAs(ctx.app, 'budi.santoso', 'rahasia123');
    const citra = await loginAs(ctx.app, 'citra.dewi', citraPassword);
    const profil = (who: Awaited<ReturnType<typeof loginAs>>) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/siswa/profil/user/id/${who.siswa.id}`,
        headers: who.headers,
      });
    for (const who of [budiPhone, budiLab, citra]) expect((await profil(who)).statusCode).toBe(200);

    // Budi gets a new password; Citra's row is re-imported without one.
    writeFileSync(
      path.join(dir, 'ganti.csv'),
      [
        'username,nama_lengkap,lembaga,id_program,password',
        'budi.santoso,Budi Santoso,SMA Harapan,7,rahasiaBaru99',
        'citra.dewi,"Citra Dewi, S.",SMA Harapan,7,',
      ].join('\n'),
    );
    expect((await run('import-siswa', 'ganti.csv')).code).toBe(0);
    for (const who of [budiPhone, budiLab]) {
      const old = await profil(who);
      expect(old.statusCode).toBe(401);
      expect(old.json()).toEqual({ status: false, message: 'Sesi telah berakhir, silakan login kembali' });
    }
    expect((await profil(citra)).statusCode).toBe(200);
    // The new password logs in; the old one no longer does.
    expect((await profil(await loginAs(ctx.app, 'budi.santoso', 'rahasiaBaru99'))).statusCode).toBe(200);
    await expect(loginAs(ctx.app, 'budi.santoso', 'rahasia123')).rejects.toThrow(/login budi.santoso failed/);
  });

  it('reports every bad row with its line and writes nothing', async () => {
    const run = runner(ctx, dir);
    writeFileSync(
      path.join(dir, 'salah.csv'),
      [
        'username,nama_lengkap,lembaga,id_program,email,password',
        ',Tanpa Nama Pengguna,SMA Harapan,7,,',
        'eka,Eka,SMA Harapan,tujuh,,',
        'fajar,Fajar,SMA Harapan,7,fajar-at-mail,',
        'gita,Gita,SMA Harapan,7,,pendek',
        'eka,Eka Lagi,SMA Harapan,7,,',
      ].join('\n'),
    );
    const result = await run('import-siswa', 'salah.csv');
    expect(result.code).toBe(1);
    expect(result.err.split('\n').filter((line) => line.startsWith('salah.csv'))).toEqual([
      'salah.csv line 2: username is empty',
      'salah.csv line 3: id_program "tujuh" is not a whole number above 0',
      'salah.csv line 4: e-mail "fajar-at-mail" is not an address',
      'salah.csv line 5: the password is shorter than 8 characters',
      'salah.csv line 6: username "eka" is also on line 3',
    ]);
    expect(result.err).toContain('5 problem(s) found; nothing was written.');
    expect((await counts(ctx.db)).siswa).toBe(0);
  });

  it('synthetic participants are only created, with a disabled password, and never log in', async () => {
    const synthetic = [
      'username,nama_lengkap,lembaga,id_program',
      'sintetis.satu,Peserta Satu,TO Akbar,3',
      'sintetis.dua,Peserta Dua,TO Akbar,3',
    ].join('\n');
    const hasil = await imporSiswa(ctx.db, 'sintetis.csv', synthetic, { sintetis: true });
    expect(hasil).toMatchObject({ dibuat: 2, diperbarui: 0, passwordBaru: [] });
    const rows = await ctx.db
      .selectFrom('siswa')
      .select(['username', 'password_hash', 'is_synthetic'])
      .orderBy('username')
      .execute();
    expect(rows).toEqual([
      { username: 'sintetis.dua', password_hash: '!', is_synthetic: 1 },
      { username: 'sintetis.satu', password_hash: '!', is_synthetic: 1 },
    ]);
    await expect(loginAs(ctx.app, 'sintetis.satu', '!')).rejects.toThrow(/login sintetis.satu failed/);

    // A student of the institution with the same username is never turned into one; nothing is written.
    writeFileSync(path.join(dir, 'kelas.csv'), SISWA_CSV);
    expect((await runner(ctx, dir)('import-siswa', 'kelas.csv')).code).toBe(0);
    const before = await counts(ctx.db);
    const clash = [
      'username,nama_lengkap,lembaga,id_program',
      'sintetis.tiga,Peserta Tiga,TO Akbar,3',
      'dodi,Dodi Sintetis,TO Akbar,3',
    ].join('\n');
    const refused = imporSiswa(ctx.db, 'bentrok.csv', clash, { sintetis: true });
    await expect(refused).rejects.toThrow(FileBermasalah);
    await expect(refused).rejects.toMatchObject({
      masalah: [
        {
          tempat: 'bentrok.csv line 3',
          pesan: 'username "dodi" already exists; synthetic participants are only created',
        },
      ],
    });
    expect(await counts(ctx.db)).toEqual(before);
    const dodi = await ctx.db
      .selectFrom('siswa')
      .select(['nama_lengkap', 'is_synthetic'])
      .where('username', '=', 'dodi')
      .executeTakeFirstOrThrow();
    expect(dodi).toEqual({ nama_lengkap: 'Dodi Firmansyah', is_synthetic: 0 });
  });

  it('a dry run counts without writing', async () => {
    writeFileSync(path.join(dir, 'kelas.csv'), SISWA_CSV);
    const result = await runner(ctx, dir)('import-siswa', 'kelas.csv', '--dry-run');
    expect(result.out).toContain('3 new and 0 existing student(s); 2 password(s) would be generated');
    expect((await counts(ctx.db)).siswa).toBe(0);
    expect(existsSync(path.join(dir, 'kelas-passwords.csv'))).toBe(false);
  });
});

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
    const run = runner(ctx, dir);
    const file = writeJson(dir, 'paket77.json', paketContoh(ctx.clock.now(), ['reguler']));
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
    const run = runner(ctx, dir);
    const paket = paketContoh(ctx.clock.now(), ['reguler'], { paket: nomor });
    ubah(paket);
    expect((await run('import-paket', writeJson(dir, `paket${nomor}.json`, paket))).code).toBe(0);
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
      const refused = await run('import-paket', writeJson(dir, `ubah${nomor}.json`, changed));
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
    const swapped = await run('import-paket', writeJson(dir, 'tukar.json', tukar));
    expect(swapped.code).toBe(1);
    expect(swapped.err.split('\n').filter((l) => l.startsWith('tukar.json'))).toEqual([
      `tukar.json kategori[0].mapel[0].soal[0]: soal 1 of Penalaran Umum: is question 2 of the package as imported; ${moved}${fixed}`,
      `tukar.json kategori[0].mapel[0].soal[1]: soal 2 of Penalaran Umum: is question 1 of the package as imported; ${moved}${fixed}`,
    ]);

    const tambah = structuredClone(paket);
    tambah.kategori[0].mapel[0].soal.unshift({ type: 2, soal: '<p>Soal baru.</p>', kunci: 'baru' });
    const added = await run('import-paket', writeJson(dir, 'tambah.json', tambah));
    expect(added.code).toBe(1);
    expect(added.err).toContain(
      `tambah.json kategori[0].mapel[0].soal: Penalaran Umum: the subject has 4 questions, the file 5${fixed}`,
    );
    expect(added.err).toContain(
      `tambah.json kategori[0].mapel[0].soal[1]: soal 2 of Penalaran Umum: is question 1 of the package as imported; ${moved}`,
    );

    const hapus = structuredClone(paket);
    hapus.kategori[0].mapel[0].soal.splice(1, 1);
    const removed = await run('import-paket', writeJson(dir, 'hapus.json', hapus));
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
    expect((await run('import-paket', writeJson(dir, 'typo.json', typo))).code).toBe(0);
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
    const refused = await run('import-paket', writeJson(dir, 'kunci.json', kunci));
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
    const result = await runner(ctx, dir)('import-paket', writeJson(dir, 'lima.json', bad));
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
    const file = writeJson(dir, 'coba.json', paketContoh(ctx.clock.now(), ['reguler'], { paket: 80 }));
    const result = await runner(ctx, dir)('import-paket', file, '--dry-run');
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^Dry run, nothing written: would have created schedule id \d+: 2 categories/);
    expect(await counts(ctx.db)).toEqual(before);
  });

  it('closes an event: IRT calibration, scores and ranks, item statistics with difficulty', async () => {
    const run = runner(ctx, dir);
    const idJadwal = ctx.seed.jadwal.eventSelesai.id;
    const closed = await run('close', String(idJadwal));
    expect(closed.code).toBe(0);
    expect(closed.out).toContain(`Schedule ${idJadwal} (Paket #9) was already closed.`);
    expect(closed.out).toMatch(/IRT: 7 of 7 subjects calibrated\./);
    expect(closed.out).toMatch(/Ranked students: (3[5-9]|4\d);/);
    expect(closed.err).toContain('Scoring attempts [##############################]');

    const butir = await run('export-butir', String(idJadwal), '--out', 'butir.csv');
    expect(butir.code).toBe(0);
    const table = parseCsv(readFileSync(path.join(dir, 'butir.csv'), 'utf8'));
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
    const run = runner(ctx, dir);
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
    const run = runner(ctx, dir);
    writeFileSync(path.join(dir, 'kelas.csv'), SISWA_CSV);
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
    const imported = await run('import-paket', writeJson(dir, 'paket.json', paket));
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
    const result = await runner(ctx, dir)('export-hasil', '9999');
    expect(result).toMatchObject({
      code: 1,
      err: expect.stringContaining('there is no schedule with id 9999'),
    });
  });
});
