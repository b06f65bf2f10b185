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
 * Renders an answer the way people write them: paragraphs, headings, bullet and numbered lists, bold and code.
 * React escapes everything, so model output can never inject markup.
 */
const BULLET = /^\s*([-*•]|\d+[.)])\s+/;

export function AnswerText({ text, citations, onCite }: AnswerTextProps) {
  const byN = new Map(citations.map((c) => [c.n, c]));
  const out: ReactNode[] = [];
  // Paragraphs are split by blank lines; inside one, runs of bullet lines become a list, a short
  // line ending in ":" becomes a small heading (the offline answer groups memories that way).
  text.split(/\n{2,}/).forEach((block, bi) => {
    const lines = block.split('\n').filter((l) => l.trim() !== '');
    let para: string[] = [];
    let list: string[] = [];
    let ordered = false;
    const flushPara = () => {
      if (!para.length) return;
      const ls = para;
      out.push(
        <p key={`p${bi}-${out.length}`}>
          {ls.map((l, li) => (
            <Fragment key={li}>
              {li > 0 && <br />}
              {inline(l, byN, onCite, `${bi}-${out.length}-${li}`)}
            </Fragment>
          ))}
        </p>,
      );
      para = [];
    };
    const flushList = () => {
      if (!list.length) return;
      const items = list.map((l, li) => <li key={li}>{inline(l.replace(BULLET, ''), byN, onCite, `${bi}-${out.length}-${li}`)}</li>);
      out.push(ordered ? <ol key={`l${bi}-${out.length}`}>{items}</ol> : <ul key={`l${bi}-${out.length}`}>{items}</ul>);
      list = [];
    };
    for (const line of lines) {
      if (BULLET.test(line)) {
        flushPara();
        if (!list.length) ordered = /^\s*\d/.test(line);
        list.push(line);
      } else if (/^#{1,4}\s/.test(line) || (line.trim().endsWith(':') && line.length <= 48)) {
        flushPara();
        flushList();
        out.push(<h4 key={`h${bi}-${out.length}`}>{inline(line.replace(/^#+\s/, ''), byN, onCite, `${bi}-h${out.length}`)}</h4>);
      } else {
        flushList();
        para.push(line);
      }
    }
    flushPara();
    flushList();
  });
  return <div className="answer-text">{out}</div>;
}
