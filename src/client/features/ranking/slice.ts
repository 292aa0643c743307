import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RankingJurusan, RankingPaket, RankingPaketItem } from '../../../contract';

export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/** One page's data, tagged with what it was asked for, so a page opened for another id does not show it. */
export interface Loaded<T> {
  key: string | null;
  data: T | null;
  status: LoadStatus;
}

export const jurusanKey = (idjadwal: number, numoption: number) => `${idjadwal}/${numoption}`;

/** Spec §3 Ranking: the packages that have a ranking, one package's ranking and one choice's Top 10. */
export interface RankingState {
  listPaket: RankingPaketItem[];
  listStatus: LoadStatus;
  /** Keyed by the package's codepaket (schedule id). */
  paket: Loaded<RankingPaket>;
  /** Keyed `idjadwal/numoption`. */
  jurusan: Loaded<RankingJurusan>;
}

export const rankingInitialState: RankingState = {
  listPaket: [],
  listStatus: 'idle',
  paket: { key: null, data: null, status: 'idle' },
  jurusan: { key: null, data: null, status: 'idle' },
};

function start<T>(target: Loaded<T>, key: string) {
  if (target.key !== key) target.data = null;
  target.key = key;
  target.status = 'loading';
}

const rankingSlice = createSlice({
  name: 'ranking',
  initialState: rankingInitialState,
  reducers: {
    rankingListRequested() {},
    rankingListLoading(state) {
      state.listStatus = 'loading';
    },
    rankingListLoaded(state, action: PayloadAction<RankingPaketItem[]>) {
      state.listPaket = action.payload;
      state.listStatus = 'loaded';
    },
    rankingListFailed(state) {
      state.listStatus = 'failed';
    },

    rankingPaketRequested(_state, _action: PayloadAction<number>) {},
    rankingPaketLoading(state, action: PayloadAction<number>) {
      start(state.paket, String(action.payload));
    },
    /** `data` null: the server refused (the page shows its empty state). */
    rankingPaketLoaded(state, action: PayloadAction<{ codepaket: number; data: RankingPaket | null }>) {
      if (state.paket.key !== String(action.payload.codepaket)) return;
      state.paket.data = action.payload.data;
      state.paket.status = 'loaded';
    },
    rankingPaketFailed(state, action: PayloadAction<number>) {
      if (state.paket.key === String(action.payload)) state.paket.status = 'failed';
    },

    rankingJurusanRequested(_state, _action: PayloadAction<{ idjadwal: number; numoption: number }>) {},
    rankingJurusanLoading(state, action: PayloadAction<string>) {
      start(state.jurusan, action.payload);
    },
    rankingJurusanLoaded(state, action: PayloadAction<{ key: string; data: RankingJurusan | null }>) {
      if (state.jurusan.key !== action.payload.key) return;
      state.jurusan.data = action.payload.data;
      state.jurusan.status = 'loaded';
    },
    rankingJurusanFailed(state, action: PayloadAction<string>) {
      if (state.jurusan.key === action.payload) state.jurusan.status = 'failed';
    },
  },
});

export const {
  rankingListRequested,
  rankingListLoading,
  rankingListLoaded,
  rankingListFailed,
  rankingPaketRequested,
  rankingPaketLoading,
  rankingPaketLoaded,
  rankingPaketFailed,
  rankingJurusanRequested,
  rankingJurusanLoading,
  rankingJurusanLoaded,
  rankingJurusanFailed,
} = rankingSlice.actions;
export const rankingReducer = rankingSlice.reducer;
export default rankingSlice;
