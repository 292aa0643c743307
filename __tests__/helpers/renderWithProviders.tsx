import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { makeStore, type AppStore, type PreloadedAppState } from '../../src/client/app/store';

export interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  preloadedState?: PreloadedAppState;
  /** The URL the MemoryRouter starts at. */
  route?: string;
  /** Run the root saga (default true), so screens dispatch into the real sagas (mock the api/ modules). */
  runSaga?: boolean;
  store?: AppStore;
}

/** Render `ui` inside the real store (`makeStore`) and a MemoryRouter; returns the store and a userEvent. */
export function renderWithProviders(
  ui: ReactElement,
  { preloadedState, route = '/', runSaga = true, store, ...options }: RenderWithProvidersOptions = {},
) {
  const appStore = store ?? makeStore(preloadedState, { runSaga });
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <Provider store={appStore}>
        <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
      </Provider>
    );
  }
  return { store: appStore, user: userEvent.setup(), ...render(ui, { wrapper: Wrapper, ...options }) };
}
