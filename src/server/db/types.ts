import type { Generated } from 'kysely';

/**
 * Table types of the whole data model. Timestamps are epoch milliseconds in a
 * BIGINT column so that SQLite and PostgreSQL store them alike; flags are 0/1 integers.
 */
export interface SiswaTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  nama_lengkap: string;
  nama_panggilan: string;
  photo_url: string;
  id_program: number;
  lembaga: string;
  minat: string;
  no_telp: string;
  no_telp_ortu: string;
  alamat: string;
  email: string;
  kelas: string;
  jenjang: string;
  sekolah: string;
  kurikulum_str: string;
  /** 1 for the synthetic participants the seed creates to give rankings and IRT real data. */
  is_synthetic: number;
}

export interface SesiTable {
  token_hash: string;
  id_siswa: number;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

/** One login attempt let through to the password check (migration 002): counted per username and address. */
export interface LoginPercobaanTable {
  id: Generated<number>;
  /** Case-folded, so "Reguler" and "reguler" share one count. */
  username: string;
  /** The client address (behind TRUST_PROXY, the forwarded one). */
  alamat: string;
  at: number;
}

export interface JadwalTable {
  id: Generated<number>;
  paket: number;
  nama: string;
  tgl_awal: number;
  tgl_akhir: number;
  /** 1 for a TO Akbar event package (IRT scoring). */
  is_event: number;
  /** Epoch ms when IRT scores were last calibrated for this schedule, or null. */
  irt_calibrated_at: number | null;
  /** Epoch ms when the results of the close (peringkat_paket, peringkat_pilihan, rata_rata_kategori) were written. */
  peringkat_at: number | null;
  /** Raised by every write of those results, so a kept ranking list knows when it is out of date. */
  peringkat_versi: Generated<number>;
  /** 1: each attempt shows the questions of a subject in its own order (domain/acak.ts). */
  acak_soal: Generated<number>;
  /** 1: each attempt shows the options of type 1 questions in its own order. */
  acak_opsi: Generated<number>;
  /** Raised by every import of the schedule's package: the version of its definitions a process may keep. */
  versi_isi: Generated<number>;
}

/** Which students may take a schedule. */
export interface JadwalPesertaTable {
  id_jadwal: number;
  id_siswa: number;
}

export interface KategoriTable {
  id: Generated<number>;
  id_jadwal: number;
  nama: string;
  hash: string;
  urutan: number;
  /** Link (path) of the discussion document; shown only once the category is finished. */
  pembahasan: string;
}

export interface MapelTable {
  id: Generated<number>;
  id_kategori: number;
  nama: string;
  /** Minutes. */
  waktu: number;
  urutan: number;
}

/** A question's text and its options (HTML), as every question table holds them. */
export interface TeksSoal {
  soal: string;
  a: string;
  b: string;
  c: string;
  d: string;
  e: string;
}

/** What a package's question (soal) and a per-topic tryout's question (materi_soal) both hold. */
interface SoalDasar extends TeksSoal {
  id: Generated<number>;
  nomor: number;
  /** 1 choice, 2 short answer, 3 statement group, 4 essay, 5 numeric short answer (per-topic: 1, 2 and 4). */
  type: number;
  /** Type 1: 'A'..'E'; types 2 and 5: the expected text; type 3: unused (''); type 4: model answer. */
  kunci: string;
  pembahasan: string;
}

export interface SoalTable extends SoalDasar {
  id_mapel: number;
  /** Type 3 only: 1 Benar/Salah, 2 Memperkuat/Memperlemah. */
  group_text_type: number | null;
  /** Type 1: the letter of an option shown last whatever the shuffle ("none of the above"); '' for none. */
  opsi_tetap: Generated<string>;
}

export interface SoalGroupTable {
  id: Generated<number>;
  id_soal: number;
  urutan: number;
  pernyataan: string;
  /** 'Y' or 'N'. */
  kunci: string;
}

export interface IrtItemTable {
  id_soal: number;
  difficulty: number;
  se: number;
  calibrated_at: number;
}

/** One attempt of a student at one category of a schedule (`id_hasil_to`). */
export interface HasilToTable {
  id: Generated<number>;
  id_jadwal: number;
  id_kategori: number;
  id_siswa: number;
  started_at: number;
  ended_at: number | null;
  is_selesai: number;
  /** The seed of the attempt's own order (domain/acak.ts); null: the package's order. */
  acak_seed: Generated<number | null>;
  /** What the attempt shuffles: bit 1 the questions, bit 2 the options (domain/acak.ts ACAK_SOAL, ACAK_OPSI). */
  acak: Generated<number>;
}

/** One answer row per question of an attempt (`id_jawaban`). '0' or '' is blank. */
export interface JawabanTable {
  id: Generated<number>;
  id_hasil_to: number;
  id_soal: number;
  jawaban: string;
  updated_at: number;
}

/** One row per statement of a type-3 question (`id_jawaban_group`). */
export interface JawabanGroupTable {
  id: Generated<number>;
  id_jawaban: number;
  id_soal_group: number;
  jawaban: string;
}

/** The server's clock of one subject of an attempt. */
export interface MapelWaktuTable {
  id_hasil_to: number;
  id_mapel: number;
  /** Remaining seconds as the server counts them. */
  sisa_waktu: number;
  status: number;
  opened_at: number | null;
  last_seen_at: number | null;
}

export interface HasilMapelTable {
  id_hasil_to: number;
  id_mapel: number;
  id_siswa: number;
  id_jadwal: number;
  benar: number;
  salah: number;
  kosong: number;
  nilai: number;
  persentase: number;
  /** 'klasik' or 'irt'. */
  metode: string;
  theta: number | null;
}

export interface MateriKategoriTable {
  id: Generated<number>;
  nama: string;
  urutan: number;
}

export interface MateriMapelTable {
  id: Generated<number>;
  id_kategori: number;
  nama: string;
  urutan: number;
}

export interface MateriTable {
  id: Generated<number>;
  id_mapel: number;
  nama: string;
  menit: number;
  urutan: number;
}

export interface MateriSoalTable extends SoalDasar {
  id_materi: number;
}

export interface MateriHasilTable {
  id: Generated<number>;
  id_materi: number;
  id_siswa: number;
  started_at: number;
  ended_at: number | null;
  /** Remaining seconds as the server counts them. */
  sisa_waktu: number;
  last_seen_at: number | null;
  status: number;
  benar: number;
  salah: number;
  kosong: number;
  skor: number;
}

export interface MateriJawabanTable {
  id_materi_hasil: number;
  id_soal: number;
  jawaban: string;
  updated_at: number;
}

export interface ProdiTable {
  id: Generated<number>;
  universitas: string;
  jurusan: string;
  jenjang: string;
  /** Minimum score (0..1000). */
  grade: number;
  kapasitas: number;
}

export interface PilihanSiswaTable {
  id_siswa: number;
  num_option: number;
  id_prodi: number;
}

/** A finished participant's package score and competition rank, written at the close of the schedule. */
export interface PeringkatPaketTable {
  id_jadwal: number;
  id_siswa: number;
  skor: number;
  peringkat: number;
  /** Place in the listing (rank, then name): 1, 2, 3, … */
  urutan: number;
}

/** A participant's rank among those who chose one programme, and whether that choice passes, written at close. */
export interface PeringkatPilihanTable {
  id_jadwal: number;
  id_prodi: number;
  id_siswa: number;
  skor: number;
  peringkat: number;
  urutan: number;
  lulus: number;
}

/** A category's mean score over every participant, written at close. */
export interface RataRataKategoriTable {
  id_kategori: number;
  id_jadwal: number;
  rata_rata: number;
}

/** One stored image of the content store (migration 008), served at `/konten/<sha256>`. */
export interface KontenTable {
  /** SHA-256 of the bytes, lower-case hex. */
  sha256: string;
  content_type: string;
  bytes: Buffer;
  created_at: number;
}

/** The lease of a schedule's close (migration 009, scoring/tugasPenutupan.ts). */
export interface PenutupanTable {
  id_jadwal: number;
  /** The process holding (or last holding) the close: host, process id and a random part. */
  pemegang: string;
  /** Epoch ms until which the holder's lease stands; another process may take it over after. */
  berlaku_sampai: number;
  mulai_at: number;
  /** Epoch ms when the holder expects the close to be done. */
  perkiraan_selesai: number;
  /** Epoch ms when the last close ended, or null while none has. */
  selesai_at: number | null;
  /** Answer sheets (attempts) the running close has judged, of `jumlah` (migration 020); 0 of 0 before it judges. */
  dinilai: Generated<number>;
  jumlah: Generated<number>;
}

/** A student's problem report (migration 018, features/laporan). */
export interface LaporanTable {
  /** `XXXX-XXXX`, what the student quotes to support. */
  kode: string;
  id_siswa: number;
  dibuat_at: number;
  pesan: string;
  /** The SPA's build version. */
  versi: string;
  user_agent: string;
  url: string;
  /** JSON array of the request ids of the page's last failed calls. */
  request_ids: string;
  /** The page load's Redux DevTools export, as the extension's Export writes it. */
  devtools: string;
}

/** A formula typeset for the PDFs (migration 019, pdf/rumusTersimpan.ts). */
export interface RumusPdfTable {
  /** sha256 hex of the formula's cache key (pdf/mathSvg.ts `kunciRumus`). */
  kunci: string;
  /** The typeset formula as JSON (`MathSvg`), or `null` when it cannot be typeset. */
  isi: string;
}

export interface Database {
  siswa: SiswaTable;
  sesi: SesiTable;
  login_percobaan: LoginPercobaanTable;
  jadwal: JadwalTable;
  jadwal_peserta: JadwalPesertaTable;
  kategori: KategoriTable;
  mapel: MapelTable;
  soal: SoalTable;
  soal_group: SoalGroupTable;
  irt_item: IrtItemTable;
  hasil_to: HasilToTable;
  jawaban: JawabanTable;
  jawaban_group: JawabanGroupTable;
  mapel_waktu: MapelWaktuTable;
  hasil_mapel: HasilMapelTable;
  materi_kategori: MateriKategoriTable;
  materi_mapel: MateriMapelTable;
  materi: MateriTable;
  materi_soal: MateriSoalTable;
  materi_hasil: MateriHasilTable;
  materi_jawaban: MateriJawabanTable;
  prodi: ProdiTable;
  pilihan_siswa: PilihanSiswaTable;
  peringkat_paket: PeringkatPaketTable;
  peringkat_pilihan: PeringkatPilihanTable;
  rata_rata_kategori: RataRataKategoriTable;
  konten: KontenTable;
  penutupan: PenutupanTable;
  laporan: LaporanTable;
  rumus_pdf: RumusPdfTable;
}
