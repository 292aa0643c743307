import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchPath } from 'react-router-dom';

/** A page of its own chunk (React.lazy), whose chunk can be asked for before the page renders (`load`). */
type LazyPage = LazyExoticComponent<ComponentType> & { load(): Promise<unknown> };

/** `load` is the page module's `import()`: calling it early starts the download the first render would wait for. */
function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  return Object.assign(lazy(load), { load });
}

/** A page behind login, shown inside the layout. Each page is its own chunk (React.lazy). */
export interface AppRoute {
  path: string;
  Page: LazyPage;
  /** A per-topic page: only for students who may take per-topic tryouts (RequirePermateri). */
  perMateri?: true;
}

/**
 * The protected pages. Add a page with one entry, `{ path, Page: lazyPage(() => import('../features/x/pages/XPage')) }`,
 * whose module's default export is the page; put a `webpackChunkName` comment ("page-…") inside the `import()` so the
 * build's chunk report names the chunk. The specifier is a plain string: with `moduleResolution: "Bundler"` the
 * compiler resolves it without a file extension, exactly as webpack and Jest do, and types the page from the module.
 */
export const protectedRoutes: AppRoute[] = [
  {
    path: '/home',
    Page: lazyPage(
      () => import(/* webpackChunkName: "page-home" */ '../features/dashboard/pages/DashboardPage'),
    ),
  },
  {
    path: '/to',
    Page: lazyPage(() => import(/* webpackChunkName: "page-jadwal" */ '../features/jadwal/pages/JadwalPage')),
  },
  {
    path: '/profil',
    Page: lazyPage(
      () => import(/* webpackChunkName: "page-profil" */ '../features/profile/pages/ProfilPage'),
    ),
  },
  {
    path: '/petunjuk-to',
    Page: lazyPage(
      () => import(/* webpackChunkName: "page-petunjuk" */ '../features/petunjuk/pages/PetunjukPage'),
    ),
  },
  {
    path: '/hasil',
    Page: lazyPage(() => import(/* webpackChunkName: "page-hasil" */ '../features/hasil/pages/HasilPage')),
  },
  {
    path: '/hasil/:id/review',
    Page: lazyPage(
      () => import(/* webpackChunkName: "page-hasil-review" */ '../features/hasil/pages/ReviewListPage'),
    ),
  },
  {
    path: '/hasil/:id/review/:id2',
    Page: lazyPage(
      () =>
        import(/* webpackChunkName: "page-hasil-review-sheet" */ '../features/hasil/pages/ReviewSheetPage'),
    ),
  },
  {
    path: '/hasil/:id/kategori/:id2',
    Page: lazyPage(
      () => import(/* webpackChunkName: "page-hasil-kategori" */ '../features/hasil/pages/HasilKategoriPage'),
    ),
  },
  {
    path: '/hasil/:id/kategori/:id2/pdf',
    Page: lazyPage(
      () => import(/* webpackChunkName: "page-hasil-pdf" */ '../features/hasil/pages/HasilPdfPage'),
    ),
  },
  {
    path: '/hasil/:id/ptn',
    Page: lazyPage(() => import(/* webpackChunkName: "page-hasil-ptn" */ '../features/hasil/pages/PtnPage')),
  },
  {
    path: '/pembahasan/:id',
    perMateri: true,
    Page: lazyPage(
      () => import(/* webpackChunkName: "page-pembahasan" */ '../features/hasil/pages/PembahasanMateriPage'),
    ),
  },
  {
    path: '/rangking',
    Page: lazyPage(
      () => import(/* webpackChunkName: "page-rangking" */ '../features/ranking/pages/RankingListPage'),
    ),
  },
  {
    path: '/rangking/:id/:id2',
    Page: lazyPage(
      () =>
        import(/* webpackChunkName: "page-rangking-paket" */ '../features/ranking/pages/RankingPaketPage'),
    ),
  },
  {
    path: '/rangking/:id/pilihan/:id2',
    Page: lazyPage(
      () =>
        import(
          /* webpackChunkName: "page-rangking-pilihan" */ '../features/ranking/pages/RankingPilihanPage'
        ),
    ),
  },
  {
    path: '/to/:id',
    Page: lazyPage(
      () => import(/* webpackChunkName: "page-to-detail" */ '../features/tryoutPaket/pages/DetailTryoutPage'),
    ),
  },
  {
    path: '/to/:id/preview/:hash',
    Page: lazyPage(
      () =>
        import(/* webpackChunkName: "page-to-preview" */ '../features/tryoutPaket/pages/PreviewTryoutPage'),
    ),
  },
  {
    path: '/to/:id/sheet/:hash/:idMapel',
    Page: lazyPage(
      () => import(/* webpackChunkName: "page-to-sheet" */ '../features/tryoutPaket/pages/SheetTryoutPage'),
    ),
  },
  {
    path: '/to/:id/pembahasan/:hash',
    Page: lazyPage(
      () =>
        import(
          /* webpackChunkName: "page-to-pembahasan" */ '../features/tryoutPaket/pages/PembahasanKategoriPage'
        ),
    ),
  },
  {
    path: '/to-permateri',
    perMateri: true,
    Page: lazyPage(
      () =>
        import(/* webpackChunkName: "page-to-permateri" */ '../features/tryoutMateri/pages/TryoutMateriPage'),
    ),
  },
  {
    path: '/to-permateri/:id',
    perMateri: true,
    Page: lazyPage(
      () =>
        import(
          /* webpackChunkName: "page-to-permateri-sheet" */ '../features/tryoutMateri/pages/MateriSheetPage'
        ),
    ),
  },
];

export const LoginPage = lazyPage(
  () => import(/* webpackChunkName: "page-login" */ '../features/auth/pages/LoginPage'),
);
export const Layout = lazyPage(() => import(/* webpackChunkName: "layout" */ './Layout'));
export const NotFoundPage = lazyPage(() => import(/* webpackChunkName: "page-404" */ './NotFoundPage'));

/**
 * Starts loading the chunks the page at `pathname` shows (the login page, or the layout and the protected page),
 * at boot, beside the session and the store, rather than once the first render asks for them.
 */
export function preloadPage(pathname: string): void {
  // A chunk that fails here is asked for again by the render, which shows that failure.
  const start = (page: LazyPage) => void page.load().catch(() => undefined);
  if (matchPath('/login', pathname)) return start(LoginPage);
  const route = protectedRoutes.find(({ path }) => matchPath(path, pathname));
  if (!route) return;
  start(Layout);
  start(route.Page);
}
