import { NotFound } from '../components/NotFound';

/** Any unknown path (a chunk of its own: routes.tsx). */
export default function NotFoundPage() {
  return (
    <main className="min-vh-100 d-flex align-items-center justify-content-center">
      <NotFound />
    </main>
  );
}
