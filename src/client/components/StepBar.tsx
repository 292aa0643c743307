/**
 * Numbered round step buttons (spec §2): the answer sheets colour a step orange when answered, green when current,
 * grey otherwise; the review sheet green when right, red when wrong, orange when current.
 */
export type StepTone = 'current' | 'answered' | 'idle' | 'benar' | 'salah';
export type StepColor = 'green' | 'orange' | 'grey' | 'red';

export interface Step {
  label: string;
  /** What the step means; rendered as `data-tone`. */
  tone: StepTone;
  /** Overrides the tone's colour (the review's current step is orange, the sheets' green). */
  color?: StepColor;
  /** The button's accessible name when its label alone is not enough. */
  ariaLabel?: string;
  disabled?: boolean;
}

const COLORS: Record<StepColor, { background: string; color: string }> = {
  green: { background: '#198754', color: '#fff' },
  orange: { background: '#fd7e14', color: '#fff' },
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

export function StepBar({
  steps,
  onSelect,
  label,
}: {
  steps: Step[];
  onSelect: (index: number) => void;
  label: string;
}) {
  return (
    <nav aria-label={label} className="d-flex flex-wrap gap-2 my-3">
      {steps.map((step, index) => (
        <button
          key={index}
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
          aria-label={step.ariaLabel}
          disabled={step.disabled}
          onClick={() => onSelect(index)}
        >
          {step.label}
        </button>
      ))}
    </nav>
  );
}
