import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { JadwalItem } from '../../../contract';
import type { JadwalListName } from '../../api/jadwal';
import type { LoadStatus } from '../../lib/loaded';

export type ListStatus = LoadStatus;

/** Spec §3 schedule lists, loaded once and cached (spec §4): a loaded list is not asked for again. */
export interface JadwalState {
  current: JadwalItem[];
  future: JadwalItem[];
  previous: JadwalItem[];
  status: Record<JadwalListName, ListStatus>;
}

export const jadwalInitialState: JadwalState = {
  current: [],
  future: [],
  previous: [],
  status: { current: 'idle', future: 'idle', previous: 'idle' },
};

const jadwalSlice = createSlice({
  name: 'jadwal',
  initialState: jadwalInitialState,
  reducers: {
    /** The schedule page opened: load whichever lists are not loaded yet. */
    jadwalRequested() {},
    jadwalListLoading(state, action: PayloadAction<JadwalListName>) {
      state.status[action.payload] = 'loading';
    },
    jadwalListLoaded(state, action: PayloadAction<{ list: JadwalListName; items: JadwalItem[] }>) {
      state[action.payload.list] = action.payload.items;
      state.status[action.payload.list] = 'loaded';
    },
    jadwalListFailed(state, action: PayloadAction<JadwalListName>) {
      state.status[action.payload] = 'failed';
    },
  },
});

export const { jadwalRequested, jadwalListLoading, jadwalListLoaded, jadwalListFailed } = jadwalSlice.actions;
export const jadwalReducer = jadwalSlice.reducer;
export default jadwalSlice;

type WithJadwal = { jadwal: JadwalState };
export const selectJadwalList = (list: JadwalListName) => (state: WithJadwal) => state.jadwal[list];
export const selectJadwalStatus = (state: WithJadwal) => state.jadwal.status;
