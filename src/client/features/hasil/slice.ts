import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  HasilKategoriDetail,
  HasilListItem,
  HasilListTerkunci,
  HasilMateriItem,
  HasilPtn,
  PembahasanList,
  PembahasanMapel,
  PembahasanMapelItem,
  PembahasanMateri,
  SkorPaketItem,
  SkorPaketTerkunci,
} from '../../../contract';
import {
  failLoading,
  finishLoading,
  notLoaded,
  startLoading,
  type Loaded,
  type LoadStatus,
} from '../../lib/loaded';

export type { Loaded, LoadStatus };

/** The three lists of the /hasil tabs. */
export type HasilListName = 'paket' | 'materi' | 'skor';

export const detailKey = (id: number, hash: string) => `${id}/${hash}`;
export const reviewKey = (idjadwal: number, idmapel: number) => `${idjadwal}/${idmapel}`;

/** Results: package results, per-topic results, scores with package, and the detail pages. */
export interface HasilState {
  /** Items of a running TO Akbar event come without figures (HasilListTerkunci). */
  listHasilPaket: (HasilListItem | HasilListTerkunci)[];
  listHasilMateri: HasilMateriItem[];
  listSkorPaket: (SkorPaketItem | SkorPaketTerkunci)[];
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
  /** Schedules whose reviews the server keeps until the TO Akbar event is over: the sentence saying when. */
  terkunci: Record<number, string>;
  /** Schedules whose results (counts, scores, PTN status, PDF) the server keeps until the event is over. */
  hasilTerkunci: Record<number, string>;
}

export const hasilInitialState: HasilState = {
  listHasilPaket: [],
  listHasilMateri: [],
  listSkorPaket: [],
  listStatus: { paket: 'idle', materi: 'idle', skor: 'idle' },
  detail: notLoaded(),
  ptn: { ...notLoaded<HasilPtn>(), missing: false, syncing: false },
  reviewList: notLoaded(),
  review: notLoaded(),
  pembahasanMateri: notLoaded(),
  terkunci: {},
  hasilTerkunci: {},
};

export type ListPayload =
  | { list: 'paket'; items: HasilState['listHasilPaket'] }
  | { list: 'materi'; items: HasilMateriItem[] }
  | { list: 'skor'; items: HasilState['listSkorPaket'] };

const hasilSlice = createSlice({
  name: 'hasil',
  initialState: hasilInitialState,
  reducers: {
    /** /hasil opened: load the three lists. */
    hasilRequested() {},
    /** /hasil left: the lists are no longer asked for again while a close runs. */
    hasilDitinggalkan() {},
    /** A category's result page left: it is no longer asked for again while its event's close runs. */
    detailDitinggalkan() {},
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
      startLoading(state.detail, action.payload);
    },
    /** `data` null: the server has no result for this category (the empty state). */
    detailLoaded(state, action: PayloadAction<{ key: string; data: HasilKategoriDetail | null }>) {
      finishLoading(state.detail, action.payload.key, action.payload.data);
    },
    /** The server keeps the schedule's results until its event is over; `message` says when they open. (Pages show
     * it only without data, so results that arrive later win.) */
    hasilTerkunciDiterima(state, action: PayloadAction<{ idjadwal: number; message: string }>) {
      state.hasilTerkunci[action.payload.idjadwal] = action.payload.message;
    },
    detailFailed(state, action: PayloadAction<string>) {
      failLoading(state.detail, action.payload);
    },

    ptnRequested(_state, _action: PayloadAction<number>) {},
    ptnLoading(state, action: PayloadAction<number>) {
      startLoading(state.ptn, String(action.payload));
      state.ptn.missing = false;
    },
    ptnLoaded(state, action: PayloadAction<{ idjadwal: number; data: HasilPtn }>) {
      finishLoading(state.ptn, String(action.payload.idjadwal), action.payload.data);
    },
    /** The score summary is missing. */
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
      startLoading(state.reviewList, String(action.payload));
    },
    reviewListLoaded(state, action: PayloadAction<{ idjadwal: number; data: PembahasanList | null }>) {
      finishLoading(state.reviewList, String(action.payload.idjadwal), action.payload.data);
      if (action.payload.data) delete state.terkunci[action.payload.idjadwal];
    },
    reviewListFailed(state, action: PayloadAction<number>) {
      failLoading(state.reviewList, String(action.payload));
    },

    /** A subject of the review list was clicked. */
    reviewMapelChosen(_state, _action: PayloadAction<{ idjadwal: number; mapel: PembahasanMapelItem }>) {},
    /** The review sheet opened without its review in the store (e.g. after a reload): load it. */
    reviewRequested(_state, _action: PayloadAction<{ idjadwal: number; idmapel: number }>) {},
    reviewLoading(state, action: PayloadAction<string>) {
      startLoading(state.review, action.payload);
    },
    reviewLoaded(state, action: PayloadAction<{ key: string; data: PembahasanMapel | null }>) {
      finishLoading(state.review, action.payload.key, action.payload.data);
    },
    reviewFailed(state, action: PayloadAction<string>) {
      failLoading(state.review, action.payload);
    },

    /** The server keeps the schedule's reviews until its event is over; `message` says when they open. */
    pembahasanTerkunci(state, action: PayloadAction<{ idjadwal: number; message: string }>) {
      state.terkunci[action.payload.idjadwal] = action.payload.message;
    },

    pembahasanMateriRequested(_state, _action: PayloadAction<number>) {},
    pembahasanMateriLoading(state, action: PayloadAction<number>) {
      startLoading(state.pembahasanMateri, String(action.payload));
    },
    pembahasanMateriLoaded(
      state,
      action: PayloadAction<{ idmateri: number; data: PembahasanMateri | null }>,
    ) {
      finishLoading(state.pembahasanMateri, String(action.payload.idmateri), action.payload.data);
    },
    pembahasanMateriFailed(state, action: PayloadAction<number>) {
      failLoading(state.pembahasanMateri, String(action.payload));
    },
  },
});

export const {
  hasilRequested,
  hasilDitinggalkan,
  detailDitinggalkan,
  hasilListLoading,
  hasilListLoaded,
  hasilListFailed,
  detailRequested,
  detailLoading,
  detailLoaded,
  detailFailed,
  hasilTerkunciDiterima,
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
  pembahasanTerkunci,
  pembahasanMateriRequested,
  pembahasanMateriLoading,
  pembahasanMateriLoaded,
  pembahasanMateriFailed,
} = hasilSlice.actions;
export const hasilReducer = hasilSlice.reducer;
