import type { Memory } from '../../shared/index.js';
import { DEFAULT_REDACTION, type RedactionSwitches } from '../../shared/redaction/index.js';
import { scrubForModel } from '../knowledge-vault/index.js';
import { defuseDelimiters, quoteObserved, truncate, type BatchAnalysis } from '../subagent-kit/index.js';
import { relevantScreenText } from './screen-passages.js';
import type { TimeFormatter } from '../../shared/time/index.js';

const PER_ITEM = 1500;
const TOTAL = 24_000;

/**
 * The batch as the model sees it: numbered items (tool arguments cite these numbers). Text is
 * scrubbed of secrets once more here — capture redacts screen text, but chat text is raw, and a
 * user who switched a secret's redaction off keeps it in local notes, never in a prompt.
 */
export function renderBatch(a: BatchAnalysis, time: TimeFormatter): string {
  const b = a.batch;
  // Every piece of observed text (titles and URLs too) is defused: none can close the quote.
  const scrub = (t: string): string => defuseDelimiters(scrubForModel(t, a.redaction));
  const lines: string[] = [];
  if (b.type === 'observations') {
    const start = Math.min(...a.sources.map((s) => s.at));
    const end = Math.max(...a.sources.map((s) => s.at));
    lines.push(`${a.sources.length} screen/audio observations, ${time.range(start, end)} (segment ${b.segment}):`);
  } else {
    lines.push(`${a.sources.length} new messages of the conversation "${scrub(b.thread?.title ?? 'untitled')}":`);
  }
  let used = 0;
  const seenText = new Map<string, number>();
  const shownPassages = new Set<string>();
  for (const s of a.sources) {
    const n = s.index + 1;
    const itemHead =
      b.type === 'observations'
        ? `[${n}] ${new Date(s.at).toISOString()} · ${s.role === 'audio' ? 'audio' : defuseDelimiters(s.app ?? 'unknown app')}${s.title ? ` · ${scrub(s.title)}` : ''}${s.url ? ` · ${scrub(s.url)}` : ''}`
        : `[${n}] ${s.role} (${new Date(s.at).toISOString()}):`;
    lines.push(itemHead);
    const text = s.text.trim();
    const same = seenText.get(text);
    if (same !== undefined) {
      lines.push(`    (same text as [${same}])`);
      continue;
    }
    seenText.set(text, n);
    const budget = Math.max(0, Math.min(PER_ITEM, TOTAL - used));
    if (budget <= 0) {
      lines.push('    (text omitted: batch too long)');
      continue;
    }
    // Screen text: the passages that carry facts, not the first characters of a long page.
    const body = s.role === 'screen' ? relevantScreenText(scrub(text), budget, shownPassages) : truncate(scrub(text), budget);
    used += body.length;
    if (body) lines.push(body.replace(/^/gm, '    '));
  }
  // The whole batch is quoted: a thread's title and a window's name are someone's text too.
  return quoteObserved(lines.join('\n'));
}

/**
 * Memories shown to the model as already known. Vault entries appear by caption only, and
 * high-sensitivity ones not at all: their existence alone is for the user to reveal.
 */
export function renderKnown(memories: Memory[], redaction: RedactionSwitches = DEFAULT_REDACTION): string {
  // A memory was written from what was seen: it cannot open or close the batch's quote either.
  const scrub = (t: string): string => defuseDelimiters(scrubForModel(t, redaction));
  const out: string[] = [];
  const seen = new Set<string>();
  for (const m of memories) {
    if (seen.has(m.id)) continue;
    seen.add(m.id);
    if (m.kind === 'knowledge_vault') {
      if (m.fields.sensitivity === 'high') continue;
      out.push(`- [${m.id}] knowledge_vault (${String(m.fields.entry_type ?? 'entry')}): ${truncate(scrub(m.text), 200)}`);
      continue;
    }
    const title = m.title && m.title !== m.text ? `${truncate(scrub(m.title), 120)} — ` : '';
    out.push(`- [${m.id}] ${m.kind}: ${title}${truncate(scrub(m.text), 240)}`);
  }
  return out.join('\n');
}

export function renderCore(blocks: Array<{ label: string; value: string; limit: number }>, redaction: RedactionSwitches = DEFAULT_REDACTION): string {
  if (!blocks.length) return '(no core blocks yet)';
  const scrub = (t: string): string => defuseDelimiters(scrubForModel(t, redaction));
  return blocks.map((b) => `<${b.label} chars="${b.value.length}/${b.limit}">\n${scrub(b.value)}\n</${b.label}>`).join('\n');
}
