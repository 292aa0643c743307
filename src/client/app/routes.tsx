import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A page behind login, shown inside the layout. Each page is its own chunk (React.lazy). */
export interface AppRoute {
  path: string;
  Page: LazyExoticComponent<ComponentType>;
  /** A per-topic page: only for students who may take per-topic tryouts (RequirePermateri). */
  perMateri?: true;
}

/**
 * The protected pages. Add a page with one entry, `{ path, Page: lazy(() => import('../features/x/pages/XPage')) }`,
 * whose module's default export is the page; put a `webpackChunkName` comment ("page-…") inside the `import()` so the
 * build's chunk report names the chunk. The specifier is a plain string: with `moduleResolution: "Bundler"` the
 * compiler resolves it without a file extension, exactly as webpack and Jest do, and types the page from the module.
 */
export const protectedRoutes: AppRoute[] = [
  {
    path: '/home',
    Page: lazy(() => import(/* webpackChunkName: "page-home" */ '../features/dashboard/pages/DashboardPage')),
  },
  {
    path: '/to',
    Page: lazy(() => import(/* webpackChunkName: "page-jadwal" */ '../features/jadwal/pages/JadwalPage')),
  },
  {
    path: '/profil',
    Page: lazy(() => import(/* webpackChunkName: "page-profil" */ '../features/profile/pages/ProfilPage')),
  },
  {
    path: '/petunjuk-to',
    Page: lazy(
      () => import(/* webpackChunkName: "page-petunjuk" */ '../features/petunjuk/pages/PetunjukPage'),
    ),
  },
  {
    path: '/hasil',
    Page: lazy(() => import(/* webpackChunkName: "page-hasil" */ '../features/hasil/pages/HasilPage')),
  },
  {
    path: '/hasil/:id/review',
    Page: lazy(
      () => import(/* webpackChunkName: "page-hasil-review" */ '../features/hasil/pages/ReviewListPage'),
    ),
  },
  {
    path: '/hasil/:id/review/:id2',
    Page: lazy(
      () =>
        import(/* webpackChunkName: "page-hasil-review-sheet" */ '../features/hasil/pages/ReviewSheetPage'),
    ),
  },
  {
    path: '/hasil/:id/kategori/:id2',
    Page: lazy(
      () => import(/* webpackChunkName: "page-hasil-kategori" */ '../features/hasil/pages/HasilKategoriPage'),
    ),
  },
  {
    path: '/hasil/:id/kategori/:id2/pdf',
    Page: lazy(() => import(/* webpackChunkName: "page-hasil-pdf" */ '../features/hasil/pages/HasilPdfPage')),
  },
  {
    path: '/hasil/:id/ptn',
    Page: lazy(() => import(/* webpackChunkName: "page-hasil-ptn" */ '../features/hasil/pages/PtnPage')),
  },
  {
    path: '/pembahasan/:id',
    perMateri: true,
    Page: lazy(
      () => import(/* webpackChunkName: "page-pembahasan" */ '../features/hasil/pages/PembahasanMateriPage'),
    ),
  },
  {
    path: '/rangking',
    Page: lazy(
      () => import(/* webpackChunkName: "page-rangking" */ '../features/ranking/pages/RankingListPage'),
    ),
  },
  {
    path: '/rangking/:id/:id2',
    Page: lazy(
      () =>
        import(/* webpackChunkName: "page-rangking-paket" */ '../features/ranking/pages/RankingPaketPage'),
    ),
  },
  {
    path: '/rangking/:id/pilihan/:id2',
    Page: lazy(
      () =>
        import(
          /* webpackChunkName: "page-rangking-pilihan" */ '../features/ranking/pages/RankingPilihanPage'
        ),
    ),
  },
  {
    path: '/to/:id',
    Page: lazy(
      () => import(/* webpackChunkName: "page-to-detail" */ '../features/tryoutPaket/pages/DetailTryoutPage'),
    ),
  },
  {
    path: '/to/:id/preview/:hash',
    Page: lazy(
      () =>
        import(/* webpackChunkName: "page-to-preview" */ '../features/tryoutPaket/pages/PreviewTryoutPage'),
    ),
  },
  {
    path: '/to/:id/sheet/:hash/:idMapel',
    Page: lazy(
      () => import(/* webpackChunkName: "page-to-sheet" */ '../features/tryoutPaket/pages/SheetTryoutPage'),
    ),
  },
  {
    path: '/to/:id/pembahasan/:hash',
    Page: lazy(
      () =>
        import(
          /* webpackChunkName: "page-to-pembahasan" */ '../features/tryoutPaket/pages/PembahasanKategoriPage'
        ),
    ),
  },
  {
    path: '/to-permateri',
    perMateri: true,
    Page: lazy(
      () =>
        import(/* webpackChunkName: "page-to-permateri" */ '../features/tryoutMateri/pages/TryoutMateriPage'),
    ),
  },
  {
    path: '/to-permateri/:id',
    perMateri: true,
    Page: lazy(
      () =>
        import(
          /* webpackChunkName: "page-to-permateri-sheet" */ '../features/tryoutMateri/pages/MateriSheetPage'
        ),
    ),
  },
];

export const LoginPage = lazy(
  () => import(/* webpackChunkName: "page-login" */ '../features/auth/pages/LoginPage'),
);
export const Layout = lazy(() => import(/* webpackChunkName: "layout" */ './Layout'));
