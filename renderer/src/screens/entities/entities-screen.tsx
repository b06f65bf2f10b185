import { useDeferredValue, useEffect, useState } from 'react';
import { ENTITY_KIND_VALUES, type Entity, type EntityKindName } from '../../../../shared/api/index.js';
import { useApi } from '../../lib/api-context.js';
import { fmtRelative } from '../../lib/format.js';
import { hrefFor, navigate } from '../../lib/route.js';
import { errorText, useAppStore } from '../../state/app-store.js';
import { EmptyState } from '../../ui/empty-state.js';
import { IconMemories, IconSearch } from '../../ui/icons.js';
import { EntityPage } from './entity-page.js';
import { KIND_NAME } from './entity-kinds.js';

/** People & projects: the graph's entities with search and a kind filter; the entity page beside. */
export function EntitiesScreen({ entityId }: { entityId: string | null }) {
  const api = useApi();
  const toast = useAppStore((s) => s.toast);
  const dataVersion = useAppStore((s) => s.dataVersion);
  const [query, setQuery] = useState('');
  const [kind, setKind] = useState<EntityKindName | ''>('');
  const deferred = useDeferredValue(query.trim());
  const [items, setItems] = useState<Entity[] | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    api
      .call('entities.list', { query: deferred || undefined, kind: kind || undefined, limit: 200 })
      .then((r) => live && setItems(r.items))
      .catch((e) => live && toast(errorText(e), 'error'));
    return () => {
      live = false;
    };
  }, [api, deferred, kind, dataVersion, version, toast]);

  return (
    <div className="memories-page entities-page">
      <header className="page-header">
        <div className="grow">
          <h1>People &amp; projects</h1>
          <div className="subtitle">Who and what your memories are about</div>
        </div>
        <div className="input-affix mem-search">
          <IconSearch size={15} />
          <input className="input" type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Search names" aria-label="Search people and projects" />
        </div>
        <select className="input" aria-label="Kind" value={kind} onChange={(e) => setKind(e.target.value as EntityKindName | '')}>
          <option value="">All kinds</option>
          {ENTITY_KIND_VALUES.map((k) => (
            <option key={k} value={k}>
              {KIND_NAME[k]}
            </option>
          ))}
        </select>
      </header>
      <div className="split mem-split">
        <div className="pane mem-list-pane">
          {items === null ? (
            <div className="skeleton" style={{ height: 74 }} />
          ) : items.length === 0 ? (
            <EmptyState icon={<IconMemories size={22} />} title={deferred || kind ? 'No matches' : 'Nobody yet'}>
              {deferred || kind ? 'Try other words or another kind.' : 'Engram adds people, projects and places here as it reads your memories.'}
            </EmptyState>
          ) : (
            <ul className="mem-list" aria-label="People and projects" data-testid="entity-list">
              {items.map((e) => (
                <li key={e.id}>
                  <a className="mem-card" href={hrefFor('people', e.id)} aria-current={e.id === entityId ? 'true' : undefined} data-testid="entity-item">
                    <div className="mem-card-title">{e.name}</div>
                    <div className="faint">
                      {KIND_NAME[e.kind]} · {e.mentions} {e.mentions === 1 ? 'moment' : 'moments'} · last seen {fmtRelative(e.last_seen)}
                    </div>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <aside className="pane pane-aside" aria-label="Entity details">
          {entityId ? (
            <EntityPage
              key={entityId}
              id={entityId}
              onChanged={() => setVersion((v) => v + 1)}
              onGone={(next) => {
                setVersion((v) => v + 1);
                if (next) navigate('people', next);
                else navigate('people');
              }}
            />
          ) : (
            <EmptyState icon={<IconMemories size={22} />} title="Pick someone or something">
              See what Engram knows, where it learned it, and correct it.
            </EmptyState>
          )}
        </aside>
      </div>
    </div>
  );
}
