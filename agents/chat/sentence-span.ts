/**
 * The answer said in a sentence, not beside a label: "use the side door for all deliveries until the
 * lift is fixed" answers "where do deliveries go while the lift is broken?" with "the side door". The
 * sentences read are scored by the question's words they say (rarer words on the screens read weigh
 * more; a related word, WordNet's kin, half), the best one must say a value of the asked kind, and of
 * its values the one nearest the question's words is the answer. Nothing is stated when no sentence
 * says the question's things (its nouns, here or in the screen's title) or when two sentences say as
 * much with different values: a guess is the hedge's to offer (near-miss), not this reader's.
 */
import { sentencesOf } from '../store/index.js';
import { foreignForms, meets, metByKin, stem, stemsOf, type AskedValue } from './asked-value.js';
import { clausesOf, headedMessage } from './prose-clause.js';
import { sideFit } from './asked-qualifier.js';
import { askedPlacePhrase, spanKindOf, spansOf, tokensOf, type Span } from './span-kinds.js';
import { wordKin } from '../runtime/index.js';

/** A line read on a screen, with what names its topic around it (the window's title, a heading). */
export interface SpanSource<T> {
  text: string;
  /** The screen's title and the heading over the line: where a sentence's topic is often named instead. */
  context: string;
  /** 0..1: how its passage ranked in the search. */
  rank: number;
  item: T;
}

export interface SentenceSpan<T> {
  /** The words that answer ("the side door", "every morning"). */
  span: string;
  /** The sentence they were read in, without a chat header OCR joined to it. */
  sentence: string;
  /** Who wrote it and when, when OCR read the chat header on the same line. */
  writer: { name: string; at: string } | null;
  item: T;
}

/** Words a question joins its clauses with: they say nothing a screen would repeat. */
const JOINERS = new Set(['while', 'whilst', 'until', 'till', 'since', 'during', 'unless', 'whether', 'because', 'though', 'although', 'once', 'already', 'ever', 'usually', 'normally']);

/** A sentence: a few words in lower case (a label, a cell or a heading has fewer), and no row of cells ("FAC-2226 · Bike room door · Anke Vos"). */
const PROSE_WORDS = 3;
const isSentence = (s: string) => !/[·|•]|\S\s{2,}\S/.test(s) && s.split(/\s+/).filter((w) => /^\p{Ll}{2,}/u.test(w)).length >= PROSE_WORDS;

/**
 * A code is said as one: "quote the reference 55812", "the door code is 4471", "booking no. K7QW2M",
 * or by the verb that hands it over ("just quote 88231 at reception", "mention 4471 at the gate").
 */
const SAYS_CODE = /\b(?:code|pin|passcode|password|combination|reference|ref|number|no|nr|id|booking|confirmation|order|ticket|invoice|tracking|voucher|quote|quoting|mention|mentioning)\b|#/i;

/** Words of a question that name nothing: what is left names what was asked, with the words that say its kind ("reference", "time"). */
const FUNCTION_WORDS = new Set(
  `what which where when who whom whose why how is are was were be been am do does did have has had can could will would should shall may might must the a an my our your their his her its this that these those
  i we you they he she it me us them to of in on at for from by with about into as and or not there here`.split(/\s+/),
);

/**
 * "use the side door for all deliveries | until the lift is fixed": the clauses of a sentence, cut
 * also where a subordinate clause begins (a conjunction and a subject), so a value is read with the
 * clause it stands in.
 */
const SUBORDINATE = /[,;]?\s+(?=(?:until|till|unless|because|since|while|whereas|although|though|when|whenever|once|before|after|if|so that)\s+(?:(?:you|we|they|i|he|she|it|there)\b|(?:the|a|an|my|our|your|their|his|her|its|this|that)\s+(?:[\p{L}-]+\s+){1,2}(?:is|are|was|were|has|have|had|will|would|can|could|gets?|got|goes|went|comes?|came|starts?|opens?|closes?|arrives?|leaves?|does|did)\b))/iu;
/** A sentence that opens with its condition ("While the north entrance is closed, please use …") ends the condition at its comma. */
const LEADING_CONDITION = /^((?:while|whilst|if|when|whenever|since|until|till|once|as long as|because|in case)\b[^,;]{3,}),\s+/i;
const clauses = (sentence: string) =>
  clausesOf(sentence)
    .flatMap((c) => {
      const lead = LEADING_CONDITION.exec(c);
      return lead ? [lead[1]!, c.slice(lead[0].length)] : [c];
    })
    .flatMap((c) => c.split(SUBORDINATE))
    .map((c) => c.trim())
    .filter(Boolean);

/**
 * "while the lift is broken", "if the shop is closed": a word right after "is" says a state the
 * screen puts in its own words ("until the lift is fixed"); it may go unmet as a verb may.
 */
function stateWords(question: string): Set<string> {
  const out = new Set<string>();
  // "is broken", "is out of order": up to three words, not a thing named after the verb ("is the lift").
  for (const m of question.matchAll(/\b(?:is|are|was|were|gets?|got|be|been|being)\s+(?:still\s+|not\s+)?((?!(?:the|a|an|my|our|your|their|his|her|its|this|that)\b)[\p{L}-]+(?:\s+[\p{L}-]+){0,2})/giu)) {
    for (const w of m[1]!.split(/\s+/)) {
      if (/^(?:and|or|but|so|then|when|where|if|for|to|in|on|at)$/i.test(w) && w !== m[1]!.split(/\s+/)[0]) break;
      out.add(stem(w));
    }
  }
  return out;
}

/** The condition a question asks under: what follows "while", "if", "since" or "until". */
const CONDITION = /\b(?:while|whilst|if|since|because|until|as long as)\b(.*)$/i;

interface Term {
  stem: string;
  /** A verb or a state: the screen may say it in other words. */
  soft: boolean;
  weight: number;
}

/** How a text meets a term: 1 by the word itself, 0.5 by a related word, else 0. */
function meet(t: string, stems: Set<string>, asked: AskedValue): number {
  return meets(t, stems) ? 1 : metByKin(t, stems, asked.kin) ? 0.5 : 0;
}

/** Words of a place span that give it no name of its own ("the", "our"). */
const NOT_NAME = /^(?:the|a|an|this|that|our|my|your|their|his|her|its)$/i;

/**
 * Whether a span is the question's own thing ("the lift" for "while the lift is broken"), not an
 * answer to it. A place of the same kind with a name of its own, in a clause that says another thing
 * the question names, is another of its kind: "Use gate D for all deliveries" while "the gate" (B) is broken.
 */
function askedItself(span: Span, terms: readonly Term[], clause: Set<string>, questionTokens: ReadonlySet<string>): boolean {
  const words = tokensOf(span.text).map((w) => stem(w.text)).filter((w) => w.length >= 3 && !/^\d/.test(w));
  if (!words.length) return false;
  const head = span.head ? stem(span.head) : null;
  const itself = (head !== null && terms.some((t) => !t.soft && t.stem === head)) || words.every((w) => terms.some((t) => t.stem === w));
  // Its own name is none the question says ("D" of "gate D"), and its clause says another thing asked.
  const named = tokensOf(span.text).some((w) => !questionTokens.has(w.text.toLowerCase()) && !terms.some((t) => t.stem === stem(w.text)) && !NOT_NAME.test(w.text));
  return itself && !(span.own && named && terms.some((t) => !t.soft && t.stem !== head && !words.includes(t.stem) && meets(t.stem, clause)));
}

/** A place of the asked kind: "what door" is answered by a door (or an entrance, its kin), not a room. */
function ofAskedPlace(span: Span, noun: string | null): boolean {
  if (!noun || !span.head) return true;
  // "The door" says nothing of which door.
  if (!span.own) return false;
  const head = span.head.toLowerCase();
  // Kin both ways: a boardroom is a room and a room may be one; a door is in a room's WordNet family, but no room is a door.
  return stem(head) === stem(noun) || (wordKin(noun).has(head) && wordKin(head).has(noun)) || foreignForms(noun).includes(stem(head));
}

/**
 * A place named as itself, not described: a capitalised word that does not open the sentence, or a
 * number or letter beside its head ("the Aurora room", "Hall B", "table 14", "Hotel Meridian"), not
 * "the big room" nor "a room".
 */
export function properlyNamed(span: Span): boolean {
  const words = tokensOf(span.text).filter((w) => !NOT_NAME.test(w.text));
  return words.some((w) => (/^\p{Lu}/u.test(w.text) && span.start + w.start > 0 && (!span.head || w.text.toLowerCase() !== span.head)) || /^(?:[A-Z]{1,2}|[A-Z]?\d{1,4}[A-Za-z]?)$/.test(w.text));
}

/** Verbs that say a thing was changed from one value to another. */
const CHANGED = /\b(?:mov(?:e|es|ed|ing)|push(?:es|ed)?|shift(?:s|ed)?|chang(?:e|es|ed)|reschedul(?:e|es|ed)|postpon(?:e|es|ed)|delay(?:s|ed)?|brought|bring(?:s|ing)?|bump(?:s|ed)?|switch(?:es|ed)?|swap(?:s|ped)?|updat(?:e|es|ed)|went|gone|goes|verschoben|verlegt|déplacé|décalé|reporté|spostat[oaie]|rinviat[oaie]|movid[oa]|cambiad[oa]|aplazad[oa]|verplaatst|adiado|mudou)\b/i;

/**
 * Whether a span is the value a thing had before a change the sentence tells: "from Tuesday" when
 * "to Friday" follows ("moved the demo from Tuesday to Friday"), or said after "instead of", "rather
 * than", "no longer", "not" ("we board at Gate 23 instead of Gate 12").
 */
export function formerValue(span: Span, sentence: string, spans: readonly Span[]): boolean {
  const before = sentence.slice(Math.max(0, span.start - 16), span.start);
  if (/\b(?:instead of|rather than|no longer|not|formerly|previously|originally)\s+(?:the\s+|at\s+|on\s+|in\s+)?$/i.test(before)) return true;
  if (!/\bfrom\s+(?:the\s+)?$/i.test(before) || !CHANGED.test(sentence)) return false;
  return spans.some((o) => o.start >= span.end && /^\s*(?:to|until|till|into|for)\s+(?:the\s+)?$/i.test(sentence.slice(span.end, o.start)));
}

/** How much more of the question (in term weights: a noun is 1 or more) a sentence must say to replace a line found. */
const RIVAL_MARGIN = 1;

/** The gap in characters between a span and a word. */
const gap = (s: Span, w: { start: number; end: number }) => (w.end <= s.start ? s.start - w.end : w.start >= s.end ? w.start - s.end : 0);

interface Read<T> {
  sentence: string;
  writer: { name: string; at: string } | null;
  spans: Span[];
  stems: Set<string>;
  context: Set<string>;
  source: SpanSource<T>;
}

/**
 * The span of the asked kind in the sentence that says most of what was asked, or null when no
 * sentence says the question's things with a value of its kind, or two say as much with different ones.
 */
export function sentenceSpan<T>(question: string, asked: AskedValue, sources: readonly SpanSource<T>[], rival?: { text: string; context: string }): SentenceSpan<T> | null {
  const kind = spanKindOf(question, asked);
  if (!kind) return null;
  const phrase = kind === 'place' ? askedPlacePhrase(question) : null;
  const placeNoun = phrase?.noun ?? null;
  // "Which meeting room": the words saying which kind of room are no thing the screen must say.
  const kindWords = new Set(phrase ? [phrase.noun, ...phrase.modifiers].map(stem) : []);
  const states = stateWords(question);
  // The states said in the question's condition ("while the gate is broken", "if the shop is closed").
  const conditions = stateWords(CONDITION.exec(question)?.[1] ?? '');
  const named = asked.terms.filter((t) => !JOINERS.has(t) && !kindWords.has(t) && t !== 'often');
  // "Which hotel are we in?" names nothing but the kind: the answer is the one of it a sentence names ("the Hotel Meridian").
  const kindOnly = !named.length && placeNoun !== null;
  if (!named.length && !kindOnly) return null;
  // Every word of the question that names something, the words of its kind included.
  const questionWords = [...new Set(question.toLowerCase().split(/[^\p{L}\p{N}'-]+/u).filter((w) => w.length >= 2 && !FUNCTION_WORDS.has(w)).map(stem))];

  const questionTokens = new Set(question.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean));
  const reads: Read<T>[] = [];
  for (const source of sources) {
    for (const line of source.text.split('\n')) {
      // A chat line may come with the conversation's name before it, as a label ("Familia Ortega: Lucia 18:02 …").
      const headed = headedMessage(line) ?? headedMessage(line.slice(line.indexOf(': ') + 2));
      // A header whose name is what was asked about is an entry's title ("Standup 09:30 …"), not a writer.
      const writer = headed && !named.some((t) => meets(t, stemsOf(headed.name))) ? headed : null;
      for (const sentence of sentencesOf(writer ? writer.text : line.trim())) {
        if (!isSentence(sentence)) continue;
        reads.push({ sentence, writer: writer ? { name: writer.name, at: writer.at } : null, spans: spansOf(kind, sentence), stems: stemsOf(`${sentence} ${writer?.name ?? ''}`), context: stemsOf(source.context), source });
      }
    }
  }
  if (!reads.length) return null;
  // Rarer words weigh more: a word every sentence read says (the app's, the page's topic) tells none apart.
  const terms: Term[] = named.map((t) => {
    const df = reads.filter((r) => meet(t, r.stems, asked) > 0).length;
    const soft = asked.loose.includes(t) || states.has(t);
    return { stem: t, soft, weight: (soft ? 0.5 : 1) * (1 + Math.log((reads.length + 1) / (df + 1))) };
  });

  /** How much of what was asked a text says (its context, the title, half). */
  const saidIn = (stems: Set<string>, context: Set<string>) => {
    let score = 0;
    let said = 0;
    let missing = false;
    for (const t of terms) {
      const here = meet(t.stem, stems, asked);
      const around = meet(t.stem, context, asked);
      if (here > 0) said++;
      // Every thing the question names is said by the sentence or around it (the title, the heading).
      if (!t.soft && here === 0 && around === 0) missing = true;
      // A word the title says is the screen's topic: every line of it is about that, so saying it tells lines apart less.
      score += t.weight * (around > 0 ? 0.5 * around + 0.25 * here : here);
    }
    return { score, said, missing };
  };
  const scored: { r: Read<T>; span: Span; said: number; score: number }[] = [];
  for (const r of reads) {
    // A value in a clause that names nothing asked is said of another thing ("the retro moved to 4pm;
    // the demo date is open"), or of the asked thing's state ("use the side door | until the lift is fixed" for "where is the lift").
    const parts = clauses(r.sentence);
    const inNamingClause = (s: Span) => parts.length < 2 || parts.some((c) => c.includes(s.text) && questionWords.some((w) => meet(w, stemsOf(c), asked) > 0));
    if (kind === 'code' && !SAYS_CODE.test(r.sentence)) continue;
    const clauseOf = (s: Span) => stemsOf(parts.find((c) => c.includes(s.text)) ?? r.sentence);
    const spans = r.spans.filter((s) => !askedItself(s, terms, clauseOf(s), questionTokens) && ofAskedPlace(s, placeNoun) && inNamingClause(s) && (!kindOnly || properlyNamed(s)));
    if (!spans.length) continue;
    const { score, missing } = saidIn(r.stems, r.context);
    // The sentence itself says something of the question: a thing it names, or the kind of thing asked ("the Blue room" for "which room").
    if (missing || !questionWords.some((w) => meet(w, r.stems, asked) > 0)) continue;
    // The value nearest the question's words: "use the side door for all deliveries" over a door named further on.
    const at = tokensOf(r.sentence).filter((w) => terms.some((t) => meet(t.stem, stemsOf(w.text), asked) > 0));
    // A value in the clause that says the question's condition ("while the north entrance is closed") is the thing under it, not the way round it.
    const free = spans.filter((s) => ![...conditions].some((c) => meets(c, clauseOf(s))));
    // A time said with the other side of what was asked ("opens at 08:30 and closes at 19:30" for "when does it close") gives way to the one said with the asked side.
    const before = (x: Span) => r.sentence.slice(Math.max(0, ...r.spans.filter((o) => o.end <= x.start).map((o) => o.end), x.start - 30), x.start);
    // "Moved the demo from Tuesday to Friday", "Gate 23 instead of Gate 12": the value it was is not the one it is.
    const current = (free.length ? free : spans).filter((x) => !formerValue(x, r.sentence, r.spans));
    const kept = current.length ? current : free.length ? free : spans;
    const fits = kept.map((x) => sideFit(question, asked, [before(x)]).fit);
    const meeting = kept.filter((_, i) => fits[i] === 'meets');
    const sided = kept.filter((_, i) => fits[i] !== 'other');
    const pool = meeting.length && meeting.length < kept.length ? meeting : sided.length ? sided : kept;
    const span = at.length ? [...pool].sort((a, b) => Math.min(...at.map((w) => gap(a, w))) - Math.min(...at.map((w) => gap(b, w))))[0]! : pool[0]!;
    scored.push({ r, span, said: score, score: score + 0.25 * r.source.rank });
  }
  if (!scored.length) return null;
  scored.sort((a, b) => b.score - a.score);
  const [best, second] = scored;
  // Two sentences that say as much of it with different values: no one of them is the answer.
  if (second && second.said >= best!.said - 1e-9 && second.span.text.toLowerCase() !== best!.span.text.toLowerCase()) return null;
  // Against a line already found: only a sentence that says what the line leaves unsaid of the
  // question's things (with its title), or clearly more of the question, replaces it.
  if (rival) {
    const r = saidIn(stemsOf(rival.text), stemsOf(rival.context));
    if (!r.missing && r.score + RIVAL_MARGIN > best!.said) return null;
  }
  return { span: best!.span.text.replace(/[.,;:!?]+$/, ''), sentence: best!.r.sentence, writer: best!.r.writer, item: best!.r.source.item };
}

/**
 * Whether a sentence says only the kind of place a question asks for by name, and no one of it: "a
 * room will be found" for "which room did we get". Such a line is about the asked thing and names no
 * answer: a guess at most, never stated as found. A line of cells or a label is no sentence here.
 */
export function kindUnnamed(question: string, text: string): boolean {
  const phrase = askedPlacePhrase(question);
  if (!phrase) return false;
  const sentences = sentencesOf(text).filter(isSentence);
  const saying = sentences.filter((s) => tokensOf(s).some((w) => stem(w.text) === stem(phrase.noun)));
  if (!saying.length) return false;
  return saying.every((s) => spansOf('place', s).every((p) => !ofAskedPlace(p, phrase.noun)));
}
