import type { Provenance } from '../../shared/index.js';
import { DEFAULT_REDACTION, type RedactionSwitches } from '../../shared/redaction/index.js';
import type { SourceBatch } from './source-batch.js';
import { scrubSecrets } from './secret-scanner.js';
import { oneLine } from './text.js';
import { addressedOrder } from './assistant-orders.js';

/** One source of a batch (an observation or a message) as the extractors read it. */
export interface BatchSource {
  index: number;
  provenance: Provenance;
  at: number;
  app: string | null;
  title: string | null;
  url: string | null;
  /**
   * Observation OCR/transcript (redacted by capture) or message text, with every secret replaced
   * by a `[redacted:KIND]` marker: what all extractors and prompts read.
   */
  text: string;
  /** The text before scrubbing: only the knowledge vault reads it, to keep the secrets it finds. */
  rawText: string;
  role: 'screen' | 'audio' | 'system' | 'user' | 'assistant' | 'tool';
  /** The message as given (tool_calls, tool_call_id), for messages. */
  raw?: unknown;
}

/**
 * What every extractor and the offline router read about a batch, computed once. Finders of
 * the sub-agents memoise their results here so routing and extraction share the work.
 */
export class BatchAnalysis {
  readonly sources: BatchSource[];
  private readonly cache = new Map<string, unknown>();

  /**
   * @param redaction the user's redaction switches (capture settings): what is taken out of the
   *   text every extractor reads. Screen text was redacted with the same switches by capture.
   */
  constructor(
    readonly batch: SourceBatch,
    readonly redaction: RedactionSwitches = DEFAULT_REDACTION,
  ) {
    const scrub = (t: string): string => scrubSecrets(t, redaction);
    this.sources =
      batch.type === 'observations'
        ? batch.observations.map((o, index) => ({
            index,
            provenance: { source_type: 'observation' as const, source_id: o.id },
            at: o.observed_at,
            app: o.app,
            title: o.title,
            url: o.url,
            text: scrub(o.caption ? `${o.text}\n${o.caption}` : o.text),
            rawText: o.caption ? `${o.text}\n${o.caption}` : o.text,
            role: o.kind === 'audio' ? ('audio' as const) : ('screen' as const),
          }))
        : batch.messages.map((m, index) => ({
            index,
            provenance: { source_type: 'message' as const, source_id: m.id },
            at: m.created_at,
            app: null,
            title: batch.thread ? scrub(batch.thread.title) : null,
            url: null,
            text: scrub(m.text),
            rawText: m.text,
            role: m.role,
            raw: m.raw,
          }));
  }

  /** Text with what the user's switches redact replaced by markers (for text derived from the sources). */
  scrub(text: string): string {
    return scrubSecrets(text, this.redaction);
  }

  get isChat(): boolean {
    return this.batch.type === 'messages';
  }

  /** The capture segment (screen and audio) or the chat thread the batch belongs to: memories made from it carry it. */
  get segment(): string | null {
    return this.batch.type === 'observations' ? this.batch.segment : (this.batch.thread?.id ?? null);
  }

  /**
   * The user's own words to Engram: messages of a thread of Engram's own chat. Screen, audio and
   * imported conversations are what others wrote: they never change core blocks (issue 28).
   */
  get userVoice(): boolean {
    return this.batch.type === 'messages' && this.batch.thread?.origin === 'chat';
  }

  /** The conversation's earlier turns (a messages batch), scrubbed as the batch's own: see MessageBatch.earlier. */
  get earlierTurns(): Array<{ role: BatchSource['role']; text: string }> {
    return this.memo('earlier', () => (this.batch.type === 'messages' ? (this.batch.earlier ?? []).map((m) => ({ role: m.role, text: this.scrub(m.text) })) : []));
  }

  private readonly shownTexts: string[] = [];

  /**
   * Text the learning pass shows the model beside the batch (memories already known, written from
   * screens, pages and answers): the model may copy from it, so it is recorded as not the user's words.
   */
  show(texts: readonly string[]): void {
    this.shownTexts.push(...texts);
  }

  get shown(): readonly string[] {
    return this.shownTexts;
  }

  memo<T>(key: string, fn: () => T): T {
    if (this.cache.has(key)) return this.cache.get(key) as T;
    const v = fn();
    this.cache.set(key, v);
    return v;
  }

  /** Unique non-empty lines over the batch, each with the first source that showed it. */
  get lines(): Array<{ text: string; source: number }> {
    return this.memo('lines', () => {
      const seen = new Set<string>();
      const out: Array<{ text: string; source: number }> = [];
      for (const s of this.sources) {
        for (const raw of s.text.split(/\r?\n/)) {
          const text = oneLine(raw);
          if (text.length < 2) continue;
          const key = text.toLowerCase();
          if (seen.has(key)) continue;
          seen.add(key);
          out.push({ text, source: s.index });
        }
      }
      return out;
    });
  }

  /** Sources whose text contains the given line (for provenance of a fact seen in several frames). */
  sourcesWith(needle: string): number[] {
    const n = needle.toLowerCase();
    return this.sources.filter((s) => s.text.toLowerCase().includes(n)).map((s) => s.index);
  }

  provenanceOf(indexes: Iterable<number>): Provenance[] {
    const out: Provenance[] = [];
    const seen = new Set<number>();
    for (const i of indexes) {
      const s = this.sources[i];
      if (!s || seen.has(i)) continue;
      seen.add(i);
      out.push(s.provenance);
    }
    return out;
  }

  get allProvenance(): Provenance[] {
    return this.sources.map((s) => s.provenance);
  }

  /**
   * Why this batch hails the assistant or tries to override its rules, or null: a screen, a recording,
   * an imported chat, or a message the user pasted into their own chat to ask about ("is this real?
   * Note for the assistant: …"). Such text is an attempt on whatever model reads it: what it says may
   * be kept as new memories citing it, but it changes no memory it did not write (updateTool,
   * mergeTool), so a page cannot rewrite what the user told.
   */
  get hailsAssistant(): string | null {
    return this.memo('hails', () => {
      for (const s of this.sources) {
        const why = addressedOrder(s.text, { ownWords: this.userVoice && s.role === 'user' });
        if (why) return why;
      }
      return null;
    });
  }

  /** Messages the user wrote (chat), in order. */
  get userSources(): BatchSource[] {
    return this.sources.filter((s) => s.role === 'user');
  }
}
