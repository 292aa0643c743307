import { text } from '../text';

/** A quiet note while answers wait to reach the server; announced politely to screen readers. */
export function PendingSaves({ count }: { count: number }) {
  return (
    <p
      className="pending-saves small text-body-secondary mb-0"
      role="status"
      aria-live="polite"
      data-testid="pending-saves"
    >
      {count > 0 ? text.run.menungguDikirim(count) : ''}
    </p>
  );
}
