import type { MateriItem, MateriSession } from '../../src/contract';
import { rootReducer, type AppState } from '../../src/client/app/rootReducer';
import { encodeBase64Utf8 } from '../../src/client/lib/base64';
import { profil } from './tryoutPaketFixtures';

export const ID_MATERI = 41;
const b64 = encodeBase64Utf8;

export const materiItem = (overrides: Partial<MateriItem> = {}): MateriItem => ({
  id: ID_MATERI,
  materi: 'Bilangan Berpangkat',
  menit: 15,
  soal_dikerjakan: 0,
  jumlah_soal: 3,
  status: 0,
  ...overrides,
});

export function session(waktu = 900): MateriSession {
  return {
    idmateri: ID_MATERI,
    materi: 'Bilangan Berpangkat',
    max_soal: 3,
    waktu,
    soals: [
      {
        id_soal: 1,
        soal: b64('<p>Nilai 2³ adalah …</p>'),
        a: b64('6'),
        b: b64('8'),
        c: b64('9'),
        d: b64('12'),
        e: '',
        type: 1,
        jawaban: '',
      },
      {
        id_soal: 2,
        soal: b64('<p>Tulis 10² dalam angka</p>'),
        a: '',
        b: '',
        c: '',
        d: '',
        e: '',
        type: 2,
        jawaban: '',
      },
      {
        id_soal: 3,
        soal: b64('<p>Jelaskan arti pangkat nol</p>'),
        a: '',
        b: '',
        c: '',
        d: '',
        e: '',
        type: 4,
        jawaban: '',
      },
    ],
  };
}

export function materiState(overrides: Partial<AppState['tryoutMateri']> = {}): AppState {
  const base = rootReducer(undefined, { type: '@@test/init' });
  const user = profil();
  const running = session();
  return {
    ...base,
    auth: { ...base.auth, isLoggedIn: true, idSiswa: user.id },
    profile: { idProfil: user.id, profilUser: user, loadStatus: 'loaded' },
    tryoutMateri: {
      ...base.tryoutMateri,
      openTab: 3,
      currentKategori: { id: 1, name: 'Saintek' },
      currentMapel: { id_kategori: 1, id_mapel: 5, mapel: 'Matematika' },
      currentMateri: materiItem(),
      listMateri: [materiItem()],
      isRunning: true,
      detailToMateri: running,
      soal: running.soals,
      listJawaban: running.soals.map((item) => ({ idsoal: item.id_soal, jawaban: '' })),
      synced: true,
      ...overrides,
    },
  };
}
