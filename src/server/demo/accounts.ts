import type { Executor } from '../db/executor';
import type { CsvTable } from '../operator/csv';
import { type SiswaDemo, tabelSiswa } from './tabelSiswa';

/** The four demo accounts people log in with. */
export const DEMO = {
  password: 'tryout123',
  usernames: { reguler: 'reguler', tutor: 'tutor', akbar: 'akbar', umum: 'umum' },
} as const;

export type DemoRole = keyof typeof DEMO.usernames;

const PROFIL: Record<DemoRole, SiswaDemo> = {
  reguler: {
    username: DEMO.usernames.reguler,
    nama_lengkap: 'Muhammad Rizky Pratama',
    nama_panggilan: 'Rizky',
    id_program: 1,
    lembaga: 'SiapTes',
    minat: 'SMA KELAS 12 IPA',
    no_telp: '081234567801',
    no_telp_ortu: '081398765401',
    alamat: 'Jl. Kaliurang Km 5 No. 12, Caturtunggal, Depok, Sleman, DI Yogyakarta 55281',
    email: 'rizky.pratama@siswa.siaptes.id',
    kelas: 'XII',
    jenjang: 'SMA',
    sekolah: 'SMA Negeri 3 Yogyakarta',
    kurikulum_str: 'Kurikulum Merdeka',
  },
  tutor: {
    username: DEMO.usernames.tutor,
    nama_lengkap: 'Aisyah Putri Ramadhani',
    nama_panggilan: 'Aisyah',
    id_program: 5,
    lembaga: 'tutorindonesia',
    minat: 'SMP KELAS 9',
    no_telp: '085712345602',
    no_telp_ortu: '085798765402',
    alamat: 'Jl. Cihampelas No. 45, Cipaganti, Coblong, Kota Bandung, Jawa Barat 40131',
    email: 'aisyah.ramadhani@siswa.tutorindonesia.id',
    kelas: 'IX',
    jenjang: 'SMP',
    sekolah: 'SMP Negeri 2 Bandung',
    kurikulum_str: 'Kurikulum 2013',
  },
  akbar: {
    username: DEMO.usernames.akbar,
    nama_lengkap: 'Akbar Maulana Siregar',
    nama_panggilan: 'Akbar',
    id_program: 3,
    lembaga: 'TO Akbar',
    minat: 'SMA KELAS 12 IPS',
    no_telp: '081361234503',
    no_telp_ortu: '081369876503',
    alamat: 'Jl. Gatot Subroto No. 88, Sei Sikambing, Medan Petisah, Kota Medan, Sumatera Utara 20118',
    email: 'akbar.siregar@peserta.toakbar.id',
    kelas: 'XII',
    jenjang: 'SMA',
    sekolah: 'SMA Negeri 1 Medan',
    kurikulum_str: 'Kurikulum Merdeka',
  },
  umum: {
    username: DEMO.usernames.umum,
    nama_lengkap: 'Dewi Lestari Wulandari',
    nama_panggilan: 'Dewi',
    id_program: 2,
    lembaga: 'Bimbel Nusantara',
    minat: 'SMA KELAS 11 IPA',
    no_telp: '082143215604',
    no_telp_ortu: '082156785604',
    alamat: 'Jl. Raya Darmo No. 21, Keputran, Tegalsari, Kota Surabaya, Jawa Timur 60265',
    email: 'dewi.wulandari@siswa.bimbelnusantara.id',
    kelas: 'XI',
    jenjang: 'SMA',
    sekolah: 'SMA Negeri 5 Surabaya',
    kurikulum_str: 'Kurikulum Merdeka',
  },
};

export const DEMO_ROLES: readonly DemoRole[] = ['reguler', 'tutor', 'akbar', 'umum'];

/** The four accounts as a student list with their documented password (each gets its own salted hash). */
export function demoAccountsTabel(): CsvTable {
  return tabelSiswa(DEMO_ROLES.map((role) => ({ ...PROFIL[role], password: DEMO.password })));
}

/**
 * The demo accounts present in the database. A student of an institution who happens to share a demo username is
 * not one: a demo account also has its demo e-mail address.
 */
export async function demoAccountsIn(
  db: Executor,
): Promise<{ id: number; username: string; password_hash: string }[]> {
  const rows = await db
    .selectFrom('siswa')
    .select(['id', 'username', 'email', 'password_hash'])
    .where(
      'username',
      'in',
      DEMO_ROLES.map((role) => PROFIL[role].username),
    )
    .execute();
  return rows
    .filter((row) =>
      DEMO_ROLES.some((role) => PROFIL[role].username === row.username && PROFIL[role].email === row.email),
    )
    .map(({ id, username, password_hash }) => ({ id, username, password_hash }));
}
