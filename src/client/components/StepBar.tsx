/** Numbered round step buttons (spec §2 answer sheets and reviews). */
export type StepTone = 'current' | 'answered' | 'idle' | 'right' | 'wrong';

export interface Step {
  label: string;
  tone: StepTone;
  disabled?: boolean;
}

/** Orange answered, green current, grey otherwise; reviews use green right and red wrong. */
const TONE_COLORS: Record<StepTone, { background: string; color: string }> = {
  current: { background: '#198754', color: '#fff' },
  answered: { background: '#fd7e14', color: '#fff' },
  idle: { background: '#dee2e6', color: '#212529' },
  right: { background: '#198754', color: '#fff' },
  wrong: { background: '#dc3545', color: '#fff' },
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
          style={{ width: 40, height: 40, ...TONE_COLORS[step.tone], opacity: step.disabled ? 0.55 : 1 }}
          data-tone={step.tone}
          aria-current={step.tone === 'current' ? 'step' : undefined}
          disabled={step.disabled}
          onClick={() => onSelect(index)}
        >
          {step.label}
        </button>
      ))}
    </nav>
  );
}
