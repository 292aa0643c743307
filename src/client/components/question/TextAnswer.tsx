import { useEffect, useState } from 'react';

/**
 * Short text (types 2 and 5) or essay (type 4). The typed text is kept while typing and handed over on blur,
 * where it is saved.
 */
export function TextAnswer({
  value,
  onSave,
  multiline,
  label,
  placeholder,
}: {
  value: string;
  onSave: (text: string) => void;
  multiline: boolean;
  label: string;
  placeholder: string;
}) {
  const [draft, setDraft] = useState(value);
  // A rollback or a refresh from the server replaces what is shown.
  useEffect(() => setDraft(value), [value]);
  const save = () => {
    if (draft !== value) onSave(draft);
  };
  return multiline ? (
    <textarea
      className="form-control"
      rows={6}
      aria-label={label}
      placeholder={placeholder}
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={save}
    />
  ) : (
    <input
      className="form-control"
      type="text"
      aria-label={label}
      placeholder={placeholder}
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={save}
    />
  );
}
