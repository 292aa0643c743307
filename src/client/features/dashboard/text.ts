/** The dashboard's words: only its page shows them, so they load with that page, not with the login page. */
export const dashboardText = {
  greeting: (nama: string) => `Halo, ${nama}!`,
  welcomeEvent:
    'Selamat datang di Tryout Akbar SiapTes! Tryout Akbar berlangsung selama 185 menit dan dirancang ' +
    'menyerupai ujian nasional yang sesungguhnya (UTBK/SNBT): urutan subtes, jumlah soal dan batas waktunya ' +
    'dibuat sama. Nilai kamu dihitung dengan sistem IRT (Item Response Theory), sehingga bobot setiap soal ' +
    'bergantung pada tingkat kesulitannya bagi seluruh peserta. Kerjakan dengan jujur agar hasilnya benar-benar ' +
    'menggambarkan kesiapanmu.',
  welcomeRegular:
    'Selamat datang di asesmen SiapTes! Tryout di sini dipakai untuk mengukur sejauh mana kesiapanmu ' +
    'menghadapi UTBK/SNBT. Kerjakan Tryout Paket untuk mengukur kemampuan per subtes, dan Tryout Permateri ' +
    'untuk memeriksa penguasaan setiap materi. Hasil asesmen menunjukkan materi yang sudah kamu kuasai dan ' +
    'materi yang masih perlu dipelajari lagi, lengkap dengan pembahasannya.',
  welcomeDefault:
    'Selamat datang di SiapTes! Pilih menu di bawah ini untuk mengerjakan tryout, melihat hasil dan ' +
    'pembahasan, serta memantau peringkatmu di antara peserta lain.',
  showMore: 'Show More',
  showLess: 'Show Less',
  bannerAlt: 'Tryout Akbar UTBK/SNBT — 185 menit, penilaian IRT',
  bannerTitle: 'Tryout Akbar UTBK/SNBT',
  bannerText: '185 menit · menyerupai ujian sesungguhnya · dinilai dengan sistem IRT',
  pilihanProgram: 'Pilihan Program',
  pilihanProgramText: 'Lihat pilihan program persiapan UTBK/SNBT lanjutan setelah Tryout Akbar.',
  hubungiKami: 'Hubungi Kami',
  hubungiKamiText: 'Ada pertanyaan? Chat dengan tim kami lewat WhatsApp.',
  menuTitle: 'Menu',
  cards: {
    petunjukTo: 'Baca tata cara mengerjakan tryout sebelum mulai.',
    tryoutPermateri: 'Latihan soal per materi untuk setiap mata pelajaran.',
    tryoutPaket: 'Kerjakan paket tryout lengkap sesuai jadwal.',
    hasil: 'Lihat nilai, grafik dan status pilihan PTN.',
    ranking: 'Bandingkan skormu dengan peserta lain.',
  },
};
