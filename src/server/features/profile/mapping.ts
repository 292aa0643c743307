import type { ProfileUser } from '../../../contract/profile';
import type { Siswa } from '../../plugins/auth';

/** The profile of spec §3 from a student row: one mapping for login and the profile call alike. */
export function toProfileUser(siswa: Siswa): ProfileUser {
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
  };
}
