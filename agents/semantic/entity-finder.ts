import { nlp } from '../runtime/index.js';
import type { BatchAnalysis } from '../subagent-kit/index.js';
import { codeShaped, orgShaped, techTailed } from '../../shared/text/index.js';
import { namesByLayout } from './name-layout.js';

export type EntityType = 'person' | 'organization' | 'project';

export interface FoundEntity {
  name: string;
  type: EntityType;
  /** Sources mentioning it. */
  sources: number[];
  /** Distinct lines mentioning it (what was seen about it). */
  lines: string[];
  apps: string[];
  /** The screen's layout vouches for it (name-layout.ts): one sighting is enough. */
  layout: boolean;
}

const PROJECT_RE = /\b(?:[Pp]roject|[Oo]peration|[Ii]nitiative)\s+([A-Z][\w-]{2,}(?:\s[A-Z][\w-]{2,})?)/g;
/** Two to four capitalised words: the shape of a person's or an organisation's name; the first may be joined ("DeShawn Lee", "McKenzie Hart"). */
const NAME_SEQ = /(?<![\p{L}\p{N}])(\p{Lu}[\p{Ll}'’-]+(?:\p{Lu}\p{Ll}+)?(?:[ \t]+(?:van|de|da|von|del|\p{Lu}[\p{L}'’&-]+)){1,3})(?![\p{L}\p{N}])/gu;
const JUNK = /^(the|a|an|this|that|new|open|close|file|edit|view|help|home|search|settings|inbox|today|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)$/i;

/** Names seen before keep their verdict: recognition runs once per name, not once per screen. */
const verdicts = new Map<string, EntityType | null>();

function clean(raw: string): string | null {
  const name = raw
    .replace(/['’]s$/, '')
    .replace(/[.,;:!?()[\]"“”]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (name.length < 3 || name.length > 60) return null;
  const words = name.split(' ');
  if (words.length > 4 || words.length < 2) return null;
  if (words.some((w) => JUNK.test(w))) return null;
  return name;
}

/** Person, organisation, or neither (compromise reads the bare name with its lexicon of names). */
function classify(name: string): EntityType | null {
  const hit = verdicts.get(name);
  if (hit !== undefined) return hit;
  let v: EntityType | null = null;
  if (orgShaped(name)) v = 'organization';
  else {
    const doc = nlp(name);
    if (doc.people().found) v = 'person';
    else if (doc.organizations().found) v = 'organization';
  }
  verdicts.set(name, v);
  if (verdicts.size > 20_000) verdicts.delete(verdicts.keys().next().value!);
  return v;
}

/**
 * People, organisations and projects named in a batch, with the lines that mention them. Candidate
 * names are found by shape (capitalised word runs), then compromise says which are people or
 * organisations: running the NLP library over whole OCR screens would cost ~20 µs a character.
 */
export function findEntities(a: BatchAnalysis): FoundEntity[] {
  return a.memo('semantic.entities', () => {
    const apps = new Set(a.sources.map((s) => (s.app ?? '').toLowerCase()).filter(Boolean));
    const candidates = new Map<string, { name: string; type: EntityType | null; lines: string[]; layout: boolean; seenIn: number[] }>();
    const note = (name: string, type: EntityType | null, line: string, layout?: number): void => {
      const key = name.toLowerCase();
      if (apps.has(key)) return;
      const c = candidates.get(key) ?? { name, type, lines: [], layout: false, seenIn: [] };
      if (layout !== undefined) {
        c.layout = true;
        c.type = type;
        c.seenIn.push(layout);
      }
      if (!c.lines.includes(line) && c.lines.length < 5) c.lines.push(line);
      candidates.set(key, c);
    };
    for (const n of namesByLayout(a)) note(n.name, n.type, n.line, n.source);
    for (const l of a.lines) {
      if (!/\p{Lu}/u.test(l.text)) continue;
      for (const m of l.text.matchAll(NAME_SEQ)) {
        const name = clean(m[1]!);
        if (name) note(name, null, l.text);
      }
      for (const m of l.text.matchAll(PROJECT_RE)) note(`Project ${m[1]}`, 'project', l.text);
    }
    const out: FoundEntity[] = [];
    for (const c of candidates.values()) {
      const type = c.type ?? classify(c.name);
      if (!type) continue;
      // "LedgerClient", "Vault UI" (OCR: "Vault Ul"): code or a product's part, never a person; a known organisation stays.
      if (type !== 'organization' && codeShaped(c.name, c.lines.join('\n'))) continue;
      if (type === 'person' && techTailed(c.name)) continue;
      const sources = [...new Set([...a.sourcesWith(c.name), ...c.seenIn])].sort((x, y) => x - y);
      const entityApps = [...new Set(sources.map((i) => a.sources[i]!.app).filter((x): x is string => !!x))];
      out.push({ name: c.name, type, sources, lines: c.lines, apps: entityApps, layout: c.layout });
    }
    return out;
  });
}

/** Seen often enough to be worth a memory: in two lines, in two sources with different text, or once where the layout vouches for the name. */
export function recurs(e: FoundEntity): boolean {
  return e.layout || e.lines.length >= 2 || e.apps.length >= 2;
}
