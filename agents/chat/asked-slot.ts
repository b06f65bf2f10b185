/**
 * The slot a question picks its thing by: a time of day ("who's driving the 14:00 van", "the 2pm
 * slot") or a part of the day ("the afternoon shift"). A rota, a timetable or a booking list names
 * several slots, one line each; a value whose own words name another slot (the 08:00 run's driver)
 * is a sibling of the asked one, and stating it would answer another question. A value whose own
 * words name no slot is left to the other checks: the slot may be said in the row's other cells.
 */
import { VALUE, type AskedValue } from './asked-value.js';

/** Minutes after midnight of each time of day a text says ("14:00", "2pm", "2.30 p.m.", "14h00"). */
export function clocksIn(text: string): number[] {
  const out: number[] = [];
  const re = /\b([01]?\d|2[0-3])[:h]([0-5]\d)\b(?!\s?(?:am|pm|a\.m\.|p\.m\.))|\b(1[0-2]|0?[1-9])(?:[:.]([0-5]\d))?\s?(am|pm|a\.m\.|p\.m\.)(?![a-z])|\b(noon|midday|midnight)\b/gi;
  for (const m of text.matchAll(re)) {
    if (m[1] !== undefined) out.push(Number(m[1]) * 60 + Number(m[2]));
    else if (m[3] !== undefined) {
      const pm = /^p/i.test(m[5]!);
      out.push(((Number(m[3]) % 12) + (pm ? 12 : 0)) * 60 + Number(m[4] ?? 0));
    } else out.push(/night/i.test(m[6]!) ? 0 : 720);
  }
  return out;
}

/** Parts of the day, one pattern each; a text names one by its own word or a shift's. */
const DAY_PARTS: RegExp[] = [
  /\b(?:morning|mornings|am shift|early shift|ochtend|morgens?|matin|mañana|manhã|mattina)\b/i,
  /\b(?:midday|noon|lunchtime|lunch shift|mittags?|midi|mediodía|mezzogiorno)\b/i,
  /\b(?:afternoon|afternoons|pm shift|middag|nachmittags?|après-midi|tarde|pomeriggio)\b/i,
  /\b(?:evening|evenings|late shift|avond|abends?|soir|soirée|sera|noite)\b/i,
  /\b(?:night|nights|overnight|night shift|nacht|nuit|noche|notte)\b/i,
];

/** Kinds that are a time: the value itself is a time of day, so a time beside it names no slot. */
const TIMED = new Set(['clock', 'when', 'date', 'duration']);

/**
 * Whether a value's own words, nearest first (its line, its row's other cells, the heading over
 * it), name another slot than the one the question picks, and not the asked one: the nearest text
 * that names any slot of the question's sort decides.
 */
export function otherSlot(question: string, asked: AskedValue, own: readonly string[]): boolean {
  const q = question.replace(/[’]/g, "'");
  if (!TIMED.has(asked.kind) && VALUE.clock.test(q)) {
    const wanted = clocksIn(q);
    if (wanted.length) {
      for (const text of own) {
        const said = clocksIn(text);
        if (!said.length) continue;
        if (!said.some((c) => wanted.includes(c))) return true;
        break;
      }
    }
  }
  const parts = DAY_PARTS.filter((p) => p.test(q));
  if (parts.length === 1) {
    for (const text of own) {
      const said = DAY_PARTS.filter((p) => p.test(text));
      if (!said.length) continue;
      return !said.includes(parts[0]!);
    }
  }
  return false;
}
