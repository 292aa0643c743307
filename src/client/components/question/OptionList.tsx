import type { OptionLetter } from './answered';
import { SafeHtml } from './SafeHtml';

export interface QuestionOption {
  letter: OptionLetter;
  html: string;
}

/** Multiple choice (type 1): one radio per option, the chosen one highlighted. */
export function OptionList({
  name,
  options,
  chosen,
  onChoose,
  disabled,
}: {
  name: string;
  options: QuestionOption[];
  chosen: string;
  onChoose: (letter: OptionLetter) => void;
  disabled?: boolean;
}) {
  return (
    <div className="list-group" role="radiogroup">
      {options.map(({ letter, html }) => {
        const id = `${name}-${letter}`;
        const selected = chosen === letter;
        return (
          <label
            key={letter}
            htmlFor={id}
            className={`list-group-item d-flex gap-2 ${selected ? 'active' : ''}`}
          >
            <input
              id={id}
              className="form-check-input flex-shrink-0"
              type="radio"
              name={name}
              value={letter}
              checked={selected}
              disabled={disabled}
              aria-label={`Pilihan ${letter}`}
              onChange={() => onChoose(letter)}
            />
            <span className="fw-semibold">{letter}.</span>
            <SafeHtml html={html} as="span" />
          </label>
        );
      })}
    </div>
  );
}
