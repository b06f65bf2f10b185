import type { MemoryHistoryEntry } from '../../../../shared/api/index.js';
import { fmtRelative } from '../../lib/format.js';
import { IconHistory } from '../../ui/icons.js';

/** A memory's earlier versions, newest first, each with why it changed. */
export function MemoryHistory({ history }: { history: MemoryHistoryEntry[] }) {
  return (
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
  );
}
