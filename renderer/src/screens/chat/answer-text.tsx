import { Fragment, type ReactNode } from 'react';
import type { ChatCitation } from '../../../../shared/api/index.js';

interface AnswerTextProps {
  text: string;
  citations: ChatCitation[];
  onCite(c: ChatCitation): void;
}

/** **bold** and `code` inside a line; [n] becomes a citation button when n maps to a memory. */
function inline(line: string, byN: Map<number, ChatCitation>, onCite: (c: ChatCitation) => void, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  const re = /\[(\d{1,3})\]|\*\*([^*]+)\*\*|`([^`]+)`/g;
  let last = 0;
  let m: RegExpExecArray | null;
  let i = 0;
  while ((m = re.exec(line))) {
    if (m.index > last) out.push(line.slice(last, m.index));
    if (m[1]) {
      const c = byN.get(Number(m[1]));
      out.push(
        c ? (
          <button
            key={`${key}-${i++}`}
            type="button"
            className={`cite kind-${c.kind}`}
            onClick={() => onCite(c)}
            aria-label={`Source ${c.n}: open the cited memory`}
          >
            {c.n}
          </button>
        ) : (
          m[0]
        ),
      );
    } else if (m[2]) out.push(<strong key={`${key}-${i++}`}>{m[2]}</strong>);
    else if (m[3]) out.push(<code key={`${key}-${i++}`} className="mono inline-code">{m[3]}</code>);
    last = m.index + m[0].length;
  }
  if (last < line.length) out.push(line.slice(last));
  return out;
}

/**
 * Renders an answer the way people write them: paragraphs, bullet and numbered lists, bold and code.
 * React escapes everything, so model output can never inject markup.
 */
export function AnswerText({ text, citations, onCite }: AnswerTextProps) {
  const byN = new Map(citations.map((c) => [c.n, c]));
  const blocks = text.split(/\n{2,}/);
  return (
    <div className="answer-text">
      {blocks.map((block, bi) => {
        const lines = block.split('\n').filter((l) => l.trim() !== '');
        const bullets = lines.length > 0 && lines.every((l) => /^\s*([-*•]|\d+[.)])\s+/.test(l));
        if (bullets) {
          const ordered = /^\s*\d/.test(lines[0]!);
          const items = lines.map((l, li) => <li key={li}>{inline(l.replace(/^\s*([-*•]|\d+[.)])\s+/, ''), byN, onCite, `${bi}-${li}`)}</li>);
          return ordered ? <ol key={bi}>{items}</ol> : <ul key={bi}>{items}</ul>;
        }
        const heading = lines.length === 1 && /^#{1,4}\s/.test(lines[0]!);
        if (heading) return <h4 key={bi}>{lines[0]!.replace(/^#+\s/, '')}</h4>;
        return (
          <p key={bi}>
            {lines.map((l, li) => (
              <Fragment key={li}>
                {li > 0 && <br />}
                {inline(l, byN, onCite, `${bi}-${li}`)}
              </Fragment>
            ))}
          </p>
        );
      })}
    </div>
  );
}
