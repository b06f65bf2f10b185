import type { PassageMatch } from '../../shared/index.js';
import { sentencesOf } from '../store/index.js';
import { collapse } from '../../shared/memory/index.js';
import type { NumberedMemory } from './retrieval-types.js';
import type { TimeFormatter } from '../../shared/time/index.js';

/** Passages led with, at most; and how far below the best a passage may score and still lead. */
const MAX_LEAD = 3;
const LEAD_SHARE = 0.5;
/** A passage this short is shown whole; a longer one by its matching sentences or lines. */
const WHOLE_CHARS = 320;
const MARK = /\*\*([^*]+)\*\*/g;

const hasMark = (s: string) => s.includes('**');
const unmark = (s: string) => s.replace(MARK, '$1');

/** The part of a passage that answers: whole when short, else its sentences (or lines) holding a matched word, whole. */
export function answeringText(p: PassageMatch): string {
  const text = p.kind === 'row' || p.kind === 'paragraph' ? collapse(p.text) : p.text.trim();
  if (text.length <= WHOLE_CHARS) return p.kind === 'lines' ? text.split('\n').join(' · ') : p.kind === 'code' ? text.split('\n').join(' ⏎ ') : text;
  if (p.kind === 'paragraph' || p.kind === 'row') {
    const picked = sentencesOf(collapse(p.marked)).filter(hasMark).slice(0, 3);
    return picked.length ? unmark(picked.join(' ')) : text;
  }
  // Lines and code: the lines holding a match, and a heading line if the passage has one.
  const lines = p.marked.split('\n');
  const picked = lines.filter(hasMark).slice(0, 6);
  if (!picked.length) return text.split('\n').slice(0, 6).join(' · ');
  const head = lines[0]!;
  if (!hasMark(head) && head.length <= 48 && !head.includes(':')) picked.unshift(head);
  return unmark(picked.join(p.kind === 'code' ? ' ⏎ ' : ' · '));
}

/**
 * What a passage leads to on its screen: an introduction ("Run these commands:") is answered by
 * what follows it, and a step or a status is explained by the code block (a command, an error) right under it.
 */
function continuation(p: PassageMatch): string {
  const n = p.next;
  if (!n) return '';
  const intro = /:\s*$/.test(p.text.trim());
  if (!intro && n.kind !== 'code') return '';
  const text = n.kind === 'code' ? n.text.trim().split('\n').slice(0, 8).join(' ⏎ ') : collapse(n.text);
  return text.length <= 500 ? text : '';
}

/** "on "Check-in – Northwind Air" (Chromium), Tue 1 Dec 2026 09:12". */
export function seenPhrase(p: PassageMatch, fmt: TimeFormatter): string {
  const at = Date.parse(p.seen_at);
  const where = p.window_title ? `on "${collapse(p.window_title)}"${p.app ? ` (${p.app})` : ''}` : p.app ? `in ${p.app}` : 'on screen';
  return `${where}, ${fmt.dayOf(at)} ${fmt.clock(at)}`;
}

/**
 * The lines an offline answer leads with: the screen passages that matched the question best,
 * each whole (or its matching sentences, whole), with where and when it was seen and the [n] of
 * the memory that cites that screen.
 */
export function answerLines(numbered: NumberedMemory[], fmt: TimeFormatter): { lines: string[]; cited: number[] } {
  const all: { p: PassageMatch; n: number }[] = [];
  for (const m of numbered) for (const p of m.passages ?? []) all.push({ p, n: m.n });
  if (!all.length) return { lines: [], cited: [] };
  all.sort((a, b) => b.p.score - a.p.score);
  const best = all[0]!.p.score;
  const seen = new Set<string>();
  const lines: string[] = [];
  const cited: number[] = [];
  for (const { p, n } of all) {
    if (lines.length >= MAX_LEAD) break;
    if (p.score < best * LEAD_SHARE) break;
    const more = continuation(p);
    const text = more ? `${answeringText(p)} ${more}` : answeringText(p);
    const key = text.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    lines.push(`- ${text} — ${seenPhrase(p, fmt)} [${n}]`);
    cited.push(n);
  }
  return { lines: lines.length ? ['From your screen:', ...lines] : [], cited };
}
