import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  HasilKategoriDetail,
  HasilListItem,
  HasilMateriItem,
  HasilPtn,
  PembahasanList,
  PembahasanMapel,
  PembahasanMapelItem,
  PembahasanMateri,
  SkorPaketItem,
} from '../../../contract';

export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/** One page's data, tagged with what it was asked for, so a page opened for another id does not show it. */
export interface Loaded<T> {
  key: string | null;
  data: T | null;
  status: LoadStatus;
}

const nothing = <T>(): Loaded<T> => ({ key: null, data: null, status: 'idle' });

/** The three lists of the /hasil tabs. */
export type HasilListName = 'paket' | 'materi' | 'skor';

export const detailKey = (id: number, hash: string) => `${id}/${hash}`;
export const reviewKey = (idjadwal: number, idmapel: number) => `${idjadwal}/${idmapel}`;

/** Spec §3 results: package results, per-topic results, scores with package, and the detail pages. */
export interface HasilState {
  listHasilPaket: HasilListItem[];
  listHasilMateri: HasilMateriItem[];
  listSkorPaket: SkorPaketItem[];
  listStatus: Record<HasilListName, LoadStatus>;
  /** Category result detail, keyed `id/hash`. */
  detail: Loaded<HasilKategoriDetail>;
  /** PTN status, keyed by schedule id. `missing`: the score summary is missing and Sync is offered. */
  ptn: Loaded<HasilPtn> & { missing: boolean; syncing: boolean };
  /** Subjects of a finished schedule, keyed by schedule id. */
  reviewList: Loaded<PembahasanList>;
  /** The review of one subject, keyed `idjadwal/idmapel`. */
  review: Loaded<PembahasanMapel>;
  /** Per-topic discussion, keyed by topic id. */
  pembahasanMateri: Loaded<PembahasanMateri>;
  /** Where the app should go next (set by a saga, followed by the page that is showing). */
  navigateTo: string | null;
}

export const hasilInitialState: HasilState = {
  listHasilPaket: [],
  listHasilMateri: [],
  listSkorPaket: [],
  listStatus: { paket: 'idle', materi: 'idle', skor: 'idle' },
  detail: nothing(),
  ptn: { ...nothing<HasilPtn>(), missing: false, syncing: false },
  reviewList: nothing(),
  review: nothing(),
  pembahasanMateri: nothing(),
  navigateTo: null,
};

type ListPayload =
  | { list: 'paket'; items: HasilListItem[] }
  | { list: 'materi'; items: HasilMateriItem[] }
  | { list: 'skor'; items: SkorPaketItem[] };

function start<T>(target: Loaded<T>, key: string) {
  // Data of the same key stays on screen while it reloads; another key's data goes at once.
  if (target.key !== key) target.data = null;
  target.key = key;
  target.status = 'loading';
}

const hasilSlice = createSlice({
  name: 'hasil',
  initialState: hasilInitialState,
  reducers: {
    /** /hasil opened: load the three lists. */
    hasilRequested() {},
    hasilListLoading(state, action: PayloadAction<HasilListName>) {
      state.listStatus[action.payload] = 'loading';
    },
    hasilListLoaded(state, action: PayloadAction<ListPayload>) {
      const payload = action.payload;
      if (payload.list === 'paket') state.listHasilPaket = payload.items;
      else if (payload.list === 'materi') state.listHasilMateri = payload.items;
      else state.listSkorPaket = payload.items;
      state.listStatus[payload.list] = 'loaded';
    },
    hasilListFailed(state, action: PayloadAction<HasilListName>) {
      state.listStatus[action.payload] = 'failed';
    },

    detailRequested(_state, _action: PayloadAction<{ id: number; hash: string }>) {},
    detailLoading(state, action: PayloadAction<string>) {
      start(state.detail, action.payload);
    },
    /** `data` null: the server has no result for this category (the empty state). */
    detailLoaded(state, action: PayloadAction<{ key: string; data: HasilKategoriDetail | null }>) {
      if (state.detail.key !== action.payload.key) return;
      state.detail.data = action.payload.data;
      state.detail.status = 'loaded';
    },
    detailFailed(state, action: PayloadAction<string>) {
      if (state.detail.key === action.payload) state.detail.status = 'failed';
    },

    ptnRequested(_state, _action: PayloadAction<number>) {},
    ptnLoading(state, action: PayloadAction<number>) {
      start(state.ptn, String(action.payload));
      state.ptn.missing = false;
    },
    ptnLoaded(state, action: PayloadAction<{ idjadwal: number; data: HasilPtn }>) {
      if (state.ptn.key !== String(action.payload.idjadwal)) return;
      state.ptn.data = action.payload.data;
      state.ptn.status = 'loaded';
    },
    /** The score summary is missing (spec §4 "Missing score summary"). */
    ptnMissing(state, action: PayloadAction<number>) {
      if (state.ptn.key !== String(action.payload)) return;
      state.ptn.data = null;
      state.ptn.status = 'loaded';
      state.ptn.missing = true;
    },
    ptnFailed(state, action: PayloadAction<number>) {
      if (state.ptn.key !== String(action.payload)) return;
      state.ptn.data = null;
      state.ptn.status = 'failed';
    },
    /** The student asked for Sync. */
    ptnSyncRequested(_state, _action: PayloadAction<number>) {},
    ptnSyncing(state, action: PayloadAction<boolean>) {
      state.ptn.syncing = action.payload;
    },

    reviewListRequested(_state, _action: PayloadAction<number>) {},
    reviewListLoading(state, action: PayloadAction<number>) {
      start(state.reviewList, String(action.payload));
    },
    reviewListLoaded(state, action: PayloadAction<{ idjadwal: number; data: PembahasanList | null }>) {
      if (state.reviewList.key !== String(action.payload.idjadwal)) return;
      state.reviewList.data = action.payload.data;
      state.reviewList.status = 'loaded';
    },
    reviewListFailed(state, action: PayloadAction<number>) {
      if (state.reviewList.key === String(action.payload)) state.reviewList.status = 'failed';
    },

    /** A subject of the review list was clicked (spec §4 "Review of a finished subject"). */
    reviewMapelChosen(_state, _action: PayloadAction<{ idjadwal: number; mapel: PembahasanMapelItem }>) {},
    /** The review sheet opened without its review in the store (e.g. after a reload): load it. */
    reviewRequested(_state, _action: PayloadAction<{ idjadwal: number; idmapel: number }>) {},
    reviewLoading(state, action: PayloadAction<string>) {
      start(state.review, action.payload);
    },
    reviewLoaded(state, action: PayloadAction<{ key: string; data: PembahasanMapel | null }>) {
      if (state.review.key !== action.payload.key) return;
      state.review.data = action.payload.data;
      state.review.status = 'loaded';
    },
    reviewFailed(state, action: PayloadAction<string>) {
      if (state.review.key === action.payload) state.review.status = 'failed';
    },

    pembahasanMateriRequested(_state, _action: PayloadAction<number>) {},
    pembahasanMateriLoading(state, action: PayloadAction<number>) {
      start(state.pembahasanMateri, String(action.payload));
    },
    pembahasanMateriLoaded(
      state,
      action: PayloadAction<{ idmateri: number; data: PembahasanMateri | null }>,
    ) {
      if (state.pembahasanMateri.key !== String(action.payload.idmateri)) return;
      state.pembahasanMateri.data = action.payload.data;
      state.pembahasanMateri.status = 'loaded';
    },
    pembahasanMateriFailed(state, action: PayloadAction<number>) {
      if (state.pembahasanMateri.key === String(action.payload)) state.pembahasanMateri.status = 'failed';
    },

    navigationRequested(state, action: PayloadAction<string>) {
      state.navigateTo = action.payload;
    },
    navigationDone(state) {
      state.navigateTo = null;
    },
  },
});

export const {
  hasilRequested,
  hasilListLoading,
  hasilListLoaded,
  hasilListFailed,
  detailRequested,
  detailLoading,
  detailLoaded,
  detailFailed,
  ptnRequested,
  ptnLoading,
  ptnLoaded,
  ptnMissing,
  ptnFailed,
  ptnSyncRequested,
  ptnSyncing,
  reviewListRequested,
  reviewListLoading,
  reviewListLoaded,
  reviewListFailed,
  reviewMapelChosen,
  reviewRequested,
  reviewLoading,
  reviewLoaded,
  reviewFailed,
  pembahasanMateriRequested,
  pembahasanMateriLoading,
  pembahasanMateriLoaded,
  pembahasanMateriFailed,
  navigationRequested,
  navigationDone,
} = hasilSlice.actions;
export const hasilReducer = hasilSlice.reducer;
export default hasilSlice;
