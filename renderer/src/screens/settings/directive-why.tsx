import type { DirectiveEvidence } from '../../../../shared/api/index.js';
import { fmtRelative } from '../../lib/format.js';

const KIND_LABEL: Record<DirectiveEvidence['kind'], string> = {
  explicit: 'You said',
  correction: 'You corrected an answer',
  thumb_up: 'Thumbs up on',
  thumb_down: 'Thumbs down on',
};

/** Why a directive exists: the user's own words or thumbs, each linked to its conversation. */
export function DirectiveWhy({ evidence }: { evidence: DirectiveEvidence[] }) {
  const shown = evidence.slice(-5);
  return (
    <ul className="directive-why" aria-label="Why">
      {shown.map((e) => (
        <li key={e.id}>
          {KIND_LABEL[e.kind]} “{e.quote.length > 140 ? `${e.quote.slice(0, 139)}…` : e.quote}” ·{' '}
          <a href={`#/chat/${encodeURIComponent(e.thread_id)}`}>{fmtRelative(e.at)}</a>
        </li>
      ))}
      {evidence.length > shown.length && <li className="faint">and {evidence.length - shown.length} earlier</li>}
    </ul>
  );
}
