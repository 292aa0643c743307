/**
 * The service worker of the production build (`sw.js`; webpack.config.ts says what it caches and why it never
 * serves an old version): the app shell works offline, so a reload of a running sheet without network still shows
 * it. Loaded and registered once the page has loaded, so neither competes with the page's first requests; not in
 * development builds or tests (jsdom has no service worker; e2e contexts block them unless a journey allows).
 */

/** The notice's words live here, in the worker's own (lazy) chunk, not in the login page's code. */
const versiBaru = {
  pesan:
    'Versi baru SiapTes sudah terpasang. Muat ulang halaman untuk memakainya; jawabanmu tetap tersimpan di perangkat ini.',
  muatUlang: 'Muat ulang',
};

/** How often an open page asks whether a new version was deployed (a student may keep one page for hours). */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * The short "versi baru" notice: a newer version's worker took over this open page. The page goes on with the
 * version it loaded (a running sheet is never interrupted); a reload, now or later, brings the new one, and
 * everything a sheet needs survives it (persisted store and outbox). Plain DOM: it is outside the React tree.
 */
function showUpdateNotice(): void {
  if (document.querySelector('.update-notice')) return;
  const notice = document.createElement('div');
  notice.className = 'update-notice alert alert-info shadow-sm small mb-0 d-flex align-items-center gap-2';
  notice.setAttribute('role', 'status');
  const message = document.createElement('span');
  message.className = 'flex-grow-1';
  message.textContent = versiBaru.pesan;
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.className = 'btn btn-sm btn-primary';
  reload.textContent = versiBaru.muatUlang;
  reload.addEventListener('click', () => window.location.reload());
  notice.append(message, reload);
  document.body.append(notice);
}

/**
 * Register `sw.js` (once per page load, after it). `startController` is the worker that controlled the page when
 * its script began: a new version's worker may take over before this runs (the browser checks for one at every
 * load), and that is an update too.
 */
export function registerServiceWorker(startController: ServiceWorker | null): void {
  // The first worker taking over a page that had none is no update.
  if (startController === null) return void register();
  if (navigator.serviceWorker.controller !== startController) showUpdateNotice();
  navigator.serviceWorker.addEventListener('controllerchange', showUpdateNotice);
  register();
}

function register(): void {
  navigator.serviceWorker
    .register('/sw.js')
    // A browser that blocks workers (Playwright's `serviceWorkers: 'block'`, some privacy modes) resolves with no
    // registration: there is nothing to check for updates then.
    .then((registration: ServiceWorkerRegistration | undefined) => {
      if (!registration) return;
      window.setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    })
    // Without a worker the app works as before, only not offline.
    .catch(() => undefined);
}
