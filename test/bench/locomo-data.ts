/**
 * Reading a LoCoMo-format file (snap-research/locomo) for the retrieval benchmark: conversations as
 * sessions of dialog turns, and questions with gold evidence turn ids. The data is CC BY-NC and is
 * read from where it lies, never copied.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';

const TurnSchema = z.object({
  speaker: z.string(),
  dia_id: z.string(),
  text: z.string(),
  blip_caption: z.string().optional(),
});
const QaSchema = z.object({
  question: z.string(),
  evidence: z.array(z.string()).default([]),
  category: z.number().int(),
});
const SampleSchema = z.object({
  sample_id: z.string(),
  conversation: z.record(z.string(), z.unknown()),
  qa: z.array(QaSchema),
});
const FileSchema = z.array(SampleSchema);

export interface Turn {
  /** Normalised "D<session>:<turn>". */
  diaId: string;
  speaker: string;
  text: string;
  caption: string | null;
}
export interface Session {
  index: number;
  /** Epoch ms of the session's date, or null when the date string could not be read. */
  at: number | null;
  turns: Turn[];
}
export interface Question {
  question: string;
  category: number;
  /** Normalised gold evidence ids that name an existing turn. */
  evidence: string[];
}
export interface Conversation {
  id: string;
  sessions: Session[];
  questions: Question[];
  /** Evidence ids that were malformed beyond repair or named no turn (reported, not scored). */
  droppedEvidence: string[];
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** "1:56 pm on 8 May, 2023" → epoch ms (UTC, so runs are reproducible on any machine). */
export function parseSessionDate(s: string): number | null {
  const m = /(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+([a-z]+),?\s+(\d{4})/i.exec(s);
  if (!m) return null;
  const month = MONTHS.findIndex((x) => x.startsWith(m[5]!.toLowerCase().slice(0, 3)));
  if (month < 0) return null;
  let hour = Number(m[1]) % 12;
  if (m[3]!.toLowerCase() === 'pm') hour += 12;
  return Date.UTC(Number(m[6]), month, Number(m[4]), hour, Number(m[2]));
}

/**
 * Evidence ids as written in the file are sometimes malformed: several ids in one string
 * ("D8:6; D9:17", "D9:1 D4:4 D4:6"), a stray colon ("D:11:26"), leading zeros ("D30:05"), or just
 * "D". Each is read as every D<session>:<turn> it contains, normalised without leading zeros.
 */
export function normaliseEvidence(raw: string): string[] {
  const out: string[] = [];
  for (const m of raw.matchAll(/D:?(\d+):(\d+)/g)) out.push(`D${Number(m[1])}:${Number(m[2])}`);
  return out;
}

export function loadLocomo(path: string): Conversation[] {
  const parsed = FileSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`not a LoCoMo-format file: ${issue?.path.join('.')} ${issue?.message}`);
  }
  return parsed.data.map((sample) => {
    const conv = sample.conversation;
    const sessions: Session[] = [];
    for (const key of Object.keys(conv)) {
      const m = /^session_(\d+)$/.exec(key);
      if (!m) continue;
      const turns = z.array(TurnSchema).parse(conv[key]);
      const date = conv[`${key}_date_time`];
      sessions.push({
        index: Number(m[1]),
        at: typeof date === 'string' ? parseSessionDate(date) : null,
        turns: turns.map((t) => ({
          diaId: normaliseEvidence(t.dia_id)[0] ?? t.dia_id,
          speaker: t.speaker,
          text: t.text,
          caption: t.blip_caption ?? null,
        })),
      });
    }
    sessions.sort((a, b) => a.index - b.index);
    const known = new Set(sessions.flatMap((s) => s.turns.map((t) => t.diaId)));
    const dropped: string[] = [];
    const questions = sample.qa.map((q) => {
      const ev = new Set<string>();
      for (const raw of q.evidence) {
        const ids = normaliseEvidence(raw);
        if (!ids.length) dropped.push(raw);
        for (const id of ids) {
          if (known.has(id)) ev.add(id);
          else dropped.push(raw);
        }
      }
      return { question: q.question, category: q.category, evidence: [...ev] };
    });
    return { id: sample.sample_id, sessions, questions, droppedEvidence: dropped };
  });
}

/** What a chat app would store for one turn: who said it, what, and the caption of a shared image. */
export function turnText(t: Turn): string {
  return t.caption ? `${t.speaker}: ${t.text} [shared an image: ${t.caption}]` : `${t.speaker}: ${t.text}`;
}

export interface Metrics {
  'recall@5': number;
  'recall@10': number;
  mrr: number;
  questions: number;
}

/** Accumulates recall@k (share of a question's gold turns in the top k, averaged over questions) and MRR@10. */
export class MetricSum {
  private r5 = 0;
  private r10 = 0;
  private rr = 0;
  n = 0;

  add(ranked: string[], gold: string[]): void {
    const g = new Set(gold);
    const found = (k: number) => ranked.slice(0, k).filter((d) => g.has(d)).length / g.size;
    this.r5 += found(5);
    this.r10 += found(10);
    const first = ranked.slice(0, 10).findIndex((d) => g.has(d));
    this.rr += first >= 0 ? 1 / (first + 1) : 0;
    this.n++;
  }

  result(): Metrics {
    const d = this.n || 1;
    const r = (x: number) => Math.round((x / d) * 10_000) / 10_000;
    return { 'recall@5': r(this.r5), 'recall@10': r(this.r10), mrr: r(this.rr), questions: this.n };
  }
}
