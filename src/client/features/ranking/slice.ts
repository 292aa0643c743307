import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RankingJurusan, RankingPaket, RankingPaketItem } from '../../../contract';
import {
  failLoading,
  finishLoading,
  notLoaded,
  startLoading,
  type Loaded,
  type LoadStatus,
} from '../../lib/loaded';

export type { Loaded, LoadStatus };

export const jurusanKey = (idjadwal: number, numoption: number) => `${idjadwal}/${numoption}`;

/** One page of a ranking answer and which page it is (the page shown stays while the next one loads). */
export type Berhalaman<T> = T & { halaman: number };

/** Ranking: the packages that have a ranking, a page of one package's ranking and of one choice's. */
export interface RankingState {
  listPaket: RankingPaketItem[];
  listStatus: LoadStatus;
  /** Keyed by the package's codepaket (schedule id). */
  paket: Loaded<Berhalaman<RankingPaket>>;
  /** Keyed `idjadwal/numoption`. */
  jurusan: Loaded<Berhalaman<RankingJurusan>>;
  /** Schedules whose rankings the server keeps until the TO Akbar event is over: the sentence saying when. */
  terkunci: Record<number, string>;
}

export const rankingInitialState: RankingState = {
  listPaket: [],
  listStatus: 'idle',
  paket: notLoaded(),
  jurusan: notLoaded(),
  terkunci: {},
};

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

    rankingPaketRequested(_state, _action: PayloadAction<{ codepaket: number; halaman: number }>) {},
    rankingPaketLoading(state, action: PayloadAction<number>) {
      startLoading(state.paket, String(action.payload));
    },
    /** `data` null: the server refused (the page shows its empty state). */
    rankingPaketLoaded(
      state,
      action: PayloadAction<{ codepaket: number; data: Berhalaman<RankingPaket> | null }>,
    ) {
      finishLoading(state.paket, String(action.payload.codepaket), action.payload.data);
    },
    rankingPaketFailed(state, action: PayloadAction<number>) {
      failLoading(state.paket, String(action.payload));
    },

    rankingJurusanRequested(
      _state,
      _action: PayloadAction<{ idjadwal: number; numoption: number; halaman: number }>,
    ) {},
    rankingJurusanLoading(state, action: PayloadAction<string>) {
      startLoading(state.jurusan, action.payload);
    },
    rankingJurusanLoaded(
      state,
      action: PayloadAction<{ key: string; data: Berhalaman<RankingJurusan> | null }>,
    ) {
      finishLoading(state.jurusan, action.payload.key, action.payload.data);
    },
    rankingJurusanFailed(state, action: PayloadAction<string>) {
      failLoading(state.jurusan, action.payload);
    },

    /** The server keeps the schedule's rankings until its event is over; `message` says when they open. (Pages show
     * it only without data, so a ranking that arrives later wins.) */
    rankingTerkunci(state, action: PayloadAction<{ idjadwal: number; message: string }>) {
      state.terkunci[action.payload.idjadwal] = action.payload.message;
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
  rankingTerkunci,
} = rankingSlice.actions;
export const rankingReducer = rankingSlice.reducer;
