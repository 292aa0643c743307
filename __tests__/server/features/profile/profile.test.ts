import { buildTestApp, type TestContext } from '../../../helpers/buildTestApp';
import { hashPassword } from '../../../../src/server/lib/password';
import type { Executor } from '../../../../src/server/db/executor';

const PASSWORD = 'tryout123';

async function seedDuaSiswa(db: Executor): Promise<void> {
  const hash = await hashPassword(PASSWORD);
  const base = {
    password_hash: hash,
    photo_url: 'https://example.id/foto.png',
    no_telp: '0811',
    no_telp_ortu: '0812',
    alamat: 'Jl. Sudirman 5, Jakarta',
    kurikulum_str: 'Kurikulum 2013',
    is_synthetic: 0,
  };
  await db
    .insertInto('siswa')
    .values([
      {
        ...base,
        username: 'tutor',
        nama_lengkap: 'Budi Santoso',
        nama_panggilan: 'Budi',
        id_program: 5,
        lembaga: 'tutorindonesia',
        minat: 'SMP KELAS 9',
        email: 'budi@example.id',
        kelas: '9',
        jenjang: 'SMP',
        sekolah: 'SMPN 1 Jakarta',
      },
      {
        ...base,
        username: 'akbar',
        nama_lengkap: 'Citra Dewi',
        nama_panggilan: 'Citra',
        id_program: 3,
        lembaga: 'TO Akbar',
        minat: 'SMA KELAS 12 IPS',
        email: 'citra@example.id',
        kelas: '12',
        jenjang: 'SMA',
        sekolah: 'SMAN 8 Jakarta',
      },
    ])
    .execute();
}

describe('GET /api/siswa/profil/user/id/:idsiswa', () => {
  let t: TestContext;
  let token: string;
  let id: number;
  let otherId: number;

  beforeAll(async () => {
    t = await buildTestApp({ seed: seedDuaSiswa });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { code: 's', isgoogle: false, username: 'tutor', password: PASSWORD },
    });
    token = res.json().content.access_token.value;
    id = res.json().content.user.id;
    const other = await t.db
      .selectFrom('siswa')
      .select('id')
      .where('username', '=', 'akbar')
      .executeTakeFirstOrThrow();
    otherId = other.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the caller’s profile', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/siswa/profil/user/id/${id}`,
      headers: { key: token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: true,
      content: {
        id,
        nama_lengkap: 'Budi Santoso',
        nama_panggilan: 'Budi',
        username: 'tutor',
        photo_url: 'https://example.id/foto.png',
        id_program: 5,
        lembaga: 'tutorindonesia',
        minat: 'SMP KELAS 9',
        no_telp: '0811',
        no_telp_ortu: '0812',
        alamat: 'Jl. Sudirman 5, Jakarta',
        email: 'budi@example.id',
        kelas: { kelas: '9', jenjang: 'SMP' },
        sekolah: 'SMPN 1 Jakarta',
        kurikulum_str: 'Kurikulum 2013',
        jenis_siswa: 'reguler',
        jumlah_pilihan: 4,
      },
    });
    // Never the password hash or other internals.
    expect(res.body).not.toContain('scrypt');
    expect(res.body).not.toContain('is_synthetic');
  });

  it('refuses another student’s profile with 403', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/siswa/profil/user/id/${otherId}`,
      headers: { key: token },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: false, message: 'Akses ditolak: data ini milik siswa lain' });
    expect(res.body).not.toContain('Citra');
  });

  it('answers 401 without a token or with an unknown one', async () => {
    const none = await t.app.inject({ method: 'GET', url: `/api/siswa/profil/user/id/${id}` });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ status: false, message: 'Sesi tidak ditemukan, silakan login kembali' });
    const bogus = await t.app.inject({
      method: 'GET',
      url: `/api/siswa/profil/user/id/${id}`,
      headers: { key: 'bukan-token' },
    });
    expect(bogus.statusCode).toBe(401);
    expect(bogus.json().status).toBe(false);
  });

  it('answers 400 for an id that is not a positive number', async () => {
    for (const bad of ['abc', '0', '-1']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/siswa/profil/user/id/${bad}`,
        headers: { key: token },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().status).toBe(false);
    }
  });
});

describe('the student type and choice count come from the server settings', () => {
  async function profileOf(env: Record<string, string>, username: string) {
    const t = await buildTestApp({ seed: seedDuaSiswa, env });
    try {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { code: 's', isgoogle: false, username, password: PASSWORD },
      });
      const { user, access_token } = login.json().content;
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/siswa/profil/user/id/${user.id}`,
        headers: { key: access_token.value },
      });
      // The login answer and the profile call agree.
      expect(res.json().content).toEqual(user);
      return { jenis_siswa: user.jenis_siswa, jumlah_pilihan: user.jumlah_pilihan };
    } finally {
      await t.close();
    }
  }

  it('by default: tutorindonesia is regular with A–D, TO Akbar is the event with A–E', async () => {
    expect(await profileOf({}, 'tutor')).toEqual({ jenis_siswa: 'reguler', jumlah_pilihan: 4 });
    expect(await profileOf({}, 'akbar')).toEqual({ jenis_siswa: 'event', jumlah_pilihan: 5 });
  });

  it('an operator who drops tutorindonesia from REGULAR_INSTITUTIONS makes its students "umum" with A–E', async () => {
    expect(await profileOf({ REGULAR_INSTITUTIONS: 'SiapTes' }, 'tutor')).toEqual({
      jenis_siswa: 'umum',
      jumlah_pilihan: 5,
    });
  });

  it('EVENT_INSTITUTION decides who is the event student', async () => {
    expect(await profileOf({ EVENT_INSTITUTION: 'tutorindonesia' }, 'tutor')).toEqual({
      jenis_siswa: 'event',
      jumlah_pilihan: 4,
    });
    expect(await profileOf({ EVENT_INSTITUTION: 'tutorindonesia' }, 'akbar')).toEqual({
      jenis_siswa: 'umum',
      jumlah_pilihan: 5,
    });
  });
});
