import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { createRunActions } from '../../lib/run/actions';
import type {
  JawabanMateri,
  MateriItem,
  MateriKategori,
  MateriMapel,
  MateriSession,
  SoalMateri,
} from '../../../contract';

export type ListStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/** Spec §3 per-topic state, plus the screen state of its pages. */
export interface TryoutMateriState {
  // Persisted (see persist.ts).
  openTab: number;
  isRunning: boolean;
  listKategori: MateriKategori[];
  listMapel: MateriMapel[];
  listMateri: MateriItem[];
  currentKategori: MateriKategori | null;
  currentMapel: MateriMapel | null;
  currentMateri: MateriItem | null;
  soal: SoalMateri[];
  detailToMateri: MateriSession | null;
  listJawaban: JawabanMateri[];
  // Screen state, not persisted.
  listStatus: ListStatus;
  nomorAktif: number;
  /** Questions and time were taken from the server since this page load. */
  synced: boolean;
}

export const tryoutMateriInitialState: TryoutMateriState = {
  openTab: 1,
  isRunning: false,
  listKategori: [],
  listMapel: [],
  listMateri: [],
  currentKategori: null,
  currentMapel: null,
  currentMateri: null,
  soal: [],
  detailToMateri: null,
  listJawaban: [],
  listStatus: 'idle',
  nomorAktif: 0,
  synced: false,
};

/** The answers that go with the end call: every question with what the student gave. */
function jawabanOf(soal: SoalMateri[]): JawabanMateri[] {
  return soal.map((item) => ({ idsoal: item.id_soal, jawaban: item.jawaban }));
}

export const materiRunActions = createRunActions<MateriItem, { idmateri: number }>('tryoutMateri');
export const { startRequested, sheetOpened, sheetClosed, finishRequested, finishConfirmed } =
  materiRunActions;

const tryoutMateriSlice = createSlice({
  name: 'tryoutMateri',
  initialState: tryoutMateriInitialState,
  reducers: {
    /** The per-topic page opened at the current level. */
    materiPageOpened() {},
    listLoading(state) {
      state.listStatus = 'loading';
    },
    listFailed(state) {
      state.listStatus = 'failed';
    },
    kategoriLoaded(state, action: PayloadAction<MateriKategori[]>) {
      state.listKategori = action.payload;
      state.listStatus = 'loaded';
    },
    kategoriChosen(state, action: PayloadAction<MateriKategori>) {
      state.currentKategori = action.payload;
      state.currentMapel = null;
      state.listMapel = [];
      state.openTab = 2;
    },
    mapelLoaded(state, action: PayloadAction<MateriMapel[]>) {
      state.listMapel = action.payload;
      state.listStatus = 'loaded';
    },
    mapelChosen(state, action: PayloadAction<MateriMapel>) {
      state.currentMapel = action.payload;
      state.listMateri = [];
      state.openTab = 3;
    },
    materiLoaded(state, action: PayloadAction<MateriItem[]>) {
      state.listMateri = action.payload;
      state.listStatus = 'loaded';
    },
    /** "Kembali": one level up. */
    tabBack(state) {
      state.openTab = Math.max(1, state.openTab - 1);
    },
    runStarted(state, action: PayloadAction<MateriSession>) {
      state.isRunning = true;
      state.detailToMateri = action.payload;
      state.soal = action.payload.soals;
      state.listJawaban = jawabanOf(action.payload.soals);
      state.nomorAktif = 0;
      state.synced = true;
    },
    runCleared(state) {
      state.isRunning = false;
      state.detailToMateri = null;
      state.soal = [];
      state.listJawaban = [];
      state.nomorAktif = 0;
      state.synced = false;
    },
    nomorChosen(state, action: PayloadAction<number>) {
      state.nomorAktif = Math.max(0, Math.min(action.payload, state.soal.length - 1));
    },
    answerRequested(_state, _action: PayloadAction<{ idsoal: number; jawaban: string }>) {},
    answerSet(state, action: PayloadAction<{ idsoal: number; jawaban: string }>) {
      const soal = state.soal.find((item) => item.id_soal === action.payload.idsoal);
      if (!soal) return;
      soal.jawaban = action.payload.jawaban;
      state.listJawaban = jawabanOf(state.soal);
    },
  },
  extraReducers: (builder) => {
    // "Mulai" on a topic (the engine asks for confirmation).
    builder.addCase(startRequested, (state, action) => {
      state.currentMateri = action.payload;
    });
  },
});

export const {
  materiPageOpened,
  listLoading,
  listFailed,
  kategoriLoaded,
  kategoriChosen,
  mapelLoaded,
  mapelChosen,
  materiLoaded,
  tabBack,
  runStarted,
  runCleared,
  nomorChosen,
  answerRequested,
  answerSet,
} = tryoutMateriSlice.actions;

export const tryoutMateriReducer = tryoutMateriSlice.reducer;
