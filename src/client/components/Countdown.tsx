import { formatMmSs, WARNING_SECONDS } from '../lib/countdown';
import { text } from '../text';

/**
 * What a screen reader is told about the time: nothing while plenty is left, the five-minute warning once 300
 * seconds or less remain, and the time-up once it reaches 0. The text changes only at those two moments, so the
 * live region speaks twice, not every second.
 */
export function countdownAnnouncement(seconds: number | null): string {
  if (seconds === null) return '';
  if (seconds <= 0) return text.tryoutPaket.timeUpTitle;
  if (seconds <= WARNING_SECONDS) return text.tryoutPaket.fiveMinuteWarning;
  return '';
}

/** The remaining time as mm:ss; the saga owns the clock, this only shows its reading. */
export function Countdown({ seconds, label }: { seconds: number | null; label: string }) {
  const low = seconds !== null && seconds <= WARNING_SECONDS;
  return (
    <>
      {/* role=timer is not live (it would speak every second); the announcements go to the live region. */}
      <span
        className={`badge fs-6 font-monospace ${low ? 'text-bg-danger' : 'text-bg-light border'}`}
        role="timer"
        aria-label={label}
      >
        {seconds === null ? '--:--' : formatMmSs(seconds)}
      </span>
      <span className="visually-hidden" role="status" aria-live="assertive" aria-atomic="true">
        {countdownAnnouncement(seconds)}
      </span>
    </>
  );
}
