import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { UNSAFE_createBrowserHistory } from 'react-router-dom';
import { App } from './app/App';
import { BootGate } from './app/BootGate';
import { preloadPage } from './app/routes';
import { bootState, createStore } from './app/storeCore';
import { loginShellShown } from './features/auth/loginShell';
import { afterFirstPaint, firstInteraction } from './lib/boot';
import { holdable } from './lib/heldHistory';
import { HeldRouter } from './lib/HeldRouter';
import { loadSessionReader } from './session/presence';

// The offline service worker (production builds only), loaded after the page so the login route stays small. It
// keeps a running sheet going offline, which needs a session: on the static login page (a first visit) it waits
// for the student to start filling it in.
if (process.env.NODE_ENV === 'production' && 'serviceWorker' in navigator) {
  // The worker in charge as the page began: a change from it is a new version (app/serviceWorker.ts).
  const startController = navigator.serviceWorker.controller;
  const wanted = loginShellShown() ? firstInteraction() : Promise.resolve();
  window.addEventListener('load', () => {
    void wanted
      .then(() => import(/* webpackChunkName: "service-worker" */ './app/serviceWorker'))
      .then((sw) => sw.registerServiceWorker(startController));
  });
}

function boot(): void {
  // The chunks of the page at this address, asked for now, beside the session's and the sagas'.
  preloadPage(window.location.pathname);
  // The sagas (with redux-saga, axios, the API calls and the dialogs) are a chunk of their own, loaded beside the
  // first screen rather than before it; the store keeps the actions of the meantime for them (app/storeCore.ts).
  // On the static login page (a first visit) nothing needs them until the student starts filling it in.
  const sagasWanted = loginShellShown() ? firstInteraction() : Promise.resolve();
  const saga = sagasWanted
    .then(() => import(/* webpackChunkName: "sagas" */ './app/sagaBoot'))
    .then((module) => module.mountRootSaga);
  // redux-persist and the persisted slices' settings, a chunk of their own too: /login does without them at first.
  const persistence = import(/* webpackChunkName: "persist" */ './app/persistence').then(
    (module) => module.persistence,
  );
  // The browser's history, able to hold a navigation for the running tryout's guards (lib/heldHistory.ts) without
  // react-router's data router, which /login would otherwise load.
  const history = holdable(UNSAFE_createBrowserHistory({ v5Compat: true }));
  const root = createRoot(document.getElementById('root') as HTMLElement);

  // The store starts from the session of the cookies; their decoding loads first only when a session cookie is
  // there (session/presence.ts), so a first visit to /login does without it. Should that chunk fail to load, the
  // page still starts (logged out) rather than stay blank.
  void loadSessionReader()
    .catch(() => undefined)
    .then(() => {
      const store = createStore(bootState(), { saga, persistence });
      // Registered after createStore's own reaction to the chunk, which puts redux-persist's reducer in place
      // first. Should the chunk fail, the page goes on without keeping its state rather than stay on the spinner.
      const rehydrated = persistence.then(
        ({ persistStore }) => new Promise<void>((resolve) => persistStore(store, null, resolve)),
      );
      // A transition: the first render yields to the browser every few milliseconds (BootGate does the same for
      // the render after rehydration), so no long task holds a slow phone's main thread.
      startTransition(() =>
        root.render(
          <StrictMode>
            <Provider store={store}>
              <BootGate rehydrated={rehydrated}>
                <HeldRouter history={history}>
                  <App />
                </HeldRouter>
              </BootGate>
            </Provider>
          </StrictMode>,
        ),
      );
    });
}

// The page the HTML shows is painted first; the app's work comes after it (lib/boot.ts).
afterFirstPaint(boot);
