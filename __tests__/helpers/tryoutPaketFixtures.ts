/** Shared test data for the package tryout: a student, a package detail, questions of every type. */
import type { KategoriPreview, ProfileUser, SoalPaket } from '../../src/contract';
import { rootReducer, type AppState } from '../../src/client/app/rootReducer';
import type { Clock } from '../../src/client/lib/clock';

export const ID_SISWA = 7;
export const ID_JADWAL = 3;
export const HASH = 'kat-abc123';
export const ID_MAPEL = 11;

export function profil(overrides: Partial<ProfileUser> = {}): ProfileUser {
  return {
    id: ID_SISWA,
    nama_lengkap: 'Rina Reguler',
    nama_panggilan: 'Rina',
    username: 'reguler',
    photo_url: '',
    id_program: 1,
    lembaga: 'SiapTes',
    minat: 'SMA KELAS 12 IPA',
    no_telp: '',
    no_telp_ortu: '',
    alamat: '',
    email: '',
    kelas: { kelas: '12', jenjang: 'SMA' },
    sekolah: '',
    kurikulum_str: '',
    jenis_siswa: 'reguler',
    jumlah_pilihan: 5,
    ...overrides,
  };
}

export const eventProfil = () =>
  profil({
    lembaga: 'TO Akbar',
    jenis_siswa: 'event',
    username: 'akbar',
    nama_lengkap: 'Akbar Event',
  });

export function kategori(overrides: Partial<KategoriPreview> = {}): KategoriPreview {
  return {
    kategori: 'TPS',
    kategoriHash: HASH,
    jumlah_soal: 4,
    waktu: 20,
    is_selesai: 0,
    is_antrian: 0,
    pembahasan: '',
    detailSoal: [
      {
        mapel: 'Penalaran Umum',
        id_mapel: ID_MAPEL,
        jmlh_soal: 4,
        waktu: 10,
        status: '0',
        antrian: 0,
        antrian_str: '',
        sisa_waktu: 600,
      },
      {
        mapel: 'Pengetahuan Kuantitatif',
        id_mapel: 12,
        jmlh_soal: 1,
        waktu: 10,
        status: '0',
        antrian: 1,
        antrian_str: 'Selesaikan Penalaran Umum dahulu',
        sisa_waktu: 600,
      },
    ],
    ...overrides,
  };
}

function soal(nomor: number, overrides: Partial<SoalPaket>): SoalPaket {
  return {
    id_soal: 100 + nomor,
    soal: `<p>Soal nomor ${nomor}</p>`,
    type: 1,
    jawaban_siswa: '0',
    id_jawaban: 500 + nomor,
    group_soal: [],
    group_text_type: null,
    id_mapel: ID_MAPEL,
    a: 'Pilihan A',
    b: 'Pilihan B',
    c: 'Pilihan C',
    d: 'Pilihan D',
    e: 'Pilihan E',
    nomor,
    ...overrides,
  };
}

/** Four questions of the subject: choice, short text, statements, essay; plus one of another subject. */
export function soalList(): SoalPaket[] {
  const noOptions = { a: '', b: '', c: '', d: '', e: '' };
  return [
    soal(1, {}),
    soal(2, { type: 2, jawaban_siswa: '', ...noOptions }),
    soal(3, {
      type: 3,
      group_text_type: 1,
      ...noOptions,
      group_soal: [
        { id_jawaban_group: 901, soal: 'Pernyataan satu', jawaban: '0' },
        { id_jawaban_group: 902, soal: 'Pernyataan dua', jawaban: '0' },
      ],
    }),
    soal(4, { type: 4, jawaban_siswa: '', ...noOptions }),
    soal(5, { id_mapel: 12 }),
  ];
}

/** The whole app state with a running tryout of HASH, ready for the sheet. */
export function runningState(overrides: Partial<AppState['tryoutPaket']> = {}, user = profil()): AppState {
  const base = rootReducer(undefined, { type: '@@test/init' });
  return {
    ...base,
    auth: { ...base.auth, isLoggedIn: true, idSiswa: ID_SISWA },
    profile: { idProfil: user.id, profilUser: user, loadStatus: 'loaded' },
    tryoutPaket: {
      ...base.tryoutPaket,
      isRunning: true,
      numPaket: 2,
      detailPaket: [kategori()],
      soal: soalList(),
      idHasil: 77,
      detailMapel: null,
      run: { idJadwal: ID_JADWAL, kategoriHash: HASH },
      idJadwal: ID_JADWAL,
      paket: 2,
      previewStatus: 'loaded',
      synced: true,
      ...overrides,
    },
  };
}

/**
 * A clock for saga tests whose sleeps resolve at once, moving time forward by what was asked — plus, when
 * `jump` says so, by more (a throttled background tab that slept far longer than asked).
 */
export function virtualClock(start = 1_700_000_000_000, jump: (now: number, ms: number) => number = () => 0) {
  let time = start;
  const sleeps: number[] = [];
  const clock: Clock & { sleeps: number[]; elapsed(): number } = {
    now: () => time,
    sleep: async (ms) => {
      sleeps.push(ms);
      time += ms + jump(time, ms);
    },
    sleeps,
    elapsed: () => time - start,
  };
  return clock;
}
