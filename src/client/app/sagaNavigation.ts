import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from './hooks';

/** Where a saga wants the app to go; `useSagaNavigation` performs it (sagas own no router). */
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

/** Perform the navigation a saga asked for; mounted once, in App, so every page follows it. */
export function useSagaNavigation(): void {
  const navigation = useAppSelector(selectNavigation);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  useEffect(() => {
    if (!navigation) return;
    dispatch(navigationDone());
    navigate(navigation.to, { replace: navigation.replace });
  }, [navigation, dispatch, navigate]);
}
