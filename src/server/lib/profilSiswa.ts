import type { JenisSiswa, ProfileUser } from '../../contract/profile';
import {
  allowsFiveChoices,
  isEventStudent,
  isRegularStudent,
  type InstitutionRules,
} from '../domain/studentType';

/** Student types, from the server's settings (an event institution listed as regular stays event). */
export function jenisSiswaOf(lembaga: string, rules: InstitutionRules): JenisSiswa {
  if (isEventStudent(lembaga, rules)) return 'event';
  return isRegularStudent(lembaga, rules) ? 'reguler' : 'umum';
}

/** The columns of a student's row the profile shows (db/siswa.ts's SiswaRow has them). */
type BarisProfil = Omit<ProfileUser, 'kelas' | 'jenis_siswa' | 'jumlah_pilihan'> & {
  kelas: string;
  jenjang: string;
};

/**
 * The profile from a student row: one mapping for login and the profile call alike. The two derived
 * fields tell the SPA the rules the server applies, so it never decides them itself.
 */
export function toProfileUser(siswa: BarisProfil, rules: InstitutionRules): ProfileUser {
  return {
    id: siswa.id,
    nama_lengkap: siswa.nama_lengkap,
    nama_panggilan: siswa.nama_panggilan,
    username: siswa.username,
    photo_url: siswa.photo_url,
    id_program: siswa.id_program,
    lembaga: siswa.lembaga,
    minat: siswa.minat,
    no_telp: siswa.no_telp,
    no_telp_ortu: siswa.no_telp_ortu,
    alamat: siswa.alamat,
    email: siswa.email,
    kelas: { kelas: siswa.kelas, jenjang: siswa.jenjang },
    sekolah: siswa.sekolah,
    kurikulum_str: siswa.kurikulum_str,
    jenis_siswa: jenisSiswaOf(siswa.lembaga, rules),
    jumlah_pilihan: allowsFiveChoices(siswa.lembaga, siswa.minat, rules) ? 5 : 4,
  };
}
