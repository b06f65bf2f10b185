import type { BatchAnalysis } from '../subagent-kit/index.js';
import { FIRST_WORDS, PURPOSE_OPENER, cleanStep, cleanTitle, hasThenWord, isGoalOpener, isInstruction, splitSteps, startsWithFirst, truncateTitle } from './instructions.js';

/**
 * How-tos told in sentences rather than lists: "To X: first A, then B", "When X, do A, B and C",
 * "How I X: A, B, C", "para X: primeiro A, depois B", and an answer of commands to "how do I X?".
 * A story told in order ("First we landed in Porto, then …") is not one: it has no goal, and its
 * steps have subjects rather than commands.
 */
export interface ProseHowTo {
  title: string;
  steps: string[];
}

const SENTENCES = /(?<=[.!?])\s+(?=\S)|\n+/;
/** "…to X, first A …" anywhere in a sentence ("Note to self: … and to turn on the heater, first flip …"). */
const GOAL_THEN_FIRST = new RegExp(String.raw`(?:^|[\s,;:])(?:in order to|how to|to|para|pour|um)\s+([^,:;]{3,80})[,:]\s*(?:you\s+(?:should\s+|need to\s+|must\s+)?)?((?:${FIRST_WORDS})\b.+)$`, 'i');
/** "…to X, A, then B" anywhere in a sentence ("Mei Chen: to get VPN access, file a ticket, then …"). */
const GOAL_THEN_STEPS = /(?:^|[\s,;:])(?:in order to|how to|to|para|pour)\s+([^,:;]{3,80})[,:]\s+(.+)$/i;
/** "Heading: body" (a heading is short and holds no URL). */
const HEADED = /^([^:]{3,100}?)\s*:\s+(.+)$/;
/** Steps that open with a subject are a story ("we took the train"), not commands. */
const SUBJECT = /^(?:i|we|he|she|they|you|it|ich|wir|er|sie|eu|nós|ele|ela|yo|nosotros|je|nous|il|elle)\b/i;

function steps(body: string): string[] {
  return splitSteps(body).map(cleanStep);
}

function commands(list: string[]): number {
  return list.filter((s) => isInstruction(s)).length;
}

function goal(title: string): string {
  return cleanTitle(/^(?:in order to|to)\s/i.test(title) ? title : `to ${title}`);
}

/** A sentence that opens with a goal or a condition: "To X, A", "When X, A, B and C". */
function opened(sentence: string): ProseHowTo | null {
  if (!PURPOSE_OPENER.test(sentence)) return null;
  const cut = sentence.search(/[,:]\s/);
  if (cut < 0) return null;
  const head = sentence.slice(0, cut).trim();
  const body = sentence.slice(cut + 1).trim();
  const list = steps(body);
  if (!list.length || SUBJECT.test(list[0]!)) return null;
  const title = cleanTitle(head);
  if (startsWithFirst(body) && list.length >= 2) return { title, steps: list };
  if (isGoalOpener(head)) return isInstruction(list[0]!) ? { title, steps: list } : null;
  return list.length >= 2 && commands(list) >= 2 ? { title, steps: list } : null;
}

/** One sentence's how-to, if it tells one. */
function howToIn(sentence: string): ProseHowTo | null {
  const first = GOAL_THEN_FIRST.exec(sentence);
  if (first) {
    const list = steps(first[2]!);
    if (list.length >= 2 && !SUBJECT.test(list[0]!)) return { title: goal(first[1]!.trim()), steps: list };
  }
  const headed = HEADED.exec(sentence);
  if (headed && !/\bhttps?$/i.test(headed[1]!)) {
    const [, head, body] = headed as unknown as [string, string, string];
    if (PURPOSE_OPENER.test(body)) {
      const inner = opened(body);
      if (inner) return inner;
    }
    const list = steps(body);
    if (list.length >= 2 && !SUBJECT.test(list[0]!)) {
      if (startsWithFirst(body)) return { title: cleanTitle(head), steps: list };
      if (commands(list) >= 2 || (hasThenWord(body) && isInstruction(list[0]!))) return { title: cleanTitle(head), steps: list };
    }
    if (list.length === 1 && isGoalOpener(head) && isInstruction(list[0]!)) return { title: cleanTitle(head), steps: list };
  }
  const o = opened(sentence);
  if (o) return o;
  const then = GOAL_THEN_STEPS.exec(sentence);
  if (then && hasThenWord(then[2]!)) {
    const list = steps(then[2]!);
    if (list.length >= 2 && isInstruction(list[0]!)) return { title: goal(then[1]!.trim()), steps: list };
  }
  return null;
}

/** Every how-to told in a text, one per sentence at most. */
export function howTosIn(text: string): ProseHowTo[] {
  const out: ProseHowTo[] = [];
  for (const raw of text.split(SENTENCES)) {
    const sentence = raw.trim();
    if (sentence.length < 12 || sentence.length > 600) continue;
    const h = howToIn(sentence);
    if (h) out.push(h);
  }
  return out;
}

/** "How do I X?", "how to X?", "what's the way to X?" and their Portuguese, Spanish, French and German forms. */
const HOW_QUESTION =
  /\b(?:how (?:do|can|should|would) (?:i|we|you|one)|how to|(?:best )?way to|como (?:faço para|posso|se faz para)|cómo (?:puedo|hago para|se hace para)|comment (?:faire pour|puis-je|est-ce qu'on)|wie (?:kann ich|macht man|geht))\s+(.{3,160}?)\s*\?/i;

/**
 * An assistant's answer of commands to the user's "how do I X?" just before it: the how-to is the
 * question's goal, the steps the answer's commands ("Run A, then run B.").
 */
export function answeredHowTos(a: BatchAnalysis, index: number): ProseHowTo[] {
  const answer = a.sources[index];
  if (!answer || answer.role !== 'assistant' || !answer.text.trim()) return [];
  let question: RegExpExecArray | null = null;
  for (let i = index - 1; i >= 0; i--) {
    const s = a.sources[i]!;
    if (s.role === 'assistant' && s.text.trim()) return [];
    if (s.role !== 'user') continue;
    question = HOW_QUESTION.exec(s.text);
    break;
  }
  if (!question) return [];
  const list: string[] = [];
  for (const raw of answer.text.split(SENTENCES)) {
    const sentence = raw.trim();
    const parts = steps(sentence);
    if (parts.length && isInstruction(parts[0]!)) list.push(...parts.filter((p) => isInstruction(p)));
  }
  if (list.length < 2) return [];
  return [{ title: truncateTitle(`How to ${question[1]!.replace(/^to\s+/i, '')}`), steps: list }];
}
