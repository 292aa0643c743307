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
];

export const LoginPage = lazyPage<typeof import('../features/auth/pages/LoginPage')>(
  () => import(/* webpackChunkName: "page-login" */ '../features/auth/pages/LoginPage' as string),
);
export const Layout = lazyPage<typeof import('./Layout')>(
  () => import(/* webpackChunkName: "layout" */ './Layout' as string),
);
