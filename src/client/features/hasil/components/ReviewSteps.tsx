import { text } from '../../../text';

export type ReviewStepTone = 'benar' | 'salah' | 'current';

const toneClass: Record<ReviewStepTone, string> = {
  benar: 'btn-success',
  salah: 'btn-danger',
  current: 'btn-warning',
};

/** The numbered steps of the review sheet: green when right, red when wrong, orange for the current question. */
export function ReviewSteps({
  verdicts,
  current,
  onSelect,
}: {
  /** Per question: answered right. */
  verdicts: boolean[];
  current: number;
  onSelect: (index: number) => void;
}) {
  return (
    <nav aria-label={text.hasil.daftarSoal} className="d-flex flex-wrap gap-2 mb-3">
      {verdicts.map((benar, index) => {
        const tone: ReviewStepTone = index === current ? 'current' : benar ? 'benar' : 'salah';
        return (
          <button
            key={index}
            type="button"
            className={`btn btn-sm rounded-circle ${toneClass[tone]}`}
            style={{ width: '2.25rem', height: '2.25rem' }}
            aria-current={index === current ? 'step' : undefined}
            aria-label={text.hasil.soalNomor(index + 1)}
            data-tone={tone}
            onClick={() => onSelect(index)}
          >
            {index + 1}
          </button>
        );
      })}
    </nav>
  );
}
