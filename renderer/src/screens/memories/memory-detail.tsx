import { useEffect, useRef, useState } from 'react';
import type { Memory } from '../../../../shared/api/index.js';
import { useApi } from '../../lib/api-context.js';
import { fmtDateTime, fmtRelative } from '../../lib/format.js';
import { KIND_SINGULAR, tabOf } from '../../lib/kinds.js';
import { recordUse, takeOpenVia, type OpenVia } from '../../lib/memory-use.js';
import { hrefFor } from '../../lib/route.js';
import { errorText, useAppStore } from '../../state/app-store.js';
import { Dialog } from '../../ui/dialog.js';
import { EmptyState } from '../../ui/empty-state.js';
import { IconAlert, IconEdit, IconTrash } from '../../ui/icons.js';
import { KindChip } from '../../ui/kind-chip.js';
import { MemoryEditForm } from './memory-edit-form.js';
import { MemoryFields } from './memory-fields.js';
import { MemoryHistory } from './memory-history.js';
import { MemoryProvenance } from './memory-provenance.js';
import { useMemory } from './use-memory.js';
import { VaultSecret } from './vault-secret.js';

export function MemoryDetail({ id, via, onDeleted, onChanged }: { id: string; via: OpenVia; onDeleted(): void; onChanged(): void }) {
  const api = useApi();
  const toast = useAppStore((s) => s.toast);
  const bumpData = useAppStore((s) => s.bumpData);
  const { data, missing, setData, reload } = useMemory(id);
  const [editing, setEditing] = useState(false);
  const [confirm, setConfirm] = useState(false);
  // Opening is a use, counted once per open (not again on reloads or edits), under how it was reached.
  const counted = useRef<string | null>(null);
  useEffect(() => {
    if (counted.current === id) return;
    counted.current = id;
    const how = takeOpenVia(id) ?? via;
    if (how !== 'counted') recordUse(api, id, how);
  }, [api, id]);

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

  async function restore() {
    try {
      await api.call('memories.restore', { ids: [id] });
      toast('Restored. It shows in search and answers again.');
      bumpData();
      onChanged();
      reload();
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
            {memory.archived_at && (
              <button type="button" className="btn btn-sm" data-testid="restore-memory" onClick={() => void restore()}>
                Restore
              </button>
            )}
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
        <MemoryEditForm
          memory={memory}
          onCancel={() => setEditing(false)}
          onSaved={(m) => {
            setData({ ...data, memory: m });
            setEditing(false);
            toast('Saved. The previous version is kept in history.');
            onChanged();
            reload();
          }}
        />
      ) : (
        <>
          <h2 className="detail-title">{memory.title || KIND_SINGULAR[tab]}</h2>
          {memory.text && <p className="detail-text">{memory.text}</p>}
          {tab === 'knowledge_vault' && <VaultSecret memory={memory} />}
          {memory.details && <p className="detail-details muted">{memory.details}</p>}
          <MemoryFields memory={memory} />
        </>
      )}

      <MemoryFacts memory={memory} />
      {data.entities && data.entities.length > 0 && (
        <nav className="tag-list" aria-label="People and projects in this memory" data-testid="memory-entities">
          {data.entities.map((e) => (
            <a key={e.id} className="chip" href={hrefFor('people', e.id)}>
              {e.name}
            </a>
          ))}
        </nav>
      )}
      <MemoryProvenance provenance={provenance} query={tab === 'knowledge_vault' ? '' : memory.title} />
      <MemoryHistory history={history} />

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

/** When it happened, in which app, when it was learned and used, and what replaced it. */
function MemoryFacts({ memory }: { memory: Memory }) {
  const tab = tabOf(memory);
  return (
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
      {memory.archived_at && (
        <>
          <dt>Archived</dt>
          <dd data-testid="memory-archived-at">{fmtDateTime(memory.archived_at)}, left out of search until restored</dd>
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
  );
}
