import { buildTestApp, testClock, type TestContext } from '../helpers/buildTestApp';
import { hashPassword, DISABLED_PASSWORD } from '../../src/server/lib/password';
import { SESSION_COOKIE, SESSION_TTL_MS, hashToken } from '../../src/server/plugins/auth';
import type { Db } from '../../src/server/db/createDb';

const PASSWORD = 'tryout123';

async function seedSiswa(db: Db): Promise<void> {
  const hash = await hashPassword(PASSWORD);
  await db.kysely
    .insertInto('siswa')
    .values([
      {
        username: 'reguler',
        password_hash: hash,
        nama_lengkap: 'Rina Lestari',
        nama_panggilan: 'Rina',
        photo_url: '',
        id_program: 1,
        lembaga: 'SiapTes',
        minat: 'SMA KELAS 12 IPA',
        no_telp: '081234567890',
        no_telp_ortu: '081298765432',
        alamat: 'Jl. Merdeka 1, Bandung',
        email: 'rina@example.id',
        kelas: '12',
        jenjang: 'SMA',
        sekolah: 'SMAN 3 Bandung',
        kurikulum_str: 'Kurikulum Merdeka',
        is_synthetic: 0,
      },
      {
        username: 'peserta1',
        password_hash: DISABLED_PASSWORD,
        nama_lengkap: 'Peserta Sintetis',
        nama_panggilan: 'Peserta',
        photo_url: '',
        id_program: 3,
        lembaga: 'TO Akbar',
        minat: '',
        no_telp: '',
        no_telp_ortu: '',
        alamat: '',
        email: '',
        kelas: '',
        jenjang: '',
        sekolah: '',
        kurikulum_str: '',
        is_synthetic: 1,
      },
    ])
    .execute();
}

function loginBody(username: string, password: string) {
  return { code: 's', isgoogle: false, username, password };
}

describe('POST /api/auth/login and /api/auth/logout', () => {
  let t: TestContext;
  const clock = testClock(Date.UTC(2026, 10, 23, 7, 0));

  beforeAll(async () => {
    t = await buildTestApp({ clock, seed: seedSiswa });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.db.kysely.deleteFrom('login_gagal').execute();
  });

  const login = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: loginBody(username, password) });

  it('logs in: profile, token, HttpOnly SameSite=Lax cookie and a hashed session row', async () => {
    const res = await login('reguler', PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(true);
    expect(body.message).toBe('Login berhasil');
    expect(body.content.user).toEqual({
      id: expect.any(Number),
      nama_lengkap: 'Rina Lestari',
      nama_panggilan: 'Rina',
      username: 'reguler',
      photo_url: '',
      id_program: 1,
      lembaga: 'SiapTes',
      minat: 'SMA KELAS 12 IPA',
      no_telp: '081234567890',
      no_telp_ortu: '081298765432',
      alamat: 'Jl. Merdeka 1, Bandung',
      email: 'rina@example.id',
      kelas: { kelas: '12', jenjang: 'SMA' },
      sekolah: 'SMAN 3 Bandung',
      kurikulum_str: 'Kurikulum Merdeka',
      jenis_siswa: 'reguler',
      jumlah_pilihan: 5,
    });
    const token: string = body.content.access_token.value;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain(`${SESSION_COOKIE}=${token}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=43200/);
    expect(cookie).not.toMatch(/Secure/i);

    const rows = await t.db.kysely
      .selectFrom('sesi')
      .selectAll()
      .where('id_siswa', '=', body.content.user.id)
      .execute();
    const row = rows.find((r) => r.token_hash === hashToken(token));
    expect(row).toBeDefined();
    expect(row?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.token_hash).not.toBe(token);
    expect(Number(row?.expires_at)).toBe(clock.now() + SESSION_TTL_MS);
    expect(row?.revoked_at).toBeNull();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);

    const profil = await t.app.inject({
      method: 'GET',
      url: `/api/siswa/profil/user/id/${body.content.user.id}`,
      headers: { key: token },
    });
    expect(profil.statusCode).toBe(200);
    expect(profil.json()).toEqual({ status: true, content: body.content.user });
  });

  it('answers the same status false for a wrong password and an unknown user, and records both', async () => {
    const wrong = await login('reguler', 'salah123');
    const unknown = await login('tidakada', PASSWORD);
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: false, message: 'Username atau password salah' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const gagal = await t.db.kysely.selectFrom('login_gagal').select('username').orderBy('id').execute();
    expect(gagal.map((g) => g.username)).toEqual(['reguler', 'tidakada']);
  });

  it('never lets a synthetic participant log in', async () => {
    const res = await login('peserta1', '!');
    expect(res.json()).toEqual({ status: false, message: 'Username atau password salah' });
    const res2 = await login('peserta1', '');
    expect(res2.statusCode).toBe(400);
  });

  it.each([
    [{ code: 's', isgoogle: false, password: PASSWORD }, 'Masukkan Username'],
    [{ code: 's', isgoogle: false, username: '   ', password: PASSWORD }, 'Masukkan Username'],
    [{ code: 's', isgoogle: false, username: 'reguler', password: '' }, 'Masukkan Password'],
    [{ code: 's', isgoogle: false, username: 'reguler' }, 'Masukkan Password'],
    [{ code: 'x', isgoogle: false, username: 'reguler', password: PASSWORD }, 'code harus "s"'],
    [{ code: 's', isgoogle: true, username: 'reguler', password: PASSWORD }, 'Google'],
  ])('answers 400 for a bad body %j', async (payload, message) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe(false);
    expect(res.json().message).toContain(message);
    expect(await t.db.kysely.selectFrom('login_gagal').selectAll().execute()).toHaveLength(0);
  });

  it('answers 400 for a body that is not an object', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe(false);
  });

  it('locks a username after 10 failures in 15 minutes, even for the right password, then lets it in again', async () => {
    const start = clock.now();
    for (let i = 0; i < 10; i++) {
      const res = await login('Reguler', `salah${i}`);
      expect(res.json()).toEqual({ status: false, message: 'Username atau password salah' });
      clock.advance(1000);
    }
    const locked = await login('reguler', 'salah-lagi');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      status: false,
      message: 'Terlalu banyak percobaan login gagal. Coba lagi dalam 15 menit.',
    });
    const right = await login('reguler', PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(right.headers['set-cookie']).toBeUndefined();

    // Another username is not affected.
    expect((await login('tidakada', 'x')).statusCode).toBe(200);

    // The first failure leaves the window after 15 minutes: 9 remain, so the account opens again.
    clock.set(start + 15 * 60 * 1000);
    const after = await login('reguler', PASSWORD);
    expect(after.statusCode).toBe(200);
    expect(after.json().status).toBe(true);
    // A success clears the counter.
    const left = await t.db.kysely
      .selectFrom('login_gagal')
      .selectAll()
      .where('username', '=', 'reguler')
      .execute();
    expect(left).toHaveLength(0);
  });

  it('logout revokes the token and clears the cookie; the token then answers 401', async () => {
    const token: string = (await login('reguler', PASSWORD)).json().content.access_token.value;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { key: token },
      payload: { code: 's', username: 'reguler', password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, message: 'Logout berhasil' });
    expect(String(res.headers['set-cookie'])).toMatch(new RegExp(`${SESSION_COOKIE}=;`));
    const row = await t.db.kysely
      .selectFrom('sesi')
      .select('revoked_at')
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    expect(Number(row.revoked_at)).toBe(clock.now());

    const profil = await t.app.inject({
      method: 'GET',
      url: '/api/siswa/profil/user/id/1',
      headers: { key: token },
    });
    expect(profil.statusCode).toBe(401);
    expect(profil.json().status).toBe(false);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { key: token } });
    expect(again.statusCode).toBe(401);
  });

  it('logout without a token answers 401', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: {} });
    expect(res.statusCode).toBe(401);
    expect(res.json().status).toBe(false);
  });

  it('a token dies after 12 hours', async () => {
    const body = (await login('reguler', PASSWORD)).json();
    const url = `/api/siswa/profil/user/id/${body.content.user.id}`;
    const headers = { key: body.content.access_token.value as string };
    clock.advance(SESSION_TTL_MS - 1);
    expect((await t.app.inject({ method: 'GET', url, headers })).statusCode).toBe(200);
    clock.advance(1);
    const dead = await t.app.inject({ method: 'GET', url, headers });
    expect(dead.statusCode).toBe(401);
    expect(dead.json()).toEqual({ status: false, message: 'Sesi telah berakhir, silakan login kembali' });
  });

  it('authenticates with the session cookie alone', async () => {
    const body = (await login('reguler', PASSWORD)).json();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/siswa/profil/user/id/${body.content.user.id}`,
      cookies: { [SESSION_COOKIE]: body.content.access_token.value },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().content.username).toBe('reguler');
  });
});

describe('secure cookies', () => {
  it('sets Secure when SECURE_COOKIES is on', async () => {
    const t = await buildTestApp({ seed: seedSiswa });
    try {
      t.config.secureCookies = true;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: loginBody('reguler', PASSWORD),
      });
      expect(String(res.headers['set-cookie'])).toMatch(/Secure/);
    } finally {
      await t.close();
    }
  });
});
