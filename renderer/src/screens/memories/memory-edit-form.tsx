import { useState } from 'react';
import type { Memory } from '../../../../shared/api/index.js';
import { useApi } from '../../lib/api-context.js';
import { errorText } from '../../state/app-store.js';

/** Edits a memory's title, text and details; the host keeps the previous version in history. */
export function MemoryEditForm({ memory, onCancel, onSaved }: { memory: Memory; onCancel(): void; onSaved(m: Memory): void }) {
  const api = useApi();
  const [title, setTitle] = useState(memory.title);
  const [text, setText] = useState(memory.text);
  const [details, setDetails] = useState(memory.details);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save(e: React.FormEvent) {
    e.preventDefault();
    const patch: { title?: string; text?: string; details?: string } = {};
    if (title !== memory.title) patch.title = title;
    if (text !== memory.text) patch.text = text;
    if (details !== memory.details) patch.details = details;
    if (Object.keys(patch).length === 0) return onCancel();
    setBusy(true);
    try {
      const r = await api.call('memories.update', { id: memory.id, patch });
      onSaved(r.memory);
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  }

  return (
    <form className="edit-form col" onSubmit={(e) => void save(e)}>
      <div className="field">
        <label className="field-label" htmlFor="mem-title">
          Title
        </label>
        <input id="mem-title" className="input" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={500} />
      </div>
      <div className="field">
        <label className="field-label" htmlFor="mem-text">
          Text
        </label>
        <textarea id="mem-text" className="textarea" value={text} onChange={(e) => setText(e.target.value)} rows={5} required />
      </div>
      <div className="field">
        <label className="field-label" htmlFor="mem-details">
          Details
        </label>
        <textarea id="mem-details" className="textarea" value={details} onChange={(e) => setDetails(e.target.value)} rows={3} />
      </div>
      {error && (
        <div className="field-error" role="alert">
          {error}
        </div>
      )}
      <div className="row">
        <span className="spacer" />
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy || !text.trim()}>
          Save
        </button>
      </div>
    </form>
  );
}
