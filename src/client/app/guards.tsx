import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { selectIsLoggedIn } from '../features/auth/slice';
import { useAppSelector } from './hooks';

/** Protected routes: without a session, go to /login (spec §2). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const location = useLocation();
  if (!loggedIn) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return children;
}

/** /login: with a session, go to / (spec §2). */
export function GuestOnly({ children }: { children: ReactNode }) {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  if (loggedIn) return <Navigate to="/" replace />;
  return children;
}
