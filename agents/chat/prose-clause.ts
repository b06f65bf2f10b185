/**
 * Facts said in prose (a chat message, an e-mail, a note): one sentence often says two things ("the
 * supplier can do 400 units by the 18th, and the boxes ship from Leeds on the 20th"). The clause that
 * holds a value of the asked kind and names what was asked is the answer; a value in a clause about
 * another thing is not. And a chat line is stated with who wrote it and when, as the screen shows it
 * above the message ("Sam Okafor 09:12").
 */
import { wordKin } from '../runtime/index.js';

/**
 * A clause's own subject and verb after a comma or "and": "…, the demo is still on Monday", "… and the
 * door code is 2290". The subject is a thing named with its article, the verb one that says where or
 * when it is or what became of it.
 */
const OWN_SUBJECT = String.raw`(?:the|our|my|your|their|his|her|this|that)\s+[\p{L}-]+(?:\s+[\p{L}-]+)?\s+(?:is|are|was|were|has|have|had|will|stays?|remains?|moves?|moved|starts?|begins?|ends?|opens?|closes?|goes|went|gets?|got|needs?|ships?|leaves?|arrives?)\b`;

/** Where a sentence turns to another matter: a semicolon, a dash, "but", "while", ", and", ", so", a new subject after a comma or "and". */
const CLAUSE_BREAK = new RegExp(
  String.raw`\s*;\s*|(?<!\d)\s+[—–-]\s+(?!\d)|,?\s+(?:but|while|whereas|although|though|whilst)\s+|,\s+(?:and|so|then|plus)\s+|,\s+(?=(?:we|i|you|they|he|she|it|there)(?:'\w+)?\s)|(?:,|,?\s+and)\s+(?=${OWN_SUBJECT})`,
  'iu',
);

/** Words that say nothing of what a clause is about. */
const FILLER = new Set(
  `the and for from with into onto that this these those there here then than are was were will would can could should shall may might must have has had been being
  its it's our your their his her she him they them you not but also just still only very about after before over under until till per each every all any some one
  at in on to by of is be do did does as or so if we us me my i he a an am pm`.split(/\s+/),
);

/** Words of a clause that name something: letters, three or more, not filler. */
const contentWords = (s: string) => s.split(/[^\p{L}'’-]+/u).filter((w) => w.length >= 3 && !FILLER.has(w.toLowerCase()));

/** A clause with fewer words of its own than this continues the one before it ("— 3pm in Orion"). */
const OWN_WORDS = 2;

/** Lower-case words a sentence has at least; cells, labels and headings have fewer. */
const PROSE_WORDS = 4;
const isProse = (s: string) => !/[·|•]|\s{2,}/.test(s) && s.split(/\s+/).filter((w) => /^\p{Ll}{2,}/u.test(w)).length >= PROSE_WORDS;

/** The clauses of a sentence, each fragment that names nothing of its own kept with the clause before it. */
export function clausesOf(sentence: string): string[] {
  const parts = sentence.split(CLAUSE_BREAK).map((p) => p.trim()).filter(Boolean);
  const out: string[] = [];
  for (const p of parts) {
    if (out.length && contentWords(p).length < OWN_WORDS) out[out.length - 1] = `${out[out.length - 1]}, ${p}`;
    else out.push(p);
  }
  // A sentence that opens with a few words of setting ("On Friday, the demo is at 3") reads them with what follows.
  if (out.length > 1 && contentWords(out[0]!).length < OWN_WORDS) out.splice(0, 2, `${out[0]}, ${out[1]}`);
  return out;
}

/**
 * The clause of a sentence that answers: of the clauses holding a value of the asked kind, the one
 * that names most of what was asked. 'elsewhere' when the values are all in clauses naming none of
 * it while another clause names it (the value is about another thing); null when the sentence is one
 * clause, or nothing tells its clauses apart (the whole sentence is stated).
 */
export function askedClause(sentence: string, holds: (s: string) => boolean, names: (s: string) => number): { clause: string } | 'elsewhere' | null {
  // Only prose is cut: a row of cells ("Budget sync 14:00 – 14:30 · Orion 2.11") is no sentence.
  if (!isProse(sentence)) return null;
  const clauses = clausesOf(sentence);
  if (clauses.length < 2) return null;
  const withValue = clauses.filter(holds);
  if (!withValue.length) return null;
  const scored = withValue.map((c) => ({ c, n: names(c) })).sort((a, b) => b.n - a.n);
  if (scored[0]!.n > 0) return withValue.length > 1 && scored[1]!.n === scored[0]!.n ? null : { clause: scored[0]!.c };
  return clauses.some((c) => !holds(c) && names(c) > 0) ? 'elsewhere' : null;
}

/** A name as chat apps print it over a message: one to three capitalised words, with the particles of surnames ("Joost van Dam"). */
const PARTICLES = '(?:(?:van|von|de|da|del|der|den|di|du|dos|le|la|al|bin|ter|ten)\\s+){0,2}';
const NAME_WORDS = `\\p{Lu}[\\p{L}'’.-]*(?:\\s+${PARTICLES}\\p{Lu}[\\p{L}'’.-]*){0,2}`;
const NAME = new RegExp(`^(${NAME_WORDS})`, 'u');
/** The time a chat app prints beside the name: "09:12", "9:12 AM", "Today at 14:03", "yesterday, 8:40 pm". */
const STAMP = /^[\s,·•|–-]*(?:(?:today|yesterday|mon|tue|wed|thu|fri|sat|sun)\w*\.?,?\s*(?:at\s+)?)?((?:[01]?\d|2[0-3])[:.][0-5]\d(?:\s?[ap]\.?m\.?)?)\s*$/i;
/** An e-mail's sender line, and a reply's quote line: "From: Priya Shah <…>", "On Tue 3 Nov, Priya Shah wrote:". */
const FROM = new RegExp(`^\\s*(?:[Ff]rom|FROM|[Vv]on|[Dd]e|[Dd]a)\\s*:\\s*(${NAME_WORDS})`, 'u');
const WROTE = new RegExp(`,\\s*(${NAME_WORDS})\\s*(?:<[^>]*>\\s*)?wrote:\\s*$`, 'u');

/** A word WordNet knows in this many senses is a word, not a name ("Standup", "Budget"); names have few or none. */
const COMMON = 6;
const NOT_NAME = /^(?:today|yesterday|tomorrow|now|edited|sent|delivered|seen|read|monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|wed|thu|fri|sat|sun|am|pm|at)$/i;
const rare = (w: string) => wordKin(w.toLowerCase().replace(/[^a-z'-]/g, '')).size < COMMON;
/** A writer's name: no word of it a day or a status, and one word of it at least rare as a word ("Lena Vogt": Lena is a river, Vogt nothing). */
const aName = (name: string) => {
  const words = name.split(/\s+/).filter((w) => /^\p{Lu}/u.test(w));
  return words.every((w) => !NOT_NAME.test(w.replace(/[.,]$/, ''))) && words.some(rare);
};

/** Whether a line is only a message's header (a name and the time it was sent): its time is no fact of the message. */
export function isWriterHeader(line: string): boolean {
  const name = NAME.exec(line.trim());
  // A full name: a calendar's "Dentist 14:00" or "Team Sync 10:00" is an entry with its time, not a writer.
  return !!name && STAMP.test(line.trim().slice(name[0].length)) && name[1]!.split(/\s+/).filter((w) => /^\p{Lu}/u.test(w)).length >= 2 && aName(name[1]!);
}

/** Lines looked at above a message for its author, at most. */
const LOOK_UP = 12;

/**
 * Who wrote the line at `index` of a screen's lines, and when the screen says they did: the closest
 * header above it (a chat's "Name 09:12", an e-mail's "From:" or "… wrote:"). Null when none is found.
 */
export function writerOf(lines: readonly string[], index: number): { name: string; at: string | null } | null {
  for (let i = index - 1; i >= 0 && i >= index - LOOK_UP; i--) {
    const line = lines[i]!.trim();
    const from = FROM.exec(line) ?? WROTE.exec(line);
    if (from && aName(from[1]!)) return { name: from[1]!, at: null };
    const name = NAME.exec(line);
    if (!name) continue;
    const stamp = STAMP.exec(line.slice(name[0].length));
    if (stamp && aName(name[1]!)) return { name: name[1]!, at: stamp[1]! };
  }
  return null;
}

/** A chat line OCR read with its header on it: "Rui Costa 09:12 use the side door for all deliveries". */
const HEADED = new RegExp(`^(${NAME_WORDS})\\s+((?:[01]?\\d|2[0-3])[:.][0-5]\\d(?:\\s?[ap]\\.?m\\.?)?)\\s+(\\S.*)$`, 'u');

/**
 * The writer, the time and the message of a line that starts with a chat header ("Rui 09:12 use the
 * side door …"): the message alone is what was said, its time when it was sent. Null when the line
 * opens with no name (a rare word, so "Dentist 14:00 bring the letter" is an entry) or says no more
 * than a few words after it (a calendar's "Standup 09:30 Orion").
 */
export function headedMessage(line: string): { name: string; at: string; text: string } | null {
  const m = HEADED.exec(line.trim());
  if (!m || !aName(m[1]!)) return null;
  const text = m[3]!;
  if (text.split(/\s+/).filter((w) => /^\p{Ll}{2,}/u.test(w)).length < 3) return null;
  return { name: m[1]!, at: m[2]!, text };
}
