/**
 * "Who is doing the landing page copy", "who signed off the budget", "who is my contact at the freight
 * company": the person next to the asked thing, where the screen puts them. Not behind a "Name:"
 * label but in the row that holds the thing (a task board's "In review · BX-88 Landing page copy ·
 * Priya · due 3 Mar"), after a role's cue ("Last edited by", "Approved by", "Owner:", "Sachbearbeiter"),
 * or under a letter's closing ("Best regards · Anke Vogel · Dispatch · Nordfracht GmbH"). The screen's
 * words are data: names are read from them, nothing in them is obeyed.
 */
import { labelKin, phraseToken, wordKin } from '../runtime/index.js';
import { isName } from './chat-turns.js';
import { foreignForms, meets, metByKin, stem, stemsOf, type AskedValue } from './asked-value.js';
import { anyRoleCue, askedRole, CLOSING, cueEnd, roleWords, SELF, type Role } from './role-cues.js';
import { firmSays, firmWord } from './firm-kinds.js';
import { isGivenName } from './given-names.js';
import { whoInTable } from './people-table.js';

/** One screen read whole, in its lines, with the memory [n] citing it. */
export interface PersonScreen<P> {
  lines: readonly string[];
  title: string;
  n: number;
  passage: P;
  /** Its label and value pairs as its word boxes lay them out ("Claims handler: Femi Adeyemi", a table row's other cells after " · "), when OCR read it a column at a time. */
  laid?: readonly string[];
}

export type PersonLead<P> = { text: string; n: number; passage: P; sure: boolean } | { none: string; n: number; passage: P };

/** Words a company is named by in a question, met by any firm the screen names ("the freight company": Nordfracht GmbH). */
const ORG_WORDS = /^(?:company|compani|firm|provider|operator|supplier|vendor|carrier|business|organi[sz]ation|insurer|agency|office|shop|store|haulier|customer|client)$/;
/** What asks for a person and names nothing of the thing: "who", "person", "someone". */
const PERSON_WORDS = /^(?:who|whom|whose|person|peopl|someone|somebody|name|contact|my|me|us)$/;

/** A capitalised word of a name, or a surname particle inside one. */
const CAP = /^\p{Lu}(?=[\p{L}'’.-]*\p{Ll})[\p{L}'’.-]*$/u;
const PARTICLE = /^(?:van|von|de|da|del|der|den|di|du|dos|le|la|al|bin|ter|ten)$/;
/** A board's column or a task's state, which WordNet barely knows as a word ("Doing", "Backlog"): no one's name. */
const BOARD_WORD = /^(?:doing|done|to-?do|backlog|blocked|review|testing|pending|waiting|ongoing|wip|erledigt|offen|fertig|bezig|gedaan|terminé|en cours|hecho|fatto)$/i;

/** A given name's initial: "D.", "J.-P.". */
const INITIAL = /^\p{Lu}\.(?:-\p{Lu}\.)?$/u;
/**
 * What a tracker puts where a person would stand when no one is: "Unassigned", "Nobody", "Nicht
 * zugewiesen", "Non assigné", "Sin asignar", "Non assegnato", "Niet toegewezen", "Não atribuído".
 */
export const UNASSIGNED = /^(?:unassigned|unowned|nobody|no ?one|not assigned|niemand|nicht zugewiesen|non assign[ée]e?|personne|sin asignar|nadie|non assegnat[oa]|nessuno|niet toegewezen|niemand|não atribuído|ninguém)$/i;
/** A row that says its thing has no one on it. */
const NO_ONE = /(?:^|[\s·|•:,;(])(?:unassigned|not assigned|nobody|no one|nicht zugewiesen|non assign[ée]e?|sin asignar|non assegnat[oa]|niet toegewezen|não atribuído)(?=$|[\s·|•,;)])/i;

/** Titles before a name, not of it. */
const TITLE = /^(?:dr|mr|mrs|ms|mx|prof|frau|herr|mme|mlle|m|sr|sra|sig|sig\.ra|dhr|mevr)\.?$/i;

/** Names in a text, left to right: the longest run of capitalised words from each start that reads as a name. */
export function namesIn(text: string): { name: string; at: number }[] {
  const words = [...text.matchAll(/[^\s·|•,;:()<>[\]"“”]+/g)].map((m) => ({ w: m[0].replace(/[.!?]+$/, (p) => (/^\p{Lu}$/u.test(m[0].slice(-2, -1)) ? p : '')), at: m.index! }));
  const out: { name: string; at: number }[] = [];
  for (let i = 0; i < words.length; i++) {
    // An initial before a surname ("D. Okafor", "J.-P. Roux") starts a name as a given name does.
    const initial = INITIAL.test(words[i]!.w) && CAP.test(words[i + 1]?.w ?? '') && !/\S/.test(text.slice(words[i]!.at + words[i]!.w.length, words[i + 1]!.at).replace(/^ /, ''));
    if (initial && !UNASSIGNED.test(words[i + 1]!.w)) {
      out.push({ name: `${words[i]!.w} ${words[i + 1]!.w}`, at: words[i]!.at });
      i++;
      continue;
    }
    if (!CAP.test(words[i]!.w) || TITLE.test(words[i]!.w) || UNASSIGNED.test(words[i]!.w)) continue;
    let best: { name: string; at: number; end: number } | null = null;
    let caps = 0;
    for (let j = i; j < words.length && j < i + 5; j++) {
      const w = words[j]!.w;
      if (j > i && PARTICLE.test(w)) continue;
      if (!CAP.test(w)) break;
      // Words apart on the line ("Priya  ·  due") are not one name.
      const gap = j > i ? text.slice(words[j - 1]!.at + words[j - 1]!.w.length, words[j]!.at) : '';
      if (gap.trim() || /\s{2,}|\t/.test(gap)) break;
      caps++;
      if (caps > 3) break;
      const name = text.slice(words[i]!.at, words[j]!.at + w.length);
      // One word is a name when WordNet barely knows it ("Priya", "Marek"), not a board's status ("Done").
      if (isName(name) && (j > i || (wordKin(w.toLowerCase()).size < ONE_WORD_KIN && !BOARD_WORD.test(w)))) best = { name, at: words[i]!.at, end: j };
      else if (j === i && isGivenName(w) && standsAlone(text, words[i]!.at, w.length)) best = { name, at: words[i]!.at, end: j };
    }
    if (best) {
      out.push({ name: best.name, at: best.at });
      i = best.end;
    }
  }
  return out;
}

/** A word that is a cell of its own: between a row's separators, after a label's colon, or over a chat message's time ("Mark 10:02"). */
function standsAlone(text: string, at: number, length: number): boolean {
  const before = text.slice(0, at);
  const after = text.slice(at + length);
  return (!before.trim() || /(?:[·|•:;,(\t]|\s-|\s{2})\s*$/.test(before)) && (!after.trim() || /^\s*(?:[·|•;,)\t]|-\s|\s{2}|\d{1,2}[:.]\d{2}\b)/.test(after));
}

/** The stems of what the question is about, without the words that ask for a person or a role. */
function thingTerms(question: string, asked: AskedValue): string[] {
  const asking = stemsOf((question.match(/\b(?:who(?:'s|’s)?|whom|whose|is|was|are|doing|does|did|do|wr[io]te|written|signed|sign|off|contact|in charge|responsible|handl\w*|deal\w*|work\w* on|look\w* after|own\w*|creat\w*|made|edit\w*|approv\w*|review\w*|report\w*|request\w*|sent|send\w*|assign\w*|person|at|get|gets|getting|got|gotten)\b/gi) ?? []).join(' '));
  const role = stemsOf(roleWords(question));
  const org = stemsOf(ORG_ASKED.exec(question)?.[1] ?? '');
  return asked.terms.filter((t) => !asking.has(t) && !role.has(t) && !PERSON_WORDS.test(t) && !org.has(t));
}

/** "Which customer wants …", "which firm is doing the audit", "what company sent the quote": a firm is asked for, and read as a person is, in the asked thing's row. */
const ORG_ASKED = /^\s*(?:and\s+|so\s+)?(?:which|what)\s+(?:\p{L}+\s+)?(customer|client|firm|company|supplier|vendor|carrier|haulier|courier|agency|provider|contractor|subcontractor|business|shop|store|bank|insurer|manufacturer|distributor|wholesaler|retailer|landlord|brand|partner|organi[sz]ation)s?\b(?:\s+(\p{Ll}+))?/iu;

/** The kind of record a thing is kept in, which its screen often leaves unsaid ("the login bug" is "AUTH-88 Login times out"). */
const RECORD = /^(?:bug|issue|ticket|task|card|page|doc|document|file|letter|e-?mail|mail|message|spreadsheet|sheet|note|post|item|entry|case|request|matter|thing|one)$/;

/** What a text says of the asked thing: its words met (1 each, or in translation; half by a WordNet kin word; a company word by any firm), and as much of the words that name it (not the record's kind). */
interface Cover {
  score: number;
  core: number;
  /** Words that name the thing met in full: as written or translated. */
  full: number;
}
function coverage(terms: readonly string[], text: string, asked: AskedValue, firm: boolean, foreign: ReadonlyMap<string, ReadonlySet<string>> = NO_FORMS): Cover {
  const stems = stemsOf(text);
  let score = 0;
  let core = 0;
  let full = 0;
  let unmetVerbs = 0;
  for (const t of terms) {
    // A country or a trade is met by a firm's legal form or name ("Danish": ApS), else as any word ("my accountant").
    const said = firm && firmWord(t) && firmSays(t, text) === 'met' ? 1 : null;
    const n = said ?? (meets(t, stems) || metByKin(t, stems, foreign) || figureSaid(t, text) ? 1 : metByKin(t, stems, asked.kin) ? 0.5 : ORG_WORDS.test(t) && firm ? 1 : 0);
    if (n === 0 && asked.loose.includes(t) && naming(t)) unmetVerbs++;
    score += n;
    if (naming(t)) {
      core += n;
      if (n === 1) full++;
    }
  }
  // The question's verb a screen says in its own way ("which supplier delivers boxes in 10 days": "10 days" in its row) is half met where every other word is met in full.
  const nouns = terms.filter((t) => naming(t) && !asked.loose.includes(t)).length;
  if (unmetVerbs === 1 && nouns >= 1 && full === nouns) {
    score += 0.5;
    core += 0.5;
  }
  return { score, core, full };
}
const NO_FORMS: ReadonlyMap<string, ReadonlySet<string>> = new Map();

/** Words that name the thing, not the kind of record it is kept in. */
const naming = (t: string) => !RECORD.test(t);

/** An hour the question spells out or writes another way, said as a figure ("before nine", "before 9am": "before 09:00", "9.00"). */
const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
function figureSaid(term: string, text: string): boolean {
  const hour = /^(\d{1,2})(am|pm|h)$/.exec(term);
  const n = hour ? Number(hour[1]) + (hour[2] === 'pm' && hour[1] !== '12' ? 12 : 0) : NUMBER_WORDS.indexOf(term);
  return n >= 0 && new RegExp(`(?<![\\d.,:])0?${n}(?:[:.]\\d{2})?(?:\\s?(?:am|pm|h|uhr))?(?!\\d|[.,:]\\d)`, 'i').test(text);
}

/** A firm the text names another country or trade of than the question asks ("the German haulier" of a Danish shipping ApS): another firm, whatever else it meets. */
const otherFirm = (terms: readonly string[], text: string) => FIRM.test(text) && terms.some((t) => firmWord(t) && firmSays(t, text) === 'other');

/** The question's words' translations, by their stems: a foreign screen's word for it is the word itself, not a guess. */
function translations(question: string, terms: readonly string[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const words = question.replace(/[’]/g, "'").split(/[^\p{L}'-]+/u);
  // A form's own word for the asked role ("Reports to" for my manager, "Lessor" for the landlord) is as sure as a translation (label-kin.ts).
  const labels = labelKin(words);
  words.forEach((w, i) => {
    const lw = w.toLowerCase().replace(/'s$/, '');
    const t = stem(lw);
    if (lw.length >= 2 && terms.includes(t)) out.set(t, new Set([...(out.get(t) ?? []), ...(lw.length >= 3 ? foreignForms(lw) : []), ...(labels.get(i) ?? []).map((l) => (l.includes(' ') ? phraseToken(l) : stem(l)))]));
  });
  return out;
}

/** A firm's legal form ("Nordfracht GmbH", "Acme Ltd", "Woonstad B.V."). */
const FIRM = /\b(?:GmbH|AG|KG|Ltd|Limited|Inc|LLC|plc|B\.?V\.?|N\.?V\.?|S\.?A\.?|S\.?L\.?|S\.?p\.?A\.?|S\.?r\.?l\.?|SAS|SARL|Oy|AB|AS|ApS|A\/S|Sp\.\s?z\s?o\.\s?o\.?|s\.\s?r\.\s?o\.?|Co\.?)(?=$|[\s,.])/;

/** A firm named with its legal form: "Brightwater & Co. Ltd", "Nordsø Shipping ApS", "Vervoer Jansen B.V.". */
const FORMED = new RegExp(String.raw`\p{Lu}[\p{L}'’.-]*(?:\s+(?:&\s+|and\s+|und\s+|en\s+|et\s+)?\p{Lu}[\p{L}'’.&-]*){0,3}?\s+${FIRM.source.replace(/^\\b/, '')}`, 'gu');

/**
 * The firms a line names: those with a legal form, else names whose last word is a word of the
 * trade ("Koster Foods", "Linde Bakery"; a person's surname is seldom a word), else any name (a firm
 * known by one word, "Brightwater").
 */
export function firmsIn(text: string): { name: string; at: number }[] {
  const formed = [...text.matchAll(FORMED)].map((m) => ({ name: m[0].replace(/^(?:The|Die|Der|Le|La|El|Il|De|Het)\s+/, ''), at: m.index! }));
  if (formed.length) return formed;
  const names = namesIn(text);
  const traded = names.filter((n) => n.name.includes(' ') && wordKin(n.name.split(/\s+/).pop()!.toLowerCase()).size >= ONE_WORD_KIN);
  return traded.length ? traded : names;
}

/**
 * A person a row names only by their initials, as boards show avatars ("Cookie banner  AK"): the one
 * name elsewhere on the screen with those initials ("AK  Aylin Kaya" in the member list). Initials the
 * question says are its own words ("the QA ticket"), and initials two names share name no one.
 */
function initialsOf(line: string, lines: readonly string[], question: string, usable: (name: string) => boolean): { initials: string; name: string } | null {
  const tokens = [...line.matchAll(/(?<=^|[\s·|•])\p{Lu}{2,3}(?=$|[\s·|•])/gu)].filter((m) => standsAlone(line, m.index!, m[0].length) && !new RegExp(`\\b${m[0]}\\b`, 'i').test(question));
  if (tokens.length !== 1) return null;
  const initials = tokens[0]![0];
  const names = new Set<string>();
  for (const l of lines) {
    if (l === line) continue;
    for (const n of namesIn(l)) {
      const words = n.name.split(/\s+/).filter((w) => !PARTICLE.test(w));
      if (words.length >= 2 && words.map((w) => w[0]).join('') === initials && usable(n.name)) names.add(n.name);
    }
  }
  return names.size === 1 ? { initials, name: [...names][0]! } : null;
}

/** The last part of a window title, where browsers and apps put the site's or the app's name: "Claim TRV-5521 — Lumen Assurance". */
const siteOf = (title: string) => (title.split(/\s+[—–|-]\s+/).length > 1 ? title.split(/\s+[—–|-]\s+/).pop()!.trim().toLowerCase() : '');

const NONE: ReadonlySet<string> = new Set();

/** Labels over a person, whatever their role: a name, a contact, who did it ("by"), in the languages Engram's users read. */
const PERSON_LABEL = /\b(?:names?|contact|person|people|who|by|staff|employee|member|agent|colleague|nom|nombre|nome|naam|von|par|por|door|da|mitarbeiter(?:in)?|ansprechpartner(?:in)?|interlocut(?:eur|rice)|contacto|contatto|referente|contactpersoon)\b/i;

/** A name that is the value of a field whose label says no one ("Antrag: Wohngeld", "Status: Pending"): a word of the form, not who. */
function otherField(line: string, at: number): boolean {
  const label = /(?:^|[·|•]\s*)([^:·|•]{1,40}):\s*$/u.exec(line.slice(0, at))?.[1];
  return !!label && !anyRoleCue(label) && !PERSON_LABEL.test(label) && !doerLabel(label);
}

/** Words ending as a doer does that name no one's role: "Number", "Order", "Water". */
const NO_DOER = /^(?:number|order|member|other|water|paper|letter|folder|filter|header|footer|counter|meter|register|center|centre|after|under|over|never|either|neither|winter|summer|spring|october|november|december|september|colour|color|floor|door|error|sector|factor|mirror|motor|vendor|donor|tenor|major|minor|honour|honor|labour|labor|favour|favor|flavour|harbour|parlour|rumour|tutor)$/;

/** A label that names a person by a role ("Loss adjuster", "Inspector", "Reviewer"). */
function doerLabel(label: string): boolean {
  const last = label.trim().split(/\s+/).pop()!.toLowerCase();
  const m = /^(\p{L}{3,}?)(?:er|or|ist|ant)$/u.exec(last);
  return !!m && !NO_DOER.test(last) && (wordKin(m[1]!).size > 0 || wordKin(`${m[1]!}e`).size > 0);
}

/**
 * Whether a line is no statement of the person a role is asked for ("who is dealing with my claim"):
 * a word the screen lays out as a label ("Helpline"), or a person under another role's label ("Loss
 * adjuster: Pieter de Boer", "Reporter: Tom Hale"). `labelled` says the line is a "Label: value" pair;
 * `laid` holds the screen's laid-out labels (to '') and values (to their label), in lower case.
 */
export function notTheRole(question: string, line: string, labelled: boolean, laid: ReadonlyMap<string, string>): boolean {
  const role = askedRole(question);
  if (!role) return false;
  const other = (label: string) => cueEnd(label, role) < 0 && (!!anyRoleCue(label) || doerLabel(label));
  // A line the screen's layout pairs: a label (''), or a value under its label (the name in "Pieter de Boer: 0800 440 221" too).
  if (laid.get(line.trim().toLowerCase()) === '') return true;
  // A line read as "Label: …" under a label the layout pairs with something else says that label's value, not the role's ("Helpline: Suitcase lost …").
  const head = (line.split(': ')[0] ?? '').trim();
  if (line.includes(': ') && laid.get(head.toLowerCase()) === '' && cueEnd(head, role) < 0 && !PERSON_LABEL.test(head)) return true;
  if (line.split(': ').some((part) => other(laid.get(part.trim().toLowerCase()) || '\u0000'))) return true;
  return labelled && other(line.split(': ')[0] ?? '');
}

/** A text without the site's own name its window title ends with: the firm whose page it is names no one on it. */
export function notTheSite(text: string, title: string): string {
  const site = siteOf(title);
  return site && site.includes(' ') ? text.replace(new RegExp(site.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'giu'), ' ') : text;
}

/**
 * A value without the names the question says, and what is said in brackets after one: "who is
 * Biscuit's vet" asks about Biscuit, so "Pet: Biscuit (Labrador)" names no one who could be the answer.
 */
export function notTheAsked(text: string, question: string): string {
  const named = question.split(/[^\p{L}'’-]+/u).slice(1).map((w) => w.replace(/['’]s$/, '')).filter((w) => w.length >= 3 && /^\p{Lu}\p{Ll}/u.test(w));
  let out = text;
  for (const n of named) out = out.replace(new RegExp(`(?<![\\p{L}])${n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])(?:\\s*\\([^)]*\\))?`, 'gu'), ' ');
  return out;
}

/** The user's own name, as the screens print their account: never the answer by itself. */
function selfNames(screens: readonly PersonScreen<unknown>[]): Set<string> {
  const out = new Set<string>();
  for (const s of screens) for (const l of s.lines) {
    const m = SELF.exec(l);
    if (m) for (const n of namesIn(l.slice(m.index + m[0].length)).slice(0, 1)) out.add(n.name.toLowerCase());
  }
  return out;
}

/**
 * Whether a line names another one of a numbered thing the question names by its number: "Head of
 * Year 7" for "the head of year 9", "Flat 2" for "flat 12", "Room 4B" for "room 4".
 */
export function otherNumbered(question: string, line: string): boolean {
  return numberedIn(question, line).some((n) => n.said.length > 0 && !n.said.includes(n.asked));
}

/** Whether a line names the numbered thing the question names, by the same number ("Head of Year 9" for "year 9"). */
const sameNumbered = (question: string, line: string) => numberedIn(question, line).some((n) => n.said.includes(n.asked));

/** The question's numbered things ("year 9"), each with the numbers a line gives the same word. */
function numberedIn(question: string, line: string): { asked: string; said: string[] }[] {
  return [...question.matchAll(/\b(\p{L}{2,})\s+(\d{1,4}[a-z]?)\b/giu)].map((m) => {
    const word = m[1]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return { asked: m[2]!.toLowerCase(), said: [...line.matchAll(new RegExp(`\\b${word}\\s+(\\d{1,4}[a-z]?)\\b`, 'giu'))].map((x) => x[1]!.toLowerCase()) };
  });
}

/** The cells of a row: a board's "In review · BX-88 Landing page copy · Priya · due 3 Mar". */
const cellsOf = (s: string) => s.split(/\s*[·|•\t]\s*|\s{2,}/).filter((c) => c.trim()).length;

/** A sentence, not a row of cells: no cell breaks, four lower-case words at least. */
const isProse = (s: string) => !/[·|•\t]|\s{2,}/.test(s) && s.split(/\s+/).filter((w) => /^\p{Ll}{2,}/u.test(w)).length >= 4;

/** A name of one word is a word WordNet barely knows ("Priya", "Marek"), not a board's status ("Done", "Open"). */
const ONE_WORD_KIN = 3;

interface Found<P> {
  name: string;
  /** What is said beside the name: the line, or the signature's role and firm. */
  text: string;
  screen: PersonScreen<P>;
  sure: boolean;
  score: number;
  /** Read from a pair the screen's layout makes: its table's text, read a column at a time, may have missed it. */
  laid?: boolean;
}

/** The signature under a letter's closing: the name, then its role and firm lines (short, no figures). */
function signatureAt(lines: readonly string[], i: number): { name: string; tail: string[] } | null {
  for (let j = i + 1; j <= i + 2 && j < lines.length; j++) {
    const line = lines[j]!.trim();
    if (!line) continue;
    const names = namesIn(line);
    // The name alone on its line (maybe with a title): "Anke Vogel", "Dr. Jürgen Haas"; or with its role after a dash or a dot: "Mads Holm - Booking".
    const name = names[0]?.name ?? '';
    const role = SIGNED_ROLE.exec(line.slice(line.indexOf(name) + name.length));
    if (names.length !== 1 || (line.replace(/^(?:\S+\.\s+)?/, '').length > name.length + 4 && !role)) return null;
    const tail: string[] = role ? [role[1]!.trim()] : [];
    for (let k = j + 1; k < lines.length && tail.length < 2; k++) {
      const t = lines[k]!.trim();
      if (!t || /\d|@|https?:|www\./.test(t) || t.split(/\s+/).length > 6) break;
      tail.push(t);
    }
    return { name: names[0]!.name, tail };
  }
  return null;
}

/** A signer's role after their name on its line: " - Booking", " · Head of Dispatch", ", Key Account Manager". */
const SIGNED_ROLE = /^\s*(?:[-–—·|,]|\s{2})\s*([^\d@\s][^\d@]{1,40})$/u;

/**
 * The person a line names after the asked role's cue ("Last edited by Tomás Ruiz", "Owner: Kenji Sato",
 * "Assignee Wiebke Janssen"), or under it when the cue is a form's label alone on its line ("Handled by"
 * over "Ilse Martens"); null when the cue is not there or names no one. The user may be named so: the
 * screen itself puts them in the role ("Assignee: Jonas Weber" on their own ticket).
 */
function cueName(line: string, next: string, role: Role, unsaid: (name: string) => boolean): { name: string; under: boolean } | null {
  const cueAt = cueEnd(line, role);
  if (cueAt < 0) return null;
  const rest = line.slice(cueAt);
  // A one-word name only right after "by" or a colon: "Sachbearbeiter Kundenservice" is a department.
  const loose = /^\s*:/.test(rest) || /\b(?:by|von|par|por|da|door|to|à|a|an)\s*$/i.test(line.slice(0, cueAt));
  const after = namesIn(rest).find((x) => unsaid(x.name) && (loose || x.name.includes(' ')));
  if (after) return { name: after.name, under: false };
  const below = !rest.replace(/[:\s]/g, '') ? namesIn(next) : [];
  // Under a bare label, a full name or a given name: a form read a column at a time puts the next label there ("Helpline").
  const person = below.length === 1 && (below[0]!.name.includes(' ') || isGivenName(below[0]!.name));
  return person && unsaid(below[0]!.name) && next.length <= below[0]!.name.length + 4 ? { name: below[0]!.name, under: true } : null;
}

/** A question that asks for the user's own contact at a firm ("who is my contact at", "who do I deal with"), not who is on call. */
const CONTACT_ASKED = /\b(?:(?:my|our|the) contact|contact (?:at|for|person)|deal(?:ing)? with|point of contact|liaison|person at|someone at|my (?:agent|adviser|advisor|rep|representative|case ?worker))\b/i;

/** A letter's closing, not a chat's "thanks": what is under it signs the letter. */
const FORMAL = /regards|sincerely|faithfully|grüße|grüsse|cordialement|salutations|groet|saludo|saluti|atentamente|atenciosamente|hälsningar|hilsen/i;

/** Roles a letter's signer holds: who wrote or sent it, who signed it, who handles the matter it is about. */
const SIGNER: ReadonlySet<Role> = new Set(['contact', 'sender', 'author', 'approver', 'assignee']);

/**
 * The person the question asks for, read from the screens found: the sure one (the asked thing in
 * their row, or on their page under the asked role's cue, or the letter about it that they signed),
 * else the best guess; `none` when the row that holds the asked thing names no one and nothing else
 * does, or nothing read names the thing at all (`none` empty); null when the question asks for no person or the screens say nothing of the asked thing.
 */
export function personLead<P>(question: string, asked0: AskedValue, screens: readonly PersonScreen<P>[], others: readonly string[] = []): PersonLead<P> | null {
  const orgAsked = ORG_ASKED.exec(question);
  const org = !!orgAsked;
  if (!org && (asked0.kind !== 'person' || !/^\s*(?:and\s+|so\s+)?(?:who|whom)\b/i.test(question))) return null;
  // The word after the firm asked for is the question's verb ("which supplier delivers boxes …"): a screen may say it its own way.
  const verb = orgAsked?.[2] && !/^(?:is|was|are|were|do|does|did|has|have|had|can|could|will|would|should|the|a|an|of|in|at|for)$/.test(orgAsked[2]) ? [...stemsOf(orgAsked[2])] : [];
  const asked: AskedValue = verb.length ? { ...asked0, loose: [...asked0.loose, ...verb] } : asked0;
  const terms = thingTerms(question, asked);
  // The words that name the thing, not the kind of record it is kept in; with none, the record's kind is all there is.
  const named = terms.filter(naming).length;
  if (!terms.length) return null;
  const need = named || terms.length;
  const core = (c: Cover) => (named ? c.core : c.score);
  const foreign = translations(question, terms);
  // Sure when every word naming the thing is met, one of two or more by a related word at most.
  const enough = (c: Cover) => core(c) >= need - (need >= 2 ? 0.5 : 0);
  const cover = (text: string, firm: boolean) => coverage(terms, text, asked, firm, foreign);
  const role = askedRole(question);
  const self = selfNames(screens);
  const q = question.toLowerCase();
  // A name the question says is what it asks about, not who ("who fixed Ana's laptop").
  const unsaid = (name: string) => !name.split(/\s+/).some((w) => new RegExp(`\\b${w.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'u').test(q));
  const usable = (name: string, labels: ReadonlySet<string> = NONE) => !self.has(name.toLowerCase()) && unsaid(name) && (org || !labels.has(name.toLowerCase()));
  const found: Found<P>[] = [];
  const mentioned = [...screens.map((s) => `${s.title}\n${s.lines.join('\n')}`), ...others].filter((t) => !otherFirm(terms, t));
  let bare: { line: string; screen: PersonScreen<P>; cov: number; signed?: boolean } | null = null;
  // A table under a header row ("Company · Country · Sector · Contact"): the person's cell in the row the question picks.
  let tableNone: { none: ''; n: number; passage: P; screen: PersonScreen<P> } | null = null;
  for (const screen of screens) {
    const t = whoInTable(question, screen.lines, terms, asked, org, role === 'contact');
    if (t && 'text' in t) return { text: t.text, n: screen.n, passage: screen.passage, sure: true };
    if (t?.none) return { none: t.none, n: screen.n, passage: screen.passage };
    if (t) tableNone ??= { none: '', n: screen.n, passage: screen.passage, screen };
  }
  // The first screen about the asked thing, whoever it names.
  let about: PersonScreen<P> | null = null;
  for (const screen of screens) {
    // A paragraph OCR read as one line is read a sentence at a time: each names its own doer.
    const lines = [...screen.lines, ...(screen.laid ?? [])].flatMap((l) => (isProse(l) && l.length > 120 ? l.split(/(?<=[.!?])\s+(?=\p{Lu})/u) : [l])).map((l) => l.trim()).filter(Boolean);
    // A word the layout reads as a label ("Eingang", "Helpline") is no one's name on this screen.
    const labels = new Set((screen.laid ?? []).map((l) => l.split(': ')[0]!.trim().toLowerCase()));
    const laidSet = new Set((screen.laid ?? []).map((l) => l.trim()));
    const firm = lines.some((l) => FIRM.test(l)) || FIRM.test(screen.title);
    const whole = cover(`${screen.title}\n${lines.join('\n')}`, firm);
    if (otherFirm(terms, `${screen.title}\n${lines.join('\n')}`)) continue;
    let avatar: { initials: string; name: string } | null = null;
    if (enough(whole)) about ??= screen;
    lines.forEach((line, i) => {
      const own = cover(line, firm);
      // A role's cue and the name after it: "Last edited by Tomás Ruiz", "Owner: Kenji Sato", "Assignee Wiebke Janssen".
      const cued = role ? cueName(line, lines[i + 1] ?? '', role, unsaid) : null;
      if (role && cued) {
        // A field of the page (one person under such a cue on it) is about what the page is about; a row's, about its row.
        // A bare label with nothing after it is no second field (a form read a column at a time, then as laid out); one left empty is ("Assignee: Not assigned").
        const once = new Set(lines.flatMap((l, k) => cueName(l, lines[k + 1] ?? '', role, unsaid)?.name ?? (cueEnd(l, role) >= 0 && l.slice(cueEnd(l, role)).replace(/[:\s]/g, '') ? [l] : []))).size === 1;
        const cov = once && core(whole) > core(own) ? whole : own;
        // A field read as "Label: Name" is said as the name and its label ("Femi Adeyemi (Claims handler)").
        const field = new RegExp(`^([^:·|]{2,40}?)\\s*:?\\s+${cued.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`, 'u').exec(line);
        const text = cued.under ? `${cued.name} (${line.replace(/:\s*$/, '').trim()})` : field ? `${cued.name} (${field[1]!.trim()})` : line;
        if (core(cov) >= need / 2 && core(cov) > 0) found.push({ name: cued.name, text, screen, sure: enough(cov), score: 4 + cov.score, laid: laidSet.has(line) });
        return;
      }
      // The row that holds the asked thing, and the one person in it; not a row of another numbered one ("Year 7" for year 9).
      if (core(own) >= Math.max(1, need / 2) && !CLOSING.test(line) && !otherNumbered(question, line)) {
        // A name that is the asked firm itself ('Sparkasse Nord' for "my contact at the bank") is no one in it.
        const names = (org ? firmsIn(line) : namesIn(line)).filter((x) => usable(x.name, labels) && coverage(terms, x.name, asked, false).score === 0 && (org || !otherField(line, x.at)) && (org || !terms.some((t) => firmWord(t) && firmSays(t, x.name) === 'met')));
        // A person under another role's cue on the row is there for that role ("Reporter Tom Hale" for "who is fixing it").
        const other = anyRoleCue(line);
        const distinct = [...new Set(names.map((x) => x.name))];
        if (distinct.length === 1 && !(other && other !== role)) {
          // In a sentence, the one who does it opens it or follows "by" ("send the copy to Marek" names who gets it).
          const prose = isProse(line);
          // A clause opens after a colon or a dash too ("Heads up: Kowalski Meble insists …").
          const opens = names[0]!.at <= 2 || /\bby\s*$|^[^.!?]{0,24}(?:[:–—]|\s-)\s*$/i.test(line.slice(0, names[0]!.at));
          const plain = role === null || role === 'assignee' || role === 'owner' || role === 'author';
          // The row of the numbered thing asked ("Head of Year 9"): the page's title may say where it is ("Hillcrest Academy" for "at school").
          const numbered = sameNumbered(question, line);
          found.push({ name: distinct[0]!, text: line, screen, sure: (enough(own) || (numbered && enough(cover(`${screen.title}\n${line}`, firm)))) && plain && (!prose || opens), score: 2 + own.score, laid: laidSet.has(line) });
        } else if (!distinct.length && !other && (avatar = initialsOf(line, lines, q, usable))) {
          // An avatar's initials in the row, spelt out by the board's member list ("AK" beside "Aylin Kaya").
          const plain = role === null || role === 'assignee' || role === 'owner' || role === 'author';
          found.push({ name: avatar.name, text: `${line.replace(/\s{2,}/g, ' · ')} (${avatar.initials} = ${avatar.name})`, screen, sure: enough(own) && plain, score: 2 + own.score });
        } else if (!distinct.length && (!other || NO_ONE.test(line)) && (cellsOf(line) >= 3 || NO_ONE.test(line)) && (!bare || own.score > bare.cov)) bare = { line, screen, cov: core(own) };
        else if (!distinct.length && !other && !isProse(line)) {
          // A card: its title on one line, who has it on the next ("WEB-88 Pricing page" over "Dana - due 9 Mar").
          const below = lines[i + 1] ?? '';
          const card = namesIn(below).filter((x) => x.at <= 2 && usable(x.name, labels));
          const plain = role === null || role === 'assignee' || role === 'owner' || role === 'author';
          if (card.length === 1 && below.length <= card[0]!.name.length + 24 && cover(below, false).score === 0 && !anyRoleCue(below) && !CLOSING.test(line))
            found.push({ name: card[0]!.name, text: `${line} · ${below}`, screen, sure: enough(own) && plain, score: 1.5 + own.score });
        }
      }
      // A letter's signature: its signer is the contact for what the letter is about.
      if (role && SIGNER.has(role) && CLOSING.test(line)) {
        const sig = signatureAt(lines, i);
        if (sig && usable(sig.name) && core(whole) > 0) found.push({ name: sig.name, text: sig.tail.join(', '), screen, sure: enough(whole), score: 3 + whole.score });
        // Signed by a team or a firm ("Kind regards, The Team, Havenrock Insurance"): the letter names no one.
        else if (!sig && FORMAL.test(line) && enough(whole) && !bare) bare = { line: lines.slice(i, i + 3).join(' · '), screen, cov: core(whole), signed: true };
      }
    });
  }
  // Nothing read names the asked thing ("the pricing page" on a board of other tasks): no one in its rows is who does it.
  // A table whose rows hold no such role or firm: a row of it met by a related word is no answer either.
  if (tableNone && !found.some((f) => f.sure && (f.screen !== tableNone.screen || f.laid))) return { none: '', n: tableNone.n, passage: tableNone.passage };
  if (!found.length && named && screens.length && !mentioned.some((t) => cover(t, FIRM.test(t)).full > 0)) return { none: '', n: screens[0]!.n, passage: screens[0]!.passage };
  // "Who is my contact at the bank" over the bank's page that names no one in that role: its name or its address is no one's.
  const aboutIt = about as PersonScreen<P> | null;
  if (!found.some((f) => f.sure) && role === 'contact' && CONTACT_ASKED.test(question) && aboutIt && !screens.some((s) => [...s.lines, ...(s.laid ?? [])].some((l) => anyRoleCue(l) === 'contact'))) return { none: '', n: aboutIt.n, passage: aboutIt.passage };
  if (!found.length) {
    const b = bare as { line: string; screen: PersonScreen<P>; cov: number; signed?: boolean } | null;
    // The asked thing's row, or its letter's signature, naming no one: nobody is stated for it.
    const asks = b?.signed ? !!role && SIGNER.has(role) : role === null || role === 'assignee' || role === 'owner';
    return b && b.cov >= need - (need >= 2 ? 0.5 : 0) && asks ? { none: b.line, n: b.screen.n, passage: b.screen.passage } : null;
  }
  found.sort((a, b) => Number(b.sure) - Number(a.sure) || b.score - a.score);
  const best = found[0]!;
  // Two people as sure and as close: no one of them is stated.
  const rival = found.find((f) => f !== best && f.sure === best.sure && f.score === best.score && f.name !== best.name);
  // The line as it is when it opens with the name ("Tomas Berg 10:06 Sure thing …"), else the name first.
  const text = !best.text ? best.name : !best.text.includes(best.name) ? `${best.name} (${best.text})` : best.text.startsWith(best.name) ? best.text : `${best.name}: ${best.text}`;
  return { text, n: best.screen.n, passage: best.screen.passage, sure: best.sure && !rival };
}
