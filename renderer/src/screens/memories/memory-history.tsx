import type { MemoryHistoryEntry } from '../../../../shared/api/index.js';
import { HistoryList, type HistoryItem } from '../../ui/history-list.js';

const item = (h: MemoryHistoryEntry): HistoryItem => ({
  key: String(h.version),
  badge: `v${h.version}`,
  title: h.reason || 'Updated',
  changedAt: h.changed_at,
  detail: (
    <>
      {h.snapshot.title && <strong>{h.snapshot.title}</strong>}
      <p>{h.snapshot.text}</p>
    </>
  ),
});

/** A memory's earlier versions, newest first, each with why it changed. */
export function MemoryHistory({ history }: { history: MemoryHistoryEntry[] }) {
  return <HistoryList items={history.map(item)} empty="No earlier versions." />;
}
