import { createSlice } from '@reduxjs/toolkit';
import type {
  JawabanMateri,
  MateriItem,
  MateriKategori,
  MateriMapel,
  MateriSession,
  SoalMateri,
} from '../../../contract';

/** Spec §3 per-topic state. Persisted, so a reload does not lose a running topic tryout. */
export interface TryoutMateriState {
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
};

const tryoutMateriSlice = createSlice({
  name: 'tryoutMateri',
  initialState: tryoutMateriInitialState,
  reducers: {},
});

export const tryoutMateriReducer = tryoutMateriSlice.reducer;
export default tryoutMateriSlice;

export const selectTryoutMateriIsRunning = (state: { tryoutMateri: TryoutMateriState }) =>
  state.tryoutMateri.isRunning;
