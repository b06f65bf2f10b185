import type { PassageMatch } from '../../shared/index.js';
import { HEDGE_OPENING, NOTHING_ANSWERS } from './lead-openings.js';
import type { TimeFormatter } from '../../shared/time/index.js';
import { asksForEverything, sentencesOf } from '../store/index.js';
import { askedValue, asksWebAddress, headNoun, meets, metByKin, stem, stemsOf, termsSaid as covered, VALUE, type AskedValue, type ValueKind, webAddressIn } from './asked-value.js';
import { wordKin } from '../runtime/index.js';
import { clip, collapse } from '../../shared/memory/index.js';
import { seenPhrase } from './passage-answer.js';
import { isChatEpisode } from './question-context.js';
import type { NumberedMemory } from './retrieval-types.js';
import { labelledValues } from './screen-layout.js';
import { dayCue, isDayHeading, unitDayFit, type DayCue } from './day-cue.js';
import { meantLabel, unsaidPhrase, type Meaning } from './label-meaning.js';
import type { FrameWords } from '../store/index.js';
import type { ScreenOf } from './unmatched-screen.js';
import { asksMoney, causeIn, joinSplitCodes, linkIn, measureIn, phoneIn, placeIn, quantityIn, refineAsked, saysPhone, splitCodeIn } from './asked-kinds.js';
import { otherPeriod } from './asked-period.js';
import { instructionIn, markedStep, stepStatement } from './step-answer.js';
import { adviceAsked, adviceIn, type AdviceScreen } from './advice-answer.js';
import { chatAsk, chatLead, saidByWhom, saidLine, type ChatScreen } from './said-by.js';
import { glossed } from './label-gloss.js';
import { saysAskedThing } from './asked-thing.js';
import { falseFriendMask } from './false-friends.js';
import { extremeLead } from './superlative.js';
import { positionLead } from './list-position.js';
import { openingHoursLead } from './opening-hours.js';
import { relativeTime } from './relative-time.js';
import { askedClause, isWriterHeader, writerOf } from './prose-clause.js';
import { checkStatement, leadStands, oftenForWhen, onlyGeneralUnmet } from './statement-check.js';
import { nearMissSentence } from './near-miss.js';
import { perPeriodFit } from './per-period.js';
import { kindUnnamed, sentenceSpan, type SpanSource } from './sentence-span.js';
import { venueTime } from './venue-time.js';
import { datesOtherStep, eventSources, eventTime, saysOnly } from './event-time.js';
import { journeyLead } from './journey-row.js';
import { saysLength, timeSpanLead } from './time-span.js';
import { valueInAskedUnit } from './asked-unit.js';
import { kindByThing } from './thing-kind.js';
import { frequencyLine } from './frequency-line.js';
import { clockLengthIn } from './length-label.js';
import { procedureLead } from './procedure-lead.js';
import { contactLead, contactScreens, ringablePhones, beatsLine, otherPurposePhone } from './contact-lead.js';
import { shapedPiece } from './named-identifier.js';
import { askedStepPlace } from './step-ordinal.js';
import { notTheAsked, notTheRole, notTheSite, personLead } from './person-answer.js';
import { roleDetailLead } from './people-table.js';
import { bestScreens, foundScreens, type FoundScreen } from './found-screens.js';
import { moneyAsk, moneyLead } from './money-total.js';
import { cellLead } from './row-column.js';
import { crossLead } from './table-cross.js';
import { otherNumbered } from './numbered-column.js';
import { namesAsked, ownerUnsaid, rareWordPick, thingUnsaid } from './rare-word-lead.js';
import { bestLinePick, clausesOf, monthSaid } from './best-line-lead.js';
import { listInOneCell } from './list-label.js';
import { timetableLead } from './timetable-grid.js';
import { bringLead } from './bring-list.js';
import { featureUnsaid } from './asked-feature.js';
import { saysCountInWords } from './count-words.js';
import { bookedCountLead } from './booked-count.js';
import { policyTermLead } from './policy-term.js';
import { merchantSpendLead } from './merchant-spend.js';
import { moneyRoleLead } from './money-role.js';
import { routeDurationLead } from './route-duration.js';
import { dueDateOf, dueLead, itemAbove, withSentenceBefore } from './due-date.js';
import { expiryLead, statusAsked, statusLead } from './row-status.js';
import { legendAsked, legendLead } from './grid-legend.js';

/**
 * The one sentence an offline answer leads with: the fact found for the question (the value next
 * to the asked label, the step asked for, the person and the time), with where and when it was seen;
 * or, when nothing seen or kept holds what was asked, that Engram does not know. The evidence (the
 * screen lines, the memories) follows it; this only picks and states.
 */
export interface FactSentence {
  text: string;
  /** The [n] the sentence cites (none when it says it does not know). */
  cited: number[];
  /** Found: holds a value of the asked kind where every noun of the question is met. */
  known: boolean;
  /** Not found for sure but close: one noun of three or more unmet; said as a guess, not as the answer. */
  hedged: boolean;
}

/** A piece of a passage that can state a fact: a labelled cell, a line, a label with the value under it, a sentence, a command. */
interface Unit {
  text: string;
  /** The passage (or memory) around it and its window title: what the question's other words may be met in. */
  context: string;
  /** What is right next to it: for a command, the lines it printed. */
  near?: string;
  passage: PassageMatch | null;
  n: number;
  /** 0..1: how the passage ranked in the search. */
  rank: number;
  /** Other cells of its row that name what the row is about, shown with the value ("Freelancer: Ines Duarte"). */
  key?: string;
  /** Paired by where the words sit on screen (its word boxes), not by the OCR text's line breaks. */
  laidOut?: boolean;
  /** The rest of its screen: what the question names may be said elsewhere on it (an invoice's client above its total). */
  wide?: string;
  /** The question's terms its label means in other words (the embedder's judgement, see label-meaning). */
  means?: { terms: string[]; label: string; screenSaysNone: boolean };
  /** The day heading above it on its screen ("Tuesday 15 December" over that day's entries). */
  heading?: string;
  /** For a clause of a sentence (see inClause), the sentence it was cut from. */
  sentence?: string;
  /** Its values are all in clauses that do not name what was asked, while another clause does. */
  aside?: boolean;
}

/** A frame's OCR word boxes, when they were kept. */
export type FrameLayout = (frameId: string) => FrameWords | null;

/** Passages and memories looked at, at most: the answer is among the best matches or not at all. */
const MAX_PASSAGES = 8;
/** An amount with its currency written beside it: a price, whatever else a line counts. */
const PRICED = /[€$£¥]\s?\d[\d,.]*|\b\d[\d,.]*\s?(?:€|EUR|USD|GBP|CHF|euros?|dollars?)(?![\p{L}])|\b(?:EUR|USD|GBP|CHF)\s?\d[\d,.]*/giu;
const MAX_MEMORIES = 6;
const MAX_CHARS = 220;
/** Screens read again from their word boxes, at most: the frames of the best passages. */
const MAX_FRAMES = 3;
/** Screens read for a bill's total or a table's cell, at most: those of the best matched passages. */
const AMOUNT_SCREENS = 3;
/** Screens read whole although none of their passages matched, at most: those of the best ranked memories. */
const UNMATCHED_SCREENS = 2;

/**
 * The passages of the best ranked search results that came with none, one screen each, skipping
 * screens (window titles) whose passages are read already.
 */
function unmatchedScreens(numbered: readonly NumberedMemory[], read: readonly PassageMatch[], screens: ScreenOf): { p: PassageMatch; m: NumberedMemory }[] {
  const titles = new Set(read.map((p) => p.window_title ?? ''));
  const out: { p: PassageMatch; m: NumberedMemory }[] = [];
  const best = numbered.filter((m) => m.source === 'search' && !m.passages?.length && !isChatEpisode(m.memory)).sort((a, b) => (b.score ?? 0) - (a.score ?? 0));
  let taken = 0;
  for (const m of best) {
    if (taken >= UNMATCHED_SCREENS) break;
    const ps = screens(m.memory);
    if (!ps?.length || titles.has(ps[0]!.window_title ?? '')) continue;
    titles.add(ps[0]!.window_title ?? '');
    out.push(...ps.map((p) => ({ p, m })));
    taken++;
  }
  return out;
}

const hasDigit = (s: string) => /\d/.test(s);
const cellsOf = (line: string) => line.trim().split(/\s{2,}|\t|\s\|\s/).map((c) => c.trim()).filter(Boolean);

/** A short line with no figures that does not end a sentence (nor a greeting's comma) reads as a label for what is under it. */
const isLabel = (line: string) => line.length <= 40 && !hasDigit(line) && !/[.!?,]$/.test(line.trim()) && !VALUE.email.test(line);

function unitsOfPassage(p: PassageMatch, m: NumberedMemory, rank: number): Unit[] {
  const n = m.n;
  // The memory the screen is cited by says what the screen was about, in words the screen may not use.
  const context = `${p.text}\n${p.window_title ?? ''}\n${m.memory.title}`;
  const unit = (text: string, key?: string): Unit => ({ text: collapse(text), context, passage: p, n, rank, ...(key ? { key } : {}) });
  const text = p.text.trim();
  if (p.kind === 'row' && text.includes(': ') && !text.includes('\n')) {
    const cells = text.split(' · ');
    return cells.map((c) => unit(c, cells.filter((o) => o !== c).join(' · ')));
  }
  // Steps numbered inline ("… billing 2. If the primary is down, …") are read one step each.
  if (p.kind === 'paragraph') return collapse(text).split(/\s+(?=\d{1,2}[.)]\s+\p{Lu})/u).flatMap((step) => sentencesOf(step)).map((s) => unit(s));
  const lines = text.split('\n').map((l) => l.trim()).filter(Boolean);
  const out: Unit[] = [];
  // An entry under a day heading is on that day, and the other days' entries are not around it.
  const headings = lines.map((l) => isDayHeading(l));
  // One date line alone (a ticket's "Saturday 12 December") parts no days: what is above it (the
  // show's name) is still around every line, as on a page with no day heading.
  const parted = headings.filter(Boolean).length >= 2;
  let heading: number | null = null;
  lines.forEach((line, i) => {
    const next = lines[i + 1];
    if (headings[i]) heading = i;
    const end = heading === null ? -1 : headings.indexOf(true, heading + 1);
    const day = heading === null ? null : { heading: lines[heading]!, context: `${lines.slice(heading, end < 0 ? undefined : end).join('\n')}\n${p.window_title ?? ''}\n${m.memory.title}` };
    const at = (t: string): Unit => ({ ...unit(t), ...(day ? { ...(parted ? { context: day.context } : {}), ...(heading !== i ? { heading: day.heading } : {}) } : {}) });
    if (p.kind === 'code') {
      // A command with what it printed: the outcome tells which command did what was asked.
      out.push({ ...at(line), near: lines.slice(i, i + 3).join('\n') });
      return;
    }
    // OCR joins a message's lines into one: a long line answers by its sentences.
    if (line.length > 160) for (const piece of sentencesOf(line)) out.push(at(piece));
    else out.push(at(line));
    if (next === undefined) return;
    // Forms put the label above its box, sometimes two side by side: "Date of incident  Sum requested" over "02/11/2026  EUR 412.80".
    const labels = cellsOf(line);
    const values = cellsOf(next);
    if (labels.length > 1 && labels.length === values.length && labels.every(isLabel)) {
      // The row's other cells go with each pair: a first column's "08:00" says which run the count is of.
      // Only under a header of three or more: two cells are as often a label and its value ("Result  Passed
      // with advice" over "Next due  Nov 2027"), and the next line's cells would then vouch for a pair that is none.
      const keyed = labels.length >= 3;
      labels.forEach((l, j) => out.push(keyed ? { ...at(`${l}: ${values[j]}`), key: labels.map((o, k) => `${o}: ${values[k]}`).filter((_, k) => k !== j).join(' · ') } : at(`${l}: ${values[j]}`)));
    } else if (isLabel(line) && !isLabel(next)) {
      out.push(at(`${line}: ${next}`));
    }
  });
  return out;
}

const fold = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * How much of what the question is about a screen's passages name: its nouns (what it asks about)
 * count, its verbs ("booked", "pay") barely, since other screens share them ("book through the app").
 */
function namesIt(asked: AskedValue, text: string): number {
  const nouns = asked.terms.filter((t) => !asked.loose.includes(t));
  return covered(nouns, text, asked.kin) + 0.1 * covered(asked.loose, text, asked.kin);
}

/**
 * The labelled values of the best passages' screens, read from where their words sit. The screens
 * read are those whose passages name most of what was asked, then the best ranked: a form that
 * says "Cost centre" is read before screens that only share the question's verb with it.
 */
function unitsOfLayout(passages: { p: PassageMatch; m: NumberedMemory; rank: number }[], layout: FrameLayout, asked: AskedValue, maxFrames = MAX_FRAMES): Unit[] {
  const out: Unit[] = [];
  const all = new Map<string, { p: PassageMatch; m: NumberedMemory; rank: number; texts: string[] }>();
  for (const x of passages) {
    if (!x.p.frame_id) continue;
    const f = all.get(x.p.frame_id);
    if (f) f.texts.push(x.p.text);
    else all.set(x.p.frame_id, { ...x, texts: [x.p.text] });
  }
  const named = [...all].map(([id, f], order) => ({ id, f, order, names: namesIt(asked, `${f.texts.join('\n')}\n${f.p.window_title ?? ''}`) }));
  named.sort((a, b) => b.names - a.names || a.order - b.order);
  const frames = named.slice(0, maxFrames).map((x) => [x.id, x.f] as const);
  for (const [id, { p, m, rank, texts }] of frames) {
    const fw = layout(id);
    if (!fw) continue;
    const folded = texts.map((t) => ({ t, f: fold(t) }));
    for (const v of labelledValues(fw)) {
      // Around a value is the passage it was read in, not the whole screen (a card beside another card).
      const inIt = folded.filter((x) => x.f.includes(fold(v.value).slice(0, 24))).map((x) => x.t);
      const context = `${inIt.join('\n')}\n${p.window_title ?? ''}\n${m.memory.title}`;
      out.push({ text: collapse(`${v.label}: ${v.value}`), context, wide: texts.join('\n'), passage: p, n: m.n, rank, laidOut: true, ...(v.row ? { key: v.row } : {}) });
    }
  }
  return out;
}

/**
 * A question about what is still to come, or about when a thing does what it does ("when does the
 * ferry leave", "what time is the library open till"): the time a screen was seen cannot answer it.
 */
const AHEAD = /\b(?:will|going to|gonna|supposed to|due|next|need to|needs to|have to|has to|upcoming)\b|^\s*(?:and\s+|so\s+)?(?:when|what time|what day|what date|until when|how late|how early)\s+(?:does|do|is|are|can|should|must)\b/i;

function unitsOfMemory(m: NumberedMemory, rank: number, question: string, kind: ValueKind): Unit[] {
  let text = collapse(m.memory.text);
  // An episode's text is its title and when it happened ("Browsed "Bill …" in Chromium, Sun 6 Dec
  // 2026 01:53"): that time is when the screen was seen, which the answer says anyway, and no date the
  // screen gave. For "when will the energy company take the money" it is never the answer, nor are
  // its figures a count of anything ("how many bikes" over "Browsed "Bike storage" …, 5 Nov 2026").
  const title = collapse(m.memory.title);
  const episode = m.memory.kind === 'episodic' && !!title && text.startsWith(`${title}, `);
  // Nor does it name who did anything: its capitalised words are the page's title and the app ("in Chromium").
  if (episode && kind === 'person') return [];
  if (episode && (AHEAD.test(question) || kind === 'count')) text = title;
  const context = `${m.memory.title}\n${text}`;
  return sentencesOf(text).map((s) => ({ text: s, context, passage: null, n: m.n, rank }));
}

/** A day of the month said in prose by its ordinal ("by the 18th", "from the 3rd"), not a floor or a step ("the 5th floor"). */
const ORDINAL_DAY = /\b(?:on|by|until|till|before|after|from|since)\s+the\s+(?:[12]?\d|3[01])(?:st|nd|rd|th)\b(?!\s+(?:floor|step|row|place|time|round|edition|century|item|line|page|attempt|level|stop|exit|gate|seat))/i;

/** Whether the unit holds a value of the asked kind (a person not named in the question, for "who"). */
function valueIn(kind: ValueKind, unit: string, question: string): boolean {
  // Any value at all, but something the question did not say already: a label alone states nothing.
  // (The choices a question offers, "allowed or blocked", may be the answer.)
  if (kind === 'any') {
    // Hyphens folded on both sides: "Guest Wi-Fi" restates "the guest wifi", it names nothing.
    const joined = (t: string) => t.replace(/(\p{L})-(?=\p{L})/gu, '$1');
    const said = stemsOf(joined(question.replace(/[\p{L}\d-]+\s+or\s+[\p{L}\d-]+/gu, ' ')));
    return [...stemsOf(joined(unit))].some((s) => /\p{L}|\d/u.test(s) && !meets(s, said));
  }
  if (kind === 'when') return VALUE.date.test(unit) || VALUE.clock.test(unit) || ORDINAL_DAY.test(unit);
  // "Fahrzeit 1:25": a length written as a clock under a label that says it is one (length-label).
  if (kind === 'duration') return VALUE.duration.test(unit) || clockLengthIn(unit) !== null;
  if (kind === 'person') {
    const q = question.toLowerCase();
    for (const m of unit.matchAll(new RegExp(VALUE.person.source, 'gu'))) {
      const name = m[0];
      // A name that shares a word with the question is what it asks about ("my Larkbook repair": "Larkbook Pro"), not who.
      const said = name.split(/[\s-]+/).some((w) => new RegExp(`\\b${w.toLowerCase()}\\b`).test(q));
      if (!said && !/^(?:The|This|That|Please|Thanks|Hi|Hello|Note|Last|Next|Today|Tomorrow|Your|My|Our|His|Her|Their|Its|What|Who|When|Where|Why|How|Which|We|You|They|He|She|It|Us|Me|Them)$/.test(name) && !VALUE.date.test(name) && !commonWord(name)) return true;
    }
    return false;
  }
  // A price counts nothing: "Total £34.50" is no answer to "how many tickets".
  if (kind === 'count') return VALUE.count.test(unit.replace(VALUE.date, ' ').replace(VALUE.clock, ' ').replace(PRICED, ' ')) || saysCountInWords(unit);
  // "How much electricity did I use": an amount in its unit answers, as money does.
  if (kind === 'money') return VALUE.money.test(unit) || (!asksMoney(question) && quantityIn(unit));
  // "How heavy is the parcel", "how big is the flat": a weight or an area, as well as an amount of data.
  if (kind === 'size') return VALUE.size.test(unit) || measureIn(unit);
  // The year of a date is no reference number ("Hire date: 3 March 2021" holds no ID).
  if (kind === 'code') return VALUE.code.test(unit.replace(new RegExp(`(?:${VALUE.date.source})(?:,?\\s+\\d{4}\\b)?`, 'gi'), ' ')) || splitCodeIn(unit);
  // "where can I find it" is answered by a place, a path or an address alike.
  if (kind === 'place') return placeIn(unit.replace(/\bin\s+(?:Chromium|Chrome|Firefox|Safari|Edge|Terminal|Code)\b/g, ' ')) || linkIn(unit.replace(new RegExp(VALUE.email.source, 'g'), ' '));
  if (kind === 'contact') return phoneIn(unit) || VALUE.email.test(unit);
  // "How fast / slow": a speed, or the time a thing takes (a request's latency, a lap).
  if (kind === 'rate') return VALUE.rate.test(unit) || VALUE.duration.test(unit);
  // A record's number written like a phone ("Order number 0161 8890 4421") is no number to ring.
  if (kind === 'phone') return ringablePhones(unit).length > 0;
  // "The address of my blog": a web address, not the blog's folder in a terminal's prompt.
  if (kind === 'link') return asksWebAddress(question) ? webAddressIn(unit) : linkIn(unit);
  if (kind === 'command') return VALUE.command.test(unit) || instructionIn(unit);
  // "Why did it fail": what says why, not the status that says it failed.
  if (kind === 'reason') return causeIn(unit);
  return VALUE[kind].test(unit);
}

/**
 * Capitalised words that WordNet knows well are words, not a name: "Rent", "Viewing" or "Available"
 * opening a listing's line, or "February Viewing" read together. Names have no or few senses there
 * ("Dmitri" none, "Sofia" a city); a first name that is a common word ("Mark") is still read as a
 * name with its surname. A month's name counts as a word.
 */
const COMMON_WORD_KIN = 8;
const MONTH_NAME = /^(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)$/i;
const commonWord = (name: string) => name.split(/[\s-]+/).every((w) => MONTH_NAME.test(w) || wordKin(w.toLowerCase()).size >= COMMON_WORD_KIN);

/** "Seat number", "room number", "gate number": the number asked for is a short one under that label ("Seat: 61"). */
const NUMBER_OF = /\b([\p{L}-]+)\s+(?:number|no\.?|nr\.?)\b/iu;

const NO_KIN: ReadonlyMap<string, ReadonlySet<string>> = new Map();

/** A short number in a cell labelled by the noun the question asks the number of ("which seat number": "Seat: 61"). */
function numberUnder(unit: Unit, question: string): boolean {
  const of = NUMBER_OF.exec(question)?.[1];
  if (!of || !(unit.laidOut || unit.key)) return false;
  const label = labelOf(unit);
  const value = unit.text.split(': ').slice(1).join(': ');
  return meets(stem(of), stemsOf(label)) && /^\s*[A-Z]?\d{1,4}[A-Z]?\s*$/.test(value);
}

/** "The door code", "the alarm PIN", "the Wi-Fi password": the code of a thing the question names. */
const CODE_OF = /\b([\p{L}-]+)[\s-]+(?:code|pin|passcode|password|combination)\b/iu;
const SAYS_CODE = /\b(?:code|pin|passcode|password|passwd|combination)\b/i;
/** Words before "code" that name the kind of code, not a thing it opens ("booking code", "the code"). */
const KIND_OF_CODE = /^(?:the|my|a|an|this|that|booking|confirmation|reference|order|ticket|tracking|promo|discount|voucher|coupon|zip|postal|post|area|country|dialling|dialing|error|exit|status|source|qr)$/i;

/**
 * "What is the door code": a code of a thing is said as one ("Door code: 4471", "Entry PIN", a cell
 * labelled "Door"). A number that is not ("FAC-2226", the ticket about the bike room door; "#: 4471",
 * a record's own number) answers "which ticket", not the question.
 */
function codeNotSaid(unit: Unit, asked: AskedValue, question: string): boolean {
  if (asked.kind !== 'code') return false;
  const of = CODE_OF.exec(question)?.[1];
  if (!of || KIND_OF_CODE.test(of)) return false;
  const label = unit.text.includes(': ') ? labelOf(unit) : '';
  return !SAYS_CODE.test(unit.text) && !meets(stem(of), stemsOf(label));
}

/** "Booking code", "case number", "order ref": the words a question names its code by. */
const CODE_LABEL = /\b([\p{L}]{3,})\s+(?:code|number|no\.?|nr\.?|ref(?:erence)?|id)\b/iu;
/**
 * How a text labels its code against the question's name for it: +1.5 said as the question says it
 * ("Booking code K7 QW2M" for "the booking code"), -1.5 with no code word at all, else 0.
 */
function codeLabelFit(question: string, text: string): number {
  const word = CODE_LABEL.exec(question)?.[1];
  if (!word || /^(?:the|my|our|your|what|which|phone)$/i.test(word)) return 0;
  const at = CODE_LABEL.exec(text);
  if (at && meets(stem(word), stemsOf(at[1]!))) return 1.5;
  return SAYS_CODE.test(text) || /\b(?:number|no\.?|nr\.?|ref(?:erence)?|id|#)\b|#/i.test(text) ? 0 : -1.5;
}

function unmet(terms: string[], text: string, kin = NO_KIN): string[] {
  const stems = stemsOf(text);
  return terms.filter((t) => !meets(t, stems) && !metByKin(t, stems, kin));
}

/**
 * "The phone company", "my energy provider": a screen names the company ("Tellio support"), not the
 * word, so one may go unmet as a verb may. (Still a noun for label-meaning: "join the company" is
 * what "Hire date" means.)
 */
const ORG_NOUNS = new Set('company companies firm provider operator supplier vendor carrier business organisation organization insurer insurers airline'.split(' ').map(stem));

/**
 * Whether the answer's surroundings meet what the question is about: 'yes' with every noun and all
 * but a third of its verbs; 'near' with one noun unmet of three or more words (a synonym the screen
 * used: "skin doctor" for "dermatology"); else 'no'.
 */
function aboutIt(asked: AskedValue, text: string, best: boolean, question?: string): 'yes' | 'near' | 'no' {
  const missing = unmet(asked.terms, text, asked.kin);
  const nouns = missing.filter((t) => !asked.loose.includes(t) && !ORG_NOUNS.has(t)).length;
  const n = asked.terms.length;
  // Every noun met; the verbs a screen says in its own words may all go unmet when a noun is met ("booked under" a cost centre).
  const nounMet = asked.terms.some((t) => !asked.loose.includes(t) && !missing.includes(t));
  if (nouns === 0 && (missing.length <= Math.floor(n / 3) || (nounMet && missing.length <= Math.ceil(n / 2)))) return 'yes';
  // Only the question's more general nouns unmet, its specific ones met ("yoga" met, "class" not): the value is of the asked thing.
  if (question && nouns > 0) {
    const allNouns = asked.terms.filter((t) => !asked.loose.includes(t) && !ORG_NOUNS.has(t));
    const unmetNouns = allNouns.filter((t) => missing.includes(t));
    if (onlyGeneralUnmet(question, asked, unmetNouns, allNouns.filter((t) => !missing.includes(t))) && missing.length - unmetNouns.length <= Math.floor(n / 3)) return 'yes';
  }
  // A question with no noun ("how much did I actually get paid after tax") names nothing a screen
  // could be checked against: the best matched screen's value of the asked kind is offered (and said
  // as the answer when the label says which of its values was asked: net pay, the total, the plan).
  if (best && nouns === 0 && !asked.terms.some((t) => !asked.loose.includes(t))) return 'near';
  if (n < 3) return 'no';
  // The search's best screen, meeting half the question, is worth offering as a guess too ("first quarter" read as "Q1").
  return (nouns <= 1 && missing.length <= Math.ceil(n / 2)) || (best && missing.length <= Math.floor(n / 2)) ? 'near' : 'no';
}

/** The asked terms with a label's words as their kin: the label says them in other words. */
function meantBy(asked: AskedValue, terms: string[], label: string): AskedValue {
  const kin = new Map(asked.kin);
  const words = [...stemsOf(label)].filter((w) => w.length >= 2);
  for (const t of terms) kin.set(t, new Set([...(kin.get(t) ?? []), ...words]));
  return { ...asked, kin };
}

/**
 * Marks the laid-out units whose label means what their screen leaves unsaid of the question: per
 * screen, among its labels holding a value of the asked kind, the one the embedder puts closest to
 * the unsaid words, above the floor and ahead of the rest.
 */
function markMeant(units: Unit[], asked: AskedValue, question: string, meaning: Meaning): void {
  for (const [, group] of byScreen(units)) {
    const unsaid = unsaidPhrase(question, asked, screenText(group[0]!));
    if (!unsaid) continue;
    const withValue = group.filter((u) => valueIn(asked.kind, u.text, question));
    const label = meantLabel(unsaid.phrase, withValue.map(labelOf), meaning);
    if (!label) continue;
    const nouns = asked.terms.filter((t) => !asked.loose.includes(t));
    const screenSaysNone = nouns.every((t) => unsaid.terms.includes(t));
    for (const u of withValue) if (labelOf(u) === label) u.means = { terms: unsaid.terms, label, screenSaysNone };
  }
}


const labelOf = (u: Unit) => u.text.split(': ')[0] ?? '';
const screenText = (u: Unit) => `${u.wide ?? ''}\n${u.context}`;

/** Laid-out units by the screen (frame) they were read from. */
function byScreen(units: Unit[]): Map<string, Unit[]> {
  const out = new Map<string, Unit[]>();
  for (const u of units) {
    const id = u.laidOut ? u.passage?.frame_id : null;
    if (!id) continue;
    out.set(id, [...(out.get(id) ?? []), u]);
  }
  return out;
}

/**
 * What the embedder is asked to compare for a question: each read screen's unsaid words against its
 * labels. Empty when every screen says what was asked (the usual case: nothing to embed).
 */
export function meaningPairs(question: string, numbered: readonly NumberedMemory[], layout?: FrameLayout, screens?: ScreenOf): { phrase: string; label: string }[] {
  const g = gather(question, numbered, layout, screens);
  if (!g) return [];
  const out: { phrase: string; label: string }[] = [];
  for (const [, group] of byScreen(g.units)) {
    const unsaid = unsaidPhrase(question, g.asked, screenText(group[0]!));
    if (!unsaid) continue;
    for (const u of group) if (valueIn(g.asked.kind, u.text, question)) out.push({ phrase: unsaid.phrase, label: labelOf(u) });
  }
  return out;
}

interface Pick {
  unit: Unit;
  score: number;
  fit: 'yes' | 'near' | 'no';
  /** A value of the asked kind on a screen about the topic, whose own words say nothing of what was asked of it (see asked-attribute). */
  miss?: boolean;
}

/**
 * How a line says who: authorship and assignment are said with "by", "with", "from" or a role label.
 * Who asked or reported is the requester; who handles, works on or fixes it is the owner.
 */
function roleCue(text: string, question: string): number {
  const asks = /\b(?:ask|request|report|raise|file|open|submit|sen[dt])\w*\b/i.test(question);
  if (/\b(?:owner|assignee|assigned to|handled by|handler|in charge|case worker|responsible)\b/i.test(text)) return asks ? 0.3 : 0.7;
  if (/\b(?:requested by|reported by|requester|reporter|submitted by|opened by)\b/i.test(text)) return asks ? 0.7 : 0.3;
  return /\b(?:by|with|from|contact)\b/i.test(text) ? 0.5 : 0;
}

function judge(found: Unit, said: AskedValue, question: string, cue: DayCue | null = null, period = question): Pick {
  // A foreign page's word spelt like the asked one but meaning another thing there meets nothing ("Firma" on an Italian form).
  const mask = falseFriendMask(said.terms, `${found.context}\n${found.wide ?? ''}`, question);
  const unit: Unit = mask ? { ...found, text: mask(found.text), context: mask(found.context), ...(found.key ? { key: mask(found.key) } : {}), ...(found.wide ? { wide: mask(found.wide) } : {}) } : found;
  // A label that means the question's unsaid words meets them as a related word does (half).
  const asked = unit.means ? meantBy(said, unit.means.terms, unit.means.label) : said;
  // A calendar cell under the asked day's header ("Fri 6 Jun" for "Friday the 6th") is on that day:
  // the question's day words are met by it; a cell under another day's header is not the answer.
  const day = unitDayFit(cue, { label: unit.laidOut || unit.key ? labelOf(unit) : null, ...(unit.key ? { key: unit.key } : {}), text: unit.text, ...(unit.heading ? { heading: unit.heading } : {}) });
  const dayWords = day === 1 ? ` ${cue!.words.join(' ')}` : '';
  const inUnit = covered(asked.terms, `${unit.text} ${unit.key ?? ''}${dayWords}`, asked.kin);
  // Its own label naming what was asked weighs more than the rest of its row: cards side by side are
  // read as one row, and "the landlady's mobile" is the cell labelled Landlady, not the plumber's cell
  // beside it (the row's naming cell still tells a table's rows apart).
  const own = unit.key ? covered(asked.terms, labelOf(unit), asked.kin) : 0;
  const nearBy = unit.near ? covered(asked.terms, unit.near, asked.kin) : 0;
  const surroundings = `${unit.text}\n${unit.key ?? ''}${dayWords}\n${unit.context}`;
  const around = covered(asked.terms, surroundings, asked.kin);
  // A status cell ("Status: failed") says that it failed, not why.
  const statusOnly = asked.kind === 'reason' && (unit.laidOut || unit.key) && /^\s*(?:failed|failing|fails?|failure|errored|error|broken|red)\s*$/i.test(unit.text.split(': ').slice(1).join(': '));
  // A label's own words are no name ("What happened: Bicycle frame cracked…" names no one).
  // Nor is the site's own name, as its window title ends ("… — Lumen Assurance").
  const valueText = asked.kind === 'person' ? notTheAsked(notTheSite(unit.laidOut ? unit.text.split(': ').slice(1).join(': ') : unit.text, unit.passage?.window_title ?? ''), question) : unit.text;
  const hasValue = !statusOnly && !codeNotSaid(unit, asked, question) && (asked.shaped ? asked.shaped(valueText) : valueIn(asked.kind, valueText, question) || numberUnder(unit, question));
  // "who wrote X": authorship and assignment are said with "by", "with", "from" or a "Name:" line.
  const personCue = asked.kind === 'person' ? roleCue(unit.text, question) : 0;
  // A code is labelled as one: "Personnel no.", "Order #", "Member ID", "Ref".
  const codeCue = asked.kind === 'code' && unit.laidOut && /\b(?:no|nr|number|id|#|code|ref|reference)\b\.?|#/i.test(labelOf(unit)) ? 0.5 : 0;
  // "The booking code": a line that says "Booking code …" is labelled as the question names it, beside a train's number.
  // A figure with no code word beside it (a train's number) is not the code the question names.
  const codeNamed = asked.kind === 'code' ? codeLabelFit(question, unit.text) : 0;
  // "The hotel's phone number": the number a label or a word says is one to ring ("Telefone: …"), not a figure beside it.
  const phoneCue = (asked.kind === 'phone' || asked.kind === 'contact') && hasValue ? (saysPhone(unit.text) ? 1.5 : -0.5) : 0;
  // "How much in total / do they owe / did I pay": the line that sums it up, not one item of it.
  // A subtotal sums the items too, when no total says more.
  const sum = asked.kind === 'money' && WHOLE_SUM.test(question) && moneyAsk(question)?.of !== 'part' ? (/\b(?:total|balance|amount due|due|owed|grand)\b/i.test(`${unit.text} ${unit.key ?? ''}`) ? 1 : /\bsubtotal\b/i.test(unit.text) ? 0.5 : 0) : 0;
  // "When is it due / by when must I": the date a label gives as a limit ("Return by", "Pay until"), not another date beside it.
  const limit = (asked.kind === 'when' || asked.kind === 'date') && DEADLINE.test(question) && /\b(?:by|due|until|till|deadline|expir\w*|before|latest|return\w*)\b/i.test(labelOf(unit)) ? 0.5 : 0;
  const both = asked.kind === 'when' && VALUE.date.test(unit.text) && VALUE.clock.test(unit.text) ? 0.5 : 0;
  const plan = unit.laidOut || unit.key ? planOrOutcome(labelOf(unit), question) : 0;
  // "Why did it fail": the error that says why, not the status that says it failed.
  const why = asked.kind === 'reason' && (/\b(?:error|exception|because|due to)\b|\bE[A-Z]{4,}\b/i.test(unit.text) || causeIn(unit.text)) ? 1 : 0;
  // A failed command did not do what was asked: the step that worked is the one to state.
  const failed = asked.kind === 'command' && /\b(?:error|failed|not found|denied|cannot|can't)\b/i.test(unit.near ?? '') ? -2 : 0;
  // A label paired with its value by where both sit on screen is a surer pair than two lines of OCR text.
  const laidOut = unit.laidOut ? 0.5 : 0;
  // The cell of a row that says what the row is about ("Analyte: Total cholesterol") names it; the
  // answer to "what was my cholesterol" is another cell of that row.
  const cellValue = unit.key ? unit.text.split(': ').slice(1).join(': ') : '';
  const naming = asked.kind === 'any' && cellValue && covered(asked.terms, cellValue, asked.kin) > 0 ? -1 : 0;
  // A command or a numbered step is a surer step than a sentence that says to do something.
  const prose = asked.kind === 'command' && hasValue && !VALUE.command.test(unit.text) && !markedStep(unit.text) ? -1 : 0;
  // "How much electricity did I use": an amount in its unit, not a money-looking figure beside it.
  const measured = asked.kind === 'money' && hasValue && !asksMoney(question) && quantityIn(unit.text) ? 1 : 0;
  // An average or a rate ("Your average daily use: 13.3 kWh") answers only a question that asks for one.
  const average = AMOUNT_KINDS.has(asked.kind) && AVERAGE.test(unit.text) && !AVERAGE.test(question) ? -1 : 0;
  const net = asked.kind === 'money' ? netOrGross(`${labelOf(unit)} ${unit.key ?? ''}`, question) : 0;
  const asMoney = asked.kind === 'money' && hasValue && asksMoney(question) ? (SAID_AS_MONEY.test(unit.laidOut ? unit.text.split(': ').slice(1).join(': ') : unit.text) ? 0.5 : -0.5) : 0;
  // "How many shops": the count stands beside what it counts ("Stores: 14"), not beside the name of whose it is ("Founded 2009").
  const counted = asked.kind === 'count' && hasValue ? countedIn(question, `${unit.text} ${unit.key ?? ''}`, asked) : 0;
  // "How many tablets a day": the line that counts by the day, not the tablet's "400 mg".
  const perDay = (asked.kind === 'count' || asked.kind === 'money') && hasValue ? perPeriodFit(question, `${unit.text} ${unit.key ?? ''}`) : 0;
  // "What was the levy": for a value of no particular kind, the one beside a label that names the
  // asked thing ("Customs duty: €21.60"), before a title that names it too but gives nothing beside it.
  const head = asked.kind === 'any' && unit.passage && LABELLED.test(unit.text) ? headNoun(question) : null;
  const labelled = head && asked.terms.includes(stem(head)) && covered([stem(head)], labelOf(unit), asked.kin) > 0 ? 2 : 0;
  // "What is the guest wifi called": the value beside a label that says it is a thing's name ("SSID",
  // "Network name", "Display name"), on a screen that names the thing; the label never says "wifi".
  const nameLabel = asked.kind === 'any' && !asked.shaped && hasValue && around > 0 && CALLED.test(question) && NAME_PAIR.test(unit.text) && NAME_LABEL.test(NAME_PAIR.exec(unit.text)![1]!) ? 1.5 : 0;
  const score = 2 * inUnit + nameLabel + labelled + own + nearBy + around + (hasValue ? 3 : 0) + unit.rank + counted + perDay + personCue + codeCue + codeNamed + phoneCue + sum + limit + both + failed + laidOut + naming + day + why + plan + prose + measured + average + net + asMoney;
  let fit = hasValue && day >= 0 && (asked.kind !== 'any' || asked.shaped || inUnit > 0 || nameLabel > 0) ? aboutIt(asked, surroundings, unit.passage !== null && unit.rank >= 0.99, question) : 'no';
  // A question naming nothing, on the best screen: the answer when its label says it is the one asked for.
  if (fit === 'near' && !asked.terms.some((t) => !asked.loose.includes(t)) && (net > 0 || sum > 0 || plan > 0 || limit > 0)) fit = 'yes';
  // Met only with the rest of its screen: offered as a guess, never as the answer.
  // A screen that says none of what was asked, only means it, is offered as a guess.
  if (fit === 'yes' && unit.means?.screenSaysNone) fit = 'near';
  // "Who reviewed the migration": the asked deed names a role (a reviewer); a person under another role's label ("Owner") is a guess.
  // "Who is the driver they're sending": the role is the noun asked, and a line that names it names the one asked for.
  if (fit === 'yes' && asked.kind === 'person' && !rolesNamed(question, unit.laidOut || unit.key ? labelOf(unit) : unit.text) && otherRole(asked, unit.laidOut || unit.key ? labelOf(unit) : unit.text)) fit = 'near';
  if (fit === 'no' && hasValue && day >= 0 && unit.wide && (asked.kind !== 'any' || asked.shaped || inUnit > 0) && aboutIt(asked, `${surroundings}\n${unit.wide}`, false) !== 'no') fit = 'near';
  // A guess at "which platform" must say a platform: the question's other words met do not make its value one.
  if (fit === 'near' && !asked.shaped && !saysAskedThing(question, asked, `${surroundings}\n${unit.wide ?? ''}`, unit.text)) fit = 'no';
  // "My October salary" is not on November's payslip, however well its labels fit.
  if (fit !== 'no' && otherPeriod(period, `${surroundings}\n${unit.wide ?? ''}`)) fit = 'no';
  // "Paper 2" is not the cell under "Paper 1 (/80)", however well the rest of its row fits.
  if (fit !== 'no' && (unit.laidOut || unit.key) && otherNumbered(question, labelOf(unit))) fit = 'no';
  // A value that is a sibling of the asked thing (another attribute of the topic, the other side of a
  // span or a journey) is a near miss: said as not found, never stated (see statement-check).
  if (fit !== 'no') {
    const check = checkStatement(question, asked, { text: unit.text, ...(unit.key ? { key: unit.key } : {}), ...(unit.heading ? { heading: unit.heading } : {}), ...(unit.sentence ? { sentence: unit.sentence } : {}), ...(unit.near ? { near: unit.near } : {}), onScreen: unit.passage !== null, windowTitle: unit.passage?.window_title ?? '', screen: `${unit.wide ?? ''}\n${unit.context}`, meant: !!unit.means, shaped: !!asked.shaped }, fit, dayWords);
    if (check.miss) return { unit: found, score, fit: 'no', miss: true };
    // Of two values on the topic's screen, the one whose label says all that was asked of it ("Late fee", not "Reservation fee").
    if (check.says) return { unit: found, score: score + 1, fit };
  }
  return { unit: found, score, fit };
}

/** "What is X called / named", "what's the name of X": a thing's name asked. */
const CALLED = /\b(?:called|named)\s*\??\s*$|\bwhat(?:'s|\s+is|\s+was)\s+the\s+name\s+of\b/i;
/** One short label and its value, as a settings page or a card prints them ("SSID · Casa-Visitas", "Display name: Ruiz"). */
const NAME_PAIR = /^\s*([^:·]{1,30}?)\s*(?::|·)\s*([^:·]+?)\s*$/;
/** A label saying its value is a thing's name: "Name", "Network name", "SSID", "Display name", "Title", "Handle". */
const NAME_LABEL = /\b(?:name|ssid|title|handle|nickname|username|user\s+name|alias)\b/i;

/** "Who is the driver", "who was my examiner": the person asked for by the role they have. */
const WHO_IS_ROLE = /^\s*(?:and\s+|so\s+)?who(?:'s|\s+is|\s+was|\s+are|\s+were|\s+will be)\s+(?:the|my|our|your|their|his|her)\s+([\p{L}-]+)/iu;
function rolesNamed(question: string, text: string): boolean {
  const role = WHO_IS_ROLE.exec(question.replace(/[’]/g, "'"))?.[1];
  return !!role && meets(stem(role), stemsOf(text));
}

/** A short label before a colon and its value. */
const LABELLED = /^[^:\n]{1,40}:\s+\S/u;

/**
 * Whether a person's label names another role than the one the question's verb names: "review" has
 * its doer "reviewer" among its WordNet kin, and "Owner" meets neither.
 */
function otherRole(asked: AskedValue, label: string): boolean {
  const stems = stemsOf(label);
  return asked.loose.some((t) => {
    const doer = [...(asked.kin.get(t) ?? [])].some((k) => k.startsWith(t) && /^(?:er|or|ant|ent|ist)$/.test(k.slice(t.length)));
    return doer && !meets(t, stems) && !metByKin(t, stems, asked.kin) && ![...stems].some((s) => s.startsWith(t));
  });
}

/** Labels that say a count of whatever they stand beside. */
const QUANTITY = /\b(?:quantity|qty|count|number of|no\. of|amount|total|units|pcs|pieces)\b/i;

/** The noun "how many" asks the number of. */
const HOW_MANY = /\bhow many\s+(?:[\p{L}-]+\s+){0,2}?([\p{L}-]+?)(?=\s+(?:are|is|were|was|do|does|did|can|could|will|would|have|has|had|in|on|at|of|for|to|there|left)\b|\s*[?.!]?\s*$)/iu;
function countedIn(question: string, text: string, asked: AskedValue): number {
  const noun = HOW_MANY.exec(question)?.[1];
  if (!noun) return 0;
  const t = stem(noun);
  // A count beside another thing than the one asked ("Moravia Books: Founded 1998" for "how many shops") is
  // no count of it; a quantity's own label counts whatever its screen is about.
  if (!asked.terms.includes(t)) return 0;
  return covered([t], text, asked.kin) > 0 ? 1.5 : QUANTITY.test(text) ? 0 : -1.5;
}

function statement(u: Unit, asked: AskedValue): string {
  let t = u.text.replace(/\s*[·|]\s*$/, '');
  if (u.key && (u.passage?.kind === 'row' || u.laidOut)) {
    // The row's cells that name what was asked about ("Item: Standing desk"), else its first cell.
    const cells = u.key.split(' · ');
    // Cells naming what the unit itself does not say; one that names what was asked itself ("Landlady:
    // Mobile …") needs no cell beside it (another card OCR read into its row) to say whose it is.
    const unsaid = unmet(asked.terms, u.text, asked.kin);
    const naming = cells.filter((c) => covered(unsaid, c, asked.kin) > 0);
    const shown = naming.length ? naming : unsaid.length < asked.terms.length ? [] : cells.slice(0, 1);
    if (shown.length) t = `${t} (${shown.join(' · ')})`;
  }
  // "When is the team lunch": an agenda's entry says the hour, its day heading the day.
  if ((asked.kind === 'when' || asked.kind === 'date') && u.heading && !isDayHeading(t.split(/\s+/).slice(0, 3).join(' '))) t = `${u.heading}: ${t}`;
  // A reference OCR split at a space is stated whole, as it is typed ("K7QW2M").
  if (asked.kind === 'code') t = joinSplitCodes(t);
  return clip(t, MAX_CHARS).replace(/[.;:,]+$/, '');
}

/**
 * The line of the units read, or of the best found screens read whole (a bill's foot is often a passage
 * the search did not match), whose date is the asked payment, refund or limit (see due-date), with that date.
 */
function dueOf(question: string, asked: AskedValue, units: readonly Unit[], found: readonly FoundScreen[]): (Unit & { date: string }) | null {
  const read = found.flatMap((s, i) => s.lines.map((l): Unit => ({ text: collapse(l), context: `${s.lines.join('\n')}\n${s.title}\n${s.about}`, passage: s.passage, n: s.n, rank: Math.max(0, 0.9 - 0.2 * i) })));
  // A line of a screen read whole belongs to the item above it ("Piranesi" over its "Due back").
  const above = new Map(found.flatMap((s) => s.lines.map((l, k) => [collapse(l), itemAbove(question, s.lines, k)] as const)));
  const lines = [...units, ...read].flatMap((u) => withSentenceBefore(u.text).map((x) => ({ ...x, screen: screenText(u), title: u.passage?.window_title ?? '', rank: u.rank, item: u, above: above.get(u.text) ?? '' })));
  const lead = dueLead(question, asked, lines);
  return lead ? { ...lead.item, text: lead.text, date: lead.date } : null;
}

/** A unit's own words: its line, its row's naming cells, the heading over it, the sentence it was cut from. */
const ownWords = (u: Unit) => [u.text, u.key ?? '', u.heading ?? '', u.sentence ?? ''].join('\n');

/** The found screens' texts, one an observation, for how rare each asked word is among them. */
function foundTexts(units: readonly Unit[]): string[] {
  const out = new Map<string, Set<string>>();
  for (const u of units) {
    if (!u.passage) continue;
    const id = u.passage.observation_id;
    out.set(id, (out.get(id) ?? new Set()).add(u.context));
  }
  return [...out.values()].map((s) => [...s].join('\n'));
}

/** The found screens' lines that hold a value (`holds`), held to the rules judge() holds a guess to: no false friend met, no other day's entry, no other month's bill. */
function valueLines(question: string, asked: AskedValue, units: readonly Unit[], cue: DayCue | null, period: string, holds: (value: string) => boolean) {
  const candidates = [];
  for (const whole of units) {
    const u = whole.passage ? inClause(whole, asked, question) : null;
    if (!u?.passage || u.aside) continue;
    if (falseFriendMask(asked.terms, `${u.context}\n${u.wide ?? ''}`, question)) continue;
    if (unitDayFit(cue, { label: u.laidOut || u.key ? labelOf(u) : null, ...(u.key ? { key: u.key } : {}), text: u.text, ...(u.heading ? { heading: u.heading } : {}) }) < 0) continue;
    if (otherPeriod(period, screenText(u))) continue;
    const value = u.laidOut || u.key || LABELLED.test(u.text) ? u.text.split(': ').slice(1).join(': ') || u.text : u.text;
    if (!holds(value) || codeNotSaid(u, asked, question)) continue;
    const checked = { text: u.text, ...(u.key ? { key: u.key } : {}), ...(u.heading ? { heading: u.heading } : {}), ...(u.sentence ? { sentence: u.sentence } : {}), ...(u.near ? { near: u.near } : {}), onScreen: true, windowTitle: u.passage.window_title ?? '', screen: screenText(u), meant: !!u.means, shaped: false };
    candidates.push({ item: u, own: ownWords(u), title: u.passage.window_title ?? '', page: screenText(u), rank: u.rank, value, checked });
  }
  return candidates;
}

/** The screen lines that may state the fact by the question's rarest words (see rare-word-lead), when the lead would otherwise hedge. */
function rareLead(question: string, asked: AskedValue, units: readonly Unit[], cue: DayCue | null, period: string): Unit[] {
  const candidates = valueLines(question, asked, units, cue, period, (value) => valueIn(asked.kind, value, question));
  return rareWordPick(question, asked, candidates, foundTexts(units), { clock: (s) => VALUE.clock.test(s), date: (s) => VALUE.date.test(s) || ORDINAL_DAY.test(s) }, ORG_NOUNS) ?? [];
}

/** The line of the best ranked screen that answers, before "I don't know" (see best-line-lead): a month too is a "when". */
function bestLine(question: string, asked: AskedValue, units: readonly Unit[], cue: DayCue | null, period: string): Unit | null {
  const holds = (value: string) => (asked.shaped ? asked.shaped(value) : valueIn(asked.kind, value, question) || (asked.kind === 'when' && monthSaid(value)));
  const top = units.filter((u) => u.passage && u.rank >= 1).map((u) => u.passage!.observation_id);
  // Each clause apart, its own words without the rest of its sentence.
  const lines = valueLines(question, asked, units, cue, period, holds).flatMap((c) =>
    clausesOf(c.item.text).filter(holds).map((text) => ({ ...c, item: { ...c.item, text }, own: ownWords({ ...c.item, text, sentence: undefined }), value: text, checked: { ...c.checked, text }, top: top.includes(c.item.passage!.observation_id) })),
  );
  return bestLinePick(question, asked, lines);
}

/** The lines read from the same screen as a unit, as OCR gave them (not the label-value pairs made of them). */
function onItsScreen(u: Unit, units: readonly Unit[], numbered: readonly NumberedMemory[], screens?: ScreenOf): string[] {
  const p = u.passage;
  if (!p) return [u.text];
  const read = units.filter((x) => !x.laidOut && x.passage?.observation_id === p.observation_id).map((x) => x.text);
  // The whole screen, when it can be read back: a help page's steps fall into several passages, not all of them matched.
  const m = numbered.find((x) => x.n === u.n);
  const whole = m && screens ? (screens(m.memory) ?? []).filter((x) => x.window_title === p.window_title).flatMap((x) => x.text.split('\n')) : [];
  return [...new Set([...read, ...whole])];
}

/**
 * Kinds whose value a clause of a sentence holds apart from the rest of it: a time, an amount, a place.
 * Not a person: who says a thing is the writer, named before the words ("Dmitri Volkov 10:05 I can swap
 * with you — I'll take Saturday …"), not in the clause that names what was asked.
 */
const CLAUSE_KINDS = new Set<ValueKind>(['clock', 'date', 'when', 'money', 'count', 'duration', 'rate', 'size', 'place', 'phone', 'email', 'contact', 'code']);

/**
 * A sentence read in prose, cut to the clause that holds a value of the asked kind and names what was
 * asked ("…400 units by the 18th, and the boxes ship from Leeds on the 20th" for "when do the boxes
 * ship"); marked aside when its values are all in clauses that do not name what was asked (said of
 * another thing, or of the same in other words: offered as a guess, never as the answer); null for a
 * message's header line.
 */
function inClause(u: Unit, asked: AskedValue, question: string): Unit | null {
  const nouns = asked.terms.filter((t) => !asked.loose.includes(t));
  const names = (s: string) => covered(nouns.length ? nouns : asked.terms, s, asked.kin);
  // "Lena Vogt 09:14", or "Team chat: Lena Vogt 09:14" as a label's value: the time a message was sent
  // answers nothing asked, unless the line names what was asked itself (a calendar's "Standup 09:30").
  const header = u.text.split(': ').slice(1).join(': ') || u.text;
  if (!u.laidOut && u.passage && isWriterHeader(header) && names(header) === 0) return null;
  if (u.laidOut || u.key || u.near || (!CLAUSE_KINDS.has(asked.kind) && !asked.shaped)) return u;
  const holds = (s: string) => (asked.shaped ? asked.shaped(s) : valueIn(asked.kind, s, question));
  const c = askedClause(u.text, holds, names);
  if (c === 'elsewhere') return { ...u, aside: true };
  return c && c.clause !== u.text ? { ...u, text: c.clause, sentence: u.text } : u;
}

/** "Sam Okafor (09:12): ": who wrote a chat or e-mail line and when, from the header above it on its screen; empty when none is shown or the line names them itself. */
function writtenBy(u: Unit, numbered: readonly NumberedMemory[], screens?: ScreenOf): string {
  const p = u.passage;
  if (!p || u.laidOut || u.key || p.kind === 'code') return '';
  const line = fold(u.sentence ?? u.text);
  if (!line) return '';
  const find = (lines: string[]) => lines.findIndex((l) => fold(l).includes(line) || (fold(l).length > 8 && line.includes(fold(l))));
  const own = p.text.split('\n');
  let at = find(own);
  let w = at >= 0 ? writerOf(own, at) : null;
  if (!w && screens) {
    const m = numbered.find((x) => x.n === u.n);
    const whole = m ? (screens(m.memory) ?? []).filter((x) => x.window_title === p.window_title).flatMap((x) => x.text.split('\n')) : [];
    at = find(whole);
    w = at >= 0 ? writerOf(whole, at) : null;
  }
  if (!w || fold(u.text).includes(fold(w.name.split(/\s+/)[0]!))) return '';
  return `${w.name}${w.at ? ` (${w.at})` : ''}: `;
}

/** The screen passages read, one source each, with their titles and headings: where a sentence may say the answer. */
function spanSources(units: readonly Unit[]): SpanSource<Unit>[] {
  const sources = new Map<PassageMatch, SpanSource<Unit>>();
  for (const u of units) {
    const p = u.passage;
    if (!p || u.laidOut || u.key || p.kind === 'code' || sources.has(p)) continue;
    const text = p.kind === 'lines' ? p.text : collapse(p.text);
    const heading = p.kind === 'lines' ? (text.split('\n')[0] ?? '') : '';
    sources.set(p, { text, context: `${p.window_title ?? ''}\n${heading.length <= 48 ? heading : ''}`, rank: u.rank, item: u });
  }
  return [...sources.values()];
}

/** A sentence this long is led by the words in it that answer. */
const LONG_SENTENCE = 60;

/**
 * The value of the asked kind said in a sentence of the screens read (see sentence-span), stated
 * first, then the sentence with who wrote it: "The side door — Rui Costa (09:12): use the side door …".
 */
function spanLead(question: string, asked: AskedValue, units: readonly Unit[], numbered: readonly NumberedMemory[], fmt: TimeFormatter, screens?: ScreenOf, rival?: Unit): FactSentence | null {
  const found = sentenceSpan(question, asked, spanSources(units), rival && { text: `${rival.text} ${rival.heading ?? ''}`, context: rival.passage?.window_title ?? rival.context });
  // The line found already, or a sentence of it: stated as found, led by its span (spanFirst).
  if (!found || (rival && (rival.sentence ?? rival.text).includes(found.sentence))) return null;
  const u: Unit = { ...found.item, text: found.sentence };
  // A sentence is held to the one statement check as a line is: "the outbound flight leaves at 07:05" is no return flight.
  if (checkStatement(question, asked, { text: found.sentence, onScreen: u.passage !== null, windowTitle: u.passage?.window_title ?? '', screen: screenText(found.item), meant: false, shaped: !!asked.shaped }, 'yes').miss) return null;
  const by = found.writer ? `${found.writer.name} (${found.writer.at}): ` : writtenBy(u, numbered, screens);
  // A foreign screen's words the question met are glossed in the question's words, as for a line found.
  const sentence = glossed(clip(found.sentence, MAX_CHARS).replace(/[.;:,]+$/, ''), question, asked, screenText(found.item));
  const lead = found.span.length < found.sentence.length - 2 ? `${found.span.charAt(0).toUpperCase()}${found.span.slice(1)} — ` : '';
  return { text: `${lead}${by}${sentence}${where(u, fmt)} [${u.n}].`, cited: [u.n], known: true, hedged: false };
}

/** The frequency a line about the asked thing says (frequency-line), stated first. */
function frequencyLead(asked: AskedValue, units: readonly Unit[], fmt: TimeFormatter): FactSentence | null {
  const f = frequencyLine(asked, units.filter((u) => u.passage).map((u) => ({ text: u.passage!.text, title: u.passage!.window_title ?? '', item: u })));
  return f ? { text: `${f.span.charAt(0).toUpperCase()}${f.span.slice(1)} — ${clip(f.line, MAX_CHARS)}${where(f.item, fmt)} [${f.item.n}].`, cited: [f.item.n], known: true, hedged: false } : null;
}

/** A line holding several figures is led by the one in the asked unit ("212 km — Oslo to Bergen run 212 km 4 h 35 min"). */
function unitFirst(question: string, text: string): string {
  const v = valueInAskedUnit(question, text);
  return v ? `${v} — ` : '';
}

/** A long line holding a thing known by its shape is led by it ("IMG-8812.jpg — Documents you uploaded …"). */
function shapedFirst(asked: AskedValue, text: string): string {
  const piece = shapedPiece(asked, text);
  return piece ? `${piece} — ` : '';
}

/** A long sentence found as the answer is led by its words that answer ("The main entrance — Visitors sign in at …"). */
function spanFirst(question: string, asked: AskedValue, u: Unit, units: readonly Unit[]): string {
  if (!u.passage || u.laidOut || u.key || u.passage.kind === 'code' || u.text.length < LONG_SENTENCE) return '';
  // Read with the other sentences found: when another says as much with another value, none leads.
  const found = sentenceSpan(question, asked, spanSources(units));
  // The sentence found is the unit's, or the unit a clause of it.
  const same = found && (fold(u.sentence ?? u.text).includes(fold(found.sentence)) || fold(found.sentence).includes(fold(u.text.slice(u.text.indexOf(': ') + 1))));
  return found && same ? `${found.span.charAt(0).toUpperCase()}${found.span.slice(1)} — ` : '';
}

/** A line read on a screen, with the memory [n] that cites it. */
interface ScreenLine {
  text: string;
  n: number;
  passage: PassageMatch | null;
}

/** Screens whose lines may hold what someone said: those read, and the best passages' screens read back whole (a comment under the code). */
const SAID_SCREENS = 3;

/** Kinds whose value is plain wherever it sits on a screen: a number to ring, an address to write to. */
const WHOLE_SCREEN_KINDS = new Set<ValueKind>(['phone', 'contact', 'email']);

/**
 * The lines of the screens behind the best matched passages (one screen a memory, at most
 * SAID_SCREENS), each with its whole screen as its context: on one page, the header is about the
 * table under it.
 */
function wholeScreenUnits(numbered: readonly NumberedMemory[], screens: ScreenOf): Unit[] {
  const out: Unit[] = [];
  for (const { m, title } of bestScreens(numbered, SAID_SCREENS)) {
    const ps = (screens(m.memory) ?? []).filter((p) => (p.window_title ?? '') === title);
    const whole = `${ps.map((p) => p.text).join('\n')}\n${title}\n${m.memory.title}`;
    for (const p of ps) out.push(...unitsOfPassage(p, m, 0).map((u) => ({ ...u, context: whole })));
  }
  return out;
}

/** The screen lines read for the question, with the whole screens of the best passages' memories. */
function saidLines(units: readonly Unit[], numbered: readonly NumberedMemory[], screens?: ScreenOf): ScreenLine[] {
  const out: ScreenLine[] = units.filter((u) => u.passage && !u.laidOut);
  if (!screens) return out;
  for (const m of numbered.filter((x) => x.passages?.length).slice(0, SAID_SCREENS)) {
    for (const p of screens(m.memory) ?? []) for (const line of p.text.split('\n')) if (line.trim()) out.push({ text: collapse(line), n: m.n, passage: p });
  }
  return out;
}

/** The screens of the best passages, one a window, whole where they can be read back: a conversation is read in its order. */
function chatScreens(numbered: readonly NumberedMemory[], screens?: ScreenOf): ChatScreen<PassageMatch>[] {
  const best = numbered
    .filter((m) => m.passages?.length && !isChatEpisode(m.memory))
    .map((m) => ({ m, top: [...m.passages!].sort((a, b) => b.score - a.score)[0]! }))
    .sort((a, b) => b.top.score - a.top.score);
  const titles = new Set<string>();
  const out: ChatScreen<PassageMatch>[] = [];
  for (const { m, top } of best) {
    if (out.length >= SAID_SCREENS) break;
    const title = top.window_title ?? '';
    if (titles.has(title)) continue;
    titles.add(title);
    const whole = screens?.(m.memory)?.filter((p) => (p.window_title ?? '') === title) ?? [];
    out.push({ lines: (whole.length ? whole : m.passages!).flatMap((p) => p.text.split('\n')), n: m.n, passage: top });
  }
  return out;
}

/** Screens read for advice, at most: those whose passages matched best, one per window. */
const ADVICE_SCREENS = 10;

/** The found screens, whole where they can be read back, for advice and plans said beside the passages that matched. */
function adviceScreens(numbered: readonly NumberedMemory[], screens?: ScreenOf): AdviceScreen[] {
  const best = Math.max(0, ...numbered.flatMap((m) => (m.passages ?? []).map((p) => p.score)));
  const titles = new Set<string>();
  const out: AdviceScreen[] = [];
  for (const m of numbered) {
    if (out.length >= ADVICE_SCREENS) break;
    const ps = m.passages ?? [];
    if (!ps.length || isChatEpisode(m.memory)) continue;
    const title = ps[0]!.window_title ?? '';
    if (titles.has(title)) continue;
    titles.add(title);
    const whole = screens?.(m.memory)?.filter((p) => (p.window_title ?? '') === title) ?? [];
    const top = Math.max(...ps.map((p) => p.score));
    out.push({ lines: (whole.length ? whole : ps).flatMap((p) => p.text.split('\n')).filter((l) => l.trim()), n: m.n, passage: ps[0]!, rank: best > 0 ? Math.max(0, top / best) : 0 });
  }
  return out;
}

function where(u: { passage: PassageMatch | null }, fmt: TimeFormatter): string {
  return u.passage ? ` — seen ${seenPhrase(u.passage, fmt)}` : '';
}

/** "What do I do once it beeps", "what should we do about the leak": asks what to do, not what was done. */
const TO_DO = /\bwhat\s+(?:do|should)\s+(?:i|we)\s+do\s+(?:about|with|if|instead|now|next|then|once|when|as soon as|after|before)\b/i;

/** What someone did, discussed or worked on is answered by the events, in order, not by one fact. */
const ABOUT_DOING = /\bwhat\s+(?:did|do|have|had|was|were|am|are)\s+(?:i|we|you|they|he|she)\s+(?:been\s+)?(?:do|doing|done|discuss|discussed|discussing|talk(?:ed|ing)?\s+about|work(?:ed|ing)?\s+on|decide|decided|up\s+to)\b/i;

/**
 * A table that sets what was planned beside what came of it ("Budget  Actual", "Estimate  Final"):
 * "what did it end up costing" asks for the outcome's column, "what did we set aside" for the plan's.
 */
const PLAN_LABEL = /\b(?:budget(?:ed)?|plan(?:ned)?|estimated?|forecast|target|allocated|quoted?)\b/i;
const OUTCOME_LABEL = /\b(?:actual|spent|final|outturn|real|paid|now|current)\b/i;
const ASKS_PLAN = /\b(?:set aside|budget(?:ed)?|plan(?:ned)?|allow(?:ed)? for|allocate[sd]?|expect(?:ed)?|estimate[sd]?|meant to|need to|needs to|supposed to|aim(?:ing)? for|goal|target)\b/i;
const ASKS_OUTCOME = /\b(?:end(?:ed)? up|in the end|actually|really|final(?:ly)?|turned out|came to|in fact|right now|currently|at the moment|so far)\b/i;
function planOrOutcome(label: string, question: string): number {
  const plan = PLAN_LABEL.test(label);
  const outcome = OUTCOME_LABEL.test(label);
  if (plan === outcome) return 0;
  if (ASKS_OUTCOME.test(question)) return outcome ? 0.5 : -0.5;
  if (ASKS_PLAN.test(question)) return plan ? 0.5 : -0.5;
  return 0;
}

/**
 * Pay after tax is the net line, before tax the gross one: "how much did I get after tax" is not
 * answered by the tax deducted, though that line says "tax" and the net one does not.
 */
const ASKS_NET = /\b(?:after (?:tax(?:es)?|deductions?)|take[- ]home|net)\b/i;
const ASKS_GROSS = /\b(?:before (?:tax(?:es)?|deductions?)|gross|pre-tax)\b/i;
const NET_LABEL = /\b(?:net|nett|netto|neto|l[ií]quido|take[- ]home)\b/i;
const GROSS_LABEL = /\b(?:gross|brutto|bruto|il[ií]quido)\b/i;
const DEDUCTION_LABEL = /\b(?:tax|deductions?|withh[eo]ld\w*|loonheffing|lohnsteuer|imp[oô]ts?|irs)\b/i;
function netOrGross(label: string, question: string): number {
  if (ASKS_NET.test(question)) return NET_LABEL.test(label) ? 1.5 : DEDUCTION_LABEL.test(label) || GROSS_LABEL.test(label) ? -1 : 0;
  if (ASKS_GROSS.test(question)) return GROSS_LABEL.test(label) ? 1.5 : DEDUCTION_LABEL.test(label) || NET_LABEL.test(label) ? -1 : 0;
  return 0;
}

/**
 * Kinds that ask for an amount, and the words that make one an average or a rate (an invoice line's
 * unit price beside its amount: "what did the markers come to" is the amount, unless asked "each").
 */
const AMOUNT_KINDS = new Set<ValueKind>(['money', 'count', 'size', 'duration']);
const AVERAGE = /\b(?:average|avg|mean|median|typical|per (?:day|week|month|year|hour|night|person|head|unit|item|piece)|daily|weekly|monthly|a day|a week|a month|each day|on average|unit (?:price|cost)|each|apiece)\b|\/(?:day|week|month|mo|yr|h)\b/i;

/** A question about a limit in time. */
const DEADLINE = /\b(?:due|by when|deadline|until when|expire[sd]?|have to|must|need to|latest)\b/i;

/** A money question about the whole bill, not one item of it. */
const WHOLE_SUM = /\b(?:in total|altogether|total|owe[sd]?|pa(?:y|id)|spen[dt]|charged?|due|add(?:s|ed)? up|bill)\b/i;

/**
 * An amount said as money (a currency, or cents after the point: "EUR 214.37", "€ 1,475", "420.00")
 * is surer money than a bare figure with a thousands comma, which meters, counts and views print too.
 */
const SAID_AS_MONEY = /[€$£¥]|\b(?:EUR|USD|GBP|CHF|euros?|dollars?|pounds?)\b|\b\d+[.,]\d{2}\b(?![.,]?\d)(?!\s?[A-Za-z%°])/i;

/** "What command restarts the workers": the word in -s after the asked noun is its verb, not a plural asking for a list. */
const VERB_AFTER_NOUN = /^\s*(?:what|which)\s+[\p{L}-]+\s+[\p{L}-]+s\s+(?:the|a|an|my|our|your|his|her|their|this|that|these|those)\b/iu;

/** A question, not a remark: ends with "?" or opens with a question word or an auxiliary. */
const QUESTION = /\?\s*$|^\s*(?:and\s+|so\s+)?(?:what|which|who|whom|whose|when|where|why|how|is|are|was|were|do|does|did|can|could|will|would|should|have|has)\b/i;

/** "How often do I take the capsules": reads as a habit gathered over time, but a leaflet says it in one phrase ("three times a day"). */
const HOW_OFTEN = /\bhow often\b/i;

/** What the lead may read beyond the question's words. */
export interface FactHints {
  /** The words that named a time, taken out of the question for the search ("on Friday"). */
  when?: string;
  /** How close the question's unsaid words are to labels (measured for `meaningPairs`). */
  meaning?: Meaning;
  /** The screens behind memories whose passages no word of the question matched (see unmatched-screen). */
  screens?: ScreenOf;
}

/** The pieces of the best passages, screens and memories that may state the fact, and what was asked. */
function gather(question: string, numbered: readonly NumberedMemory[], layout?: FrameLayout, screens?: ScreenOf): { asked: AskedValue; units: Unit[] } | null {
  // "What do I do once the rice has soaked" asks for one step, "what do I use if I don't have any X" for
  // one thing, "what comes after step 2" for one step: neither what was done nor all of something.
  const toDo = TO_DO.test(question) || adviceAsked(question) === 'substitute' || askedStepPlace(question) !== null;
  // A list a screen holds in one cell labelled with the asked noun ("Seats: 14 and 15") is one fact to state.
  const oneCell = () => listInOneCell(question, numbered.flatMap((m) => m.passages ?? []));
  if (!QUESTION.test(question) || (asksForEverything(question) && !VERB_AFTER_NOUN.test(question) && !toDo && !HOW_OFTEN.test(question) && !kindByThing(question) && !oneCell()) || (ABOUT_DOING.test(question) && !toDo)) return null;
  const asked = refineAsked(question, askedValue(question));
  if (!asked.terms.length || !numbered.length) return null;
  const passages: { p: PassageMatch; m: NumberedMemory }[] = [];
  // One screen passage is often cited by several memories (the visit, each row's fact): looked at once,
  // under the first memory that cites it, so that copies do not crowd other screens out of the best few.
  const seenPassage = new Set<string>();
  for (const m of numbered) {
    for (const p of m.passages ?? []) {
      const k = `${p.frame_id ?? ''}\u0000${p.text}`;
      if (seenPassage.has(k)) continue;
      seenPassage.add(k);
      passages.push({ p, m });
    }
  }
  passages.sort((a, b) => b.p.score - a.p.score);
  const best = passages[0]?.p.score ?? 0;
  const ranked = passages.slice(0, MAX_PASSAGES).map(({ p, m }) => ({ p, m, rank: best > 0 ? Math.max(0, p.score / best) : 0 }));
  const units: Unit[] = [];
  for (const { p, m, rank } of ranked) units.push(...unitsOfPassage(p, m, rank));
  if (layout) units.push(...unitsOfLayout(ranked, layout, asked));
  // The best ranked screens none of whose passages held the question's words (found by their meaning
  // or their title) are read too, below every matched passage: a screen may say what was asked only
  // in its own words ("Hire date" for "when did I join").
  if (screens) {
    const unmatched = unmatchedScreens(numbered, ranked.map((x) => x.p), screens);
    for (const { p, m } of unmatched) units.push(...unitsOfPassage(p, m, 0));
    if (layout) units.push(...unitsOfLayout(unmatched.map((x) => ({ ...x, rank: 0 })), layout, asked, UNMATCHED_SCREENS));
  }
  // Memories answer too (a fact told in chat, an imported note); earlier chat questions do not.
  const memories = numbered.filter((m) => m.source === 'search' && !isChatEpisode(m.memory)).slice(0, MAX_MEMORIES);
  memories.forEach((m, i) => units.push(...unitsOfMemory(m, 0.5 - i * 0.05, question, asked.kind)));
  return units.length ? { asked, units } : null;
}

/** The rows of the asked status or the named row's expiry date, from the lists on the found screens. */
function statusOrExpiry(question: string, numbered: readonly NumberedMemory[], screens?: ScreenOf, layout?: FrameLayout) {
  const asked = refineAsked(question, askedValue(question));
  const found = foundScreens(numbered, screens, AMOUNT_SCREENS);
  return statusLead(question, asked, found, layout) ?? expiryLead(question, asked, found, layout);
}

/**
 * The lead sentence for a question, or null when the question asks for no one fact (no words to
 * look for, or nothing at all was found: the answer says so in its own way).
 */
export function factSentence(question: string, numbered: readonly NumberedMemory[], fmt: TimeFormatter, layout?: FrameLayout, hints: FactHints = {}): FactSentence | null {
  // "What does she have right after lunch on Thursday", "which days does she have PE": a timetable's cell by its day.
  // "Which training have I let lapse", "when does my manual handling run out": a list's rows by their status, a row's expiry cell (row-status).
  const listed = statusAsked(question) || /\b(?:expir|run\s+out|lapse|valid|renew)/i.test(question) ? statusOrExpiry(question, numbered, hints.screens, layout) : null;
  if (listed) return { text: `${clip(listed.text, MAX_CHARS)}${where(listed, fmt)} [${listed.n}].`, cited: [listed.n], known: listed.found, hedged: false };
  // "Which day am I on holiday", "what time do my nights finish": a rota's codes read by its key (grid-legend).
  const keyed = legendAsked(question) ? legendLead(question, foundScreens(numbered, hints.screens, AMOUNT_SCREENS), layout) : null;
  if (keyed) return { text: `${clip(keyed.text, MAX_CHARS)}${where(keyed, fmt)} [${keyed.n}].`, cited: [keyed.n], known: keyed.found, hedged: false };
  const slot = timetableLead(question, numbered, hints.screens, layout);
  if (slot) return { text: `${clip(slot.text, MAX_CHARS)}${where(slot, fmt)} [${slot.n}].`, cited: [slot.n], known: slot.found, hedged: false };
  // "What should I take with me to the GP": what the screen of that place asks to bring.
  const bring = bringLead(question, numbered, hints.screens);
  if (bring?.elsewhere) return { text: `I don't know: what you saw says what to bring only for other places than the one in "${clip(question.trim(), 80)}". The closest matches are below.`, cited: [], known: false, hedged: false };
  if (bring) return bring.sure ? { text: `${clip(bring.text, MAX_CHARS)}${where(bring, fmt)} [${bring.n}].`, cited: [bring.n], known: true, hedged: false } : { text: `${HEDGE_OPENING}${clip(bring.text, MAX_CHARS)}${where(bring, fmt)} [${bring.n}].`, cited: [bring.n], known: false, hedged: true };
  // "Does the flat come with a dishwasher" where nothing seen names one: not known, not the listing's nearest line.
  const unsaidThing = featureUnsaid(question, numbered, hints.screens);
  if (unsaidThing) return { text: `I don't know: nothing you saw or told me mentions ${unsaidThing} for "${clip(question.trim(), 80)}". The closest matches are below.`, cited: [], known: false, hedged: false };
  const g = gather(question, numbered, layout, hints.screens);
  if (!g) return null;
  const { asked, units } = g;
  // A habit asked for is answered by a frequency said in a sentence, or, as a list over time, by no one fact.
  // Or by a line that names the thing and says how often ("Dose: 1 tablet every 8 hours" under the medicine's name; frequency-line).
  if (HOW_OFTEN.test(question)) return spanLead(question, asked, units, numbered, fmt, hints.screens) ?? frequencyLead(asked, units, fmt);
  if (hints.meaning) markMeant(units, asked, question, hints.meaning);
  // "Who offered to drive", "what did Ana say about the venue", "when did Marco send it": a conversation found, read as turns.
  const talk = chatAsk(question) ? chatLead(question, chatScreens(numbered, hints.screens)) : null;
  if (talk && 'absent' in talk) return { text: `I don't know: ${talk.absent} wrote nothing in the conversations found for "${clip(question.trim(), 80)}". The closest matches are below.`, cited: [], known: false, hedged: false };
  if (talk) {
    const said = `${clip(talk.text, MAX_CHARS)}${where(talk, fmt)} [${talk.n}].`;
    return talk.sure ? { text: said, cited: [talk.n], known: true, hedged: false } : { text: `${HEDGE_OPENING}${said}`, cited: [talk.n], known: false, hedged: true };
  }
  // "What did Priya ask": the line where she says it, when one was read.
  const said = saidByWhom(question) ? saidLines(units, numbered, hints.screens) : [];
  const saying = saidLine(question, said.map((x) => x.text));
  const by = saying ? said[saying.index] : undefined;
  if (saying && by) return { text: `${clip(saying.text, MAX_CHARS)}${where(by, fmt)} [${by.n}].`, cited: [by.n], known: true, hedged: false };
  // "Which route is the slowest": the whole list is read and its row at the asked end stated.
  // Every reader's lead is held to the one statement check: not the other side, not another slot's row.
  const stands = <L extends { text: string; passage: PassageMatch | null }>(l: L | null): L | null => (l && leadStands(question, asked, l) ? l : null);
  const extreme = stands(extremeLead(question, asked, numbered, hints.screens, layout));
  // Rows that share the end are said as such, and no one of them as the answer.
  if (extreme) return { text: `${clip(extreme.text, MAX_CHARS)}${where(extreme, fmt)} [${extreme.n}].`, cited: [extreme.n], known: extreme.one, hedged: false };
  // "When's the last train home tonight", "the first slot on Monday": the row at that place in the list of the rows that fit.
  const position = stands(positionLead(question, asked, numbered, hints.screens));
  if (position) return { text: `${clip(position.text, MAX_CHARS)}${where(position, fmt)} [${position.n}].`, cited: [position.n], known: true, hedged: false };
  // "Is the shop open on Saturday" ← "Sa 9–14 Uhr": the opening-hours row whose days hold the asked one.
  const hours = openingHoursLead(question, asked, numbered, hints.screens);
  if (hours && (!hours.found || stands(hours))) return { text: `${clip(hours.text, MAX_CHARS)}${where(hours, fmt)} [${hours.n}].`, cited: [hours.n], known: hours.found, hedged: false };
  // "When does check-in close" ← "Check-in closes 45 min before departure" and "Departs 07:40": 06:55.
  const counted = relativeTime(question, asked, foundScreens(numbered, hints.screens, 3).flatMap((s) => s.lines.map((text) => ({ text, lines: s.lines, item: s }))));
  if (counted) return { text: `${counted.time ? `${counted.time} — ` : ''}${clip(counted.line, MAX_CHARS)}${counted.from ? ` (${clip(counted.from, 80)})` : ''}${where(counted.item, fmt)} [${counted.item.n}].`, cited: [counted.item.n], known: true, hedged: false };
  // "What did I run to clear the cache", "what do I do if it arrives damaged", "how much margin": the command, the step or the measure a found screen says.
  const proc = procedureLead(question, asked, adviceScreens(numbered, hints.screens).map((s) => ({ ...s, title: s.passage?.window_title ?? '' })));
  if (proc) return { text: `${clip(proc.text, MAX_CHARS).replace(/[.;:,]+$/, '')}${where(proc, fmt)} [${proc.n}].`, cited: [proc.n], known: proc.found !== false, hedged: false };
  // "Who is doing the landing page copy", "who is my contact at the freight company": the person in the asked thing's row, after the asked role's cue, or under the letter.
  const read = numbered.flatMap((m) => [m.memory.title, m.memory.text, ...(m.passages ?? []).map((p) => p.text)]);
  // A form or a table OCR read a column at a time ("Claims handler" far above its name): its pairs as its word boxes lay them out are lines of it too.
  const laidOut = (title: string) => units.filter((u) => u.laidOut && (u.passage?.window_title ?? '') === title).map((u) => (u.key ? `${u.text} · ${u.key}` : u.text));
  const read0 = personLead(question, asked, chatScreens(numbered, hints.screens).map((s) => ({ ...s, title: s.passage.window_title ?? '', laid: laidOut(s.passage.window_title ?? '') })), read);
  const person = read0 && 'text' in read0 ? stands(read0) : read0;
  if (person && 'none' in person && !person.none) return { text: `${NOTHING_ANSWERS} "${clip(question.trim(), 80)}". The closest matches are below.`, cited: [], known: false, hedged: false };
  if (person && 'none' in person) return { text: `I don't know: "${clip(person.none, 120)}" names no one for it${where({ passage: person.passage }, fmt)} [${person.n}].`, cited: [person.n], known: false, hedged: false };
  if (person?.sure) return { text: `${clip(person.text, MAX_CHARS)}${where(person, fmt)} [${person.n}].`, cited: [person.n], known: true, hedged: false };
  // "What's the QA lead's extension": a staff table's cell in the row whose role the question says.
  const found = foundScreens(numbered, hints.screens, AMOUNT_SCREENS);
  const told = <L extends { text: string; passage: PassageMatch | null; found?: boolean }>(l: L | null): L | null => (l && l.found === false ? l : stands(l));
  // A cell of the row the question names ("what does Ben charge per hour") comes before a staff table's "no row holds that role".
  const cell = told(cellLead(question, asked, found, layout, `${question} ${hints.when ?? ''}`));
  const staff = person || cell?.found ? null : roleDetailLead(question, asked, chatScreens(numbered, hints.screens));
  if (staff) return 'text' in staff ? { text: `${clip(staff.text, MAX_CHARS)}${where(staff, fmt)} [${staff.n}].`, cited: [staff.n], known: true, hedged: false } : { text: `I don't know: ${staff.none ? `"${clip(staff.none, 120)}" leaves it empty` : 'no row of the table holds that role'}${where({ passage: staff.passage }, fmt)} [${staff.n}].`, cited: [staff.n], known: false, hedged: false };
  // "How many hours did Sam log", "what will the repair cost me": the cell where the asked row and column cross, the amount labelled as the whole.
  // "How long will it take me to cycle there": the time a route found gives for the asked way to travel.
  // "How many tickets did I buy": the count a booking says (Guests: 4) or the sum of its ticket lines (2 x Adult, 1 x Child).
  // "How long do I have to return it": the length a found page gives that act ("returned within 30 days").
  // "When does the 07:40 get to the hospital": the time where the asked row crosses the journey or the column asked (table-cross).
  const amount = cell ?? told(crossLead(question, asked, found, layout)) ?? told(policyTermLead(question, asked, found)) ?? told(bookedCountLead(question, asked, found)) ?? told(merchantSpendLead(question, asked, found)) ?? told(moneyRoleLead(question, asked, found)) ?? told(moneyLead(question, asked, found, layout, `${question} ${hints.when ?? ''}`)) ?? told(routeDurationLead(question, asked, found));
  if (amount) return { text: `${clip(amount.text, MAX_CHARS)}${where(amount, fmt)} [${amount.n}].`, cited: [amount.n], known: amount.found !== false, hedged: false };
  // "How do I avoid …", "what can I use instead of …", "what do I do once …": the advice, the substitute or the step, said on a found screen.
  const ask = adviceAsked(question);
  const advice = ask && (asked.kind === 'command' || asked.kind === 'any') ? stands(adviceIn(question, asked, adviceScreens(numbered, hints.screens))) : null;
  // Advice that is one of its screen's steps is said with the steps it is one of, as a step found is.
  const adviceLead = (a: NonNullable<typeof advice>): FactSentence => ({ text: `${(ask === 'advice' && !a.conditional && asked.kind === 'command' && stepStatement(question, asked, a.text, a.lines)) || a.text}${where(a, fmt)} [${a.n}].`, cited: [a.n], known: true, hedged: false });
  const cue = dayCue(`${question} ${hints.when ?? ''}`);
  let top: Pick | null = null;
  let near: Pick | null = null;
  const misses: Pick[] = [];
  const laidLabels = new Map(units.filter((u) => u.laidOut).flatMap((u) => [[labelOf(u).toLowerCase(), ''], [u.text.split(': ').slice(1).join(': ').toLowerCase(), labelOf(u)]] as [string, string][]));
  for (const whole of units) {
    const u = inClause(whole, asked, question);
    if (!u) continue;
    const j = judge(u, asked, question, cue, `${question} ${hints.when ?? ''}`);
    // A value said in a clause that does not name what was asked may be of another thing: a guess at most.
    if (u.aside && j.fit === 'yes') j.fit = 'near';
    // "A room will be found" for "which room did we get": the asked kind said, no one of it named.
    if (j.fit === 'yes' && !u.laidOut && !u.key && kindUnnamed(question, u.text)) j.fit = 'near';
    // "Who is dealing with my claim": not a word the screen lays out as a label ("Helpline"), nor a person under another role's label ("Loss adjuster").
    if (j.fit === 'yes' && asked.kind === 'person' && notTheRole(question, u.text, u.laidOut || !!u.key, laidLabels)) j.fit = 'near';
    if (j.fit === 'yes' && (!top || j.score > top.score)) top = j;
    if (j.fit === 'near' && (!near || j.score > near.score)) near = j;
    if (j.miss) misses.push(j);
  }
  // A step asked for is said with the steps of its screen: the run it is one of, or the one after what the question names.
  // A foreign screen's words the question met through the everyday-words table are glossed in the question's words.
  const say = (u: Unit) => writtenBy(u, numbered, hints.screens) + glossed((asked.kind === 'command' && stepStatement(question, asked, u.text, onItsScreen(u, units, numbered, hints.screens))) || statement(u, asked), question, asked, [screenText(u), ...onItsScreen(u, units, numbered, hints.screens)].join('\n'));
  // Nothing found among the matched lines: a value known by its shape or a number to ring may sit
  // elsewhere on the best screens (a CI run's header names the branch, a listing's contact box is
  // apart from its title). Those screens are read whole, each line with its whole screen around it;
  // only a sure answer is taken from them, never a guess.
  if (!top && hints.screens && (asked.shaped || WHOLE_SCREEN_KINDS.has(asked.kind))) {
    for (const u of wholeScreenUnits(numbered, hints.screens)) {
      const j = judge(u, asked, question, cue, `${question} ${hints.when ?? ''}`);
      if (j.fit === 'yes' && (!top || j.score > top.score)) top = j;
    }
  }
  // A number to ring or an address asked by what it is for, said on a screen about it in its own words.
  const reach = !top || asked.kind === 'place' || asked.kind === 'phone' ? contactLead(question, asked, contactScreens(adviceScreens(numbered, hints.screens), numbered, hints.screens)) : null;
  if (reach && (!top || asked.kind === 'place' || beatsLine(reach, top.unit.text)) && (!top || !statement(top.unit, asked).includes(reach.value))) return { text: `${clip(reach.text, MAX_CHARS)}${where(reach, fmt)} [${reach.n}].`, cited: [reach.n], known: true, hedged: false };
  // Nor is a number labelled for another purpose ("Sales:" for the number to complain on): a guess at most.
  if (top && asked.kind === 'phone' && otherPurposePhone(question, asked, top.unit.text)) [near, top] = [near ?? top, null];
  // A stand-in, the step next to a named one or what to do under the asked condition answers before
  // any step; for other how-tos, a step or an instruction found answers as a step, and anything else
  // gives way to the advice found.
  if (advice && (ask !== 'advice' || advice.conditional || !(top && (markedStep(top.unit.text) || instructionIn(top.unit.text) || VALUE.command.test(top.unit.text))))) return adviceLead(advice);
  // "When is my tent supposed to arrive": the date under the page's label for the asked event (Estimated delivery), not another date of the page.

  const event = eventTime(question, asked, eventSources(numbered));
  // Nor is the date of another step ("Order placed", "Dispatched") said as when it arrives: a guess at most.
  if (top && datesOtherStep(question, ownWords(top.unit))) [near, top] = [near ?? top, null];
  if (event && (!top || !saysOnly(top.unit.text, event.value)) && stands({ text: `${event.label}: ${event.value}\n${event.line}`, passage: event.item.passage })) return { text: `${event.label.charAt(0).toUpperCase()}${event.label.slice(1).toLowerCase()}: ${event.value}${event.day ? `, ${event.day}` : ''}${event.line.length <= 100 && !event.line.startsWith(event.label) ? ` (${event.line})` : ''}${where(event.item, fmt)} [${event.item.n}].`, cited: [event.item.n], known: true, hedged: false };
  // "When do we land", "when does the coach leave": the asked end's time of a trip written as a row without labels.
  const trip = journeyLead(question, eventSources(numbered));
  // A top line that says the same time alone is the same answer, unless the trip was read from a list of stops: that lead says the stop and its day, and no later reader takes another stop's time over it.
  if (trip && (trip.stops || !top || !trip.time || !saysOnly(top.unit.text, trip.time)) && stands({ text: trip.text, passage: trip.item.passage })) return { text: `${clip(trip.text, MAX_CHARS)}${where(trip.item, fmt)} [${trip.item.n}].`, cited: [trip.item.n], known: trip.found !== false, hedged: false };
  // "How long is the workshop", "how many nights are we staying": the length counted from the two ends a screen gives, when no line says it.
  const length = top && saysLength(question, top.unit.text) ? null : timeSpanLead(question, asked, eventSources(numbered), new Date(numbered[0]?.memory.occurred_at ?? Date.now()).getUTCFullYear());
  if (length && stands({ text: length.text, passage: length.item.passage })) return { text: `${clip(length.text, MAX_CHARS)}${where(length.item, fmt)} [${length.item.n}].`, cited: [length.item.n], known: true, hedged: false };
  // No labelled value, or a line that says less of what was asked than a sentence does: the answer said in a sentence (a chat message, an instruction, prose).
  const spoken = !top || !(top.unit.laidOut || top.unit.key) ? spanLead(question, asked, units, numbered, fmt, hints.screens, top?.unit) : null;
  // "When will the water company take the money", "by when is the form due": the date a found screen gives for that movement or limit, in its own verbs,
  // unless the lead found already states that date.
  const due = asked.kind === 'when' || asked.kind === 'date' ? stands(dueOf(question, asked, units, found)) : null;
  const first = top && !spoken ? spanFirst(question, asked, top.unit, units) || unitFirst(question, top.unit.text) : '';
  const stated = spoken || first ? (spoken?.text ?? first).split(' — ')[0]!.includes(due?.date ?? '\u0000') : !!top && dueDateOf(question, top.unit.text) === due?.date;
  if (due && !stated) return { text: `${statement(due, asked).startsWith(due.date) ? '' : `${due.date} — `}${statement(due, asked)}${where(due, fmt)} [${due.n}].`, cited: [due.n], known: true, hedged: false };
  // Not how often for "when": a frequency is a habit's, not the time asked for.
  if (spoken && !oftenForWhen(question, asked, spoken.text)) return spoken;
  // "When's dinner at the trattoria": the start time under the heading naming the venue, over another booking's time or none.
  const booking = venueTime(question, asked, spanSources(units));
  if (booking && (!top || !top.unit.text.includes(booking.time))) return { text: `${booking.time} — ${booking.venue ? `${booking.venue}: ` : ''}${booking.day ? `${booking.day}; ` : ''}${booking.line}${where(booking.item, fmt)} [${booking.item.n}].`, cited: [booking.item.n], known: true, hedged: false };
  if (top) return { text: `${shapedFirst(asked, top.unit.text) || spanFirst(question, asked, top.unit, units) || unitFirst(question, top.unit.text)}${say(top.unit)}${where(top.unit, fmt)} [${top.unit.n}].`, cited: [top.unit.n], known: true, hedged: false };
  // Before a hedge or "I don't know": the line of the asked kind whose own words name the question's rarest words, when one clearly wins (rare-word-lead).
  // Not over a guess judge() made: its readers (a seat number's cell, a label's meaning) know more of it.
  const rare = near ? [] : rareLead(question, asked, units, cue, `${question} ${hints.when ?? ''}`);
  if (rare.length) return { text: `${rare.map(say).join('; ')}${where(rare[0]!, fmt)} [${rare[0]!.n}].`, cited: [rare[0]!.n], known: true, hedged: false };
  // A person read beside the asked thing but not surely it (a related word met, another role's cue): the guess, before any other.
  if (person) return { text: `${HEDGE_OPENING}${clip(person.text, MAX_CHARS)}${where(person, fmt)} [${person.n}].`, cited: [person.n], known: false, hedged: true };
  // A guess whose own words and title name nothing asked (a contact card's join date for "my flight to Oslo") is no guess at it.
  const nearDay = near && unitDayFit(cue, { label: near.unit.laidOut || near.unit.key ? labelOf(near.unit) : null, ...(near.unit.key ? { key: near.unit.key } : {}), text: near.unit.text, ...(near.unit.heading ? { heading: near.unit.heading } : {}) }) === 1 ? ` ${cue!.words.join(' ')}` : '';
  // Nor is a value of a screen that says no word of the asked thing's name ("the bubble wrap" on a bill of tape and boxes).
  if (near && (!near.unit.passage || near.unit.means || (namesAsked(question, asked, `${ownWords(near.unit)}${nearDay}`, near.unit.passage.window_title ?? '', ORG_NOUNS) && !thingUnsaid(question, asked, screenText(near.unit), ORG_NOUNS) && !ownerUnsaid(question, asked, `${screenText(near.unit)}\n${near.unit.passage.window_title ?? ''}`)))) {
    return { text: `${HEDGE_OPENING}${say(near.unit)}${where(near.unit, fmt)} [${near.unit.n}].`, cited: [near.unit.n], known: false, hedged: true };
  }
  // The screen about the topic, without the asked thing: said so, with what it does show.
  const miss = nearMissSentence(question, asked, misses, (u) => statement(u, asked), fmt);
  if (miss) return { ...miss, known: false, hedged: false };
  // The last look: the evidence line of the best screen that names all the question does, with a value of the asked kind.
  const line = bestLine(question, asked, units, cue, `${question} ${hints.when ?? ''}`);
  if (line) return { text: `${say(line)}${where(line, fmt)} [${line.n}].`, cited: [line.n], known: true, hedged: false };
  return { text: `${NOTHING_ANSWERS} "${clip(question.trim(), 80)}". The closest matches are below.`, cited: [], known: false, hedged: false };
}
