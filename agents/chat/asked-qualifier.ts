/**
 * The side of a pair a time question asks for: the end of a thing, not its start ("what time will the
 * audit be finished"), the way back, not the way out ("when does the return ferry leave"), the arrival,
 * not the departure ("what time does the train arrive"), the closing, not the opening. A page often
 * shows one side only; its value is of the asked kind and about the asked topic, and stating it would
 * state the other side as the answer. So the value must have the asked side said beside it, or, for
 * the side a page gives by default (a start, a departure, the way out), at least not the other side.
 */
import { stem, VALUE, type AskedValue } from './asked-value.js';

interface Side {
  /** The question asks this side. */
  asked: RegExp;
  /** A value's own words say this side, in the languages screens use. */
  says: RegExp;
  /** They say the other side. */
  other: RegExp;
  /** The side a page must name: a value with neither side said beside it is not taken for it. */
  marked: boolean;
}

/** Words as a pattern bounded by letters of any script: "\b" would not end "até" or "début". */
const words = (alternatives: string) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives})(?![\\p{L}\\p{N}])`, 'iu');

const END_WORDS = words(String.raw`ends?|ending|ended|finish(?:es|ed|ing)?|over|until|till|closes?|closing|closed|shuts?|shutting|schlie(?:ß|ss)t|ferme|cierra|chiude|fecha|sluit|last|done|wrap(?:s|ping)? up|einde|ende|endet|eindigt|fin|fim|termina|acaba|termine|schluss|bis|até|hasta|jusqu'?[aà]|tot`);
const START_WORDS = words(String.raw`starts?|starting|started|begins?|beginning|began|opens?|opening|doors|from|kick(?:s|ing)? off|beginn|beginnt|anfang|début|commence|inicio|início|inizio|inizia|empieza|comienza|começa|aanvang|begint|ab|desde|depuis|vanaf|ouvre|öffnet|abre|apre|opent`);
const BACK_WORDS = words(String.raw`return(?:s|ing)?|back|inbound|homebound|homeward|retour|regreso|vuelta|volta|regresso|r[üu]ck(?:fahrt|flug|reise|weg)?|ritorno|terugreis|terug`);
const OUT_WORDS = words(String.raw`outbound|outward|aller|ida|hin(?:fahrt|flug|reise|weg)?|andata|heenreis|heen`);
const GIVE_BACK_WORDS = words(String.raw`return\p{L}*|back|due|drop[- ]?off|hand[- ]?in|check[- ]?in|until|by|r[üu]ckgabe|devolu[cç][aã]o|entrega|retour|restituzione|inleveren`);
const TAKE_WORDS = words(String.raw`pick[- ]?up|collect(?:ed|ion)?|borrowed|issued|loaned|check(?:ed)?[- ]?out|abholung|levantamento|recogida|retrait|ritiro|ophalen`);
const ARRIVE_WORDS = words(String.raw`arriv\p{L}*|arr\.|lands?|landing|landed|eta|get(?:s|ting)? in|pull(?:s|ing)? in|deliver(?:y|ed|ing|s)?|expected|cheg\p{L}*|lleg\p{L}*|ankunft|ankommt|arriv[ée]e|arrivo|aankomst|liefer\p{L}*|zustell\p{L}*|livraison|livr[ée]e?s?|entrega\p{L}*|consegna\p{L}*|lever(?:ing|datum|dag|tijd|moment)\p{L}*|bezorg\p{L}*|aflever\p{L}*`);
const LEAVE_WORDS = words(String.raw`depart\p{L}*|dep\.|leav(?:es|ing)|left|sails?|sailing|shipped|dispatched|posted|sent|partida|abfahrt|abflug|d[ée]part|salida|partenza|vertrek`);

const SIDES: Side[] = [
  // "Over" as a verb's particle ("hand over the flat", "hand the keys over") is the handing, not an end.
  { asked: /\b(?:end|ends|ending|finish(?:es|ed|ing)?|(?<!\b(?:hand|pass|turn|sign|take|took|come|came|move)(?:s|ed|ing)?\s+(?:\S+\s+){0,2})over|close|closes|closing|wrap up|be done)\b/i, says: END_WORDS, other: START_WORDS, marked: true },
  { asked: /\b(?:start|starts|starting|begin|begins|beginning|open|opens|opening|kick off)\b/i, says: START_WORDS, other: END_WORDS, marked: false },
  // The way back of a journey ("the return ferry", "my flight back", "when do we get back").
  { asked: /\b(?:return(?!\s+(?:the|my|our|your|their|it|them|this|that|these|those)\b)|inbound|homebound)\b|\b(?:fly(?:ing)?|flight|train|ferry|bus|boat|trip|drive|driving|journey|leg|come|coming|go|going|head(?:ing)?|get|getting|travel(?:l?ing)?)\s+back\b/i, says: BACK_WORDS, other: OUT_WORDS, marked: true },
  // A thing given back ("return the rental car", "the book due back"): its return, not its pick-up.
  { asked: /\breturn\s+(?:the|my|our|your|their|it|them|this|that|these|those)\b|\b(?:due|give|bring|hand|take|send|drop)\s+(?:\S+\s+){0,3}?back\b/i, says: GIVE_BACK_WORDS, other: TAKE_WORDS, marked: false },
  { asked: /\b(?:outbound|outward|way out|going out)\b/i, says: OUT_WORDS, other: BACK_WORDS, marked: false },
  { asked: /\b(?:arrive|arrives|arriving|arrival|land|lands|landing|get in|gets in|get there|delivered|delivery)\b/i, says: ARRIVE_WORDS, other: LEAVE_WORDS, marked: true },
  { asked: /\b(?:depart|departs|departing|departure|leave|leaves|leaving|set off|sets off|take off|takes off|sail|sails)\b/i, says: LEAVE_WORDS, other: ARRIVE_WORDS, marked: false },
];

/** Kinds that are a time: the sides are of a time span or a journey. */
const TIMED = new Set(['when', 'clock', 'date', 'duration']);

/** Two times or dates joined as a span ("14:00–15:00", "Mon 7 to Fri 11 Dec"): it gives the end as well as the start. */
const SPAN = new RegExp(`(?:${VALUE.clock.source}|${VALUE.date.source})[^\\n]{0,20}?(?:\\s?[–—-]\\s?|\\s(?:to|until|till|bis|até|à|a|tot)\\s)[^\\n]{0,12}?(?:${VALUE.clock.source}|${VALUE.date.source})`, 'i');

/** The place a question says something arrives at, named ("arrive in Porto", "land at Schiphol"). */
const ARRIVE_AT = /\b(?:arriv\w*|land\w*|get(?:s|ting)?)\s+(?:in|at|to|into)\s+(\p{L}[\p{L}-]{2,})/u;

/** The sides a question asks of a time ("when does the return ferry leave": back and leaving). */
function askedSides(question: string, asked: AskedValue): Side[] {
  if (!TIMED.has(asked.kind)) return [];
  const q = question.replace(/[’]/g, "'");
  const sides = SIDES.filter((s) => s.asked.test(q));
  // A question asking both sides of a pair ("from start to finish") asks for no one side.
  return sides.filter((s) => !sides.some((o) => o !== s && o.says === s.other));
}

/** The stems of the question's words for the sides it asks: checked beside the value here, so a screen need not repeat them as nouns. */
export function sideStems(question: string, asked: AskedValue): string[] {
  // The side's own word, not the journey it is said of ("back" of "flight back").
  return sideWords(question, asked).map((w) => stem(w.split(/\s+/).pop()!));
}

/** The question's words for the side it asks ("return", "finished", "flight back"), as it says them. */
export function sideWords(question: string, asked: AskedValue): string[] {
  const sides = askedSides(question, asked);
  // The side a page must name is what it lacked ("return", not "leave" in "when does the return ferry leave").
  const marked = sides.filter((s) => s.marked);
  return (marked.length ? marked : sides).map((s) => question.replace(/[’]/g, "'").match(s.asked)?.[0]?.toLowerCase() ?? '').filter(Boolean);
}

export type SideFit = 'meets' | 'other' | 'unsaid' | 'none';

/**
 * How a value's own words, nearest first (its clause or line, its row's naming cells, the heading it
 * sits under, the sentence it was cut from), stand to the side the question asks: 'meets' when the
 * nearest that says a side says the asked one (a span gives an end), 'other' when it says the other
 * side, 'unsaid' when none says either and the asked side must be named, 'none' when nothing is asked.
 */
export function sideFit(question: string, asked: AskedValue, near: readonly string[]): { fit: SideFit; words: string[] } {
  const sides = askedSides(question, asked);
  if (!sides.length) return { fit: 'none', words: [] };
  const words = sideWords(question, asked);
  // "Arrive in Porto": a time beside the place arrived at is the arrival ("Porto Campanhã 11:49").
  const to = ARRIVE_AT.exec(question)?.[1];
  const place = to && /^\p{Lu}/u.test(to) ? new RegExp(`\\b${to}\\b`, 'i') : null;
  for (const side of sides) {
    let fit: SideFit = side.marked ? 'unsaid' : 'meets';
    for (const text of near) {
      if (!text.trim()) continue;
      const says = side.says.test(text) || (side.says === END_WORDS && SPAN.test(text)) || (side.says === ARRIVE_WORDS && !!place && place.test(text) && !side.other.test(text));
      const other = side.other.test(text);
      if (says) {
        fit = 'meets';
        break;
      }
      if (other) {
        fit = 'other';
        break;
      }
    }
    if (fit !== 'meets') return { fit, words };
  }
  return { fit: 'meets', words };
}
