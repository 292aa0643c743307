import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { persistStore } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import { App } from './app/App';
import { bootState, makeStore } from './app/store';
import { Spinner } from './components/Spinner';

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
const store = makeStore(bootState());
const persistor = persistStore(store);
// A data router, so pages can hold navigations with useBlocker (the running tryout's guards); App keeps its <Routes>.
const router = createBrowserRouter([{ path: '*', element: <App /> }]);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Provider store={store}>
      <PersistGate loading={<Spinner />} persistor={persistor}>
        <RouterProvider router={router} />
      </PersistGate>
    </Provider>
  </StrictMode>,
);
