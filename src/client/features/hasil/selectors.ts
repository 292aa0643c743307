import { createSelector } from '@reduxjs/toolkit';
import type { Dihitung } from '../../../contract';
import { groupChartData } from './chartData';
import { forKey } from '../../lib/loaded';
import { detailKey, reviewKey, type HasilState } from './slice';

type WithHasil = { hasil: HasilState };

export const selectHasilPaket = (state: WithHasil) => state.hasil.listHasilPaket;
export const selectHasilMateri = (state: WithHasil) => state.hasil.listHasilMateri;
export const selectSkorPaket = (state: WithHasil) => state.hasil.listSkorPaket;
export const selectHasilListStatus = (state: WithHasil) => state.hasil.listStatus;
export const selectChartSeries = createSelector([selectSkorPaket], (items) => groupChartData(items));

export const selectDetail = (state: WithHasil, id: number, hash: string) =>
  forKey(state.hasil.detail, detailKey(id, hash));

export const selectPtn = (state: WithHasil, idjadwal: number) => ({
  ...forKey(state.hasil.ptn, String(idjadwal)),
  missing: state.hasil.ptn.key === String(idjadwal) && state.hasil.ptn.missing,
  syncing: state.hasil.ptn.syncing,
});

export const selectReviewList = (state: WithHasil, idjadwal: number) =>
  forKey(state.hasil.reviewList, String(idjadwal));

export const selectReview = (state: WithHasil, idjadwal: number, idmapel: number) =>
  forKey(state.hasil.review, reviewKey(idjadwal, idmapel));

/** The sentence saying when the schedule's reviews open, while its TO Akbar event keeps them; else undefined. */
export const selectPembahasanTerkunci = (state: WithHasil, idjadwal: number): string | undefined =>
  state.hasil.terkunci[idjadwal];

/** The sentence saying when the schedule's results open, while its TO Akbar event keeps them; else undefined. */
export const selectHasilTerkunci = (state: WithHasil, idjadwal: number): string | undefined =>
  state.hasil.hasilTerkunci[idjadwal];

export const selectPembahasanMateri = (state: WithHasil, idmateri: number) =>
  forKey(state.hasil.pembahasanMateri, String(idmateri));

/**
 * The closes running among the student's schedules, as the lists tell them: answer sheets judged of all (summed
 * over the schedules being closed) and the soonest time to ask again (s); null when none runs.
 */
export const selectHasilDihitung = createSelector([selectHasilPaket, selectSkorPaket], (paket, skor) => {
  const perJadwal = new Map<number, Dihitung>();
  for (const item of paket)
    if ('dihitung' in item && item.dihitung) perJadwal.set(item.idjadwal, item.dihitung);
  for (const item of skor) if ('dihitung' in item && item.dihitung) perJadwal.set(item.id, item.dihitung);
  if (perJadwal.size === 0) return null;
  const semua = [...perJadwal.values()];
  return {
    dinilai: semua.reduce((sum, d) => sum + d.dinilai, 0),
    jumlah: semua.reduce((sum, d) => sum + d.jumlah, 0),
    cobaLagiDetik: Math.min(...semua.map((d) => d.coba_lagi_detik)),
  };
});
