import { NotFound } from '../components/NotFound';

/** Any unknown path. */
export function NotFoundPage() {
  return (
    <main className="min-vh-100 d-flex align-items-center justify-content-center">
      <NotFound />
    </main>
  );
}
