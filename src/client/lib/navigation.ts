/** Where a saga wants the app to go; app's `useSagaNavigation` performs it (sagas own no router). */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface NavigationRequest {
  to: string;
  replace: boolean;
}

export type NavigationState = NavigationRequest | null;

const navigationSlice = createSlice({
  name: 'navigation',
  initialState: null as NavigationState,
  reducers: {
    navigateRequested: (
      _state,
      action: PayloadAction<{ to: string; replace?: boolean }>,
    ): NavigationState => ({
      to: action.payload.to,
      replace: action.payload.replace ?? false,
    }),
    navigationDone: (): NavigationState => null,
  },
});

export const navigationReducer = navigationSlice.reducer;
export const { navigateRequested, navigationDone } = navigationSlice.actions;

export const selectNavigation = (state: { navigation: NavigationState }) => state.navigation;
