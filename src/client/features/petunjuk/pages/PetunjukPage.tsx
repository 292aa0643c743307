import { petunjukText } from '../text';

/** The instructions document, a static page shipped with the app. */
export const PETUNJUK_URL = '/petunjuk-to.html';

/** /petunjuk-to: the tryout instructions, embedded. */
export default function PetunjukPage() {
  return (
    <>
      <div className="d-flex align-items-center justify-content-between mb-3">
        <h1 className="h4 mb-0">{petunjukText.title}</h1>
        <a
          href={PETUNJUK_URL}
          target="_blank"
          rel="noopener noreferrer"
          className="btn btn-sm btn-outline-primary"
        >
          {petunjukText.openNewTab}
        </a>
      </div>
      <div className="ratio" style={{ ['--bs-aspect-ratio' as string]: 'max(75vh, 480px)' }}>
        <iframe
          src={PETUNJUK_URL}
          title={petunjukText.frameTitle}
          className="border rounded bg-white w-100"
        />
      </div>
    </>
  );
}
