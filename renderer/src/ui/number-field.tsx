import { useId } from 'react';
import { useDraft } from './use-draft.js';

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
  const { draft, edit, done, reset } = useDraft(String(value));
  const id = useId();
  const n = Number(draft);
  const valid = draft.trim() !== '' && Number.isFinite(n) && n >= min && n <= max;

  function commit() {
    if (!valid) return reset();
    done();
    if (n !== value) onCommit(n);
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
        onChange={(e) => edit(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => e.key === 'Enter' && commit()}
      />
      {unit && <span className="unit faint">{unit}</span>}
    </div>
  );
}
