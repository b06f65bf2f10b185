/**
 * "By when does the bug have to be fixed", "when will the water company take the money", "when do I
 * get my deposit back": a question about when a thing is due, or when money leaves or comes back to
 * the user. Screens say it in their own verbs ("We'll collect £59.23 by Direct Debit on 3 December",
 * "it will show as a credit on your January bill", "Return the form by: 9 Jan"), rarely in the
 * question's ("take", "pay me back", "by when"). The date answers when its own words say the asked
 * movement or limit (a collection, a refund, a "by" or "due" before it), on a screen about the asked
 * thing; any other date on that screen (when the bill was issued, the order placed) is not the answer.
 */
import { sentencesOf } from '../store/index.js';
import { termsSaid as covered, stem, VALUE, type AskedValue } from './asked-value.js';

/** What a question asks the time of: money taken from the user, money given back, or a limit. */
export type DueAsk = 'out' | 'back' | 'deadline';

/** Words for money, or where it is kept: "take the money", "charge my card". */
const MONEY_THING = /\b(?:money|payments?|instal+ments?|fees?|rent|amount|subscriptions?|premiums?|bills?|balance|deposit|cash|sum|direct debit|card|account|[£€$])/i;
/** Verbs a user says money leaves them by. */
const TAKEN = /\b(?:take|takes|taking|took|taken|collect\w*|debit\w*|charg(?:e|es|ed|ing)|withdraw\w*|deduct\w*|bill(?:ed|s)?|come out of|comes out of|go out of|goes out of|leave my account)\b/i;
/** Said of money alone, these need no money word beside them: "when will I be charged". */
const TAKEN_ALONE = /\b(?:charged|debited|billed|direct debit)\b/i;
/** Money coming back to the user: a refund, a reimbursement, a deposit returned, money paid or given back. */
const GIVEN_BACK = /\b(?:refund\w*|reimburs\w*|repa(?:y|id|ying)|(?:pay|paid|paying|give|gives|giving|get|gets|getting|send|sending|have|put|return|returns|returning)\b(?:\s+\S+){0,4}\s+back|return(?:ed|ing)?\s+(?:my|our|the)\s+(?:deposit|money))\b/i;
/** "Back" said of money ("give me my roaming money back"), not of a thing lent ("get the car back"). */
const BACK_OF_MONEY = /(?:\b(?:money|deposit|cash|payment|fee|fees|charge|charges|amount|sum|refund|pay|paid|paying)\b|[£€$])[^?]*\bback\b|\b(?:refund\w*|reimburs\w*|repa(?:y|id|ying))\b/i;
/**
 * A limit asked: "by when", "when is it due", "the deadline", "have to be fixed", "need to send …":
 * a task with a date it must be done by. Not where one must be at a time (a departure, a door).
 */
const LIMIT = /\bby when\b|\bby what (?:date|day)\b|\bdue\b|\bdeadline\b|\bat the latest\b|\bno later than\b|\b(?:have|has|need|needs|got)\s+to\s+be\s+(?!at\b|in\b|there\b|on\b|ready\b)\w+(?:ed|en|t)\b|\b(?:have|has|need|needs|got)\s+to\s+(?:go|come|be\s+(?:brought|given|taken|handed))\s+back\b|\b(?:must|should)\s+(?:(?:i|we|you|they|he|she|it)\s+)?(?:return|give back|bring back|take back|hand back|hand in|drop off|pay|send|submit|renew)\b|\b(?:have|has|need|needs|got)\s+to\s+(?:pay|send|submit|return|bring back|give back|hand in|file|fix|finish|complete|renew|apply|register|sign|cancel|reply|respond|upload|book|confirm|claim)\b/i;

/** Whether a question asks when something is due or when money moves, and which. */
export function dueAsked(question: string): DueAsk | null {
  const q = question.replace(/[’]/g, "'");
  if (!/^\s*(?:and\s+|so\s+)?(?:when|by when|until when|what (?:day|date)|which (?:day|date)|by what (?:date|day))\b|\bby when\b/i.test(q)) return null;
  if (GIVEN_BACK.test(q) && BACK_OF_MONEY.test(q)) return 'back';
  if (TAKEN.test(q) && (MONEY_THING.test(q) || TAKEN_ALONE.test(q))) return 'out';
  if (LIMIT.test(q)) return 'deadline';
  return null;
}

/** A screen's words for money taken: a collection, a direct debit, a charge to a card, a withdrawal. */
const SAYS_OUT = /\b(?:collect(?:ed|ion|s)?|(?:direct\s+)?debit(?:ed|s)?|charg(?:e|ed|es|ing)\s+(?:to|on|from)\b|(?:be|been|is|are|was|were)\s+charged|withdraw\w*|deduct\w*|tak(?:e|en)\s+from|(?:will|we'll|we will|shall)\s+(?:take|collect|charge|debit)|payment (?:date|day|on|will)|paid from|abbuch\w*|abgebucht|eingezogen|lastschrift\w*|prélèvement|prélev\w*|incasso|afschrijving|afgeschreven|cobr(?:o|ado|ará|aremos)|addebit\w*|domiciliaci\w*)\b/i;
/** A screen's words for money coming back: a refund, a credit, a reimbursement, a repayment. */
const SAYS_BACK = /\b(?:refund\w*|reimburs\w*|credit(?:ed|s)?\b(?!\s+card)|repa(?:y|id|yment)|money back|(?:paid|sent|returned|given|transferred|put)\s+back|back (?:on|to|into) your|return(?:ed)? to your (?:card|account)|erstatt\w*|gutschrift|gutgeschrieben|rembours\w*|restitu\w*|terugbetal\w*|teruggestort|reembols\w*|rimbors\w*|devolu\w*|devolvid\w*)/i;
/** Words right before a date that make it a limit: "by", "before", "due", "deadline", in the languages screens use. */
const LIMIT_BEFORE = /(?:\bby|\bbefore|\buntil|\btill|\bno later than|\bnot later than|\bdue(?:\s+(?:back|date|on|by))?|\bdeadline|\blatest|\bexpir(?:es|y|y date|ing)?(?:\s+on)?|\bclosing date|\blast day(?:\s+to\s+\w+)?|\bspätestens(?:\s+(?:am|bis))?|\bbis(?:\s+(?:zum|spätestens))?|\bfällig(?:\s+am)?|\bavant(?:\s+le)?|\bau plus tard(?:\s+le)?|\bdate limite|\buiterlijk(?:\s+op)?|\bvóór|\bentro(?:\s+il)?|\bscadenza|\bantes\s+del?|\bfecha límite|\baté|\bprazo)\s*[:.·-]?\s*(?:the\s+|on\s+|le\s+|il\s+|el\s+|am\s+|den\s+|op\s+|o\s+|a\s+)?$/i;

/** The words that set a limit, as against those that end a validity ("valid until", "expires"). */
const FIRM_LIMIT = /\b(?:by|before|due|deadline|latest|no later than|not later than|last day|closing date|spätestens|fällig|avant|au plus tard|date limite|uiterlijk|vóór|entro|scadenza|antes|fecha límite|prazo)\b/i;

/** A month said alone, as a bill or a statement is named by it ("your January bill"); capitalised, so "may" the verb is none. */
const MONTH_ALONE = /\b(?:January|February|March|April|May|June|July|August|September|October|November|December)\b/;
/** A day of the month said by its ordinal ("by the 18th"). */
const ORDINAL = /\bthe\s+(?:[12]?\d|3[01])(?:st|nd|rd|th)\b/i;
/** Dates that only say when the screen was read ("today"), never a date set for a thing. */
const NOW_WORDS = /^(?:today|tonight)$/i;

/** The dates a text says, where they stand: a day and month, a weekday, a numeric date, a month alone, an ordinal day. */
function datesIn(text: string): { at: number; said: string }[] {
  const out: { at: number; said: string }[] = [];
  const add = (re: RegExp) => {
    for (const m of text.matchAll(new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`))) {
      const at = m.index ?? 0;
      if (NOW_WORDS.test(m[0]) || out.some((d) => at < d.at + d.said.length && d.at < at + m[0].length)) continue;
      // The year after a day and month belongs to it ("2 December 2026", "Dec 14, 2026").
      const year = /^,?\s*\d{4}\b/.exec(text.slice(at + m[0].length))?.[0] ?? '';
      out.push({ at, said: `${m[0]}${year}`.trim() });
    }
  };
  add(VALUE.date);
  add(ORDINAL);
  add(MONTH_ALONE);
  out.sort((a, b) => a.at - b.at);
  // A weekday and its date side by side are one date ("Mon 14 Dec", "Friday, 18 December").
  const joined: { at: number; said: string }[] = [];
  for (const d of out) {
    const prev = joined[joined.length - 1];
    const gap = prev ? text.slice(prev.at + prev.said.length, d.at) : '';
    if (prev && /^[\s,.]{0,2}$/.test(gap) && (/^\p{L}+\.?$/u.test(prev.said) || /^\p{L}+\.?$/u.test(d.said))) prev.said = text.slice(prev.at, d.at + d.said.length);
    else joined.push({ ...d });
  }
  return joined;
}

/**
 * The lines above a screen's line that are its item's ("Piranesi" / "Borrowed 27 Nov" over "Due back
 * 25 Dec"): back to the line that gives the item before it its own date for the asked limit, at most three.
 */
export function itemAbove(question: string, lines: readonly string[], k: number): string {
  const out: string[] = [];
  for (let j = k - 1; j >= 0 && out.length < 3; j--) {
    if (dueDateOf(question, lines[j]!)) break;
    out.unshift(lines[j]!);
  }
  return out.join('\n');
}

/** A line read on a found screen, with its screen's words and how its passage ranked. */
export interface DueLine<T> {
  /** The line, a sentence, or "Label: value". */
  text: string;
  /** The sentence before it in the same passage, where "it" in "it will show on your January bill" points. */
  before?: string;
  /** The lines above it that are its item's, in a list of items each with its own date. */
  above?: string;
  /** Its screen's text and title: where the asked thing is named. */
  screen: string;
  title: string;
  rank: number;
  item: T;
}

export interface DueLead<T> {
  /** The date as the screen says it. */
  date: string;
  /** The line it was read in. */
  text: string;
  item: T;
}

/** Words of a question that only say the movement or the limit asked, not what it is about. */
const ASK_WORDS = new Set(['take', 'collect', 'debit', 'charg', 'charge', 'withdraw', 'deduct', 'bill', 'refund', 'reimburse', 'repay', 'pay', 'give', 'get', 'send', 'back', 'due', 'deadline', 'need', 'have', 'latest', 'money'].map(stem));
/** Nouns that name the one who takes or gives, in general words: the screen names the firm instead. */
const ORG = new Set('company companies firm provider operator supplier vendor carrier business organisation organization insurer insurers airline bank shop store'.split(' ').map(stem));

/** The date of a line that says the asked movement or limit, or null. */
function dueDateIn(ask: DueAsk, text: string, before = ''): string | null {
  const dates = datesIn(text);
  if (!dates.length) return null;
  if (ask === 'deadline') return dates.find((d) => LIMIT_BEFORE.test(text.slice(Math.max(0, d.at - 40), d.at)))?.said ?? null;
  const cue = ask === 'out' ? SAYS_OUT : SAYS_BACK;
  // The movement said in the sentence itself, or in the one before it that "it" points back to.
  if (cue.test(text)) return dates[0]!.said;
  if (cue.test(before) && /\b(?:it|this|that|they|them|the (?:money|amount|refund|credit|sum|payment))\b/i.test(text)) return dates[0]!.said;
  return null;
}

/**
 * The date a found screen gives for the asked movement or limit: of the lines whose own words say it
 * beside a date, the one on the screen that names most of what was asked (its title above all), then
 * its own words, then its passage's rank. Null when no screen about the asked thing says one.
 */
export function dueLead<T>(question: string, asked: AskedValue, lines: readonly DueLine<T>[]): DueLead<T> | null {
  const ask = dueAsked(question);
  if (!ask) return null;
  const terms = asked.terms.filter((t) => !ASK_WORDS.has(t) && !ORG.has(t));
  const nouns = terms.filter((t) => !asked.loose.includes(t));
  let best: { lead: DueLead<T>; score: number } | null = null;
  for (const l of lines) {
    const date = dueDateIn(ask, l.text, l.before);
    if (!date) continue;
    const page = `${l.text}\n${l.screen}\n${l.title}`;
    // The screen is about the asked thing: every noun said (one may go unsaid of three or more), and some word of the question when it has no noun.
    const named = covered(nouns, page, asked.kin);
    if (named < nouns.length - (nouns.length >= 2 ? 1 : 0) || (terms.length && covered(terms, page, asked.kin) === 0)) continue;
    // A limit said as one ("due", "by", "deadline") before the end of a validity ("valid until").
    const firm = ask !== 'deadline' || FIRM_LIMIT.test(l.text) ? 2.5 : 0;
    const score = 2 * covered(terms, l.title, asked.kin) + covered(terms, page, asked.kin) + 2 * covered(terms, `${l.before ?? ''} ${l.text}`, asked.kin) + 2 * covered(terms, l.above ?? '', asked.kin) + l.rank + firm;
    if (!best || score > best.score) best = { lead: { date, text: l.text, item: l.item }, score };
  }
  return best?.lead ?? null;
}

/** The date a line gives for the asked payment, refund or limit, or null (also for a question that asks none). */
export function dueDateOf(question: string, text: string): string | null {
  const ask = dueAsked(question);
  return ask ? dueDateIn(ask, text) : null;
}

/** Labels that date another event than a payment or a limit: when a thing was issued, placed, opened, sent. */
const OTHER_EVENT = /\b(?:issued|issue date|date of issue|placed|ordered|order date|created|opened|reported|requested|submitted|sent|dated|purchased|bought|booked|joined|member since|statement date|bill date|invoice date|posted|updated|received|delivered|logged|raised|started)\b/i;

/**
 * Whether a date found for a "when is it due / taken / given back" question is dated as another event
 * ("Order placed 2 November", "Bill issued 16 November"), its words saying nothing of the asked one.
 */
export function otherEventDate(question: string, text: string): boolean {
  const ask = dueAsked(question);
  if (!ask || !OTHER_EVENT.test(text) || !datesIn(text).length) return false;
  return dueDateIn(ask, text) === null;
}

/** The sentences of a text, each with the one before it. */
export function withSentenceBefore(text: string): { text: string; before: string }[] {
  const ss = sentencesOf(text);
  return ss.map((s, i) => ({ text: s, before: ss[i - 1] ?? '' }));
}
