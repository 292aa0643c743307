import { formatMmSs } from '../lib/countdown';

/** The remaining time as mm:ss; the saga owns the clock, this only shows its reading. */
export function Countdown({ seconds, label }: { seconds: number | null; label: string }) {
  const low = seconds !== null && seconds <= 300;
  return (
    <span
      className={`badge fs-6 font-monospace ${low ? 'text-bg-danger' : 'text-bg-light border'}`}
      role="timer"
      aria-label={label}
    >
      {seconds === null ? '--:--' : formatMmSs(seconds)}
    </span>
  );
}
