/** The profile page's labels: only that page shows them, so they load with it, not with the login page. */
export const profilText = {
  title: 'Profil',
  namaLengkap: 'Nama Lengkap',
  namaPanggilan: 'Nama Panggilan',
  username: 'Username',
  noTelp: 'No. Telepon',
  noTelpAlternatif: 'No. Telepon Alternatif',
  alamat: 'Alamat Rumah',
  email: 'Email',
  kelas: 'Kelas',
  sekolah: 'Sekolah',
  kurikulum: 'Kurikulum',
  minat: 'Minat',
};
