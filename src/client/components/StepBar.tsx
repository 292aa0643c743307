import { stepText } from './sheetText';

/**
 * Numbered round step buttons: the answer sheets colour a step orange when answered, green when current,
 * grey otherwise; the review sheet green when right, red when wrong, orange when current. Each button's accessible
 * name says its number and its state ("Soal 3, sudah dijawab, terkunci"), since colour alone says nothing to a
 * screen reader.
 */
export type StepTone = 'current' | 'answered' | 'idle' | 'benar' | 'salah';
export type StepColor = 'green' | 'orange' | 'grey' | 'red';

export interface Step {
  label: string;
  /** What the step's colour means; rendered as `data-tone`. */
  tone: StepTone;
  /** Overrides the tone's colour (the review's current step is orange, the sheets' green). */
  color?: StepColor;
  /** On the answer sheets: whether the question has an answer (also for the current step). */
  answered?: boolean;
  /** On the review: whether the answer was right (also for the current step). */
  result?: 'benar' | 'salah';
  disabled?: boolean;
}

// Dark text on orange and grey: white on #fd7e14 falls short of WCAG AA contrast.
const COLORS: Record<StepColor, { background: string; color: string }> = {
  green: { background: '#198754', color: '#fff' },
  orange: { background: '#fd7e14', color: '#212529' },
  grey: { background: '#dee2e6', color: '#212529' },
  red: { background: '#dc3545', color: '#fff' },
};

const TONE_COLOR: Record<StepTone, StepColor> = {
  current: 'green',
  answered: 'orange',
  idle: 'grey',
  benar: 'green',
  salah: 'red',
};

const s = stepText;

/** "Soal 3, sedang dibuka, sudah dijawab": the number, then every state that applies. */
export function stepName(step: Step): string {
  const parts: string[] = [s.soal(step.label)];
  if (step.tone === 'current') parts.push(s.current);
  const answered =
    step.answered ?? (step.tone === 'answered' ? true : step.tone === 'idle' ? false : undefined);
  if (answered !== undefined) parts.push(answered ? s.answered : s.unanswered);
  const result = step.result ?? (step.tone === 'benar' || step.tone === 'salah' ? step.tone : undefined);
  if (result) parts.push(result === 'benar' ? s.benar : s.salah);
  if (step.disabled) parts.push(s.locked);
  return parts.join(', ');
}

export function StepBar({
  steps,
  onSelect,
  label,
}: {
  steps: Step[];
  onSelect: (index: number) => void;
  /** The name of the whole bar (e.g. "Daftar Soal"). */
  label: string;
}) {
  return (
    <nav aria-label={label} className="my-3">
      <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
        {steps.map((step, index) => (
          <li key={index}>
            <button
              type="button"
              className="btn rounded-circle p-0 fw-semibold"
              style={{
                width: 40,
                height: 40,
                ...COLORS[step.color ?? TONE_COLOR[step.tone]],
                opacity: step.disabled ? 0.55 : 1,
              }}
              data-tone={step.tone}
              aria-current={step.tone === 'current' ? 'step' : undefined}
              aria-label={stepName(step)}
              disabled={step.disabled}
              onClick={() => onSelect(index)}
            >
              {step.label}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
