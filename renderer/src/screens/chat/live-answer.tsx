import type { ChatCitation } from '../../../../shared/api/index.js';
import { IconLogo } from '../../ui/icons.js';
import { AnswerText } from './answer-text.js';
import type { LiveTurn } from './chat-store.js';
import { followCitation } from './citation-link.js';

/** While streaming, the [n] markers map to the numbered retrieved memories. */
function citationsFrom(text: string, retrieved: { n: number; memory: { id: string; kind: ChatCitation['kind'] } }[]): ChatCitation[] {
  const seen = new Set<number>();
  for (const m of text.matchAll(/\[(\d{1,3})\]/g)) seen.add(Number(m[1]));
  return retrieved.filter((r) => seen.has(r.n)).map((r) => ({ n: r.n, memory_id: r.memory.id, kind: r.memory.kind }));
}

/** The question being answered and its answer as it streams: searching first, then the text with its citations. */
export function LiveAnswer({ live }: { live: LiveTurn }) {
  return (
    <>
      <div className="msg msg-user">
        <div className="bubble">{live.question}</div>
      </div>
      <div className="msg msg-assistant" data-testid="live-answer">
        <div className="avatar" aria-hidden="true">
          <IconLogo size={15} />
        </div>
        <div className="msg-body">
          {live.phase === 'retrieving' ? (
            <div className="thinking">
              <span className="dots" aria-hidden="true">
                <i />
                <i />
                <i />
              </span>
              Searching your memories…
            </div>
          ) : (
            <>
              {live.retrieved.length > 0 && (
                <div className="retrieval-note faint">
                  Found {live.retrieved.length} related {live.retrieved.length === 1 ? 'memory' : 'memories'}
                </div>
              )}
              <AnswerText text={live.text} citations={citationsFrom(live.text, live.retrieved)} onCite={(c) => followCitation(c, live.retrieved, live.question)} />
              <span className="caret" aria-hidden="true" />
            </>
          )}
        </div>
      </div>
    </>
  );
}
