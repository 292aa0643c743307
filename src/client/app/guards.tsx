import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Link } from '../components/Link';
import { Spinner } from '../components/Spinner';
import { selectIsLoggedIn } from '../features/auth/slice';
import { selectProfileLoadStatus, selectProfilUser } from '../features/profile/selectors';
import { lacksStudentType, selectCanSeePermateri } from '../lib/student';
import { text } from '../text';
import { useAppSelector } from './hooks';

/** Protected routes: without a session, go to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const location = useLocation();
  if (!loggedIn) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return children;
}

/** /login: with a session, go to /. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  if (loggedIn) return <Navigate to="/" replace />;
  return children;
}

/**
 * Per-topic pages (/to-permateri, its sheet, a topic's discussion): only for students who may take per-topic
 * tryouts, the same rule as the dashboard's card (never an event student; programmes 1, 2, 5, 6, 7). Anyone else
 * opening one by its URL reads why, with the way back. While the profile is on its way, a spinner; if it cannot
 * be loaded, the page itself (the server refuses what the student may not do).
 */
export function RequirePermateri({ children }: { children: ReactNode }) {
  const user = useAppSelector(selectProfilUser);
  const loadStatus = useAppSelector(selectProfileLoadStatus);
  const allowed = useAppSelector(selectCanSeePermateri);
  if (user === null || lacksStudentType(user)) return loadStatus === 'failed' ? children : <Spinner />;
  if (allowed) return children;
  return (
    <section
      className="card shadow-sm mx-auto"
      style={{ maxWidth: '36rem' }}
      aria-labelledby="permateri-tertutup"
    >
      <div className="card-body text-center p-4">
        <h1 id="permateri-tertutup" className="h4">
          {text.tryoutMateri.title}
        </h1>
        <p className="mb-1">{text.tryoutMateri.tidakTersedia}</p>
        <p className="text-body-secondary">{text.tryoutMateri.tidakTersediaDetail}</p>
        <Link to="/home" className="btn btn-primary">
          {text.tryoutMateri.keDashboard}
        </Link>
      </div>
    </section>
  );
}
