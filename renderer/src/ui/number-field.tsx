import { useEffect, useId, useRef, useState } from 'react';

interface NumberFieldProps {
  label: string;
  value: number;
  min: number;
  max: number;
  step?: number;
  unit?: string;
  onCommit(value: number): void;
}

/** A number that is saved when the user leaves the field or presses Enter, and only if it is valid. */
export function NumberField({ label, value, min, max, step = 1, unit, onCommit }: NumberFieldProps) {
  const [draft, setDraft] = useState(String(value));
  const id = useId();
  // True from the first keystroke to the commit: a value that arrives meanwhile (the answer to the
  // previous save, or a change from another window) must not overwrite what the user is typing.
  const editing = useRef(false);
  useEffect(() => {
    if (!editing.current) setDraft(String(value));
  }, [value]);
  const n = Number(draft);
  const valid = draft.trim() !== '' && Number.isFinite(n) && n >= min && n <= max;

  function commit() {
    editing.current = false;
    if (valid && n !== value) onCommit(n);
    else if (!valid) setDraft(String(value));
  }

  return (
    <div className="number-field">
      <label className="sr-only" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input input-number tabular"
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        step={step}
        value={draft}
        aria-invalid={!valid}
        onChange={(e) => {
          editing.current = true;
          setDraft(e.target.value);
        }}
        onBlur={commit}
        onKeyDown={(e) => e.key === 'Enter' && commit()}
      />
      {unit && <span className="unit faint">{unit}</span>}
    </div>
  );
}
