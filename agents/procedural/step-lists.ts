import { oneLine, truncate, type BatchAnalysis } from '../subagent-kit/index.js';

export interface FoundSteps {
  title: string;
  steps: string[];
  sources: number[];
  at: number;
}

const NUMBERED = /^\s*(?:step\s*)?(\d{1,2})\s*[.):]\s+(.{2,300})$/i;
const BULLET = /^\s*[-•*▪◦]\s+(.{2,300})$/;
const INSTRUCTIVE = /\b(how to|how-to|steps?|instructions|guide|setup|set up|install|installation|to [a-z]+ (?:the|a|your)?\s*\w+\s*:?$|checklist|procedure|recipe)\b/i;
const SEQUENCE_START = /\b(?:to|how to|in order to)\s+([^,:;]{3,80})[,:]\s*(?:you\s+(?:should\s+|need to\s+|must\s+)?)?first\s+(.+)/i;
const SEQUENCE_SPLIT = /,?\s*\b(?:and then|then|next|after that|afterwards|and finally|finally|lastly)\b[,]?\s+/i;

function cleanTitle(heading: string): string {
  let t = oneLine(heading).replace(/[:.]+$/, '');
  if (/^to\s+/i.test(t)) t = `How ${t.charAt(0).toLowerCase()}${t.slice(1)}`;
  return truncate(t, 120);
}

function cleanStep(s: string): string {
  return truncate(oneLine(s).replace(/[.;,]+$/, ''), 300);
}

/** Numbered or bulleted step lists in one text, with the heading above them. */
export function stepListsIn(text: string): Array<{ title: string; steps: string[] }> {
  const lines = text.split(/\r?\n/);
  const out: Array<{ title: string; steps: string[] }> = [];
  let i = 0;
  while (i < lines.length) {
    const n = NUMBERED.exec(lines[i]!);
    const b = BULLET.exec(lines[i]!);
    if (!n && !b) {
      i++;
      continue;
    }
    const heading = (() => {
      for (let j = i - 1; j >= 0 && j >= i - 2; j--) {
        const l = lines[j]!.trim();
        if (l) return l;
      }
      return '';
    })();
    const steps: string[] = [];
    if (n) {
      let expect = 1;
      while (i < lines.length) {
        const m = NUMBERED.exec(lines[i]!);
        if (!m) {
          if (!lines[i]!.trim()) {
            i++;
            continue;
          }
          break;
        }
        if (Number(m[1]) !== expect) break;
        steps.push(cleanStep(m[2]!));
        expect++;
        i++;
      }
      if (steps.length >= 2) {
        out.push({ title: heading && !NUMBERED.test(heading) ? cleanTitle(heading) : `Steps: ${truncate(steps[0]!, 60)}`, steps });
      }
      // A list that does not start at 1 ("2. ...", a scrolled screen) is skipped, one line at a time.
      if (steps.length === 0) i++;
      continue;
    }
    while (i < lines.length) {
      const m = BULLET.exec(lines[i]!);
      if (!m) break;
      steps.push(cleanStep(m[1]!));
      i++;
    }
    if (steps.length >= 3 && heading && INSTRUCTIVE.test(heading)) out.push({ title: cleanTitle(heading), steps });
  }
  return out;
}

/** "To deploy, first run the tests, then build, and finally push the tag." */
export function sequenceIn(text: string): { title: string; steps: string[] } | null {
  for (const sentence of text.split(/(?<=[.!?])\s+|\n+/)) {
    const m = SEQUENCE_START.exec(sentence);
    if (!m) continue;
    const steps = m[2]!
      .split(SEQUENCE_SPLIT)
      .map(cleanStep)
      .filter((s) => s.length > 1);
    if (steps.length >= 2) return { title: cleanTitle(`How to ${m[1]!.trim()}`), steps };
  }
  return null;
}

/** Step lists over a batch, one per title. */
export function findStepLists(a: BatchAnalysis): FoundSteps[] {
  return a.memo('procedural.steps', () => {
    const byTitle = new Map<string, FoundSteps>();
    for (const s of a.sources) {
      if (s.role === 'tool' || s.role === 'system') continue;
      const lists = stepListsIn(s.text);
      if (s.role === 'user' || s.role === 'audio') {
        const seq = sequenceIn(s.text);
        if (seq) lists.push(seq);
      }
      for (const l of lists) {
        const key = l.title.toLowerCase();
        const have = byTitle.get(key);
        if (have) {
          if (!have.sources.includes(s.index)) have.sources.push(s.index);
          if (l.steps.length > have.steps.length) have.steps = l.steps;
          continue;
        }
        byTitle.set(key, { ...l, sources: [s.index], at: s.at });
      }
    }
    return [...byTitle.values()];
  });
}
