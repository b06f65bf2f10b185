/**
 * Dates and clock times as German, French, Spanish, Italian and Portuguese pages write them ("Dienstag,
 * 3. Dezember", "le 4 janvier", "11 de diciembre", "martedì 8 dicembre", "15h30", "14 Uhr"), read from
 * the everyday-words table's month and weekday concepts, so that such a date is a date to a question
 * asked in English, and can be said in English beside the page's own words.
 *
 * The patterns are regex sources without `\p{…}` (they are joined into patterns compiled without the
 * `u` flag): a word's edges are letters of Latin-1 ("dicembre" inside "dicembrek" is no month).
 */
import { LEXICON, OTHER_LANGUAGES, plainWord } from './everyday-lexicon.js';

const MONTHS = 'january february march april may june july august september october november december'.split(' ');
const WEEKDAYS = 'monday tuesday wednesday thursday friday saturday sunday'.split(' ');

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const LETTER = 'A-Za-zÀ-ÖØ-öø-ÿ';

/** Each foreign name (lowercased, with and without accents) to the English name of its month or weekday. */
function namesOf(english: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const c of LEXICON) {
    const en = c.en[0]!;
    if (!english.includes(en)) continue;
    for (const l of OTHER_LANGUAGES)
      for (const f of c[l]) {
        const name = f.toLowerCase();
        // An English name written the same way ("August", "April") is read by the English patterns.
        if (name === en) continue;
        out.set(name, en);
        out.set(plainWord(name), en);
        // Portuguese weekdays drop "-feira" ("terça", "sexta"), and OCR may read its hyphen as a space.
        if (name.endsWith('-feira')) out.set(name.replace('-', ' '), en);
      }
  }
  return out;
}

const MONTH_NAMES = namesOf(MONTHS);
const WEEKDAY_NAMES = namesOf(WEEKDAYS);

/** Longest first, so "segunda-feira" is read whole before "segunda". */
const alternation = (names: Map<string, string>) => [...names.keys()].sort((a, b) => b.length - a.length).map(escape).join('|');
const FOREIGN_MONTH = `(?:${alternation(MONTH_NAMES)})`;
const FOREIGN_WEEKDAY = `(?:${alternation(WEEKDAY_NAMES)})`;
const edge = (s: string) => `(?<![${LETTER}])${s}(?![${LETTER}])`;

/**
 * A foreign date: a weekday named, or a day of a named month ("3. Dezember", "1er janvier", "11 de
 * diciembre", "8 dicembre"). A month alone is not one ("Mars", "Mai" are words and names too).
 */
export const FOREIGN_DATE = `${edge(FOREIGN_WEEKDAY)}|(?<![\\d.,])\\b\\d{1,2}(?:\\.|er|º|ª|°)?\\s+(?:de\\s+|del\\s+)?${edge(FOREIGN_MONTH)}`;

/**
 * A clock time written the way these languages do: "14 Uhr", "14.30 Uhr", "18.00 uur", "à 14h",
 * "um 9.30", "alle 9", "às 10h", Spanish "a las 8h"; a bare hour only after Italian "alle"/"ore" ("à 9 km"
 * is a distance). "las 18:40" is left to the English pattern: its "18:40" is the time said.
 * "15h30" and "14:00" are read as English times are.
 */
export const FOREIGN_CLOCK = `\\b(?:[01]?\\d|2[0-3])(?:[.:][0-5]\\d)?\\s?(?:Uhr|uur)(?![${LETTER}])|(?<![${LETTER}])(?:à|às|vers|dès|um|gegen|om|alle|ore)\\s+(?:[01]?\\d|2[0-3])(?:h(?:[0-5]\\d)?|[.:][0-5]\\d)(?![${LETTER}\\d])|(?<![${LETTER}])(?:alle|ore)\\s+(?:[01]?\\d|2[0-3])(?![${LETTER}\\d.,])|(?<![${LETTER}])las\\s+(?:[01]?\\d|2[0-3])h(?:[0-5]\\d)?(?![${LETTER}\\d])`;

/** "14 Uhr", "18.00 uur" say the time of day, not how long. */
const CLOCK_WORDS = new Set(['uhr', 'uur']);
/** The units of time each language counts in ("3 Monate", "2 semaines", "1 maand"), from the table's rows for them. */
const UNITS = new Set(LEXICON.filter((c) => ['day', 'week', 'month', 'year', 'hour', 'minute'].includes(c.en[0]!)).flatMap((c) => OTHER_LANGUAGES.flatMap((l) => c[l])).map((f) => f.toLowerCase()).filter((f) => !CLOCK_WORDS.has(f)));
const FOREIGN_UNIT = `(?:${[...UNITS].sort((a, b) => b.length - a.length).map(escape).join('|')})`;

/** A length of time in another language: "1 maand", "3 Monate", "2 semaines", "48 ore". */
export const FOREIGN_DURATION = `\\b\\d+(?:[.,]\\d+)?\\s*${edge(FOREIGN_UNIT)}`;

const WEEKDAY_IN = `(${edge(FOREIGN_WEEKDAY)})`;
const DAY_MONTH_IN = `(?<![\\d.,])\\b(\\d{1,2})(?:\\.|er|º|ª|°)?\\s+(?:de\\s+|del\\s+)?(${edge(FOREIGN_MONTH)})(?:,?\\s+(?:de\\s+|del\\s+)?(\\d{4})\\b)?`;
/** A weekday with the day of the month after it ("Dienstag, 3. Dezember"), or either alone. */
const DATE_IN = new RegExp(`${WEEKDAY_IN}(?:,?\\s+${DAY_MONTH_IN})?|${DAY_MONTH_IN}`, 'gi');

const capital = (w: string) => w[0]!.toUpperCase() + w.slice(1);

/** A foreign date said in English, from DATE_IN's groups: "Tuesday 8 December", "Saturday", "4 January 2027". */
function english(m: RegExpMatchArray): string {
  const weekday = m[1] ? capital(WEEKDAY_NAMES.get(m[1].toLowerCase())!) : '';
  const day = m[2] ?? m[5];
  const month = m[3] ?? m[6];
  const year = m[4] ?? m[7];
  return [weekday, day && month ? `${Number(day)} ${capital(MONTH_NAMES.get(month.toLowerCase())!)}` : '', year ?? ''].filter(Boolean).join(' ');
}

/** The foreign dates of a text said in English, in order, each once: "martedì 8 dicembre" → ["Tuesday 8 December"]. */
export function englishDates(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(DATE_IN)) {
    const said = english(m);
    if (!out.includes(said)) out.push(said);
  }
  return out;
}

/**
 * A text with each foreign date followed by its English ("Partenza: martedì 8 dicembre (Tuesday 8
 * December), ore 21:30"), for a reader who asked in English and may not read the page's months.
 */
export function withEnglishDates(text: string): string {
  return text.replace(DATE_IN, (...args: unknown[]) => {
    const m = args.slice(0, 8) as unknown as RegExpMatchArray;
    return `${String(args[0])} (${english(m)})`;
  });
}
