import type { Directive } from '../../../../shared/api/index.js';
import { DirectiveWhy } from './directive-why.js';

/**
 * A directive a review proposed: it shapes no answer until the user accepts it (issue 28: text
 * from the screen or an import may try to slip one in, so the user reads each before it counts).
 */
export function DirectiveProposal({ d, onAccept, onReject }: { d: Directive; onAccept(): void; onReject(): void }) {
  return (
    <li className="directive directive-proposal" data-testid="directive-proposal" aria-label={`Proposed: ${d.text}`}>
      <div className="directive-head">
        <span className="directive-text">{d.text}</span>
        <span className="badge faint">proposed</span>
      </div>
      <DirectiveWhy evidence={d.evidence} />
      <div className="row">
        <button type="button" className="btn btn-primary btn-sm" onClick={onAccept}>
          Accept
        </button>
        <button type="button" className="btn btn-sm" onClick={onReject}>
          Reject
        </button>
      </div>
    </li>
  );
}
