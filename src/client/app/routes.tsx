import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A page behind login, shown inside the layout. Each page is its own chunk (React.lazy). */
export interface AppRoute {
  path: string;
  Page: LazyExoticComponent<ComponentType>;
}

/**
 * A lazily loaded page module (default export = the page). `tsc` checks this project as NodeNext, which asks for
 * file extensions on a runtime `import()`, while webpack and Jest resolve the path without one; so the runtime
 * specifier is cast to `string` and the module's type is checked by the type-level `import()` in `M`.
 */
export function lazyPage<M extends { default: ComponentType }>(load: () => Promise<unknown>) {
  return lazy(load as () => Promise<M>);
}

/**
 * The protected pages of spec §2. Add a page with one entry:
 * `{ path: '/hasil', Page: lazyPage<typeof import('../features/hasil/pages/HasilPage')>(() => import('../features/hasil/pages/HasilPage' as string)) }`.
 */
export const protectedRoutes: AppRoute[] = [
  {
    path: '/home',
    Page: lazyPage<typeof import('../features/dashboard/pages/DashboardPage')>(
      () => import(/* webpackChunkName: "page-home" */ '../features/dashboard/pages/DashboardPage' as string),
    ),
  },
  {
    path: '/to',
    Page: lazyPage<typeof import('../features/jadwal/pages/JadwalPage')>(
      () => import(/* webpackChunkName: "page-jadwal" */ '../features/jadwal/pages/JadwalPage' as string),
    ),
  },
  {
    path: '/profil',
    Page: lazyPage<typeof import('../features/profile/pages/ProfilPage')>(
      () => import(/* webpackChunkName: "page-profil" */ '../features/profile/pages/ProfilPage' as string),
    ),
  },
  {
    path: '/petunjuk-to',
    Page: lazyPage<typeof import('../features/petunjuk/pages/PetunjukPage')>(
      () =>
        import(/* webpackChunkName: "page-petunjuk" */ '../features/petunjuk/pages/PetunjukPage' as string),
    ),
  },
  {
    path: '/hasil',
    Page: lazyPage<typeof import('../features/hasil/pages/HasilPage')>(
      () => import(/* webpackChunkName: "page-hasil" */ '../features/hasil/pages/HasilPage' as string),
    ),
  },
  {
    path: '/hasil/:id/review',
    Page: lazyPage<typeof import('../features/hasil/pages/ReviewListPage')>(
      () =>
        import(
          /* webpackChunkName: "page-hasil-review" */ '../features/hasil/pages/ReviewListPage' as string
        ),
    ),
  },
  {
    path: '/hasil/:id/review/:id2',
    Page: lazyPage<typeof import('../features/hasil/pages/ReviewSheetPage')>(
      () =>
        import(
          /* webpackChunkName: "page-hasil-review-sheet" */ '../features/hasil/pages/ReviewSheetPage' as string
        ),
    ),
  },
  {
    path: '/hasil/:id/kategori/:id2',
    Page: lazyPage<typeof import('../features/hasil/pages/HasilKategoriPage')>(
      () =>
        import(
          /* webpackChunkName: "page-hasil-kategori" */ '../features/hasil/pages/HasilKategoriPage' as string
        ),
    ),
  },
  {
    path: '/hasil/:id/kategori/:id2/pdf',
    Page: lazyPage<typeof import('../features/hasil/pages/HasilPdfPage')>(
      () => import(/* webpackChunkName: "page-hasil-pdf" */ '../features/hasil/pages/HasilPdfPage' as string),
    ),
  },
  {
    path: '/hasil/:id/ptn',
    Page: lazyPage<typeof import('../features/hasil/pages/PtnPage')>(
      () => import(/* webpackChunkName: "page-hasil-ptn" */ '../features/hasil/pages/PtnPage' as string),
    ),
  },
  {
    path: '/pembahasan/:id',
    Page: lazyPage<typeof import('../features/hasil/pages/PembahasanMateriPage')>(
      () =>
        import(
          /* webpackChunkName: "page-pembahasan" */ '../features/hasil/pages/PembahasanMateriPage' as string
        ),
    ),
  },
  {
    path: '/rangking',
    Page: lazyPage<typeof import('../features/ranking/pages/RankingListPage')>(
      () =>
        import(/* webpackChunkName: "page-rangking" */ '../features/ranking/pages/RankingListPage' as string),
    ),
  },
  {
    path: '/rangking/:id/:id2',
    Page: lazyPage<typeof import('../features/ranking/pages/RankingPaketPage')>(
      () =>
        import(
          /* webpackChunkName: "page-rangking-paket" */ '../features/ranking/pages/RankingPaketPage' as string
        ),
    ),
  },
  {
    path: '/rangking/:id/pilihan/:id2',
    Page: lazyPage<typeof import('../features/ranking/pages/RankingPilihanPage')>(
      () =>
        import(
          /* webpackChunkName: "page-rangking-pilihan" */ '../features/ranking/pages/RankingPilihanPage' as string
        ),
    ),
  },
  {
    path: '/to/:id',
    Page: lazyPage<typeof import('../features/tryoutPaket/pages/DetailTryoutPage')>(
      () =>
        import(
          /* webpackChunkName: "page-to-detail" */ '../features/tryoutPaket/pages/DetailTryoutPage' as string
        ),
    ),
  },
  {
    path: '/to/:id/preview/:hash',
    Page: lazyPage<typeof import('../features/tryoutPaket/pages/PreviewTryoutPage')>(
      () =>
        import(
          /* webpackChunkName: "page-to-preview" */ '../features/tryoutPaket/pages/PreviewTryoutPage' as string
        ),
    ),
  },
  {
    path: '/to/:id/sheet/:hash/:idMapel',
    Page: lazyPage<typeof import('../features/tryoutPaket/pages/SheetTryoutPage')>(
      () =>
        import(
          /* webpackChunkName: "page-to-sheet" */ '../features/tryoutPaket/pages/SheetTryoutPage' as string
        ),
    ),
  },
  {
    path: '/to/:id/pembahasan/:hash',
    Page: lazyPage<typeof import('../features/tryoutPaket/pages/PembahasanKategoriPage')>(
      () =>
        import(
          /* webpackChunkName: "page-to-pembahasan" */ '../features/tryoutPaket/pages/PembahasanKategoriPage' as string
        ),
    ),
  },
  {
    path: '/to-permateri',
    Page: lazyPage<typeof import('../features/tryoutMateri/pages/TryoutMateriPage')>(
      () =>
        import(
          /* webpackChunkName: "page-to-permateri" */ '../features/tryoutMateri/pages/TryoutMateriPage' as string
        ),
    ),
  },
  {
    path: '/to-permateri/:id',
    Page: lazyPage<typeof import('../features/tryoutMateri/pages/MateriSheetPage')>(
      () =>
        import(
          /* webpackChunkName: "page-to-permateri-sheet" */ '../features/tryoutMateri/pages/MateriSheetPage' as string
        ),
    ),
  },
];

export const LoginPage = lazyPage<typeof import('../features/auth/pages/LoginPage')>(
  () => import(/* webpackChunkName: "page-login" */ '../features/auth/pages/LoginPage' as string),
);
export const Layout = lazyPage<typeof import('./Layout')>(
  () => import(/* webpackChunkName: "layout" */ './Layout' as string),
);
