import type { EntityHistoryEntry } from '../../../../shared/api/index.js';
import { HistoryList, type HistoryItem } from '../../ui/history-list.js';

const BY = { user: 'you', dream: 'consolidation', engram: 'Engram' } as const;

const item = (h: EntityHistoryEntry, i: number): HistoryItem => ({
  key: `${h.changed_at}-${i}`,
  badge: BY[h.by],
  title: h.merged ? `Merged “${h.merged.name}”` : h.reason,
  changedAt: h.changed_at,
  detail: (
    <>
      {h.was && <p>Before: {h.was}</p>}
      {h.merged && (
        <p>
          Folded in: {h.merged.name}
          {h.merged.aliases.length ? ` (also ${h.merged.aliases.join(', ')})` : ''}
        </p>
      )}
      <p className="faint">{h.reason}</p>
    </>
  ),
});

/** An entity's renames, merges and splits, newest first, each with why and by whom (as a memory's history). */
export function EntityHistory({ history }: { history: EntityHistoryEntry[] }) {
  return <HistoryList items={history.map(item)} empty="No changes yet." testId="entity-history" />;
}
