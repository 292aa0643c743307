import { Link } from './Link';
import { text } from '../text';

/** The 404 content: the unknown-path page shows it, and so does a page whose id names nothing the
 * student can open (`/to/999`, `/to/abc`). */
export function NotFound() {
  return (
    <div className="d-flex flex-column align-items-center justify-content-center text-center p-4">
      <p className="display-1 fw-bold text-primary mb-2">{text.notFound.code}</p>
      <h1 className="h3">{text.notFound.title}</h1>
      <p className="text-body-secondary">{text.notFound.message}</p>
      <Link to="/" className="btn btn-primary mt-2">
        {text.notFound.goBackHome}
      </Link>
    </div>
  );
}
