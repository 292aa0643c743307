import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { JADWAL_STATUS_FINISHED, JadwalItem } from '../../../contract';
import type { JadwalListName } from '../../api/jadwal';
import type { LoadStatus } from '../../lib/loaded';

export type ListStatus = LoadStatus;

const JADWAL_FINISHED: typeof JADWAL_STATUS_FINISHED = '5';

/** Schedule lists, loaded once and cached: a loaded list is not asked for again. */
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
    /** Every category of a schedule has been ended (seen in its freshly loaded detail): the cached lists show it
     * as finished at once, as the server's next answer would (status "5"), without asking again. */
    jadwalFinished(state, action: PayloadAction<number>) {
      for (const list of [state.current, state.previous, state.future]) {
        const item = list.find((jadwal) => jadwal.id === action.payload);
        if (item) item.status = JADWAL_FINISHED;
      }
    },
  },
});

export const { jadwalRequested, jadwalListLoading, jadwalListLoaded, jadwalListFailed, jadwalFinished } =
  jadwalSlice.actions;
export const jadwalReducer = jadwalSlice.reducer;

type WithJadwal = { jadwal: JadwalState };
export const selectJadwalList = (list: JadwalListName) => (state: WithJadwal) => state.jadwal[list];
export const selectJadwalStatus = (state: WithJadwal) => state.jadwal.status;
