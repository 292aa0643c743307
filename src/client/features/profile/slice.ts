import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ProfileUser } from '../../../contract';
import { loginSucceeded } from '../../session/events';

/** Profile state. Persisted: the navbar and dashboard need it at once after a reload. */
export interface ProfileState {
  idProfil: number | null;
  profilUser: ProfileUser | null;
  loadStatus: 'idle' | 'loading' | 'loaded' | 'failed';
}

export const profileInitialState: ProfileState = {
  idProfil: null,
  profilUser: null,
  loadStatus: 'idle',
};

const profileSlice = createSlice({
  name: 'profile',
  initialState: profileInitialState,
  reducers: {
    profileRequested(state) {
      state.loadStatus = 'loading';
    },
    profileLoaded(state, action: PayloadAction<ProfileUser>) {
      state.profilUser = action.payload;
      state.idProfil = action.payload.id;
      state.loadStatus = 'loaded';
    },
    profileLoadFailed(state) {
      state.loadStatus = 'failed';
    },
  },
  extraReducers: (builder) => {
    // The login answer carries the whole profile.
    builder.addCase(loginSucceeded, (state, action) => {
      state.profilUser = action.payload.user;
      state.idProfil = action.payload.user.id;
      state.loadStatus = 'loaded';
    });
  },
});

export const { profileRequested, profileLoaded, profileLoadFailed } = profileSlice.actions;
export const profileReducer = profileSlice.reducer;
