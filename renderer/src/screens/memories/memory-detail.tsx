import { useEffect, useRef, useState } from 'react';
import type { Memory, MemoryHistoryEntry, ProvenanceDetail } from '../../../../shared/api/index.js';
import { useApi } from '../../lib/api-context.js';
import { fmtDateTime, fmtRelative } from '../../lib/format.js';
import { KIND_SINGULAR, tabOf } from '../../lib/kinds.js';
import { hrefFor } from '../../lib/route.js';
import { errorText, useAppStore } from '../../state/app-store.js';
import { Dialog } from '../../ui/dialog.js';
import { EmptyState } from '../../ui/empty-state.js';
import { FrameThumb } from '../../ui/frame-thumb.js';
import { IconAlert, IconChat, IconEdit, IconEye, IconEyeOff, IconHistory, IconLink, IconLock, IconMic, IconTrash } from '../../ui/icons.js';
import { KindChip } from '../../ui/kind-chip.js';

interface Loaded {
  memory: Memory;
  provenance: ProvenanceDetail[];
  history: MemoryHistoryEntry[];
  supersedes: string[];
}

const REVEAL_MS = 30_000;

export function MemoryDetail({ id, onDeleted, onChanged }: { id: string; onDeleted(): void; onChanged(): void }) {
  const api = useApi();
  const toast = useAppStore((s) => s.toast);
  const bumpData = useAppStore((s) => s.bumpData);
  const [data, setData] = useState<Loaded | null>(null);
  const [missing, setMissing] = useState(false);
  const [editing, setEditing] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    let live = true;
    api
      .call('memories.get', { id })
      .then((r) => live && setData(r))
      .catch((e) => {
        if (!live) return;
        if ((e as { code?: string }).code === 'NOT_FOUND') setMissing(true);
        else toast(errorText(e), 'error');
      });
    return () => {
      live = false;
      if (hideTimer.current) clearTimeout(hideTimer.current);
    };
  }, [api, id, toast]);

  if (missing) {
    return (
      <EmptyState icon={<IconAlert size={22} />} title="This memory is gone">
        It was deleted, or forgotten with the moments it came from.
      </EmptyState>
    );
  }
  if (!data) return <div className="detail"><div className="skeleton" style={{ height: 180 }} /></div>;

  const { memory, provenance, history } = data;
  const tab = tabOf(memory);

  async function reveal() {
    try {
      const r = await api.call('memories.reveal', { id });
      setSecret(r.secret);
      if (hideTimer.current) clearTimeout(hideTimer.current);
      hideTimer.current = setTimeout(() => setSecret(null), REVEAL_MS);
    } catch (e) {
      toast(errorText(e), 'error');
    }
  }

  async function remove() {
    setConfirm(false);
    try {
      await api.call('memories.delete', { ids: [id] });
      toast('Memory deleted');
      bumpData();
      onDeleted();
    } catch (e) {
      toast(errorText(e), 'error');
    }
  }

  return (
    <div className="detail" data-testid="memory-detail">
      <div className="row">
        <KindChip kind={tab} />
        <span className="faint">v{memory.version}</span>
        <span className="spacer" />
        {!editing && (
          <>
            <button type="button" className="btn btn-sm btn-ghost" onClick={() => setEditing(true)}>
              <IconEdit size={14} />
              Edit
            </button>
            <button type="button" className="btn btn-sm btn-danger-ghost" onClick={() => setConfirm(true)}>
              <IconTrash size={14} />
              Delete
            </button>
          </>
        )}
      </div>

      {editing ? (
        <EditForm
          memory={memory}
          onCancel={() => setEditing(false)}
          onSaved={(m) => {
            setData({ ...data, memory: m });
            setEditing(false);
            toast('Saved. The previous version is kept in history.');
            onChanged();
            void api.call('memories.get', { id }).then(setData, () => undefined);
          }}
        />
      ) : (
        <>
          <h2 className="detail-title">{memory.title || KIND_SINGULAR[tab]}</h2>
          {memory.text && <p className="detail-text">{memory.text}</p>}
          {tab === 'knowledge_vault' && (
            <div className="vault-secret">
              <IconLock size={15} />
              <span className={`mono grow${secret ? '' : ' masked'}`} data-testid="vault-secret" aria-live="polite">
                {secret ?? (typeof memory.fields['secret'] === 'string' ? (memory.fields['secret'] as string) : '••••••••')}
              </span>
              {secret ? (
                <button type="button" className="btn btn-sm" onClick={() => setSecret(null)}>
                  <IconEyeOff size={14} />
                  Hide
                </button>
              ) : (
                <button type="button" className="btn btn-sm" onClick={() => void reveal()}>
                  <IconEye size={14} />
                  Reveal
                </button>
              )}
            </div>
          )}
          {memory.details && <p className="detail-details muted">{memory.details}</p>}
          <Fields memory={memory} />
        </>
      )}

      <dl className="meta-grid">
        {memory.occurred_at && (
          <>
            <dt>When</dt>
            <dd>
              {fmtDateTime(memory.occurred_at)}
              {memory.ended_at ? ` – ${fmtDateTime(memory.ended_at)}` : ''}
            </dd>
          </>
        )}
        {memory.app && (
          <>
            <dt>App</dt>
            <dd>{memory.app}</dd>
          </>
        )}
        <dt>Learned</dt>
        <dd>{fmtDateTime(memory.created_at)}</dd>
        <dt>Used</dt>
        <dd>
          {memory.access_count === 0 ? 'Not yet' : `${memory.access_count} ${memory.access_count === 1 ? 'time' : 'times'}`}
          {memory.last_accessed_at ? `, last ${fmtRelative(memory.last_accessed_at)}` : ''}
        </dd>
        {memory.superseded_by && (
          <>
            <dt>Replaced by</dt>
            <dd>
              <a href={hrefFor('memories', tab, memory.superseded_by)}>a newer memory</a>
            </dd>
          </>
        )}
      </dl>

      <section className="detail-section" aria-label="Where it came from">
        <h3 className="detail-label">Where it came from</h3>
        {provenance.length === 0 ? (
          <p className="faint">Added by hand or imported; no recorded source.</p>
        ) : (
          <ul className="prov-list">
            {provenance.map((p) => (
              <li key={`${p.source_type}:${p.source_id}`}>
                <ProvenanceRow p={p} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="detail-section" aria-label="History">
        <h3 className="detail-label">
          <IconHistory size={13} /> History
        </h3>
        {history.length === 0 ? (
          <p className="faint">No earlier versions.</p>
        ) : (
          <ol className="history-list">
            {history.map((h) => (
              <li key={h.version}>
                <details>
                  <summary>
                    <span className="badge">v{h.version}</span>
                    <span className="grow truncate">{h.reason || 'Updated'}</span>
                    <span className="faint">{fmtRelative(h.changed_at)}</span>
                  </summary>
                  <div className="history-snapshot">
                    {h.snapshot.title && <strong>{h.snapshot.title}</strong>}
                    <p>{h.snapshot.text}</p>
                  </div>
                </details>
              </li>
            ))}
          </ol>
        )}
      </section>

      {confirm && (
        <Dialog
          title="Delete this memory?"
          tone="danger"
          icon={<IconTrash size={18} />}
          onClose={() => setConfirm(false)}
          footer={
            <>
              <button type="button" className="btn" onClick={() => setConfirm(false)}>
                Cancel
              </button>
              <button type="button" className="btn btn-danger" data-testid="confirm-delete-memory" onClick={() => void remove()}>
                Delete memory
              </button>
            </>
          }
        >
          <p>
            “{memory.title || memory.text.slice(0, 80)}” will be removed from search, the timeline and every answer, with its history. The screens it came
            from stay until you forget them.
          </p>
        </Dialog>
      )}
    </div>
  );
}

function ProvenanceRow({ p }: { p: ProvenanceDetail }) {
  const icon = p.source_type === 'message' ? <IconChat size={16} /> : p.source_type === 'audio' ? <IconMic size={16} /> : null;
  const label = p.source_type === 'message' ? 'Chat message' : p.source_type === 'audio' ? 'Recording' : p.source_type === 'frame' ? 'Screenshot' : 'Screen';
  const body = (
    <>
      {p.frame_id && !p.missing ? (
        <FrameThumb frameId={p.frame_id} alt={p.title ? `Screen: ${p.title}` : 'Screen'} className="prov-thumb" />
      ) : (
        <span className="prov-thumb thumb-placeholder static" aria-hidden="true">
          {icon ?? <IconLink size={16} />}
        </span>
      )}
      <span className="grow">
        <span className="prov-title truncate">{p.missing ? `${label} (since deleted)` : p.title || p.app || label}</span>
        <span className="prov-excerpt clamp-2">{p.excerpt || (p.missing ? 'The source was forgotten or recycled.' : '')}</span>
        <span className="prov-meta faint">
          {label}
          {p.at ? ` · ${fmtDateTime(p.at)}` : ''}
          {p.app && p.title ? ` · ${p.app}` : ''}
        </span>
      </span>
    </>
  );
  if (p.thread_id && !p.missing) {
    return (
      <a className="prov-row" href={hrefFor('chat', p.thread_id)}>
        {body}
      </a>
    );
  }
  if (p.at && !p.missing && p.source_type !== 'message') {
    const d = new Date(p.at);
    const key = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    return (
      <a className="prov-row" href={hrefFor('timeline', key)}>
        {body}
      </a>
    );
  }
  return <div className="prov-row">{body}</div>;
}

function Fields({ memory }: { memory: Memory }) {
  const f = memory.fields;
  const tab = tabOf(memory);
  const rows: [string, React.ReactNode][] = [];
  const str = (k: string) => (typeof f[k] === 'string' && f[k] ? (f[k] as string) : null);
  if (tab === 'core') {
    if (str('label')) rows.push(['Block', str('label')]);
    if (typeof f['limit'] === 'number') rows.push(['Size', `${memory.text.length.toLocaleString()} of ${(f['limit'] as number).toLocaleString()} characters`]);
  }
  if (tab === 'episodic' && str('event_type')) rows.push(['Type', str('event_type')]);
  if (tab === 'semantic' && str('source')) rows.push(['Source', str('source')]);
  if (tab === 'resource') {
    if (str('resource_type')) rows.push(['Type', str('resource_type')]);
    const loc = str('location');
    if (loc) rows.push(['Location', /^https?:\/\//.test(loc) ? <a href={loc} target="_blank" rel="noreferrer noopener">{loc}</a> : <span className="mono">{loc}</span>]);
    if (str('excerpt')) rows.push(['Excerpt', <span className="excerpt">{str('excerpt')}</span>]);
  }
  if (tab === 'knowledge_vault') {
    if (str('entry_type')) rows.push(['Type', str('entry_type')]);
    if (str('sensitivity')) rows.push(['Sensitivity', <span className={`badge ${str('sensitivity') === 'high' ? 'badge-danger' : 'badge-warn'}`}>{str('sensitivity')}</span>]);
    if (str('source')) rows.push(['Seen in', str('source')]);
  }
  if (tab === 'experience') {
    if (str('task')) rows.push(['Task', str('task')]);
    if (str('action')) rows.push(['Action', str('action')]);
    if (str('outcome')) rows.push(['Outcome', <span className={`badge ${str('outcome') === 'success' ? 'badge-ok' : str('outcome') === 'failure' ? 'badge-danger' : 'badge-warn'}`}>{str('outcome')}</span>]);
    if (typeof f['score'] === 'number') rows.push(['Score', (f['score'] as number).toFixed(2)]);
    if (str('reason')) rows.push(['Why', str('reason')]);
  }
  if (tab === 'procedural' || tab === 'experience') {
    const s = typeof f['success_count'] === 'number' ? (f['success_count'] as number) : 0;
    const fl = typeof f['failure_count'] === 'number' ? (f['failure_count'] as number) : 0;
    if (s + fl > 0) rows.push(['Track record', `${s} worked · ${fl} failed`]);
  }
  const steps = Array.isArray(f['steps']) ? (f['steps'] as unknown[]).filter((s): s is string => typeof s === 'string') : [];
  return (
    <>
      {rows.length > 0 && (
        <dl className="meta-grid fields">
          {rows.map(([k, v]) => (
            <div key={k} className="contents">
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      )}
      {steps.length > 0 && (
        <ol className="steps">
          {steps.map((s, i) => (
            <li key={i}>{s}</li>
          ))}
        </ol>
      )}
    </>
  );
}

function EditForm({ memory, onCancel, onSaved }: { memory: Memory; onCancel(): void; onSaved(m: Memory): void }) {
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
