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

/**
 * The short forms calendars, tickets and receipts print for months in German, French, Spanish,
 * Italian, Portuguese and Dutch ("7. Dez.", "12 déc.", "18 dic", "3 févr.", "11 de dez."), January
 * first: each language's own abbreviations. Those an English reader takes for an English word ("out",
 * "set", "ago", "gen", "mag") are a month only where a date says so (see AMBIGUOUS_MONTHS).
 */
const SHORT_MONTHS: readonly string[][] = [
  ['jän', 'janv', 'gen', 'ene'],
  ['febr', 'févr', 'fevr', 'fév', 'fev'],
  ['mär', 'mrz', 'mrt'],
  ['avr', 'abr'],
  ['mag'],
  ['giu'],
  ['juil', 'juill', 'lug'],
  ['ago'],
  ['set', 'sett'],
  ['okt', 'ott', 'out'],
  [],
  ['dez', 'déc', 'dic'],
];
/** Short months that are English words too: a month only after "de", before a period or a year, or in a dated weekday's date. */
const AMBIGUOUS_MONTHS = new Set(['gen', 'mag', 'ago', 'set', 'out']);
/** English short months ("feb", "mar"), a foreign date's month after "de" ("3 de feb."): English patterns read them elsewhere. */
const ENGLISH_SHORT = ['sept', ...MONTHS.map((m) => m.slice(0, 3))];
SHORT_MONTHS.forEach((forms, i) => {
  for (const f of [...forms, MONTHS[i]!.slice(0, 3), ...(i === 8 ? ['sept'] : [])]) {
    MONTH_NAMES.set(f, MONTHS[i]!);
    MONTH_NAMES.set(plainWord(f), MONTHS[i]!);
  }
});

/**
 * The short forms of weekdays, Monday first, as the same pages print them before a date ("Mo., 7.
 * Dez.", "vie 18 dic", "sam. 12 déc.", "sex, 11 de dez."): a weekday only so, with the date after it
 * ("Do", "So", "sex", "mar" are words too). Each form names one weekday in every language that uses it:
 * not Dutch "ma" (French "ma" is Tuesday in opening hours); "di", "do" are German and Dutch (French and
 * Spanish dates write "dim.", "dom.").
 */
const SHORT_WEEKDAYS: readonly string[][] = [
  ['mo', 'lun', 'seg'],
  ['di', 'mar', 'ter'],
  ['mi', 'mer', 'mié', 'mie', 'qua', 'wo'],
  ['do', 'jeu', 'jue', 'gio', 'qui'],
  ['fr', 'ven', 'vie', 'sex', 'vr'],
  ['sa', 'sam', 'sáb', 'sab', 'za'],
  ['so', 'dim', 'dom', 'zo'],
];
const SHORT_WEEKDAY_NAMES = new Map(SHORT_WEEKDAYS.flatMap((forms, i) => forms.map((f) => [f, WEEKDAYS[i]!] as const)));

/** Longest first, so "segunda-feira" is read whole before "segunda". */
const alternation = (names: Map<string, string>) => [...names.keys()].sort((a, b) => b.length - a.length).map(escape).join('|');
const FOREIGN_WEEKDAY = `(?:${alternation(WEEKDAY_NAMES)})`;
const edge = (s: string) => `(?<![${LETTER}])${s}(?![${LETTER}])`;
const only = (keep: (name: string) => boolean) => new Map([...MONTH_NAMES].filter(([name]) => keep(name)));
const englishShort = (name: string) => ENGLISH_SHORT.includes(name);
/** A month no English reader takes for a word, with a short form's period: "Dezember", "déc.", "dic". */
const SURE_MONTH = `${edge(`(?:${alternation(only((n) => !AMBIGUOUS_MONTHS.has(n) && !englishShort(n)))})`)}\\.?`;
/** Any month the pages write, a short English one too ("feb", "mar"): after "de" or in a weekday's date. */
const ANY_MONTH = `${edge(`(?:${alternation(MONTH_NAMES)})`)}\\.?`;
/** "de", "del" between a day and its month ("11 de diciembre", "3 de feb."). */
const OF = '(?:de|del)\\s+';
/** A day of the month before its month: "7.", "1er", "3º". */
const DAY = '(?<![\\d.,])\\b\\d{1,2}(?:\\.|er|º|ª|°)?\\s+';
/**
 * A month after a day of the month, as a date says it: a sure one, any after "de" ("3 de feb.",
 * "11 de out."), and a short form that is also an English word only with its period or a year after
 * ("10 ago. 2026", "5 set."; not "5 out of 6").
 */
const MONTH_AFTER_DAY = `(?:(?:${OF})?${SURE_MONTH}|${OF}${ANY_MONTH}|${edge(`(?:${[...AMBIGUOUS_MONTHS].join('|')})`)}(?:\\.|(?=,?\\s+\\d{4}\\b)))`;
/**
 * The month of a short weekday's date ("vie 18 dic", "gio 10 ago", "lun. 3 de feb."): any but a short
 * English one ("we do 3 Dec" is no Thursday), which only after "de" or a weekday's period or comma
 * ("do. 3 dec").
 */
const WEEKDAY_MONTH = `(?:(?:${OF})?(?:${SURE_MONTH}|${edge(`(?:${[...AMBIGUOUS_MONTHS].join('|')})`)}\\.?)|${OF}${ANY_MONTH}|(?<=[.,]\\s*\\d{1,2}\\.?\\s+)${ANY_MONTH})`;
const SHORT_WEEKDAY = edge(`(?:${alternation(SHORT_WEEKDAY_NAMES)})`);
/** A short weekday, its period and comma, before the date it names: "Mo., ", "vie ", "sex, ". */
const SHORT_WEEKDAY_BEFORE = `${SHORT_WEEKDAY}\\.?,?\\s+`;

/**
 * Chinese and Japanese dates: "12月18日", "2026年12月18日", "12月18日（金）", "12月18日 周五", and a
 * weekday alone ("金曜日", "星期五", "周五"). Written without word edges: these scripts put no space
 * between words. Japanese names weekdays by their element (月火水木金土日), Chinese by number (一…六, 日/天).
 */
const JA_WEEKDAY = '月火水木金土日';
const ZH_WEEKDAY = '一二三四五六';
const cjkWeekday = (c: string) => (JA_WEEKDAY.includes(c) ? WEEKDAYS[JA_WEEKDAY.indexOf(c)]! : ZH_WEEKDAY.includes(c) ? WEEKDAYS[ZH_WEEKDAY.indexOf(c)]! : 'sunday');
const ZH_WEEK = '(?:星期|周|週|礼拜|禮拜)';
const CJK_DAY = '(?<![\\d.])(?:(\\d{4})\\s?年\\s?)?(\\d{1,2})\\s?月\\s?(\\d{1,2})\\s?[日号號]';
const CJK_WEEKDAY_AFTER = `(?:\\s?[（(]\\s?([${JA_WEEKDAY}${ZH_WEEKDAY}天])\\s?[)）]|\\s?${ZH_WEEK}([${ZH_WEEKDAY}日天])|\\s?([${JA_WEEKDAY}])曜日?)?`;
const CJK_WEEKDAY_ALONE = `([${JA_WEEKDAY}])曜日|(?:星期|礼拜|禮拜|周|週)([${ZH_WEEKDAY}日天])`;
/** The groups: year, month, day, a weekday in brackets, a Chinese one, a Japanese one after the date; a Japanese or a Chinese weekday alone. */
const CJK_DATE_IN = new RegExp(`${CJK_DAY}${CJK_WEEKDAY_AFTER}|${CJK_WEEKDAY_ALONE}`, 'g');
const CJK_DATE = `${CJK_DAY}|${CJK_WEEKDAY_ALONE}`.replace(/\((?!\?)/g, '(?:');

/** A Chinese or Japanese date said in English, from CJK_DATE_IN's groups: "Friday 18 December 2026". */
function cjkEnglish(m: RegExpMatchArray): string {
  const wd = m[4] ?? m[5] ?? m[6] ?? m[7] ?? m[8];
  const weekday = wd ? capital(cjkWeekday(wd)) : '';
  const month = m[2] ? MONTHS[Number(m[2]) - 1] : undefined;
  return [weekday, m[3] && month ? `${Number(m[3])} ${capital(month)}` : '', m[1] ?? ''].filter(Boolean).join(' ');
}

/**
 * A foreign date: a weekday named, or a day of a named month ("3. Dezember", "1er janvier", "11 de
 * diciembre", "8 dicembre"). A month alone is not one ("Mars", "Mai" are words and names too).
 */
export const FOREIGN_DATE = `${edge(FOREIGN_WEEKDAY)}|${SHORT_WEEKDAY_BEFORE}${DAY}${WEEKDAY_MONTH}|${DAY}${MONTH_AFTER_DAY}|${CJK_DATE}`;

const HOUR = '(?:[01]?\\d|2[0-3])';
/** An hour as French, Spanish and Portuguese write it with "h": "14h", "9h30", "8 h", "9 h 30". */
const H_HOUR = `${HOUR}\\s?h(?:\\s?[0-5]\\d)?`;
/** Between the two ends of a range of hours: a dash, "à", "a", "au", "às", "al", "alle", "bis", "tot". */
const RANGE_TO = `\\s*(?:[–—-]|(?<![${LETTER}])(?:à|a|au|às|al|alle|bis|tot)(?![${LETTER}]))\\s*`;
/**
 * After a bare hour, what a clock time may be followed by: no figure, no word but a range's or the
 * clock's ("alle 13 e dalle 15", "a las 10 h", "das 9 às 18"): "alle 9 persone" is nine people,
 * "das 3. Mal" the third time.
 */
const BARE_END = `(?![${LETTER}\\d:.])(?!,\\d)(?!\\s+(?!(?:h|hrs?|horas|ore|uhr|e|y|et|und|a|à|al|alle|às|as|hasta|até|bis)(?![${LETTER}]))[${LETTER}])`;

/**
 * A clock time written the way these languages do: "14 Uhr", "14.30 Uhr", "18.00 uur", "à 14h",
 * "um 9.30", "alle 9", "às 10h", Spanish "a las 8h"; a bare hour only after words that say a time of
 * day ("a las 10", "dalle 9", "às 18", "ore 15"; "à 9 km" is a distance); a range of hours written
 * with "h" ("14h–17h", "de 8 h à 12 h") or ending in "Uhr" ("8–18 Uhr", "von 9 bis 17 Uhr"), whose
 * first hour alone says nothing ("14h" alone may be a length: "Dauer 14h").
 * "las 18:40" is left to the English pattern: its "18:40" is the time said.
 * "15h30" and "14:00" are read as English times are.
 */
export const FOREIGN_CLOCK = [
  `\\b${HOUR}(?:[.:][0-5]\\d)?${RANGE_TO}${HOUR}(?:[.:][0-5]\\d)?\\s?(?:Uhr|uur)(?![${LETTER}])`,
  `\\b${HOUR}(?:[.:][0-5]\\d)?\\s?(?:Uhr|uur)(?![${LETTER}])`,
  `\\b${H_HOUR}${RANGE_TO}${H_HOUR}(?![${LETTER}\\d])`,
  `(?<![${LETTER}])(?:à|às|vers|dès|um|gegen|om|alle|ore)\\s+${HOUR}(?:h(?:[0-5]\\d)?|[.:][0-5]\\d)(?![${LETTER}\\d])`,
  `(?<![${LETTER}])(?:alle|dalle|ore|las|a\\s+la|às|das)\\s+${HOUR}(?:\\s?h(?:oras)?)?${BARE_END}`,
  // Chinese and Japanese: "15時30分", "午後3時", "下午3点半", "18时" (not "3時間", three hours, nor "第3点", the third point).
  `(?:(?:午前|午後|上午|下午|晚上|早上|中午|凌晨|傍晚)\\s?)?(?<![\\d.第])\\d{1,2}\\s?[時时点點](?![間间])(?:\\s?\\d{1,2}\\s?分|半)?`,
].join('|');

/** "14 Uhr", "18.00 uur" say the time of day, not how long. */
const CLOCK_WORDS = new Set(['uhr', 'uur']);
/** The units of time each language counts in ("3 Monate", "2 semaines", "1 maand"), from the table's rows for them. */
const UNITS = new Set(LEXICON.filter((c) => ['day', 'week', 'month', 'year', 'hour', 'minute'].includes(c.en[0]!)).flatMap((c) => OTHER_LANGUAGES.flatMap((l) => c[l])).map((f) => f.toLowerCase()).filter((f) => !CLOCK_WORDS.has(f)));
const FOREIGN_UNIT = `(?:${[...UNITS].sort((a, b) => b.length - a.length).map(escape).join('|')})`;

/** A length of time in another language: "1 maand", "3 Monate", "2 semaines", "48 ore". */
export const FOREIGN_DURATION = `\\b\\d+(?:[.,]\\d+)?\\s*${edge(FOREIGN_UNIT)}`;

const WEEKDAY_IN = `(${edge(FOREIGN_WEEKDAY)})`;
/** A day, its month and maybe its year, as groups; `month` the months it may take. */
const dayMonthIn = (month: string) => `(?<![\\d.,])\\b(\\d{1,2})(?:\\.|er|º|ª|°)?\\s+(${month})(?:,?\\s+(?:${OF})?(\\d{4})\\b)?`;
/**
 * A weekday with the day of the month after it ("Dienstag, 3. Dezember"), or either alone; a short
 * weekday only with its date ("vie 18 dic", "Mo., 7. Dez."). The groups: weekday, day, month, year,
 * three times over (english() reads whichever matched).
 */
const DATE_IN = new RegExp(`${WEEKDAY_IN}(?:,?\\s+${dayMonthIn(MONTH_AFTER_DAY)})?|(${SHORT_WEEKDAY})\\.?,?\\s+${dayMonthIn(WEEKDAY_MONTH)}|${dayMonthIn(MONTH_AFTER_DAY)}`, 'gi');
/** How many of a replacer's arguments are DATE_IN's match and its groups. */
const DATE_GROUPS = 12;

/** A month as a date wrote it ("de dic.", "Dezember") to its English name. */
const monthOf = (written: string) => MONTH_NAMES.get(written.toLowerCase().replace(/^(?:de|del)\s+/, '').replace(/\.$/, ''))!;

const capital = (w: string) => w[0]!.toUpperCase() + w.slice(1);

/** A foreign date said in English, from DATE_IN's groups: "Tuesday 8 December", "Saturday", "4 January 2027". */
function english(m: RegExpMatchArray): string {
  const weekday = m[1] ? capital(WEEKDAY_NAMES.get(m[1].toLowerCase())!) : m[5] ? capital(SHORT_WEEKDAY_NAMES.get(m[5].toLowerCase())!) : '';
  const day = m[2] ?? m[6] ?? m[9];
  const month = m[3] ?? m[7] ?? m[10];
  const year = m[4] ?? m[8] ?? m[11];
  return [weekday, day && month ? `${Number(day)} ${capital(monthOf(month))}` : '', year ?? ''].filter(Boolean).join(' ');
}

/** The foreign dates of a text said in English, in order, each once: "martedì 8 dicembre" → ["Tuesday 8 December"]. */
export function englishDates(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(DATE_IN)) {
    const said = english(m);
    if (!out.includes(said)) out.push(said);
  }
  for (const m of text.matchAll(CJK_DATE_IN)) {
    const said = cjkEnglish(m);
    if (!out.includes(said)) out.push(said);
  }
  return out;
}

/**
 * A text with each foreign date followed by its English ("Partenza: martedì 8 dicembre (Tuesday 8
 * December), ore 21:30"), for a reader who asked in English and may not read the page's months.
 */
export function withEnglishDates(text: string): string {
  return text
    .replace(DATE_IN, (...args: unknown[]) => {
      const m = args.slice(0, DATE_GROUPS) as unknown as RegExpMatchArray;
      return `${String(args[0])} (${english(m)})`;
    })
    .replace(CJK_DATE_IN, (...args: unknown[]) => `${String(args[0])} (${cjkEnglish(args.slice(0, 9) as unknown as RegExpMatchArray)})`);
}
