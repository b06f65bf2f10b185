/**
 * "What should I take with me to the GP", "what do I need to bring to the viewing": the things a
 * found screen asks the reader to bring ("Please bring the letter from your physiotherapist and your
 * insurance card", "Bitte bringen Sie Ihren Ausweis mit", "Munissez-vous de votre carte Vitale"), from
 * the screen of the place or appointment the question names. A first-person "I'll bring the numbers"
 * in a chat is no instruction to the user.
 */
import type { PassageMatch } from '../../shared/index.js';
import { closeKin, wordKin } from '../runtime/index.js';
import { foreignForms, meets, stem, stemsOf } from './asked-value.js';
import { foundScreens } from './found-screens.js';
import type { NumberedMemory } from './retrieval-types.js';
import type { ScreenOf } from './unmatched-screen.js';

/** The question asks what to bring or take along. */
const ASKS_BRING =
  /^\s*(?:and\s+|so\s+)?what\s+(?:else\s+)?(?:should|do|must|shall|will|would|can)\s+(?:i|we)\s+(?:need\s+to\s+|have\s+to\s+|got\s+to\s+)?(?:take|bring|carry|pack)\b|^\s*what\s+(?:do|does)\s+(?:i|we)\s+need\s+to\s+(?:take|bring|carry)\b|^\s*what\s+(?:am\s+i|are\s+we)\s+(?:supposed|meant|asked)\s+to\s+(?:take|bring)\b|^\s*what\s+to\s+(?:take|bring)\b|^\s*what\s+(?:things?|documents?|papers?)\s+(?:should|do|must)\s+(?:i|we)\s+(?:need\s+to\s+)?(?:take|bring)\b/i;

/** Where to: the words after the last "to", "for" or "at" ("to the GP", "for the viewing"). */
function destinationOf(question: string): string[] {
  // The last "to", "for" or "at": "what do I need to take along to the dentist".
  const m = /^.*\b(?:to|for|at)\s+(?:the\s+|my\s+|our\s+|a\s+|an\s+|this\s+|that\s+)?([\p{L}\d' -]+?)\s*[?.!]*\s*$/iu.exec(question);
  if (!m) return [];
  return m[1]!.replace(/\s+(?:on|in|at|this|next|tomorrow|today|tonight)\b.*$/i, '').split(/\s+/).filter((w) => w.length >= 2 && !/^(?:me|us|with|along|there|tomorrow|today|on|in)$/i.test(w));
}

/** A title before a name says what the person is ("Dr. M. Verhoeven": a doctor). */
const TITLES: [RegExp, string][] = [[/\b(?:Dr|Dra|Dott|Doz)\.?\s+\p{Lu}/u, 'doctor']];

/**
 * Stems a destination word is met by: itself, its synonyms ("vet": veterinarian), and their everyday
 * translations; a word WordNet gives no synonym for (an abbreviation: "GP") by its wider kin (doctor,
 * physician). Not the wider kin of every word: a vet is a doctor too, but a dentist's letter is not the vet's.
 */
function destinationStems(word: string): Set<string> {
  const w = word.toLowerCase();
  const out = new Set([stem(w)]);
  const close = closeKin(w);
  for (const k of [w, ...(close.size ? close : wordKin(w))]) {
    if (!/^[a-z-]{2,}$/.test(k)) continue;
    out.add(stem(k));
    for (const f of foreignForms(k)) out.add(f);
  }
  return out;
}

/**
 * An instruction to bring things, in everyday languages, and the things it names: English "please
 * bring X", "bring X", "remember to take X with you", "What to bring: X"; German "bitte X mitbringen",
 * "bringen Sie X mit", "mitbringen: X"; French "apportez X", "munissez-vous de X"; Dutch "neem X mee";
 * Spanish "traiga X"; Italian "portate X"; Portuguese "traga X".
 */
const INSTRUCTIONS: RegExp[] = [
  /(?:^|[.;:!?·•]\s*|\bplease\s+|\bremember\s+to\s+|\bdon['’]t\s+forget\s+(?:to\s+)?|\bmake\s+sure\s+(?:to|you)\s+|\bbe\s+sure\s+to\s+|\byou(?:['’]ll|\s+will)?\s+(?:need|have)\s+to\s+|\bkindly\s+)(?:bring|take|carry)\s+(?:along\s+|with\s+you\s+)?([^.;!?·•]+?)(?:\s+(?:with|along)(?:\s+you)?)?\s*(?=[.;!?·•]|$)/i,
  /\b(?:what\s+to\s+bring|things\s+to\s+bring|to\s+bring|bring\s+along|please\s+bring)\s*:\s*([^.;!?·•]+)/i,
  /\bbringen\s+sie\s+(?:bitte\s+)?([^.;!?·•]+?)\s+mit\b/i,
  /\bbitte\s+([^.;!?·•]+?)\s+mit(?:bringen|nehmen)\b/i,
  /\bmit(?:zu)?bringen\s*:\s*([^.;!?·•]+)/i,
  /\b(?:apport(?:ez|er)|munissez-vous\s+d[eu']?|pensez\s+à\s+(?:apporter|prendre))\s+([^.;!?·•]+)/i,
  /\bneem\s+([^.;!?·•]+?)\s+mee\b/i,
  /\bmeenemen\s*:\s*([^.;!?·•]+)/i,
  /\b(?:traiga|traigan|trae)\s+([^.;!?·•]+)/i,
  /\b(?:portate|porti|portare)\s+([^.;!?·•]+)/i,
  /\b(?:traga|tragam|leve)\s+([^.;!?·•]+)/i,
];

/** The things a line asks the reader to bring, or null. */
export function bringIn(line: string): string | null {
  for (const re of INSTRUCTIONS) {
    const m = re.exec(line);
    const what = m?.[1]?.trim().replace(/[,:]+$/, '');
    // A thing or a list of things, not a clause ("bring it up with your manager").
    if (what && what.length >= 2 && what.length <= 160 && !/^(?:it|this|that|them)\b|\b(?:up|back|in|out)\s*$/i.test(what)) return what;
  }
  return null;
}

export interface BringLead {
  text: string;
  n: number;
  passage: PassageMatch;
  /** True when the screen is of the place or appointment the question names. */
  sure: boolean;
  /** Screens say what to bring, but none for the place asked about: said so, no list stated. */
  elsewhere?: boolean;
}

/** How many of the best found screens are read for what to bring. */
const BRING_SCREENS = 8;

/** What the question asks to bring, from the found screen of where it is going, or null. */
export function bringLead(question: string, numbered: readonly NumberedMemory[], screens?: ScreenOf): BringLead | null {
  if (!ASKS_BRING.test(question)) return null;
  const dest = destinationOf(question).map(destinationStems);
  const found = foundScreens(numbered, screens, BRING_SCREENS);
  const candidates: (BringLead & { score: number })[] = [];
  for (const s of found) {
    const text = [s.title, s.about, ...s.lines].join('\n');
    const st = stemsOf(text);
    for (const [re, word] of TITLES) if (re.test(text)) st.add(stem(word));
    const score = dest.filter((forms) => [...forms].some((f) => meets(f, st))).length;
    for (const line of s.lines) {
      const what = bringIn(line);
      if (what) candidates.push({ text: `Bring ${what}`, n: s.n, passage: s.passage, sure: score > 0, score });
    }
  }
  if (!candidates.length) return null;
  const best = Math.max(...candidates.map((c) => c.score));
  const top = candidates.filter((c) => c.score === best);
  // A place asked about that no screen names is not another place's list; with no place asked, one instruction alone is a guess.
  if (best === 0 && dest.length > 0) return { text: '', n: top[0]!.n, passage: top[0]!.passage, sure: false, elsewhere: true };
  if (best === 0 && top.length > 1) return null;
  const first = top[0]!;
  const same = top.filter((c) => c.n === first.n && c.passage === first.passage);
  return { text: same.map((c) => c.text).join('; '), n: first.n, passage: first.passage, sure: first.sure };
}
