import type { BatchAnalysis } from '../subagent-kit/index.js';

/**
 * What a screen or a message says next to a name: the rest of its line ("Amara Lima  Senior
 * Engineer  Payments", "Dentist appointment with Dr. Rui Costa"), or, when the name stands alone
 * on its line (a signature, a contact card, a chat sender), the line under it ("Head of Finance,
 * Acme", "I pushed the fix"). Contact details are left out: they go to the knowledge vault.
 */
export interface SaidNextTo {
  text: string;
  source: number;
}

const CONTACT = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+|<[^>]*>|\+?\d[\d ()-]{7,}\d/g;
/** Times, list marks and separators around a name carry nothing about the person. */
const FILLER = /^(?:[\s:;,.·|•–—-]|\d{1,2}:\d{2}(?:\s?[ap]m)?|(?:from|to|cc|by)\b)+|(?:[\s:;,·|•–—-]|\d{1,2}:\d{2}(?:\s?[ap]m)?)+$/gi;
const MAX_SAID = 3;
const MAX_CHARS = 160;

function words(s: string): number {
  return s.split(/\s+/).filter((w) => /\p{L}{2,}/u.test(w)).length;
}

function tidy(s: string): string {
  return s.replace(CONTACT, ' ').replace(/\s+/g, ' ').replace(FILLER, '').trim();
}

export function saidNextTo(name: string, a: BatchAnalysis, sourceIds: number[]): SaidNextTo[] {
  const out: SaidNextTo[] = [];
  const seen = new Set<string>();
  const lower = name.toLowerCase();
  for (const i of sourceIds) {
    const s = a.sources[i];
    if (!s || s.role === 'assistant' || s.role === 'tool' || s.role === 'system') continue;
    const lines = a.scrub(s.text).split(/\r?\n/).map((l) => l.trim());
    for (let k = 0; k < lines.length && out.length < MAX_SAID; k++) {
      const line = lines[k]!;
      const at = line.toLowerCase().indexOf(lower);
      if (at < 0) continue;
      const rest = tidy(line.slice(0, at) + ' ' + line.slice(at + name.length));
      let said = words(rest) >= 2 ? tidy(line.replace(CONTACT, ' ')) : '';
      if (!said) {
        // The name alone on its line: what follows it is about them (a role, what they wrote).
        const next = lines.slice(k + 1).find((l) => l.length > 0);
        // A line opening with a figure is a table's next row or a list's next item, not about them.
        if (next && /^\p{L}/u.test(next) && words(tidy(next)) >= 2 && !next.toLowerCase().includes(lower)) said = tidy(next);
      }
      if (!said || words(said) < 2) continue;
      const cut = said.length > MAX_CHARS ? `${said.slice(0, MAX_CHARS - 1).trimEnd()}…` : said;
      const key = cut.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ text: cut, source: i });
    }
  }
  return out;
}
