import { buildTestApp, testClock, type TestContext } from '../../../helpers/buildTestApp';
import { hashPassword, verifyPassword, DISABLED_PASSWORD } from '../../../../src/server/lib/password';
import { SESSION_COOKIE, SESSION_TTL_MS, hashToken } from '../../../../src/server/plugins/auth';
import type { Executor } from '../../../../src/server/db/executor';

// Many scrypt hashes and requests per test: generous on a loaded two-core machine and on PostgreSQL.
jest.setTimeout(60_000);

const PASSWORD = 'tryout123';

async function seedSiswa(db: Executor): Promise<void> {
  const hash = await hashPassword(PASSWORD);
  await db
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
    await t.db.deleteFrom('login_percobaan').execute();
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

    const rows = await t.db
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
    const gagal = await t.db.selectFrom('login_percobaan').select('username').orderBy('id').execute();
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
    expect(await t.db.selectFrom('login_percobaan').selectAll().execute()).toHaveLength(0);
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

  const LOCKED = 'Terlalu banyak percobaan login untuk username ini. Coba lagi dalam 15 menit.';
  const attempts = (username: string) =>
    t.db.selectFrom('login_percobaan').selectAll().where('username', '=', username).execute();

  it('locks a username after 10 attempts in 15 minutes, even for the right password: 14:59 refused, 15:01 accepted', async () => {
    const start = clock.now();
    for (let i = 0; i < 10; i++) {
      const res = await login('Reguler', `salah${i}`);
      expect(res.json()).toEqual({ status: false, message: 'Username atau password salah' });
    }
    const locked = await login('reguler', 'salah-lagi');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ status: false, message: LOCKED });
    expect(locked.headers['retry-after']).toBe('900');

    // Another username is not affected.
    expect((await login('tidakada', 'x')).statusCode).toBe(200);

    clock.set(start + 14 * 60 * 1000 + 59 * 1000);
    const at1459 = await login('reguler', PASSWORD);
    expect(at1459.statusCode).toBe(429);
    expect(at1459.headers['retry-after']).toBe('1');
    expect(at1459.headers['set-cookie']).toBeUndefined();
    expect(await attempts('reguler')).toHaveLength(10);

    clock.set(start + 15 * 60 * 1000 + 1000);
    const at1501 = await login('reguler', PASSWORD);
    expect(at1501.statusCode).toBe(200);
    expect(at1501.json().status).toBe(true);
    expect(await attempts('reguler')).toHaveLength(0);
  });

  it('counts concurrent tries: of 40 wrong passwords at once at most 10 are checked, the rest get 429', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => login('reguler', `salah${i}`)));
    const checked = answers.filter((res) => res.statusCode === 200);
    const refused = answers.filter((res) => res.statusCode === 429);
    expect(checked.length).toBeGreaterThanOrEqual(1);
    expect(checked.length).toBeLessThanOrEqual(10);
    expect(checked.length + refused.length).toBe(40);
    for (const res of checked)
      expect(res.json()).toEqual({ status: false, message: 'Username atau password salah' });
    for (const res of refused) {
      expect(res.json()).toEqual({ status: false, message: LOCKED });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await attempts('reguler')).toHaveLength(checked.length);
  });

  it('after 9 failures a burst of 30 wrong passwords leaves the right one refused', async () => {
    for (let i = 0; i < 9; i++) await login('reguler', `salah${i}`);
    const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => login('reguler', `burst${i}`)));
    expect(burst.filter((res) => res.statusCode === 200)).toHaveLength(1);
    expect(burst.filter((res) => res.statusCode === 429)).toHaveLength(29);
    const right = await login('reguler', PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ status: false, message: LOCKED });
  });

  it('a success forgets the failures before it but not those that arrived after it', async () => {
    for (let i = 0; i < 3; i++) await login('reguler', `salah${i}`);
    // A costlier hash keeps the right password in its check while five wrong ones arrive after it was counted.
    const slow = await hashPassword(PASSWORD, { cost: { N: 2 ** 15, r: 8, p: 1 } });
    await t.db.updateTable('siswa').set({ password_hash: slow }).where('username', '=', 'reguler').execute();
    const right = login('reguler', PASSWORD);
    while ((await attempts('reguler')).length < 4) await new Promise((resolve) => setTimeout(resolve, 1));
    const wrong = await Promise.all(Array.from({ length: 5 }, (_, i) => login('reguler', `nanti${i}`)));
    expect((await right).json().status).toBe(true);
    for (const res of wrong)
      expect(res.json()).toEqual({ status: false, message: 'Username atau password salah' });
    expect(await attempts('reguler')).toHaveLength(5);
  });

  it('upgrades a hash made with an older cost at the next login', async () => {
    const old = await hashPassword(PASSWORD, { cost: { N: 1024, r: 8, p: 1 } });
    await t.db.updateTable('siswa').set({ password_hash: old }).where('username', '=', 'reguler').execute();
    const before = t.config.scryptN;
    t.config.scryptN = 2048;
    try {
      expect((await login('reguler', PASSWORD)).json().status).toBe(true);
      const { password_hash } = await t.db
        .selectFrom('siswa')
        .select('password_hash')
        .where('username', '=', 'reguler')
        .executeTakeFirstOrThrow();
      expect(password_hash).toMatch(/^scrypt\$2048\$8\$1\$/);
      expect(password_hash).not.toBe(old);
      await expect(verifyPassword(PASSWORD, password_hash)).resolves.toBe(true);
      expect((await login('reguler', PASSWORD)).json().status).toBe(true);
      // A wrong password never rewrites the hash.
      expect((await login('reguler', 'salah')).json().status).toBe(false);
      const after = await t.db
        .selectFrom('siswa')
        .select('password_hash')
        .where('username', '=', 'reguler')
        .executeTakeFirstOrThrow();
      expect(after.password_hash).toBe(password_hash);
    } finally {
      t.config.scryptN = before;
    }
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
    const row = await t.db
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

describe('the per-address login limit', () => {
  let t: TestContext;
  const clock = testClock(Date.UTC(2026, 10, 23, 7, 0));
  beforeAll(async () => {
    t = await buildTestApp({ clock, seed: seedSiswa, config: { loginMaxPerAddress: 50 } });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.db.deleteFrom('login_percobaan').execute();
  });

  const loginFrom = (remoteAddress: string, username: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress,
      payload: loginBody(username, password),
    });

  it('refuses the 51st attempt from one address in 15 minutes, whatever the username; other addresses go on', async () => {
    for (let i = 1; i <= 50; i++) {
      const res = await loginFrom('10.1.2.3', `murid${i}`, 'salah');
      expect({ i, statusCode: res.statusCode }).toEqual({ i, statusCode: 200 });
    }
    const refused = await loginFrom('10.1.2.3', 'reguler', PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      status: false,
      message: 'Terlalu banyak percobaan login dari alamat ini. Coba lagi dalam 15 menit.',
    });
    expect(refused.headers['retry-after']).toBe('900');
    expect((await loginFrom('10.9.9.9', 'reguler', PASSWORD)).json().status).toBe(true);
  });

  it('counts only attempts that have not succeeded: a class logging in behind one address is not locked', async () => {
    for (let i = 0; i < 60; i++) {
      expect((await loginFrom('10.1.2.3', 'reguler', PASSWORD)).json().status).toBe(true);
    }
  });

  it('limits an address of TRUSTED_NETWORKS per account only; the network ends where its CIDR says', async () => {
    const school = await buildTestApp({
      clock,
      seed: seedSiswa,
      config: { loginMaxPerAddress: 2, trustedNetworks: ['10.20.0.0/16', '2001:db8::/32'] },
    });
    try {
      const from = (remoteAddress: string, username: string) =>
        school.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress,
          payload: loginBody(username, 'salah'),
        });
      // A whole class behind the school's one address: far past the per-address limit of 2, nobody is locked.
      for (const address of ['10.20.0.1', '10.20.255.255', '::ffff:10.20.7.7', '2001:db8::1']) {
        const codes = [];
        for (let i = 1; i <= 5; i++) codes.push((await from(address, `murid${i}@${address}`)).statusCode);
        expect({ address, codes }).toEqual({ address, codes: [200, 200, 200, 200, 200] });
      }
      // One account is still limited to 10 tries, trusted network or not.
      for (let i = 1; i <= 10; i++) expect((await from('10.20.0.1', 'reguler')).statusCode).toBe(200);
      const locked = await from('10.20.0.1', 'reguler');
      expect(locked.statusCode).toBe(429);
      expect(locked.json().message).toBe(
        'Terlalu banyak percobaan login untuk username ini. Coba lagi dalam 15 menit.',
      );
      // Just outside the network the address limit holds: the third try is refused.
      for (const address of ['10.21.0.0', '10.19.255.255', '2001:db9::1']) {
        const codes = [];
        for (let i = 1; i <= 3; i++) codes.push((await from(address, `tamu${i}@${address}`)).statusCode);
        expect({ address, codes }).toEqual({ address, codes: [200, 200, 429] });
      }
    } finally {
      await school.close();
    }
  });

  it('takes the address from X-Forwarded-For only when TRUST_PROXY says so', async () => {
    const behind = await buildTestApp({
      clock,
      seed: seedSiswa,
      config: { loginMaxPerAddress: 2, trustProxy: 1 },
    });
    const direct = await buildTestApp({
      clock,
      seed: seedSiswa,
      config: { loginMaxPerAddress: 2, trustProxy: false },
    });
    try {
      const send = (app: TestContext['app'], forwardedFor: string) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': forwardedFor },
          payload: loginBody(`u${forwardedFor}`, 'salah'),
        });
      // Behind the proxy, three clients are three addresses.
      for (const client of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
        expect((await send(behind.app, client)).statusCode).toBe(200);
      }
      // Without it, a forged header changes nothing: all three are the proxy's one address.
      const codes = [];
      for (const client of ['203.0.113.1', '203.0.113.2', '203.0.113.3'])
        codes.push((await send(direct.app, client)).statusCode);
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await behind.close();
      await direct.close();
    }
  });
});

describe("the login gate's line", () => {
  let t: TestContext;
  beforeAll(async () => {
    // One hasher: two logins at work at a time, and a line of one behind them.
    t = await buildTestApp({ seed: seedSiswa, config: { scryptThreads: 1, shedMaxInFlight: 1 } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a login beyond the line 503 with Retry-After at once, and logs in the ones it took', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: `10.1.0.${i + 1}`,
          payload: loginBody('reguler', PASSWORD),
        }),
      ),
    );
    const served = answers.filter((res) => res.statusCode === 200);
    const refused = answers.filter((res) => res.statusCode === 503);
    expect(served.length + refused.length).toBe(6);
    expect(served.length).toBeGreaterThanOrEqual(3);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const res of served) expect(res.json().status).toBe(true);
    for (const res of refused) {
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        status: false,
        message: 'Banyak peserta sedang masuk bersamaan. Silakan masuk lagi dalam beberapa detik.',
      });
    }
  });
});
