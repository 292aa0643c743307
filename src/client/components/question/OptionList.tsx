import type { HurufOpsi } from '../../../contract';
import { questionText } from '../sheetText';
import { SafeHtml } from './SafeHtml';

export interface QuestionOption {
  letter: HurufOpsi;
  html: string;
}

/** Multiple choice (type 1): one radio per option, the chosen one highlighted. The radios share a name, so the
 * arrow keys move between them; each is named "Pilihan A" and described by its option text. */
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
  onChoose: (letter: HurufOpsi) => void;
  disabled?: boolean;
}) {
  return (
    <div className="list-group" role="radiogroup" aria-label={questionText.pilihanJawaban}>
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
              aria-describedby={`${id}-text`}
              onChange={() => onChoose(letter)}
            />
            <span className="fw-semibold">{letter}.</span>
            <SafeHtml html={html} as="span" id={`${id}-text`} />
          </label>
        );
      })}
    </div>
  );
}
