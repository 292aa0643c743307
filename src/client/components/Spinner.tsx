import { text } from '../text';

/** The loading indicator: a spinner reading "Processing...". */
export function Spinner({ label = text.common.processing }: { label?: string }) {
  return (
    <div className="d-flex align-items-center justify-content-center gap-2 py-4" role="status">
      <span className="spinner-border spinner-border-sm text-primary" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
