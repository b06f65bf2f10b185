import type { ReactNode } from 'react';
import { fmtRelative } from '../lib/format.js';
import { IconHistory } from './icons.js';

export interface HistoryItem {
  key: string;
  /** Which version, or who made the change. */
  badge: string;
  /** What changed, in one line. */
  title: string;
  changedAt: string;
  /** What it was before, shown when the entry is opened. */
  detail: ReactNode;
}

/** A record's changes, newest first, each opened for what it was and why (a memory's, an entity's). */
export function HistoryList({ items, empty, testId }: { items: HistoryItem[]; empty: string; testId?: string }) {
  return (
    <section className="detail-section" aria-label="History" data-testid={testId}>
      <h3 className="detail-label">
        <IconHistory size={13} /> History
      </h3>
      {items.length === 0 ? (
        <p className="faint">{empty}</p>
      ) : (
        <ol className="history-list">
          {items.map((h) => (
            <li key={h.key}>
              <details>
                <summary>
                  <span className="badge">{h.badge}</span>
                  <span className="grow truncate">{h.title}</span>
                  <span className="faint">{fmtRelative(h.changedAt)}</span>
                </summary>
                <div className="history-snapshot">{h.detail}</div>
              </details>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
