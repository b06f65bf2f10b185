import { useId, useState } from 'react';
import { IconPlus, IconX } from './icons.js';

interface TagListProps {
  label: string;
  hint?: string;
  values: string[];
  placeholder: string;
  onChange(values: string[]): Promise<boolean> | void;
  /** Checks one new entry; returns an error line or null. */
  validate?(value: string): string | null;
  mono?: boolean;
}

/** An editable list of short values (apps, patterns): chips with a remove button and an add field. */
export function TagList({ label, hint, values, placeholder, onChange, validate, mono }: TagListProps) {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  async function add() {
    const v = draft.trim();
    if (!v) return;
    if (values.some((x) => x.toLowerCase() === v.toLowerCase())) {
      setError('Already in the list.');
      return;
    }
    const err = validate?.(v) ?? null;
    if (err) {
      setError(err);
      return;
    }
    const ok = await onChange([...values, v]);
    if (ok !== false) {
      setDraft('');
      setError(null);
    }
  }

  return (
    <div className="field tag-field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {hint && <div className="field-hint">{hint}</div>}
      <ul className="tags" aria-label={label}>
        {values.map((v) => (
          <li key={v} className={`tag${mono ? ' mono' : ''}`}>
            <span className="truncate">{v}</span>
            <button type="button" aria-label={`Remove ${v}`} onClick={() => void onChange(values.filter((x) => x !== v))}>
              <IconX size={12} />
            </button>
          </li>
        ))}
        {values.length === 0 && <li className="faint tags-empty">None</li>}
      </ul>
      <div className="row">
        <input
          id={id}
          className={`input${mono ? ' mono' : ''}`}
          value={draft}
          placeholder={placeholder}
          aria-invalid={!!error}
          onChange={(e) => (setDraft(e.target.value), setError(null))}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void add();
            }
          }}
        />
        <button type="button" className="btn" onClick={() => void add()} disabled={!draft.trim()}>
          <IconPlus size={14} />
          Add
        </button>
      </div>
      {error && (
        <div className="field-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
