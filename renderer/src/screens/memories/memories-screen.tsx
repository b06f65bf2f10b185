import { useDeferredValue, useEffect, useState } from 'react';
import type { ApiClient, Memory, MemoryMatch, MemoryTab } from '../../../../shared/api/index.js';
import { MemoryTabSchema } from '../../../../shared/api/index.js';
import { useApi } from '../../lib/api-context.js';
import { fmtDateTime, fmtRelative } from '../../lib/format.js';
import { KIND_DESCRIPTION, KIND_LABEL, tabOf } from '../../lib/kinds.js';
import { momentHref } from '../../lib/moment-link.js';
import { hrefFor, navigate } from '../../lib/route.js';
import { useSavedToggle } from '../../lib/use-saved-toggle.js';
import { errorText, useAppStore } from '../../state/app-store.js';
import { EmptyState } from '../../ui/empty-state.js';
import { IconLock, IconMemories, IconMonitor, IconSearch, IconSparkles } from '../../ui/icons.js';
import { Marked } from '../../ui/marked-text.js';
import { ConsolidateDialog } from './consolidate-dialog.js';
import { MemoryDetail } from './memory-detail.js';
import { MemoryTabs } from './memory-tabs.js';
import { WhatWorked } from './what-worked.js';

const PAGE = 100;

export function MemoriesScreen({ tab: tabParam, memoryId }: { tab: string | null; memoryId: string | null }) {
  const api = useApi();
  const info = useAppStore((s) => s.info);
  const toast = useAppStore((s) => s.toast);
  const dataVersion = useAppStore((s) => s.dataVersion);
  const parsed = MemoryTabSchema.safeParse(tabParam);
  const tab: MemoryTab = parsed.success ? parsed.data : 'episodic';
  const [counts, setCounts] = useState<Partial<Record<MemoryTab, number>>>({});
  const [items, setItems] = useState<Memory[] | null>(null);
  const [matches, setMatches] = useState<Record<string, MemoryMatch>>({});
  const [total, setTotal] = useState(0);
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query.trim());
  const [version, setVersion] = useState(0);
  const changed = useMemoryChanges(api);
  const [reviewing, setReviewing] = useState(false);
  // Archived memories stay out of search; the user can still look at them and bring them back.
  // The choice is kept across reloads, as a view setting.
  const [showArchived, setShowArchived] = useSavedToggle('engram.memories.showArchived');
  const includeArchived = showArchived || undefined;

  useEffect(() => {
    api
      .call('memories.counts', {})
      .then((r) => setCounts(r.counts))
      .catch(() => undefined);
  }, [api, dataVersion, version, changed]);

  useEffect(() => {
    let live = true;
    setItems(null);
    api
      .call('memories.list', { tab, query: deferredQuery || undefined, limit: PAGE, offset: 0, include_archived: includeArchived })
      .then((r) => {
        if (!live) return;
        setItems(r.items);
        setMatches(r.matches ?? {});
        setTotal(r.total);
      })
      .catch((e) => live && toast(errorText(e), 'error'));
    return () => {
      live = false;
    };
  }, [api, tab, deferredQuery, dataVersion, version, changed, toast, includeArchived]);

  async function loadMore() {
    if (!items) return;
    try {
      const r = await api.call('memories.list', { tab, query: deferredQuery || undefined, limit: PAGE, offset: items.length, include_archived: includeArchived });
      setItems([...items, ...r.items]);
      setMatches((m) => ({ ...m, ...r.matches }));
    } catch (e) {
      toast(errorText(e), 'error');
    }
  }

  const allCount = Object.entries(counts).reduce((a, [k, n]) => (k === 'experience' ? a : a + (n ?? 0)), 0);

  return (
    <div className="memories-page">
      <header className="page-header">
        <div className="grow">
          <h1>Memories</h1>
          <div className="subtitle">{allCount ? `${allCount.toLocaleString()} memories, encrypted on this computer` : 'What Engram has learned'}</div>
        </div>
        <div className="input-affix mem-search">
          <IconSearch size={15} />
          <input
            className="input"
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={`Search ${KIND_LABEL[tab].toLowerCase()}`}
            aria-label={`Search ${KIND_LABEL[tab]}`}
          />
        </div>
        <label className="row mem-archived-toggle">
          <input type="checkbox" checked={showArchived} onChange={(e) => setShowArchived(e.target.checked)} />
          Show archived
        </label>
        {info?.features.consolidation && (
          <button type="button" className="btn" onClick={() => setReviewing(true)}>
            <IconSparkles size={15} />
            Consolidate
          </button>
        )}
      </header>
      {reviewing && <ConsolidateDialog onClose={() => setReviewing(false)} />}

      <MemoryTabs tab={tab} counts={counts} />

      <div className="split mem-split" id="memories-panel" role="tabpanel" aria-labelledby={`tab-${tab}`}>
        <div className="pane mem-list-pane">
          <p className="kind-intro faint">{KIND_DESCRIPTION[tab]}</p>
          {items === null ? (
            <div className="mem-list">
              {Array.from({ length: 5 }, (_, i) => (
                <div key={i} className="skeleton" style={{ height: 74 }} />
              ))}
            </div>
          ) : items.length === 0 ? (
            <EmptyState icon={tab === 'knowledge_vault' ? <IconLock size={22} /> : <IconMemories size={22} />} title={deferredQuery ? 'No matches' : `No ${KIND_LABEL[tab].toLowerCase()} yet`}>
              {deferredQuery ? 'Try other words.' : 'Engram adds memories here as it sees your screen and as you chat.'}
            </EmptyState>
          ) : (
            <ul className="mem-list" aria-label={KIND_LABEL[tab]} data-testid="memory-list">
              {items.map((m) => (
                <li key={m.id}>
                  <MemoryCard memory={m} active={m.id === memoryId} match={deferredQuery ? matches[m.id] : undefined} />
                  {deferredQuery && matches[m.id]?.observation_id && (
                    <a className="mem-card-moment" href={momentHref(matches[m.id]!.observation_id!, deferredQuery)} data-testid="memory-hit-moment">
                      <IconMonitor size={13} />
                      See it on screen
                    </a>
                  )}
                </li>
              ))}
              {items.length < total && (
                <li className="load-more">
                  <button type="button" className="btn btn-sm" onClick={() => void loadMore()}>
                    Show more ({(total - items.length).toLocaleString()} left)
                  </button>
                </li>
              )}
            </ul>
          )}
        </div>
        <aside className="pane pane-aside" aria-label="Memory details">
          {memoryId ? (
            <MemoryDetail
              key={memoryId}
              id={memoryId}
              via={deferredQuery ? 'search' : 'open'}
              onDeleted={() => {
                navigate('memories', tab);
                setVersion((v) => v + 1);
              }}
              onChanged={() => setVersion((v) => v + 1)}
            />
          ) : tab === 'experience' ? (
            <WhatWorked />
          ) : (
            <EmptyState icon={<IconMemories size={22} />} title="Pick a memory">
              See where it came from, how it changed, and edit or delete it.
            </EmptyState>
          )}
        </aside>
      </div>
    </div>
  );
}

/** A counter that moves a little after agents write memories (at most once per 1.2 s): the list stays live. */
function useMemoryChanges(api: ApiClient): number {
  const [changed, setChanged] = useState(0);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const off = api.on('memory.changed', () => {
      if (!timer) timer = setTimeout(() => ((timer = null), setChanged((v) => v + 1)), 1200);
    });
    return () => {
      off();
      if (timer) clearTimeout(timer);
    };
  }, [api]);
  return changed;
}

function MemoryCard({ memory, active, match }: { memory: Memory; active: boolean; match?: MemoryMatch }) {
  const tab = tabOf(memory);
  const when = memory.occurred_at ?? memory.created_at;
  const outcome = typeof memory.fields['outcome'] === 'string' ? (memory.fields['outcome'] as string) : null;
  return (
    <a className={`mem-card kind-${tab}${memory.archived_at ? ' mem-card-archived' : ''}`} href={hrefFor('memories', tab, memory.id)} aria-current={active ? 'true' : undefined} data-testid="memory-card" data-memory-id={memory.id}>
      <span className="mem-card-bar" aria-hidden="true" />
      <span className="grow">
        <span className="mem-card-title truncate">{memory.title || memory.text}</span>
        {memory.title && <span className="mem-card-text clamp-2">{tab === 'knowledge_vault' ? memory.text || '••••••••' : memory.text}</span>}
        {match && <MatchSnippet match={match} />}
        <span className="mem-card-meta">
          {fmtRelative(when)}
          {memory.app && ` · ${memory.app}`}
          {outcome && <span className={`badge ${outcome === 'success' ? 'badge-ok' : outcome === 'failure' ? 'badge-danger' : 'badge-warn'}`}>{outcome}</span>}
          {memory.archived_at && (
            <span className="badge" data-testid="archived-badge" title={`Archived ${fmtDateTime(memory.archived_at)}: unused for a long time, left out of search`}>
              archived
            </span>
          )}
          {tab === 'knowledge_vault' && (
            <span className="badge">
              <IconLock size={10} /> masked
            </span>
          )}
        </span>
      </span>
    </a>
  );
}

/** Where a searched memory matched: the words marked, and for screen text the window and time it was seen. */
function MatchSnippet({ match }: { match: MemoryMatch }) {
  return (
    <span className="mem-card-snippet clamp-3" data-testid="memory-snippet">
      <Marked text={match.text} />
      {match.source === 'screen' && (
        <span className="mem-card-seen faint">
          {' '}
          — seen{match.where ? ` on “${match.where}”` : ' on screen'}
          {match.seen_at ? `, ${fmtDateTime(match.seen_at)}` : ''}
        </span>
      )}
    </span>
  );
}
