/** The schedule page's labels: only that page shows them, so they load with it, not with the login page. */
export const jadwalText = {
  title: 'Jadwal Tryout',
  ready: 'Siap Dikerjakan',
  upcoming: 'Akan Datang',
  past: 'Sudah Lewat',
  no: 'No',
  paketTryout: 'Paket Tryout',
  paket: 'Paket',
  tanggalBerakhir: 'Tanggal Berakhir',
  tanggalMulai: 'Tanggal Mulai',
  aksi: 'Aksi',
  paketNumber: (paket: number | string) => `Paket #${paket}`,
  mulai: 'Mulai',
  pembahasan: 'Pembahasan',
  tidakDiselesaikan: 'Tidak Diselesaikan',
};
