/**
 * "What did Priya ask me to change", "what did Tom say about the move": what a person said, asked or
 * wrote, read from the line that names them with their words after it (a review comment, a chat
 * message, an e-mail line), not from a cell that only names them (a vote, an assignee).
 */

/** The person and the verb of saying, as the question names them. */
const SAID = /^\s*(?:[Aa]nd\s+|[Ss]o\s+)?[Ww]hat\s+(?:did|does|has|had)\s+(\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)?)\s+(?:ask|say|tell|write|want|suggest|request|propose|comment|mention|reply|answer|recommend)\w*\b/u;

/** Words a message needs around the name, at least: "-1 Priya Raghunathan" says nothing she said. */
const MIN_WORDS = 5;

/** The name the question asks the words of, or null. */
export function saidByWhom(question: string): string | null {
  return SAID.exec(question)?.[1] ?? null;
}

/** A request or a suggestion reads as one: "please", "could you", "should", "instead", a question mark. */
const ASKING = /\b(?:please|pls|could you|can you|would you|should|instead|let's|need to|must)\b|\?/i;

/** The lower-case words of a line after the person's name in it (a sentence of their own words). */
const ownWords = (line: string, at: number, nameWords: number) => line.slice(at).split(/\s+/).slice(nameWords).filter((w) => /^\p{Ll}/u.test(w)).length;
const lowerWords = (line: string) => line.split(/\s+/).filter((w) => /^\p{Ll}/u.test(w)).length;

/**
 * Of the lines read (in reading order), where the person says something: the line that names them
 * and holds a sentence of their own words, or the line under a line that only names them (a chat
 * bubble, a review comment under its author); among several, the one that asks or suggests for
 * "ask / want / suggest", then the longest. Its index and its text; null when no line does.
 */
export function saidLine(question: string, lines: readonly string[]): { index: number; text: string } | null {
  const who = saidByWhom(question);
  if (!who) return null;
  const first = who.split(/\s+/)[0]!.toLowerCase();
  const name = new RegExp(`(?:^|[^\\p{L}])${first.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'iu');
  const asking = /\b(?:ask|want|suggest|request|propose|recommend)/i.test(question);
  let best: { index: number; text: string; score: number } | null = null;
  lines.forEach((line, index) => {
    const at = line.search(name);
    if (at < 0) return;
    const next = lines[index + 1] ?? '';
    const own = ownWords(line, at, who.split(/\s+/).length);
    const text = own >= MIN_WORDS ? line : lowerWords(next) >= MIN_WORDS && next.search(name) < 0 ? `${line}: ${next}` : null;
    if (!text) return;
    const score = (asking && ASKING.test(text) ? 100 : 0) + lowerWords(text);
    if (!best || score > best.score) best = { index, text, score };
  });
  const found = best as { index: number; text: string; score: number } | null;
  return found ? { index: found.index, text: found.text } : null;
}
