import { useEffect, useState } from 'react';
import type { ConsolidationChangeDto, ConsolidationKind, RequestOutput } from '../../../../shared/api/index.js';
import { useApi } from '../../lib/api-context.js';
import { KIND_LABEL, MEMORY_TABS } from '../../lib/kinds.js';
import { errorText, useAppStore } from '../../state/app-store.js';
import { Dialog } from '../../ui/dialog.js';
import { IconSparkles } from '../../ui/icons.js';

const KIND_CHOICES: { kind: ConsolidationKind; label: string }[] = [...MEMORY_TABS.map((t) => ({ kind: t as ConsolidationKind, label: KIND_LABEL[t] })), { kind: 'entities', label: 'People and things' }];

const ACTION_LABEL: Record<ConsolidationChangeDto['action'], string> = {
  merge: 'Merge',
  supersede: 'Newer replaces older',
  rollup: 'Summarise',
  compress: 'Tidy',
  rewrite: 'Rewrite',
  distill: 'New how-to',
  entity_merge: 'Same person or thing',
};

function toggle<T>(set: Set<T>, v: T): Set<T> {
  const next = new Set(set);
  if (next.has(v)) next.delete(v);
  else next.add(v);
  return next;
}

type Preview = RequestOutput<'consolidation.preview'> & { created_at?: string };

/**
 * Consolidation you review: choose the kinds, see every change a dry run proposes (what goes, what
 * stands afterwards), and apply only the ones you accept. Nothing changes before Apply.
 */
export function ConsolidateDialog({ onClose }: { onClose(): void }) {
  const api = useApi();
  const toast = useAppStore((s) => s.toast);
  const bumpData = useAppStore((s) => s.bumpData);
  const [kinds, setKinds] = useState<Set<ConsolidationKind>>(() => new Set(KIND_CHOICES.map((c) => c.kind)));
  const [preview, setPreview] = useState<Preview | null>(null);
  const [accepted, setAccepted] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // A dry run not yet applied or discarded is kept across restarts: the dialog opens on it.
  useEffect(() => {
    let live = true;
    api.call('consolidation.pending', {}).then(
      (r) => {
        if (live && r.pending) setPreview((p) => p ?? r.pending);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [api]);

  /** One step at a time: the buttons wait, and a refusal shows in the dialog's one error line. */
  async function step(work: () => Promise<void>, keepBusy = false): Promise<void> {
    setBusy(true);
    setError(null);
    try {
      await work();
      if (!keepBusy) setBusy(false);
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  }

  const discard = () =>
    step(async () => {
      if (!preview) return;
      await api.call('consolidation.discard', { preview_id: preview.preview_id });
      setPreview(null);
      setAccepted(new Set());
    });

  const look = () =>
    step(async () => {
      setPreview(await api.call('consolidation.preview', { kinds: [...kinds] }));
      setAccepted(new Set());
    });

  // Applied: the dialog closes, so the buttons stay waiting until it does.
  const apply = () =>
    step(async () => {
      if (!preview) return;
      const r = await api.call('consolidation.apply', { preview_id: preview.preview_id, accept: [...accepted] });
      toast(`Consolidation ${r.summary}.`);
      bumpData();
      onClose();
    }, true);

  return (
    <Dialog
      title="Consolidate memories"
      icon={<IconSparkles size={18} />}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          {preview && (
            <button type="button" className="btn" onClick={() => void discard()} disabled={busy}>
              Discard dry run
            </button>
          )}
          {preview ? (
            <button type="button" className="btn btn-primary" onClick={() => void apply()} disabled={busy || accepted.size === 0}>
              {busy ? 'Applying…' : `Apply ${accepted.size} accepted`}
            </button>
          ) : (
            <button type="button" className="btn btn-primary" onClick={() => void look()} disabled={busy || kinds.size === 0}>
              {busy ? 'Looking…' : 'Find changes'}
            </button>
          )}
        </>
      }
    >
      {!preview ? (
        <fieldset className="consolidate-kinds">
          <legend>Look for duplicates, conflicts and old episodes to summarise in:</legend>
          {KIND_CHOICES.map((c) => (
            <label key={c.kind} className="consolidate-check">
              <input type="checkbox" checked={kinds.has(c.kind)} onChange={() => setKinds((k) => toggle(k, c.kind))} />
              {c.label}
            </label>
          ))}
          <p className="faint">Nothing changes until you accept the changes found and press Apply.</p>
        </fieldset>
      ) : preview.changes.length === 0 ? (
        <p data-testid="consolidate-nothing">Nothing to consolidate in the kinds chosen.</p>
      ) : (
        <div className="consolidate-review">
          <div className="consolidate-bar">
            <span>
              {preview.changes.length} proposed {preview.changes.length === 1 ? 'change' : 'changes'}
            </span>
            <button type="button" className="btn btn-sm" onClick={() => setAccepted(new Set(preview.changes.map((c) => c.id)))}>
              Accept all
            </button>
            <button type="button" className="btn btn-sm" onClick={() => setAccepted(new Set())}>
              Accept none
            </button>
          </div>
          {preview.created_at && <p className="faint" data-testid="consolidate-kept">From the dry run of {new Date(preview.created_at).toLocaleString()}, kept until you apply or discard it.</p>}
          {preview.review_error && <p className="faint">{preview.review_error}</p>}
          <ul className="consolidate-changes" aria-label="Proposed changes">
            {preview.changes.map((c) => (
              <ChangeItem key={c.id} change={c} accepted={accepted.has(c.id)} onToggle={() => setAccepted((a) => toggle(a, c.id))} />
            ))}
          </ul>
        </div>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}

/** One proposed change: accept it or not, and see what goes (−) and what stands afterwards (+). */
function ChangeItem({ change: c, accepted, onToggle }: { change: ConsolidationChangeDto; accepted: boolean; onToggle(): void }) {
  return (
    <li data-testid="consolidate-change" data-change-id={c.id}>
      <label className="consolidate-check">
        <input type="checkbox" checked={accepted} onChange={onToggle} aria-label={`Accept: ${ACTION_LABEL[c.action]} — ${c.reason}`} />
        <strong>{ACTION_LABEL[c.action]}</strong>
        <span className="faint"> · {c.kind === 'entity' ? 'people and things' : KIND_LABEL[c.kind].toLowerCase()} · {c.source === 'model' ? 'proposed by the model' : c.reason}</span>
      </label>
      {c.source === 'model' && <div className="faint">{c.reason}</div>}
      <ul className="consolidate-diff">
        {c.before.map((b) => (
          <li key={b.id} className="diff-before">
            <span aria-hidden="true">− </span>
            <span className="diff-title">{b.title}</span>
            {b.text && b.text !== b.title && <span className="faint"> — {b.text}</span>}
          </li>
        ))}
        {c.after && (
          <li className="diff-after">
            <span aria-hidden="true">+ </span>
            <span className="diff-title">{c.after.title}</span>
            {c.after.text && c.after.text !== c.after.title && <span className="faint"> — {c.after.text}</span>}
          </li>
        )}
      </ul>
    </li>
  );
}
