import type { ReactNode } from 'react';
import { Route, Routes, UNSAFE_createMemoryHistory } from 'react-router-dom';
import { holdable } from '../../src/client/lib/heldHistory';
import { HeldRouter } from '../../src/client/lib/HeldRouter';

/**
 * `routes` in the app's router (lib/HeldRouter.tsx, whose history the leave guards hold) over a memory history
 * that starts at `entries` (the last one shown): `history.push(to)` is a link's navigation, `history.go(-1)` the
 * back button.
 */
export function heldMemoryRouter(routes: { path: string; element: ReactNode }[], entries: string[]) {
  const history = holdable(
    UNSAFE_createMemoryHistory({ initialEntries: entries, initialIndex: entries.length - 1, v5Compat: true }),
  );
  const element = (
    <HeldRouter history={history}>
      <Routes>
        {routes.map(({ path, element: page }) => (
          <Route key={path} path={path} element={page} />
        ))}
      </Routes>
    </HeldRouter>
  );
  return { history, element };
}
