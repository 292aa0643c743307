import type { ReactNode } from 'react';

interface NavButton {
  content: ReactNode;
  ariaLabel?: string;
}

/** The previous/next buttons under a question of a tryout sheet (a button is left out at either end). */
export function SheetNav({
  nomor,
  count,
  prev,
  next,
  isDisabled = () => false,
  onChoose,
}: {
  /** Index of the question on screen. */
  nomor: number;
  count: number;
  prev: NavButton;
  next: NavButton;
  /** Whether the question at an index may not be gone to (the package's locked questions). */
  isDisabled?: (index: number) => boolean;
  onChoose: (index: number) => void;
}) {
  return (
    <div className="card-footer d-flex justify-content-between">
      <span>
        {nomor > 0 && (
          <button
            type="button"
            className="btn btn-outline-secondary"
            aria-label={prev.ariaLabel}
            disabled={isDisabled(nomor - 1)}
            onClick={() => onChoose(nomor - 1)}
          >
            {prev.content}
          </button>
        )}
      </span>
      <span>
        {nomor < count - 1 && (
          <button
            type="button"
            className="btn btn-primary"
            aria-label={next.ariaLabel}
            disabled={isDisabled(nomor + 1)}
            onClick={() => onChoose(nomor + 1)}
          >
            {next.content}
          </button>
        )}
      </span>
    </div>
  );
}
