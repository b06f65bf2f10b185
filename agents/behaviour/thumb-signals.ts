import type { FeedbackRecord, FeedbackStance } from '../store/index.js';

/** A directive the thumbs suggest, with the thumbs behind it. */
export interface ThumbSignal {
  topic: string;
  stance: FeedbackStance;
  instruction: string;
  evidence: string[];
  /** The newest thumb behind it (newer feedback on the topic wins). */
  at: number;
}

interface AnswerTrait {
  topic: string;
  /** Stance of a directive against answers with the trait, and for them. */
  avoid: { stance: FeedbackStance; instruction: string };
  prefer: { stance: FeedbackStance; instruction: string };
  has(text: string): boolean;
}

const words = (t: string) => t.split(/\s+/).filter(Boolean).length;

/** What an answer looks like, as far as thumbs can teach: long, bulleted, with code. */
const TRAITS: AnswerTrait[] = [
  {
    topic: 'length',
    avoid: { stance: 'against', instruction: 'Keep answers short: a few sentences, no padding.' },
    prefer: { stance: 'for', instruction: 'Give fuller answers with more detail.' },
    has: (t) => words(t) > 120,
  },
  {
    topic: 'bullets',
    avoid: { stance: 'against', instruction: "Write in plain sentences; don't use bullet points." },
    prefer: { stance: 'for', instruction: 'Use bullet points for lists of items.' },
    has: (t) => t.split('\n').filter((l) => /^\s*(?:[-*•]|\d+[.)])\s+\S/.test(l)).length >= 2,
  },
  {
    topic: 'code',
    avoid: { stance: 'against', instruction: 'Leave out code and commands unless asked for them.' },
    prefer: { stance: 'for', instruction: 'Include the exact command or code when it helps.' },
    has: (t) => /```|^\s*\$ \S/m.test(t),
  },
];

/** At least this many thumbs one way, and this share of them with (or without) the trait. */
export const MIN_THUMBS = 3;
const MAJORITY = 2 / 3;
const MINORITY = 1 / 3;

/**
 * Offline synthesis from thumbs counts: when at least MIN_THUMBS thumbs-down answers mostly share
 * a trait (long, bulleted, with code) that the thumbs-up answers mostly lack, the user does not
 * want it; and the other way round. `answerText` reads the thumbed answer.
 */
export function thumbSignals(thumbs: FeedbackRecord[], answerText: (id: string) => string | null): ThumbSignal[] {
  const rated: { f: FeedbackRecord; text: string; up: boolean }[] = [];
  for (const f of thumbs) {
    if ((f.kind !== 'thumb_up' && f.kind !== 'thumb_down') || !f.answer_id) continue;
    const text = answerText(f.answer_id);
    if (text !== null) rated.push({ f, text, up: f.kind === 'thumb_up' });
  }
  const out: ThumbSignal[] = [];
  for (const trait of TRAITS) {
    const down = rated.filter((r) => !r.up);
    const up = rated.filter((r) => r.up);
    const downWith = down.filter((r) => trait.has(r.text));
    const upWith = up.filter((r) => trait.has(r.text));
    const share = (a: number, b: number) => (b === 0 ? 0 : a / b);
    const emit = (which: 'avoid' | 'prefer', behind: typeof rated) =>
      out.push({
        topic: trait.topic,
        ...trait[which],
        evidence: behind.map((r) => r.f.id),
        at: Math.max(...behind.map((r) => r.f.created_at)),
      });
    if (downWith.length >= MIN_THUMBS && share(downWith.length, down.length) >= MAJORITY && share(upWith.length, up.length) <= MINORITY) {
      emit('avoid', [...downWith, ...up.filter((r) => !trait.has(r.text))]);
    } else if (upWith.length >= MIN_THUMBS && share(upWith.length, up.length) >= MAJORITY && share(downWith.length, down.length) <= MINORITY) {
      emit('prefer', [...upWith, ...down.filter((r) => !trait.has(r.text))]);
    }
  }
  return out;
}
