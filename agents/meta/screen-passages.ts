import { splitPassages } from '../store/index.js';

/** A passage holding these is worth more to extraction than navigation or boilerplate. */
const DIGIT = /\d/;
const LABEL_VALUE = /\b[\p{L}][\p{L} ]{1,30}:\s*\S/gu;
const CONTACT = /@[\w-]+\.\w|https?:\/\/|\+?\d[\d ()-]{6,}\d/;
const NAME = /\b\p{Lu}\p{Ll}+\s\p{Lu}\p{Ll}+/u;

function worth(kind: string, text: string): number {
  const words = text.split(/\s+/).length;
  if (words < 3 && !DIGIT.test(text)) return 0.1; // menu items, buttons, breadcrumbs
  let w = 1;
  if (DIGIT.test(text)) w += 2;
  w += Math.min(3, (text.match(LABEL_VALUE) ?? []).length);
  if (CONTACT.test(text)) w += 2;
  if (NAME.test(text)) w += 1;
  if (kind === 'code' || kind === 'row') w += 1;
  return w;
}

/**
 * The screen text an extraction call reads within `budget` characters: the whole text when it fits,
 * else its passages (paragraph, table row with its header, code block, group of lines) that carry
 * facts — numbers, label: value pairs, contacts, names, rows and code — best first, shown in reading
 * order with "…" where passages were left out. A passage already shown for an earlier item of the
 * batch (`shown`, updated here) is not repeated: an unchanged part of the screen was read once.
 * So a fact at the bottom of a long page reaches the model instead of the page's first characters.
 */
export function relevantScreenText(text: string, budget: number, shown: Set<string>): string {
  const parts = splitPassages(text);
  if (text.length <= budget) {
    // It fits: as it was read, whole.
    for (const p of parts) shown.add(p.text);
    return text;
  }
  const fresh = parts.filter((p) => !shown.has(p.text));
  const repeated = parts.length - fresh.length;
  for (const p of parts) shown.add(p.text);
  const whole = fresh.map((p) => p.text).join('\n\n');
  const note = repeated ? `\n(${repeated} passage${repeated === 1 ? '' : 's'} as in an earlier item)` : '';
  if (whole.length <= budget) return `${whole}${note}`;
  const ranked = fresh.map((p, i) => ({ i, text: p.text, w: worth(p.kind, p.text) })).sort((a, b) => b.w - a.w || a.i - b.i);
  const keep = new Set<number>();
  let used = 0;
  for (const r of ranked) {
    const cost = r.text.length + 2;
    if (used + cost > budget) continue;
    keep.add(r.i);
    used += cost;
  }
  const out: string[] = [];
  let gap = false;
  fresh.forEach((p, i) => {
    if (keep.has(i)) {
      if (gap && out.length) out.push('…');
      out.push(p.text);
      gap = false;
    } else gap = true;
  });
  if (gap) out.push('…');
  return `${out.join('\n\n')}${note}`;
}
