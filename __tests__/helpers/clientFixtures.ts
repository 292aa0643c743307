/** Client test data: the four demo students of the seed and logged-in store states. */
import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import type { JadwalItem, ProfileUser } from '../../src/contract';
import type { PreloadedAppState } from '../../src/client/app/store';
import type { AuthState } from '../../src/client/features/auth/slice';
import { writeSession } from '../../src/client/session/cookies';

const base = { photo_url: '', kurikulum_str: 'Kurikulum Merdeka' };

export const demoStudents: Record<'reguler' | 'tutor' | 'akbar' | 'umum', ProfileUser> = {
  reguler: {
    ...base,
    id: 1,
    username: 'reguler',
    nama_lengkap: 'Muhammad Rizky Pratama',
    nama_panggilan: 'Rizky',
    id_program: 1,
    lembaga: 'SiapTes',
    jenis_siswa: 'reguler',
    jumlah_pilihan: 5,
    minat: 'SMA KELAS 12 IPA',
    no_telp: '081234567801',
    no_telp_ortu: '081398765401',
    alamat: 'Jl. Kaliurang Km 5 No. 12, Caturtunggal, Depok, Sleman, DI Yogyakarta 55281',
    email: 'rizky.pratama@siswa.siaptes.id',
    kelas: { kelas: 'XII', jenjang: 'SMA' },
    sekolah: 'SMA Negeri 3 Yogyakarta',
  },
  tutor: {
    ...base,
    id: 2,
    username: 'tutor',
    nama_lengkap: 'Aisyah Putri Ramadhani',
    nama_panggilan: 'Aisyah',
    id_program: 5,
    lembaga: 'tutorindonesia',
    jenis_siswa: 'reguler',
    jumlah_pilihan: 4,
    minat: 'SMP KELAS 9',
    no_telp: '085712345602',
    no_telp_ortu: '085798765402',
    alamat: 'Jl. Cihampelas No. 45, Cipaganti, Coblong, Kota Bandung, Jawa Barat 40131',
    email: 'aisyah.ramadhani@siswa.tutorindonesia.id',
    kelas: { kelas: 'IX', jenjang: 'SMP' },
    sekolah: 'SMP Negeri 2 Bandung',
    kurikulum_str: 'Kurikulum 2013',
  },
  akbar: {
    ...base,
    id: 3,
    username: 'akbar',
    nama_lengkap: 'Akbar Maulana Siregar',
    nama_panggilan: 'Akbar',
    id_program: 3,
    lembaga: 'TO Akbar',
    jenis_siswa: 'event',
    jumlah_pilihan: 5,
    minat: 'SMA KELAS 12 IPS',
    no_telp: '081361234503',
    no_telp_ortu: '081369876503',
    alamat: 'Jl. Gatot Subroto No. 88, Sei Sikambing, Medan Petisah, Kota Medan, Sumatera Utara 20118',
    email: 'akbar.siregar@peserta.toakbar.id',
    kelas: { kelas: 'XII', jenjang: 'SMA' },
    sekolah: 'SMA Negeri 1 Medan',
  },
  umum: {
    ...base,
    id: 4,
    username: 'umum',
    nama_lengkap: 'Dewi Lestari Wulandari',
    nama_panggilan: 'Dewi',
    id_program: 2,
    lembaga: 'Bimbel Nusantara',
    jenis_siswa: 'umum',
    jumlah_pilihan: 5,
    minat: 'SMA KELAS 11 IPA',
    no_telp: '082143215604',
    no_telp_ortu: '082156785604',
    alamat: 'Jl. Raya Darmo No. 21, Keputran, Tegalsari, Kota Surabaya, Jawa Timur 60265',
    email: 'dewi.wulandari@siswa.bimbelnusantara.id',
    kelas: { kelas: 'XI', jenjang: 'SMA' },
    sekolah: 'SMA Negeri 5 Surabaya',
  },
};

export const TEST_TOKEN = 'token-for-tests';
export const TEST_PASSWORD = 'tryout123';

/** The auth slice of a logged-in student (saga tests combine it with the one slice they test). */
export function loggedInAuth(idSiswa: number): AuthState {
  return { isLoggedIn: true, idSiswa, loginStatus: 'idle', loginAttempts: 0 };
}

/** An axios error with an HTTP answer of `status` (and headers). */
export function httpError(status: number, data: unknown = null, headers: Record<string, string> = {}) {
  const config = { headers: new AxiosHeaders() } as InternalAxiosRequestConfig;
  const response: AxiosResponse = {
    data,
    status,
    statusText: String(status),
    headers: new AxiosHeaders(headers),
    config,
  };
  return new AxiosError(
    `Request failed with status code ${status}`,
    'ERR_BAD_RESPONSE',
    config,
    null,
    response,
  );
}

/** Failed calls as axios rejects them: no answer at all, or an HTTP 500. */
export const networkError = Object.assign(new Error('Network Error'), {
  isAxiosError: true,
  code: 'ERR_NETWORK',
});
export const serverError = Object.assign(new Error('Request failed with status code 500'), {
  isAxiosError: true,
});

/**
 * Store state of a logged-in student with their profile loaded. With `{ cookies: true }` the session cookies are
 * written too (what the axios `Key` header and logout's credential read).
 */
export function loggedInState(
  user: ProfileUser = demoStudents.reguler,
  { cookies = false } = {},
): PreloadedAppState {
  const latisKey = { key: TEST_TOKEN };
  if (cookies) {
    writeSession({
      latisKey,
      credential: { username: user.username },
      idProfil: user.id,
      id: user.id,
    });
  }
  return {
    auth: loggedInAuth(user.id),
    profile: { idProfil: user.id, profilUser: user, loadStatus: 'loaded' },
  };
}

export function jadwalItem(id: number, paket: number, status: '0' | '5'): JadwalItem {
  return {
    id,
    paket,
    status,
    tgl_awal_str: `0${paket} Juni 2025 08:00`,
    tgl_akhir_str: `2${paket} Juni 2025 23:59`,
  };
}
