import { oneLine, truncate, type BatchAnalysis } from '../subagent-kit/index.js';
import { INSTRUCTIVE_HEADING, cleanStep, cleanTitle, isInstruction } from './instructions.js';
import { answeredHowTos, howTosIn } from './prose-how-tos.js';

export interface FoundSteps {
  title: string;
  steps: string[];
  sources: number[];
  at: number;
}

const NUMBERED = /^\s*(?:step\s*)?(\d{1,2})\s*[.):]\s+(.{2,300})$/i;
const BULLET = /^\s*[-•*▪◦]\s+(.{2,300})$/;
/** "STEP 1" on a line of its own, the instruction on the next (recipe sites, wizards). */
const STEP_HEADER = /^\s*(?:step|schritt|passo|paso|étape)\s*(\d{1,2})\s*[.:]?\s*$/i;
/** "1) open pgAdmin 2) right-click the database 3) …" written on one line. */
const INLINE_ITEM = /(?:^|\s)(\d{1,2})[.)]\s+/g;

/** A list is a procedure when its heading announces one, or when most of its items are commands. */
function isProcedure(heading: string, steps: string[], windowTitle: string | null): boolean {
  if (INSTRUCTIVE_HEADING.test(heading) || (windowTitle !== null && INSTRUCTIVE_HEADING.test(windowTitle))) return true;
  const commands = steps.filter((s) => isInstruction(s)).length;
  return commands * 2 > steps.length;
}

/** A short cell, a column gap, then a numbered step. */
const COLUMN_THEN_STEP = /^\s*[^\s\d][^\n]{0,38}?\s{3,}(\d{1,2}[.)]\s+\S.{1,300})$/;

/** Lines as a reader sees the list: "STEP 1" joined to its instruction, a one-line numbered list split into lines. */
function listLines(text: string): string[] {
  const out: string[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const header = STEP_HEADER.exec(line);
    const next = lines[i + 1];
    if (header && next !== undefined && next.trim() && !NUMBERED.test(next) && !STEP_HEADER.test(next)) {
      out.push(`${header[1]}. ${next.trim()}`);
      i++;
      continue;
    }
    // A side column's label read on the same line as a step ("Share route      3. Continue onto …"): the step is the line.
    const besideColumn = COLUMN_THEN_STEP.exec(line);
    if (besideColumn) {
      out.push(besideColumn[1]!);
      continue;
    }
    const items = [...line.matchAll(INLINE_ITEM)];
    if (items.length >= 2 && items.every((m, k) => Number(m[1]) === k + 1)) {
      const head = line.slice(0, items[0]!.index).trim();
      if (head) out.push(head);
      items.forEach((m, k) => out.push(`${k + 1}. ${line.slice(m.index + m[0].length, items[k + 1]?.index ?? line.length).trim()}`));
      continue;
    }
    out.push(line);
  }
  return out;
}

/** At least this many command lines in a row, on a page or under a heading that announces a how-to. */
const MIN_COMMAND_RUN = 3;
const PLAIN_LINE = /^\s*\p{L}[^\n]{3,200}$/u;


/**
 * A list's title: its heading, unless that is one word (a section's label, "Method", "Steps", or a
 * side column's button OCR read above the list, "Satellite"), which says nothing of what the steps
 * do; then the page's own name, the window title's first part, quoted as episodes quote a window
 * ("Shakshuka — Green Pantry" → "\"Shakshuka\""): a page's name, whose words name no one.
 */
function listTitle(heading: string, windowTitle: string | null): string | null {
  const page = windowTitle?.split(/\s+[—–|·-]\s+/)[0]?.replace(/["“”]/g, '').trim();
  if (heading && (!/^\p{L}[\p{L}'’-]*:?$/u.test(heading.trim()) || !page)) return cleanTitle(heading);
  return page ? `"${truncate(oneLine(page), 118)}"` : heading ? cleanTitle(heading) : null;
}

/** Numbered or bulleted step lists in one text, with the heading above them. */
export function stepListsIn(text: string, windowTitle: string | null = null): Array<{ title: string; steps: string[] }> {
  const lines = listLines(text);
  const out: Array<{ title: string; steps: string[] }> = [];
  let i = 0;
  while (i < lines.length) {
    const n = NUMBERED.exec(lines[i]!);
    const b = BULLET.exec(lines[i]!);
    if (!n && !b) {
      const run = commandRun(lines, i, windowTitle);
      if (run) {
        out.push(run.list);
        i = run.end;
      } else i++;
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
      const h = heading && !NUMBERED.test(heading) ? heading : '';
      if (steps.length >= 2 && isProcedure(h, steps, windowTitle)) {
        out.push({ title: listTitle(h, windowTitle) ?? `Steps: ${truncate(steps[0]!, 60)}`, steps });
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
    if (steps.length >= 3 && heading && isProcedure(heading, steps, windowTitle)) out.push({ title: listTitle(heading, windowTitle)!, steps });
  }
  return out;
}

/**
 * Unnumbered command lines ("Clone the repository", "Run make install", …) under a heading or on a
 * page that announces a how-to: checked only there, so ordinary screens cost no tagging.
 */
function commandRun(lines: string[], start: number, windowTitle: string | null): { list: { title: string; steps: string[] }; end: number } | null {
  // The heading first: it is one line, while the run is scanned again from every line of a page.
  const heading = start > 0 ? oneLine(lines[start - 1]!) : '';
  const headed = INSTRUCTIVE_HEADING.test(heading) && heading.split(/\s+/).length <= 12;
  if (!headed && !(windowTitle && INSTRUCTIVE_HEADING.test(windowTitle))) return null;
  let end = start;
  while (end < lines.length && PLAIN_LINE.test(lines[end]!) && !NUMBERED.test(lines[end]!) && !BULLET.test(lines[end]!) && lines[end]!.trim().split(/\s+/).length >= 2) end++;
  if (end - start < MIN_COMMAND_RUN) return null;
  // The run is the longest stretch of commands inside the block (a page's intro line is not a step).
  let best: string[] = [];
  let cur: string[] = [];
  for (let i = start; i < end; i++) {
    if (isInstruction(lines[i]!)) cur.push(cleanStep(lines[i]!));
    else if (cur.length) {
      // One line the tagger cannot read ("Run make install") between commands does not break the run.
      if (i + 1 < end && isInstruction(lines[i + 1]!)) cur.push(cleanStep(lines[i]!));
      else {
        if (cur.length > best.length) best = cur;
        cur = [];
      }
    }
  }
  if (cur.length > best.length) best = cur;
  if (best.length < MIN_COMMAND_RUN) return null;
  const title = headed ? heading : (windowTitle ?? heading);
  return { list: { title: cleanTitle(title), steps: best }, end };
}

/** "To deploy, first run the tests, then build, and finally push the tag." (the first how-to told in prose). */
export function sequenceIn(text: string): { title: string; steps: string[] } | null {
  return howTosIn(text)[0] ?? null;
}

/** Step lists over a batch, one per title. */
export function findStepLists(a: BatchAnalysis): FoundSteps[] {
  return a.memo('procedural.steps', () => {
    const byTitle = new Map<string, FoundSteps>();
    for (const s of a.sources) {
      if (s.role === 'tool' || s.role === 'system') continue;
      const lists = stepListsIn(s.text, s.role === 'screen' ? s.title : null);
      lists.push(...howTosIn(s.text));
      if (s.role === 'assistant') lists.push(...answeredHowTos(a, s.index));
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
