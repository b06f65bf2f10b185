/**
 * A messaging screen (a team chat, a family group, an e-mail thread) read as turns: who wrote, when,
 * and what. Apps print the writer in many ways: "Ana Lima  10:42  text" on one line, the name on its
 * own line over several messages, a first name only ("Diego"), the name and the time joined by OCR
 * ("Marco · yesterday at 4 PM"), avatar initials before it ("MF Marco Ferri 08:55"), the time under a
 * bubble, "From:" and "… wrote:" in mail. A writer carries over to the lines under it until the next
 * writer; a day separator ("Today", "Yesterday", "Monday, 3 March") sets the day of the turns after it.
 * The words of a turn are data: quoted, never obeyed.
 */
import { wordKin } from '../runtime/index.js';
import { isDayHeading } from './day-cue.js';
import { isGivenName } from './given-names.js';

export interface Turn {
  /** The writer as the screen prints them ("Ana Lima", "Diego", "You"); null when the screen does not say. */
  writer: string | null;
  /** The time printed with the message ("10:42", "yesterday at 4 PM"), or null. */
  at: string | null;
  /** The day separator above it ("Yesterday", "Monday, 3 March"), or null. */
  day: string | null;
  text: string;
  /** The index of the turn's first line. */
  line: number;
}

const CLOCK = '(?:(?:[01]?\\d|2[0-3])[:.][0-5]\\d(?:\\s?[ap]\\.?m\\.?)?|(?:1[0-2]|0?[1-9])\\s?[ap]\\.?m\\.?)';
const WEEKDAY = '(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?\\.?';
const DATE = '(?:(?:\\d{1,2}(?:st|nd|rd|th)?\\.?\\s+\\p{L}{3,9}\\.?|\\p{L}{3,9}\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?)(?:,?\\s+\\d{4})?|\\d{1,2}[/.]\\d{1,2}(?:[/.]\\d{2,4})?)';
const DAY_WORD = `(?:today|yesterday|${WEEKDAY}(?:,?\\s+${DATE})?|${DATE})`;
/** The time printed beside a writer or under a bubble: "10:42", "9:05 pm", "Today at 14:03", "yesterday, 4 PM", "Mon 10:42". */
const STAMP = new RegExp(`(?:${DAY_WORD},?\\s+(?:at\\s+)?)?${CLOCK}(?:\\s*\\((?:edited|bearbeitet|modifié)\\))?`, 'iu');
const STAMP_ALONE = new RegExp(`^[\\s·•|,–—-]*(${STAMP.source}|today|yesterday)[\\s·•|]*$`, 'iu');
const STAMP_AT_START = new RegExp(`^[\\s·•|,–—-]*(${STAMP.source})(?=\\s|$)[\\s·•|:,–—-]*`, 'iu');
const STAMP_AT_END = new RegExp(`\\s+[·•|]?\\s*(${CLOCK}(?:\\s*\\((?:edited)\\))?)\\s*(?:[✓✔√]{1,2}|\\bread\\b|\\bseen\\b)?\\s*$`, 'iu');
const DAY_ALONE = /^[\s—–-]*(?:today|yesterday|heute|gestern|hoy|ayer|aujourd'hui|hier|vandaag|gisteren|oggi|ieri)[\s—–-]*$/i;

/** The user's own side, as apps label it. */
const YOU = /^(?:you|me|yo|tú|tu|du|ich|jij|ik|moi|toi|vous|eu|io)$/i;
const youWord = (w: string) => YOU.test(w.replace(/[.,:]$/, ''));

/** Surname particles ("Joost van Dam", "Ana de Souza"). */
const PARTICLE = /^(?:van|von|de|da|del|der|den|di|du|dos|le|la|al|bin|ter|ten)$/;
const CAP_WORD = /^\p{Lu}[\p{L}'’.-]*$/u;
/** Not a writer: days, statuses, what apps print near a message. */
const NOT_NAME = /^(?:today|yesterday|tomorrow|now|edited|sent|delivered|seen|read|reply|replies|thread|new|monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|wed|thu|fri|sat|sun|am|pm|at|re|fwd|subject|to|cc|date)$/i;
/** Words WordNet does not know (so "rare") that open sentences, not names. */
const FUNCTION_WORD = /^(?:the|a|an|this|that|these|those|it|its|i|we|they|he|she|ok|okay|yes|yep|no|nope|hi|hey|hello|thanks|thank|sorry|so|and|but|or|if|when|can|could|will|would|should|please|also|just|then|there|here|what|who|why|how|where|which|my|our|your|his|her|their|let|lets|let's|do|did|does|is|are|was|were|be|has|have|had|not|all|any|some|on|in|of|for|from|with|by|as|about|after|before|maybe|anyone|someone|everyone)$/i;
/** A word WordNet knows in this many senses is a word, not a name ("Standup", "Budget"); names have few or none. */
const COMMON = 6;
const rare = (w: string) => wordKin(w.toLowerCase().replace(/[^\p{L}'-]/gu, '')).size < COMMON;

/** A writer's name: one to three capitalised words (with surname particles), none a day or a status, one at least rare as a word. */
export function isName(name: string): boolean {
  const words = name.trim().split(/\s+/);
  if (!words.length || words.length > 5) return false;
  const caps = words.filter((w) => !PARTICLE.test(w));
  if (!caps.length || caps.length > 3 || !caps.every((w) => CAP_WORD.test(w) && w.replace(/[.'’-]/g, '').length >= 2)) return false;
  if (caps.some((w) => NOT_NAME.test(w.replace(/[.,]$/, '')) || FUNCTION_WORD.test(w.replace(/[.,]$/, '')))) return false;
  // "Ana L." : a first name and an initial.
  return caps.some((w) => !/\.$/.test(w) && rare(w));
}

/** Avatar initials OCR reads before the name ("MF Marco Ferri"): the letters of the name's words. */
function withoutInitials(line: string): string {
  const m = /^(\p{Lu}{1,3})\s+(\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*){0,2})/u.exec(line);
  if (!m) return line;
  const initials = m[2]!.split(/\s+/).map((w) => w[0]).join('');
  return initials.startsWith(m[1]!) || m[1]!.startsWith(initials.slice(0, m[1]!.length)) ? line.slice(m[1]!.length).trimStart() : line;
}

/** The name a line opens with, of one to three words, the longest that is a name; and where it ends. */
function leadingNames(line: string, known: ReadonlySet<string>): { name: string; end: number }[] {
  const words = [...line.matchAll(/\S+/g)];
  const out: { name: string; end: number }[] = [];
  let caps = 0;
  for (let i = 0; i < words.length && i < 5; i++) {
    const w = words[i]![0].replace(/[:,·]$/, '');
    if (PARTICLE.test(w) && i > 0) continue;
    if (!CAP_WORD.test(w)) break;
    caps++;
    if (caps > 3) break;
    const name = line.slice(0, words[i]!.index! + w.length);
    // A given name that is also a word ("Will", "Rose") when a time or a colon sets it apart: "Will 09:12", "Rose: on it".
    const given = i === 0 && isGivenName(w) && /^\s*(?:[·•|,–—-]\s*)?(?:(?:[01]?\d|2[0-3])[:.][0-5]\d|:\s)/.test(line.slice(words[i]!.index! + w.length));
    if (isName(name) || youWord(name) || known.has(norm(name)) || given) out.push({ name, end: words[i]!.index! + w.length });
    if (words[i]![0].endsWith(':') || words[i]![0].endsWith(',')) break;
  }
  return out.reverse();
}

interface Header {
  writer: string;
  at: string | null;
  /** The message words on the header's own line, after the name and the time. */
  rest: string;
  /** Whether the name was set apart by a time, a colon or a mail line (sure), or stood alone on its line. */
  sure: boolean;
}

const FROM = /^\s*(?:from|von|de|da|van|fra|från)\s*:\s*(.+?)\s*(?:<[^>]*>|\([^)]*@[^)]*\))?\s*$/i;
const WROTE = /(?:^|,)\s*([^,]+?)\s*(?:<[^>]*>\s*)?(?:wrote|schrieb|a écrit|escribió|schreef|ha scritto|escreveu)\s*:\s*$/i;
const MAIL_NAME = /^\s*([^<>@]+?)\s*<[^>]+@[^>]+>\s*(.*)$/;

/** A line that opens a turn: its writer, the time beside them and the words after; null for any other line. */
function headerOf(raw: string, known: ReadonlySet<string>): Header | null {
  const line = withoutInitials(raw.trim());
  const mail = FROM.exec(line) ?? WROTE.exec(line);
  if (mail) {
    const name = mail[1]!.replace(/["']/g, '').trim();
    return isName(name) ? { writer: name, at: null, rest: '', sure: true } : null;
  }
  const addr = MAIL_NAME.exec(line);
  if (addr && isName(addr[1]!.trim())) {
    const stamp = STAMP_AT_START.exec(addr[2]!);
    return { writer: addr[1]!.trim(), at: stamp ? stamp[1]!.trim() : null, rest: '', sure: true };
  }
  for (const { name, end } of leadingNames(line, known)) {
    // A role after the name ("Ravi (Support agent)", "Ana Lima [Admin]") says what they are, not what they wrote.
    const after = line.slice(end).replace(/^\s*[([][^)\]]{1,30}[)\]]/, '');
    // "Ana Lima  10:42  text", "Marco · yesterday at 4 PM"
    const stamp = STAMP_AT_START.exec(after.replace(/^\s*[·•|,–—-]\s*/, ' '));
    if (stamp) return { writer: name, at: stamp[1]!.trim(), rest: after.replace(/^\s*[·•|,–—-]\s*/, ' ').slice(stamp[0].length).trim(), sure: true };
    // "Lena: sounds good", "[10:02] Lena: …"
    if (/^:\s+\S/.test(after) || /^:\s*$/.test(after)) return { writer: name, at: null, rest: after.replace(/^:\s*/, '').trim(), sure: true };
    // The name alone on its line, over the messages.
    if (!after.trim()) return { writer: name, at: null, rest: '', sure: false };
    // A writer the screen names elsewhere, joined by OCR with their first words ("Diego Voy yo, llevo el coche. 09:22").
    if (known.has(norm(name))) return { writer: name, at: null, rest: after.trim(), sure: true };
  }
  return null;
}

/** A name folded for comparing: lower case, no accents. */
export function norm(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9 ]/g, '').trim();
}

/** One to three capitalised words, nothing else. */
const NAME_SHAPE = /^\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*){0,2}$/u;

/** Lower-case words: a message has some, a header, a name list or a button has none or few. */
const lowerWords = (s: string) => s.split(/\s+/).filter((w) => /^\p{Ll}/u.test(w)).length;

/** A members line ("Family · Mum, Jonah, Tess, You"): two or more short names between commas, most of them names or the user. */
function membersOf(line: string): string[] | null {
  // The header's segments ("Familia Ortega - Lucía, Diego, tú · 3 online"): the one that is a list.
  for (const segment of line.trim().split(/\s+[·|–—-]\s+|\s*[·|]\s*/)) {
    const parts = segment.split(/\s*,\s*|\s+(?:and|y|e|und|et|en)\s+/).filter(Boolean);
    if (parts.length < 2) continue;
    const names = parts.filter((p) => (NAME_SHAPE.test(p) && !FUNCTION_WORD.test(p) && !NOT_NAME.test(p)) || youWord(p));
    // One short piece OCR garbled ("td" for "tú") does not unmake a list of names.
    const garbled = parts.length - names.length;
    if (garbled > 1 || (garbled === 1 && (names.length < 2 || !parts.some((p) => !names.includes(p) && p.length <= 3)))) continue;
    if (names.filter((p) => isName(p) || youWord(p)).length * 2 >= parts.length) return names;
  }
  return null;
}

/**
 * Names a screen prints as its writers: those set apart by a time or a colon, those on a members line
 * ("Lucía, Diego, tú"), and a first word opening two or more bubbles that end with a time.
 */
function knownWriters(lines: readonly string[]): Set<string> {
  const known = new Set<string>();
  const openers = new Map<string, number>();
  for (const raw of lines) {
    const line = withoutInitials(raw.trim());
    const h = headerOf(line, new Set());
    if (h?.sure) known.add(norm(h.writer));
    // A members line: names and "you" between commas.
    for (const p of membersOf(line) ?? []) if (!youWord(p)) known.add(norm(p));
    if (STAMP_AT_END.test(line)) {
      const first = /^(\p{Lu}[\p{L}'’-]+)\s+\S/u.exec(line)?.[1];
      if (first && isName(first)) openers.set(norm(first), (openers.get(norm(first)) ?? 0) + 1);
    }
  }
  for (const [name, n] of openers) if (n >= 2) known.add(name);
  // Names alone on their lines over messages: when two or more are and one reads as a name, all are ("Lotte" is also a fish).
  const lone = lines.filter((l, i) => NAME_SHAPE.test(l.trim()) && !FUNCTION_WORD.test(l.trim()) && !NOT_NAME.test(l.trim()) && lowerWords(lines[i + 1] ?? '') >= 2).map((l) => l.trim());
  if (new Set(lone).size >= 2 && lone.some((l) => isName(l))) for (const l of lone) known.add(norm(l));
  return known;
}

/** Whether the screen's members line names the user ("Lucía, Diego, tú", "Ana, Marco, You"): a bubble without a name is theirs. */
function namesYou(lines: readonly string[]): boolean {
  return lines.some((l) => membersOf(l)?.some(youWord));
}

/** A writer and a time inside a line ("… Friday night Gemma 18:06 legend"): where OCR text joined a bubble's header to the words above it. */
const INNER_HEADER = new RegExp(`(?<=^|\\s)(\\p{Lu}[\\p{L}'’-]+(?:\\s+\\p{Lu}[\\p{L}'’-]+)?)\\s+(?=${CLOCK}(?:\\s|$))`, 'gu');
/** Words before a name that make it part of a sentence ("meet with Anna 10:30"), not a writer's header. */
const IN_SENTENCE = /\b(?:with|to|for|at|by|and|or|from|mit|avec|con|met|ask|call|tell|see|meet)\s*$/i;

/**
 * Lines cut where a writer's header starts inside them: a screen's text joins short lines into one
 * ("Rob 18:05 I'll bring it Gemma 18:06 legend"). Only on a screen with two such headers at least
 * (a conversation), and only at a word that reads as a name, not one a sentence leads into.
 */
function splitJoined(lines: readonly string[]): string[] {
  const at = (line: string) =>
    [...line.matchAll(INNER_HEADER)].flatMap((m) => {
      // Of two capitalised words, the last alone may be the writer ("Team Lena 09:10": a group's name, then hers).
      const words = m[1]!.split(/\s+/);
      const options = words.length > 1 ? [{ name: m[1]!, index: m.index! }, { name: words[1]!, index: m.index! + m[0].indexOf(words[1]!, words[0]!.length) }] : [{ name: m[1]!, index: m.index! }];
      const ok = options.find(({ name, index }) => {
        const first = name.split(/\s+/)[0]!;
        if (NOT_NAME.test(first) || FUNCTION_WORD.test(first) || IN_SENTENCE.test(line.slice(0, index))) return false;
        return isName(name) || isGivenName(first);
      });
      return ok ? [ok] : [];
    });
  const found = lines.map(at);
  if (found.reduce((n, f) => n + f.length, 0) < 2) return [...lines];
  return lines.flatMap((line, i) => {
    const cuts = found[i]!.map((m) => m.index).filter((x) => x > 0);
    if (!cuts.length) return [line];
    return [0, ...cuts].map((from, k) => line.slice(from, [...cuts, line.length][k]).trim()).filter(Boolean);
  });
}

/** The turns of a screen's lines, in reading order: each message with its writer, time and day. */
export function chatTurns(screen: readonly string[]): Turn[] {
  let lines = splitJoined(screen);
  const known = knownWriters(lines);
  const you = namesYou(lines);
  const turns: Turn[] = [];
  let day: string | null = null;
  let cur: (Turn & { closed: boolean; named: boolean }) | null = null;
  const close = () => {
    if (cur && cur.text.trim()) turns.push({ writer: cur.writer, at: cur.at, day: cur.day, text: cur.text.trim(), line: cur.line });
    cur = null;
  };
  // OCR reads a bubble's time with the next bubble's first line ("09:22 Lucía Gracias, Diego."): the time ends the bubble above.
  const split = lines.flatMap((raw) => {
    const m = STAMP_AT_START.exec(raw.trim());
    const rest = m ? raw.trim().slice(m[0].length) : '';
    return m && rest && !STAMP_ALONE.test(raw.trim()) ? [m[1]!, rest] : [raw];
  });
  lines = split;
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    if (DAY_ALONE.test(line) || isDayHeading(line.replace(/^[\s—–-]+|[\s—–-]+$/g, ''))) {
      close();
      day = line.replace(/^[\s—–-]+|[\s—–-]+$/g, '');
      return;
    }
    // The members line names who is in it; it says nothing.
    if (membersOf(line)) {
      close();
      return;
    }
    const alone = STAMP_ALONE.exec(line);
    if (alone) {
      // A time on its own line: under a bubble it ends it; under a name with no words yet, it is the header's.
      if (cur && !cur.at) {
        cur.at = alone[1]!.trim();
        if (cur.text) cur.closed = true;
      }
      return;
    }
    // A short capitalised line with the time alone under it is a writer, though the name is also a word ("Tom", "Will").
    const h = headerOf(line, known) ?? (NAME_SHAPE.test(line) && !NOT_NAME.test(line) && STAMP_ALONE.test(lines[i + 1]?.trim() ?? '') ? { writer: line, at: null, rest: '', sure: true } : null);
    // A lone capitalised line is a writer only over message words ("Diego" over "on my way"), not a heading over a list.
    const next = lines.slice(i + 1).find((l) => l.trim() && !STAMP_ALONE.test(l.trim()));
    if (h && (h.sure || known.has(norm(h.writer)) || (next !== undefined && lowerWords(next) >= 2 && !headerOf(next.trim(), known)))) {
      close();
      let rest = h.rest;
      let at = h.at;
      const end = STAMP_AT_END.exec(rest);
      if (end && !at) {
        at = end[1]!.trim();
        rest = rest.slice(0, end.index).trim();
      }
      cur = { writer: youWord(h.writer) ? 'You' : h.writer, at, day, text: rest, line: i, closed: !!(end && rest), named: true };
      return;
    }
    // Message words: the open turn's, unless a bubble already ended (its time printed under it).
    let text = line;
    let at: string | null = null;
    const end = STAMP_AT_END.exec(line);
    if (end && lowerWords(line.slice(0, end.index)) >= 1) {
      at = end[1]!.trim();
      text = line.slice(0, end.index).trim();
    }
    if (cur && !cur.closed) {
      // Under a writer's name, a line that opens a sentence is a message of its own by them; one that goes on (lower case) wraps the last.
      if (cur.text && (/[.!?…]$/.test(cur.text) || /^\p{Lu}/u.test(text)) && cur.named) {
        const { writer, at: was, day: d } = cur;
        close();
        cur = { writer, at: was, day: d, text, line: i, closed: !!at, named: true };
        if (at) cur.at = at;
        return;
      }
      cur.text = `${cur.text} ${text}`.trim();
      if (at && !cur.at) cur.at = at;
      if (at) cur.closed = true;
      return;
    }
    // A bubble with no name after a named one: in a group that lists the user, the user's own.
    const writer = cur && !cur.named ? cur.writer : you && at ? 'You' : null;
    close();
    cur = { writer, at, day, text, line: i, closed: !!at, named: false };
  });
  close();
  return turns;
}

/** Whether a screen reads as a conversation: two turns at least with a writer, or one writer twice. */
export function isChat(turns: readonly Turn[]): boolean {
  return turns.filter((t) => t.writer && t.writer !== 'You').length >= 2;
}

/** Whether the name asked ("Ana", "ana lima", "Lima") is the writer printed ("Ana Lima", "Ana L.", "Ana"): one's words all among the other's. */
export function sameWriter(asked: string, writer: string): boolean {
  const a = norm(asked).split(' ').filter(Boolean);
  const w = norm(writer).split(' ').filter(Boolean);
  if (!a.length || !w.length) return false;
  // An initial meets the word it begins ("Ana L." and "Ana Lima").
  const meet = (x: string, y: string) => x === y || (x.length === 1 && y.startsWith(x)) || (y.length === 1 && x.startsWith(y));
  const [short, long] = a.length <= w.length ? [a, w] : [w, a];
  return short.some((s) => s.length > 1) && short.every((s) => long.some((l) => meet(s, l)));
}
