import { useSelector } from 'react-redux';
import { selectNetworkFailing, type RunState } from '../lib/run/slice';
import { runText } from '../lib/run/text';

/**
 * A quiet note while answers wait to reach the server, announced politely to screen readers; while saves fail on
 * the network, a calm banner too. The banner floats over the top of the page and lets taps through: appearing in
 * the middle of a tap, it must move nothing under the student's finger.
 */
export function PendingSaves({ count }: { count: number }) {
  const failing = useSelector((state: { run: RunState }) => selectNetworkFailing(state));
  return (
    <>
      <p
        className="pending-saves small text-body-secondary mb-0"
        role="status"
        aria-live="polite"
        data-testid="pending-saves"
      >
        {count > 0 ? runText.menungguDikirim(count) : ''}
      </p>
      {failing && (
        <div
          className="network-banner alert alert-warning shadow-sm small mb-0"
          role="status"
          data-testid="offline-banner"
        >
          {runText.koneksiTerganggu}
        </div>
      )}
    </>
  );
}
