import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { createRunActions } from '../../lib/run/actions';
import type { GroupSoal, KategoriPreview, SoalPaket } from '../../../contract';

export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

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
  /** The open subject and its remaining seconds as the server last counted them (the clock is `run.clock`). */
  detailMapel: { id_mapel: number; sisa_waktu: number } | null;
  run: RunTarget | null;
  /** Schedule id and package number of `detailPaket`. */
  idJadwal: number | null;
  paket: number | null;
  // Screen state, not persisted.
  /** 'notEnrolled': no schedule list of the student holds this schedule (the page shows 404). */
  previewStatus: LoadStatus | 'notEnrolled';
  /** Index, among the open subject's questions, of the question on screen. */
  nomorAktif: number;
  /** The answers were refreshed from the server since this page load (start is idempotent). */
  synced: boolean;
  starting: boolean;
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
  nomorAktif: 0,
  synced: false,
  starting: false,
};

/** A question's answer as the sheet shows it and the server stores it: the answer and each statement's Y/N. */
export interface PaketAnswer {
  jawaban_siswa: string;
  group: { id_jawaban_group: number; jawaban: GroupSoal['jawaban'] }[];
}

export interface AnswerPatch extends PaketAnswer {
  id_jawaban: number;
}

export interface SheetTarget extends RunTarget {
  idMapel: number;
}

export const paketRunActions = createRunActions<RunTarget, SheetTarget>('tryoutPaket');
export const { startRequested, sheetOpened, sheetClosed, finishRequested, finishConfirmed } = paketRunActions;

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
    previewNotEnrolled(state) {
      state.previewStatus = 'notEnrolled';
    },
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
      state.nomorAktif = 0;
      state.synced = false;
    },
    /** "Kerjakan" on a subject of the preview (the saga asks for confirmation). */
    kerjakanRequested(_state, _action: PayloadAction<SheetTarget>) {},
    /** "Akhiri Tryout" on the preview. */
    endRequested(_state, _action: PayloadAction<RunTarget>) {},
    /** The remaining time of the open subject as the server reported it. */
    mapelTimeSet(state, action: PayloadAction<{ id_mapel: number; sisa_waktu: number }>) {
      state.detailMapel = action.payload;
    },
    /** The server's remaining time updates the open subject's detail; with none loaded there is nothing to update. */
    mapelTimeReported(state, action: PayloadAction<number>) {
      if (state.detailMapel) state.detailMapel.sisa_waktu = action.payload;
    },
    detailMapelCleared(state) {
      state.detailMapel = null;
    },
    nomorChosen(state, action: PayloadAction<number>) {
      state.nomorAktif = Math.max(0, action.payload);
    },
    /** A saved answer (or the 120-s mark) asks for the subject's status report; reports are coalesced. */
    statusReportWanted(
      _state,
      _action: PayloadAction<{ reason: 'save' } | { reason: 'sync'; seconds: number }>,
    ) {},
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
      for (const statement of action.payload.group) {
        const item = soal.group_soal.find((group) => group.id_jawaban_group === statement.id_jawaban_group);
        if (item) item.jawaban = statement.jawaban;
      }
    },
  },
});

export const {
  previewRequested,
  previewLoaded,
  previewFailed,
  previewNotEnrolled,
  startPending,
  runStarted,
  soalRefreshed,
  runCleared,
  kerjakanRequested,
  endRequested,
  mapelTimeSet,
  mapelTimeReported,
  detailMapelCleared,
  nomorChosen,
  statusReportWanted,
  answerRequested,
  groupAnswerRequested,
  answerCancelRequested,
  answerSet,
} = tryoutPaketSlice.actions;

export const tryoutPaketReducer = tryoutPaketSlice.reducer;
