import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { persistStore } from 'redux-persist';
import { App } from './app/App';
import { BootGate } from './app/BootGate';
import { bootState, createStore } from './app/storeCore';
import { loadSessionReader } from './session/presence';

// The offline service worker (production builds only), loaded after the page so the login route stays small.
if (process.env.NODE_ENV === 'production' && 'serviceWorker' in navigator) {
  // The worker in charge as the page began: a change from it is a new version (app/serviceWorker.ts).
  const startController = navigator.serviceWorker.controller;
  window.addEventListener('load', () => {
    void import(/* webpackChunkName: "service-worker" */ './app/serviceWorker').then((sw) =>
      sw.registerServiceWorker(startController),
    );
  });
}
// The sagas (with redux-saga, axios, the API calls and the dialogs) are a chunk of their own, loaded beside the
// first screen rather than before it; the store keeps the actions of the meantime for them (app/storeCore.ts).
const saga = import(/* webpackChunkName: "sagas" */ './app/sagaBoot').then((module) => module.mountRootSaga);
// A data router, so pages can hold navigations with useBlocker (the running tryout's guards); App keeps its <Routes>.
const router = createBrowserRouter([{ path: '*', element: <App /> }]);
const root = createRoot(document.getElementById('root') as HTMLElement);

// The store starts from the session of the cookies; their decoding loads first only when a session cookie is
// there (session/presence.ts), so a first visit to /login does without it. Should that chunk fail to load, the
// page still starts (logged out) rather than stay blank.
void loadSessionReader()
  .catch(() => undefined)
  .then(() => {
    const store = createStore(bootState(), { saga });
    const persistor = persistStore(store);
    // A transition: the first render yields to the browser every few milliseconds (BootGate does the same for the
    // render after rehydration), so no long task holds a slow phone's main thread.
    startTransition(() =>
      root.render(
        <StrictMode>
          <Provider store={store}>
            <BootGate persistor={persistor}>
              <RouterProvider router={router} />
            </BootGate>
          </Provider>
        </StrictMode>,
      ),
    );
  });
