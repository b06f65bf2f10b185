import type { Memory, PassageMatch } from './memory.js';
import type { TimeFormatter } from '../time/index.js';

export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function clip(text: string, max: number): string {
  const t = collapse(text);
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
}

/** When a memory happened (episodic) or was learned (others). */
export function memoryTime(m: Memory): { from: number; to: number | null } {
  if (m.occurred_at) return { from: Date.parse(m.occurred_at), to: m.ended_at ? Date.parse(m.ended_at) : null };
  return { from: Date.parse(m.updated_at || m.created_at), to: null };
}

function str(v: unknown): string | null {
  return typeof v === 'string' && v.trim() !== '' ? v : null;
}

/** "Title: text", unless the text already says the title. */
export function withTitle(title: string, text: string): string {
  if (!title) return text;
  if (!text) return title;
  return text.toLowerCase().includes(title.toLowerCase()) ? text : `${title}: ${text}`;
}

export function isExperience(m: Memory): boolean {
  return m.kind === 'procedural' && m.fields['entry_type'] === 'experience';
}

/** Kind-specific facts worth a model's (or a reader's) attention, in a few words. */
function extras(m: Memory): string[] {
  const f = m.fields;
  const out: string[] = [];
  switch (m.kind) {
    case 'procedural': {
      if (isExperience(m)) {
        const task = str(f['task']);
        const action = str(f['action']);
        const outcome = str(f['outcome']);
        if (task) out.push(`task: ${task}`);
        if (action) out.push(`action: ${action}`);
        if (outcome) out.push(`outcome: ${outcome}`);
        const reason = str(f['reason']);
        if (reason) out.push(`why: ${reason}`);
      } else {
        const steps = Array.isArray(f['steps']) ? f['steps'].filter((s): s is string => typeof s === 'string') : [];
        if (steps.length) out.push(`steps: ${steps.slice(0, 6).map((s, i) => `${i + 1}. ${s}`).join(' ')}${steps.length > 6 ? ' …' : ''}`);
      }
      break;
    }
    case 'resource': {
      const location = str(f['location']);
      if (location) out.push(`at ${location}`);
      const excerpt = str(f['excerpt']);
      if (excerpt) out.push(`excerpt: ${excerpt}`);
      break;
    }
    case 'knowledge_vault': {
      const kind = str(f['entry_type']);
      if (kind) out.push(kind);
      // The store masks secrets unless revealed; only the masked form ever gets here.
      const secret = str(f['secret']);
      if (secret) out.push(`value (masked): ${secret}`);
      break;
    }
    case 'semantic': {
      const source = str(f['source']);
      if (source) out.push(`source: ${source}`);
      break;
    }
    default:
      break;
  }
  return out;
}

export const KIND_LABEL: Record<Memory['kind'], string> = {
  core: 'core',
  episodic: 'event',
  semantic: 'fact',
  procedural: 'procedure',
  resource: 'resource',
  knowledge_vault: 'vault',
};

/** Matched screen passages carried per memory line, and the most characters they may add to it. */
export const LINE_PASSAGES = 2;
const MAX_PASSAGE_ALLOWANCE = 900;

/** What a memory line may grow by to carry its matched passages whole. */
export function passageAllowance(passages: readonly PassageMatch[] | undefined): number {
  if (!passages?.length) return 0;
  const n = passages.slice(0, LINE_PASSAGES).reduce((acc, p) => acc + collapse(p.text).length + 8, 0);
  return Math.min(MAX_PASSAGE_ALLOWANCE, n);
}

/**
 * One memory as one line: kind, when, where, what. `maxChars` bounds the whole line, so a long
 * OCR-heavy memory cannot crowd out the others in the prompt. Screen passages that matched the
 * question come right after the head, whole, so a fact at the bottom of a long page is not clipped away.
 */
export function memoryLine(m: Memory, fmt: TimeFormatter, maxChars: number, passages?: readonly PassageMatch[]): string {
  const t = memoryTime(m);
  const when = m.occurred_at ? fmt.span(t.from, t.to) : `noted ${fmt.dayOf(t.from)}`;
  const kind = isExperience(m) ? 'experience' : KIND_LABEL[m.kind];
  const head = [kind, when, m.app].filter(Boolean).join(' · ');
  const title = collapse(m.title);
  const text = collapse(m.text);
  const seen = (passages ?? []).slice(0, LINE_PASSAGES).map((p) => `"${collapse(p.text)}"`);
  const body = [seen.length ? `on screen: ${seen.join(' ')}` : '', withTitle(title, text), ...extras(m), collapse(m.details)]
    .filter((s) => s && s.length > 0)
    .join(' — ');
  return clip(`${head} — ${body}`, maxChars);
}
