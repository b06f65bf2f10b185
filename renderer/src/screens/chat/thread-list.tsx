import type { ChatThread } from '../../../../shared/api/index.js';
import { fmtRelative } from '../../lib/format.js';
import { IconPlus, IconTrash } from '../../ui/icons.js';

/** The conversations, newest first, each a link with a delete button, and a New button. */
export function ThreadList({ threads, current, onDelete }: { threads: ChatThread[] | null; current: string | null; onDelete(id: string): void }) {
  return (
    <aside className="thread-list" aria-label="Conversations">
      <div className="thread-list-head">
        <h2 className="thread-list-title">Conversations</h2>
        <a className="btn btn-sm" href="#/chat" aria-label="New conversation">
          <IconPlus size={14} />
          New
        </a>
      </div>
      <ul className="threads" role="list">
        {threads?.length === 0 && <li className="threads-empty faint">Your conversations will appear here.</li>}
        {threads?.map((t) => (
          <li key={t.id} className="thread-row">
            <a href={`#/chat/${encodeURIComponent(t.id)}`} className="thread-link" aria-current={t.id === current ? 'page' : undefined}>
              <span className="thread-title truncate">{t.title}</span>
              <span className="thread-time">{fmtRelative(t.updated_at)}</span>
            </a>
            <button type="button" className="btn btn-ghost btn-icon btn-sm thread-delete" aria-label={`Delete conversation ${t.title}`} onClick={() => onDelete(t.id)}>
              <IconTrash size={14} />
            </button>
          </li>
        ))}
      </ul>
    </aside>
  );
}
