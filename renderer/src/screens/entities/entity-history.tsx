import type { EntityHistoryEntry } from '../../../../shared/api/index.js';
import { fmtRelative } from '../../lib/format.js';
import { IconHistory } from '../../ui/icons.js';

const BY = { user: 'you', dream: 'consolidation', engram: 'Engram' } as const;

/** An entity's renames, merges and splits, newest first, each with why and by whom (as a memory's history). */
export function EntityHistory({ history }: { history: EntityHistoryEntry[] }) {
  return (
    <section className="detail-section" aria-label="History" data-testid="entity-history">
      <h3 className="detail-label">
        <IconHistory size={13} /> History
      </h3>
      {history.length === 0 ? (
        <p className="faint">No changes yet.</p>
      ) : (
        <ol className="history-list">
          {history.map((h, i) => (
            <li key={`${h.changed_at}-${i}`}>
              <details>
                <summary>
                  <span className="badge">{BY[h.by]}</span>
                  <span className="grow truncate">{h.merged ? `Merged “${h.merged.name}”` : h.reason}</span>
                  <span className="faint">{fmtRelative(h.changed_at)}</span>
                </summary>
                <div className="history-snapshot">
                  {h.was && <p>Before: {h.was}</p>}
                  {h.merged && (
                    <p>
                      Folded in: {h.merged.name}
                      {h.merged.aliases.length ? ` (also ${h.merged.aliases.join(', ')})` : ''}
                    </p>
                  )}
                  <p className="faint">{h.reason}</p>
                </div>
              </details>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
