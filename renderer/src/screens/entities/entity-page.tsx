import { useState } from 'react';
import type { Entity, EntityFact, EntityHistoryEntry, EntityMoment } from '../../../../shared/api/index.js';
import { useLoaded } from '../../lib/use-loaded.js';
import { fmtDateTime } from '../../lib/format.js';
import { markOpenVia } from '../../lib/memory-use.js';
import { hrefFor } from '../../lib/route.js';
import { useAppStore } from '../../state/app-store.js';
import { EmptyState } from '../../ui/empty-state.js';
import { IconAlert, IconEdit, IconTrash } from '../../ui/icons.js';
import { EntityHistory } from './entity-history.js';
import { KIND_NAME } from './entity-kinds.js';
import { DeleteEntityDialog, MergeEntityDialog, RenameEntityDialog, SplitAliasDialog } from './entity-dialogs.js';

interface Loaded {
  entity: Entity;
  facts: EntityFact[];
  moments: EntityMoment[];
  history: EntityHistoryEntry[];
}

type Editing = 'rename' | 'merge' | 'split' | 'delete' | null;

const memoryHref = (kind: string, id: string) => hrefFor('memories', kind, id);

/** One entity: what Engram knows, the facts with their sources, the moments it appears in, and corrections. */
export function EntityPage({ id, onChanged, onGone }: { id: string; onChanged(): void; onGone(next: string | null): void }) {
  const toast = useAppStore((s) => s.toast);
  const { data, missing, reload } = useLoaded<Loaded>(id, (api) => api.call('entities.get', { id }));
  const [editing, setEditing] = useState<Editing>(null);

  if (missing) {
    return (
      <EmptyState icon={<IconAlert size={22} />} title="This entry is gone">
        It was deleted or merged into another. The memories that mentioned it stay.
      </EmptyState>
    );
  }
  if (!data) return <div className="detail"><div className="skeleton" style={{ height: 180 }} /></div>;
  const { entity, facts, moments, history } = data;
  const kindOf = new Map(moments.map((m) => [m.memory_id, m.kind]));
  const done = (msg: string) => {
    setEditing(null);
    toast(msg);
    onChanged();
    reload();
  };

  return (
    <div className="detail" data-testid="entity-page">
      <div className="row">
        <span className="chip">{KIND_NAME[entity.kind]}</span>
        <span className="spacer" />
        <button type="button" className="btn btn-sm btn-ghost" onClick={() => setEditing('rename')}>
          <IconEdit size={14} />
          Rename
        </button>
        <button type="button" className="btn btn-sm btn-ghost" onClick={() => setEditing('merge')}>
          Merge…
        </button>
        {entity.aliases.length > 0 && (
          <button type="button" className="btn btn-sm btn-ghost" onClick={() => setEditing('split')}>
            Split alias…
          </button>
        )}
        <button type="button" className="btn btn-sm btn-danger-ghost" onClick={() => setEditing('delete')}>
          <IconTrash size={14} />
          Delete
        </button>
      </div>
      <h2 className="detail-title" data-testid="entity-name">{entity.name}</h2>
      {entity.summary && <p className="detail-text">{entity.summary}</p>}
      <dl className="meta-grid">
        <dt>Also called</dt>
        <dd data-testid="entity-aliases">{entity.aliases.length ? entity.aliases.join(', ') : '—'}</dd>
        <dt>First seen</dt>
        <dd>{fmtDateTime(entity.first_seen)}</dd>
        <dt>Last seen</dt>
        <dd>{fmtDateTime(entity.last_seen)}</dd>
      </dl>

      <section aria-labelledby="entity-facts-h">
        <h3 id="entity-facts-h">What Engram knows</h3>
        {facts.length === 0 ? (
          <p className="faint">No facts yet, only mentions.</p>
        ) : (
          <ul className="entity-facts" data-testid="entity-facts">
            {facts.map((f) => (
              <li key={f.id}>
                {f.statement}
                {f.participants.filter((p) => p.entity_id !== entity.id).map((p) => (
                  <a key={p.entity_id} className="chip" href={hrefFor('people', p.entity_id)}>
                    {p.name}
                  </a>
                ))}
                <span className="faint">
                  {' '}
                  from{' '}
                  {f.sources.map((s, i) => (
                    <a key={s} href={memoryHref(kindOf.get(s) ?? 'semantic', s)} onClick={() => markOpenVia(s, 'graph')}>
                      {`memory ${i + 1}`}
                      {i < f.sources.length - 1 ? ', ' : ''}
                    </a>
                  ))}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="entity-moments-h">
        <h3 id="entity-moments-h">Moments ({moments.length})</h3>
        <ol className="entity-moments" data-testid="entity-moments">
          {moments.map((m) => (
            <li key={m.memory_id}>
              <time dateTime={m.at} className="faint">{fmtDateTime(m.at)}</time>{' '}
              <a href={memoryHref(m.kind, m.memory_id)} onClick={() => markOpenVia(m.memory_id, 'graph')}>{m.title || m.snippet.slice(0, 80) || 'a memory'}</a>
              {m.title && m.snippet && <div className="muted">{m.snippet}</div>}
            </li>
          ))}
        </ol>
      </section>

      <EntityHistory history={history} />

      {editing === 'rename' && <RenameEntityDialog entity={entity} onClose={() => setEditing(null)} onDone={() => done('Renamed. The old name stays as an alias.')} />}
      {editing === 'split' && (
        <SplitAliasDialog
          entity={entity}
          onClose={() => setEditing(null)}
          onDone={(other) => {
            done(`“${other.name}” is now an entry of its own.`);
          }}
        />
      )}
      {editing === 'merge' && <MergeEntityDialog entity={entity} onClose={() => setEditing(null)} onDone={(e) => done(`Merged into ${e.name}.`)} />}
      {editing === 'delete' && (
        <DeleteEntityDialog
          entity={entity}
          onClose={() => setEditing(null)}
          onDone={() => {
            setEditing(null);
            toast(`${entity.name} deleted. The memories stay.`);
            onGone(null);
          }}
        />
      )}
    </div>
  );
}
