import { createSelector } from '@reduxjs/toolkit';
import type { JadwalItem, KategoriPreview, MapelDetail, SoalPaket } from '../../../contract';
import type { TryoutPaketState } from './slice';

export type WithTryoutPaket = { tryoutPaket: TryoutPaketState };
/** The schedule lists as the store holds them (read, never written, by this feature). */
export type WithJadwalLists = {
  jadwal: { current: JadwalItem[]; previous: JadwalItem[]; future: JadwalItem[] };
};

export const selectTryoutPaket = (state: WithTryoutPaket) => state.tryoutPaket;
export const selectPaketSoal = (state: WithTryoutPaket) => state.tryoutPaket.soal;

export function findKategori(
  detailPaket: KategoriPreview[],
  kategoriHash: string,
): KategoriPreview | undefined {
  return detailPaket.find((kategori) => kategori.kategoriHash === kategoriHash);
}

export function findMapel(kategori: KategoriPreview | undefined, idMapel: number): MapelDetail | undefined {
  return kategori?.detailSoal.find((mapel) => mapel.id_mapel === idMapel);
}

/** The package number of a schedule: from the schedule lists, else from the loaded preview (spec: "Paket #n"). */
export function paketOfJadwal(state: WithTryoutPaket & WithJadwalLists, idJadwal: number): number | null {
  const lists: JadwalItem[][] = [state.jadwal.current, state.jadwal.previous, state.jadwal.future];
  for (const list of lists) {
    const item = list.find((jadwal) => jadwal.id === idJadwal);
    if (item) return Number(item.paket);
  }
  const { idJadwal: loadedFor, paket, run, numPaket } = state.tryoutPaket;
  if (loadedFor === idJadwal && paket !== null) return paket;
  if (run?.idJadwal === idJadwal && numPaket !== null) return numPaket;
  return null;
}

/** The questions of one subject, in their order. */
export const selectSoalOfMapel = createSelector(
  [selectPaketSoal, (_state: WithTryoutPaket, idMapel: number) => idMapel],
  (soal, idMapel): SoalPaket[] => soal.filter((item) => item.id_mapel === idMapel),
);
