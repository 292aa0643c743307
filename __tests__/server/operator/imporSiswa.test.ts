/**
 * The operator's import-siswa run as the CLI runs it (`npm run siaptes -- import-siswa`), on the suite's database
 * (SQLite, or PostgreSQL when DATABASE_URL says so): students in, passwords handed out once, bad rows named.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { counts, folderPerTest, runner } from '../../helpers/operatorRun';
import { parseCsv } from '../../../src/server/operator/csv';
import { imporSiswa } from '../../../src/server/operator/imporSiswa';
import { FileBermasalah } from '../../../src/server/operator/masalah';
import { loginAs } from '../../helpers/seeded';
import { buildTestApp, type TestContext } from '../../helpers/buildTestApp';
import { SISWA_CSV } from '../../helpers/operatorFixtures';

jest.setTimeout(60_000); // whole imports, closes and exports; PostgreSQL on a shared, busy machine

const folder = folderPerTest();

describe('import-siswa', () => {
  let ctx: TestContext;
  beforeEach(async () => {
    ctx = await buildTestApp();
  });
  afterEach(async () => {
    await ctx.close();
  });

  it('creates students, hands out generated passwords once, and updates them on re-import', async () => {
    const run = runner(ctx, folder.path);
    writeFileSync(path.join(folder.path, 'kelas.csv'), SISWA_CSV);
    const first = await run('import-siswa', 'kelas.csv');
    expect(first).toMatchObject({ code: 0, err: '' });
    expect(first.out).toContain('Students: 3 created, 0 updated.');

    const passwords = parseCsv(readFileSync(path.join(folder.path, 'kelas-passwords.csv'), 'utf8'));
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
    rmSync(path.join(folder.path, 'kelas-passwords.csv'));
    writeFileSync(
      path.join(folder.path, 'kelas.csv'),
      SISWA_CSV.replace('Dodi Firmansyah', 'Dodi Firmansyah Putra'),
    );
    const again = await run('import-siswa', 'kelas.csv');
    expect(again.out).toContain('Students: 0 created, 3 updated.');
    expect(await counts(ctx.db)).toEqual(before);
    expect(existsSync(path.join(folder.path, 'kelas-passwords.csv'))).toBe(false);
    const dodi = await ctx.db
      .selectFrom('siswa')
      .select('nama_lengkap')
      .where('username', '=', 'dodi')
      .executeTakeFirstOrThrow();
    expect(dodi.nama_lengkap).toBe('Dodi Firmansyah Putra');
    await loginAs(ctx.app, 'citra.dewi', citraPassword);
  });

  it('a password set by the operator ends every open session of that student; the others keep theirs', async () => {
    const run = runner(ctx, folder.path);
    writeFileSync(path.join(folder.path, 'kelas.csv'), SISWA_CSV);
    expect((await run('import-siswa', 'kelas.csv')).code).toBe(0);
    const citraPassword = parseCsv(
      readFileSync(path.join(folder.path, 'kelas-passwords.csv'), 'utf8'),
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
      path.join(folder.path, 'ganti.csv'),
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
    const run = runner(ctx, folder.path);
    writeFileSync(
      path.join(folder.path, 'salah.csv'),
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
    writeFileSync(path.join(folder.path, 'kelas.csv'), SISWA_CSV);
    expect((await runner(ctx, folder.path)('import-siswa', 'kelas.csv')).code).toBe(0);
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
    writeFileSync(path.join(folder.path, 'kelas.csv'), SISWA_CSV);
    const result = await runner(ctx, folder.path)('import-siswa', 'kelas.csv', '--dry-run');
    expect(result.out).toContain('3 new and 0 existing student(s); 2 password(s) would be generated');
    expect((await counts(ctx.db)).siswa).toBe(0);
    expect(existsSync(path.join(folder.path, 'kelas-passwords.csv'))).toBe(false);
  });
});
