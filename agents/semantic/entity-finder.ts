import nlp from 'compromise';
import type { BatchAnalysis } from '../subagent-kit/index.js';

export type EntityType = 'person' | 'organization' | 'project';

export interface FoundEntity {
  name: string;
  type: EntityType;
  /** Sources mentioning it. */
  sources: number[];
  /** Distinct lines mentioning it (what was seen about it). */
  lines: string[];
  apps: string[];
}

/** Longest text run through the NLP library per batch: keeps a 20-frame flush cheap. */
const MAX_CHARS = 6000;
const PROJECT_RE = /\b(?:[Pp]roject|[Oo]peration|[Ii]nitiative)\s+([A-Z][\w-]{2,}(?:\s[A-Z][\w-]{2,})?)/g;
const JUNK = /^(the|a|an|this|that|new|open|close|file|edit|view|help|home|search|settings|inbox|today|monday|tuesday|wednesday|thursday|friday|saturday|sunday)$/i;

function clean(raw: string): string | null {
  const name = raw
    .replace(/['’]s$/, '')
    .replace(/[.,;:!?()[\]"“”]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (name.length < 3 || name.length > 60) return null;
  const words = name.split(' ');
  if (words.length > 4) return null;
  if (!words.every((w) => /^\p{Lu}/u.test(w) || /^(van|de|da|von|del|of|and|&)$/.test(w))) return null;
  if (words.every((w) => w.length > 3 && w === w.toUpperCase())) return null; // SHOUTED UI LABELS
  if (JUNK.test(words[0]!) && words.length === 1) return null;
  return name;
}

/**
 * People, organisations and projects named in a batch, with the lines that mention them.
 * compromise does the recognition; a project rule adds "Project Atlas"-style names.
 */
export function findEntities(a: BatchAnalysis): FoundEntity[] {
  return a.memo('semantic.entities', () => {
    const lines = a.lines.filter((l) => /\p{Lu}/u.test(l.text));
    let text = '';
    const picked: typeof lines = [];
    for (const l of lines) {
      if (text.length + l.text.length > MAX_CHARS) break;
      text += `${l.text}\n`;
      picked.push(l);
    }
    const found = new Map<string, { name: string; type: EntityType }>();
    const put = (raw: string, type: EntityType): void => {
      const name = clean(raw);
      if (!name) return;
      const key = name.toLowerCase();
      if (!found.has(key)) found.set(key, { name, type });
    };
    if (text) {
      const doc = nlp(text);
      for (const p of doc.people().out('array') as string[]) put(p, 'person');
      for (const o of doc.organizations().out('array') as string[]) put(o, 'organization');
    }
    for (const l of picked) for (const m of l.text.matchAll(PROJECT_RE)) put(`Project ${m[1]}`, 'project');

    const out: FoundEntity[] = [];
    for (const { name, type } of found.values()) {
      const needle = name.toLowerCase();
      const mention = picked.filter((l) => l.text.toLowerCase().includes(needle));
      if (!mention.length) continue;
      const sources = a.sourcesWith(name);
      const apps = [...new Set(sources.map((i) => a.sources[i]!.app).filter((x): x is string => !!x))];
      out.push({ name, type, sources, lines: mention.map((l) => l.text).slice(0, 5), apps });
    }
    // A short name inside a longer one ("Ana" in "Ana Lima") is the same entity.
    return out.filter((e) => !out.some((o) => o !== e && o.type === e.type && o.name.toLowerCase().startsWith(`${e.name.toLowerCase()} `)));
  });
}

/** Seen often enough to be worth a memory: in two lines, or in two sources with different text. */
export function recurs(e: FoundEntity): boolean {
  return e.lines.length >= 2 || e.apps.length >= 2;
}
