import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { GroupSoal, KategoriPreview, SoalPaket } from '../../../contract';

export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/** The answer to a blocked navigation (the page proceeds or resets its react-router blocker). */
export type LeaveVerdict = 'idle' | 'pending' | 'allowed' | 'denied';

/** The category being worked on. */
export interface RunTarget {
  idJadwal: number;
  kategoriHash: string;
}

/** Spec §3 "Tryout in progress" (package tryout) plus the screen state of its pages. */
export interface TryoutPaketState {
  // Persisted (see persist.ts): a reload mid-tryout resumes from here.
  isRunning: boolean;
  numPaket: number | null;
  detailPaket: KategoriPreview[];
  soal: SoalPaket[];
  idHasil: number | null;
  detailMapel: { id_mapel: number; sisa_waktu: number } | null;
  run: RunTarget | null;
  /** Schedule id and package number of `detailPaket`. */
  idJadwal: number | null;
  paket: number | null;
  // Screen state, not persisted.
  previewStatus: LoadStatus;
  /** Epoch ms at which the open subject runs out (the countdown recomputes from it). */
  deadline: number | null;
  /** Index, among the open subject's questions, of the question on screen. */
  nomorAktif: number;
  /** The answers were refreshed from the server since this page load (start is idempotent). */
  synced: boolean;
  starting: boolean;
  leave: LeaveVerdict;
}

export const tryoutPaketInitialState: TryoutPaketState = {
  isRunning: false,
  numPaket: null,
  detailPaket: [],
  soal: [],
  idHasil: null,
  detailMapel: null,
  run: null,
  idJadwal: null,
  paket: null,
  previewStatus: 'idle',
  deadline: null,
  nomorAktif: 0,
  synced: false,
  starting: false,
  leave: 'idle',
};

export interface AnswerPatch {
  id_jawaban: number;
  jawaban_siswa: string;
  group_soal?: GroupSoal[];
}

export interface SheetTarget extends RunTarget {
  idMapel: number;
}

const tryoutPaketSlice = createSlice({
  name: 'tryoutPaket',
  initialState: tryoutPaketInitialState,
  reducers: {
    /** Detail Tryout opened (or a reload of the package detail is wanted). */
    previewRequested(state, action: PayloadAction<{ idJadwal: number }>) {
      state.previewStatus = 'loading';
      if (state.idJadwal !== action.payload.idJadwal) {
        state.detailPaket = [];
        state.paket = null;
        state.idJadwal = action.payload.idJadwal;
      }
    },
    previewLoaded(
      state,
      action: PayloadAction<{ idJadwal: number; paket: number; detailPaket: KategoriPreview[] }>,
    ) {
      state.previewStatus = 'loaded';
      state.idJadwal = action.payload.idJadwal;
      state.paket = action.payload.paket;
      state.detailPaket = action.payload.detailPaket;
    },
    previewFailed(state) {
      state.previewStatus = 'failed';
    },
    /** "Mulai Sekarang" on a category (the saga asks for confirmation). */
    startRequested(_state, _action: PayloadAction<RunTarget>) {},
    startPending(state, action: PayloadAction<boolean>) {
      state.starting = action.payload;
    },
    runStarted(
      state,
      action: PayloadAction<RunTarget & { numPaket: number | null; idHasil: number; soal: SoalPaket[] }>,
    ) {
      const { idJadwal, kategoriHash, numPaket, idHasil, soal } = action.payload;
      state.isRunning = true;
      state.run = { idJadwal, kategoriHash };
      state.numPaket = numPaket;
      state.idHasil = idHasil;
      state.soal = soal;
      state.synced = true;
      state.starting = false;
    },
    /** The answers as the server has them (a second start after a reload). */
    soalRefreshed(state, action: PayloadAction<{ idHasil: number; soal: SoalPaket[] }>) {
      state.idHasil = action.payload.idHasil;
      state.soal = action.payload.soal;
      state.synced = true;
    },
    /** End of the tryout (or a run that cannot continue): nothing of it is kept. */
    runCleared(state) {
      state.isRunning = false;
      state.run = null;
      state.numPaket = null;
      state.soal = [];
      state.idHasil = null;
      state.detailMapel = null;
      state.deadline = null;
      state.nomorAktif = 0;
      state.synced = false;
    },
    /** "Kerjakan" on a subject of the preview (the saga asks for confirmation). */
    kerjakanRequested(_state, _action: PayloadAction<SheetTarget>) {},
    /** "Akhiri Tryout" on the preview. */
    endRequested(_state, _action: PayloadAction<RunTarget>) {},
    sheetOpened(_state, _action: PayloadAction<SheetTarget>) {},
    sheetClosed() {},
    /** The remaining time of the open subject as the server reported it. */
    mapelTimeSet(state, action: PayloadAction<{ id_mapel: number; sisa_waktu: number }>) {
      state.detailMapel = action.payload;
    },
    detailMapelCleared(state) {
      state.detailMapel = null;
      state.deadline = null;
    },
    deadlineSet(state, action: PayloadAction<number | null>) {
      state.deadline = action.payload;
    },
    /** A countdown tick; only a loaded subject detail can be updated (spec §4). */
    sisaWaktuTicked(state, action: PayloadAction<number>) {
      if (state.detailMapel) state.detailMapel.sisa_waktu = action.payload;
    },
    nomorChosen(state, action: PayloadAction<number>) {
      state.nomorAktif = Math.max(0, action.payload);
    },
    /** "Selesaikan Ujian" (the saga asks for confirmation). */
    finishRequested() {},
    /** Confirmed: remaining time becomes 0 and the time-up flow runs. */
    finishConfirmed(state) {
      if (state.detailMapel) state.detailMapel.sisa_waktu = 0;
    },
    /** A choice (type 1) or a text (types 2, 4, 5) given by the student. */
    answerRequested(_state, _action: PayloadAction<{ id_jawaban: number; jawaban: string }>) {},
    /** A Y/N on one statement of a type-3 question. */
    groupAnswerRequested(
      _state,
      _action: PayloadAction<{ id_jawaban: number; id_jawaban_group: number; jawaban: 'Y' | 'N' }>,
    ) {},
    /** "Batalkan Jawaban" / "Batalkan Pilihan". */
    answerCancelRequested(_state, _action: PayloadAction<{ id_jawaban: number }>) {},
    answerSet(state, action: PayloadAction<AnswerPatch>) {
      const soal = state.soal.find((item) => item.id_jawaban === action.payload.id_jawaban);
      if (!soal) return;
      soal.jawaban_siswa = action.payload.jawaban_siswa;
      if (action.payload.group_soal) soal.group_soal = action.payload.group_soal;
    },
    /** The page's blocker stopped a navigation; `saveTime` asks to save the remaining time first. */
    leaveRequested(state, _action: PayloadAction<{ saveTime: boolean }>) {
      state.leave = 'pending';
    },
    leaveResolved(state, action: PayloadAction<'allowed' | 'denied'>) {
      state.leave = action.payload;
    },
    leaveSettled(state) {
      state.leave = 'idle';
    },
  },
});

export const {
  previewRequested,
  previewLoaded,
  previewFailed,
  startRequested,
  startPending,
  runStarted,
  soalRefreshed,
  runCleared,
  kerjakanRequested,
  endRequested,
  sheetOpened,
  sheetClosed,
  mapelTimeSet,
  detailMapelCleared,
  deadlineSet,
  sisaWaktuTicked,
  nomorChosen,
  finishRequested,
  finishConfirmed,
  answerRequested,
  groupAnswerRequested,
  answerCancelRequested,
  answerSet,
  leaveRequested,
  leaveResolved,
  leaveSettled,
} = tryoutPaketSlice.actions;

export const tryoutPaketReducer = tryoutPaketSlice.reducer;
export default tryoutPaketSlice;

export const selectTryoutPaketIsRunning = (state: { tryoutPaket: TryoutPaketState }) =>
  state.tryoutPaket.isRunning;
