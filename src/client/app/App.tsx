import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { Spinner } from '../components/Spinner';
import { GuestOnly, RequireAuth, RequirePermateri } from './guards';
import { Layout, LoginPage, NotFoundPage, protectedRoutes } from './routes';
import { useSagaNavigation } from './sagaNavigation';

/** The route table: /login, the protected pages in the layout, / → /home, anything else → 404. */
export function App() {
  useSagaNavigation();
  return (
    <Suspense fallback={<Spinner />}>
      <Routes>
        <Route
          path="/login"
          element={
            <GuestOnly>
              <LoginPage />
            </GuestOnly>
          }
        />
        <Route
          path="/"
          element={
            <RequireAuth>
              <Layout />
            </RequireAuth>
          }
        >
          <Route index element={<Navigate to="/home" replace />} />
          {protectedRoutes.map(({ path, Page, perMateri }) => (
            <Route
              key={path}
              path={path}
              element={
                perMateri ? (
                  <RequirePermateri>
                    <Page />
                  </RequirePermateri>
                ) : (
                  <Page />
                )
              }
            />
          ))}
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
