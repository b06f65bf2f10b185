/**
 * How long something lasts, when the screen gives its two ends and not its length: "how long is the
 * workshop" ← "14:00–17:30" under the workshop's name, "how many nights are we staying" ← "Check-in
 * Fri 11 Dec" and "Check-out Mon 14 Dec". The length is counted from the ends and said with them, so
 * the reader sees what it was counted from. A trip's row is left alone (its two times may be in two
 * time zones), and so is a page whose ranges for the asked thing disagree, or that does not name it.
 */
import { meets, metByKin, stem, stemsOf, VALUE, type AskedValue } from './asked-value.js';
import { monthsNamed, yearsNamed } from './asked-period.js';
import { journeyRowOf } from './journey-row.js';
import { dayOfHeader } from './day-cue.js';

export type SpanAsked = 'hours' | 'nights';

/** "How long is …", "how many hours …"; not how long ago, nor a route's travel time ("how long to walk there"). */
const HOW_LONG = /^\s*(?:and\s+|so\s+)?(?:how\s+long\b|how\s+many\s+hours\b)/i;
const NOT_SPAN = /\bago\b|\bsince\b|\btake\s+(?:me|us|you)?\s*to\b|\bto\s+(?:get|walk|drive|cycle|ride)\b|\b(?:walk|drive|cycle|ride|commute)\b|\bvalid\b|\bwarranty\b|\bguarantee\b|\bnotice\b|\btrial\b/i;
const NIGHTS = /\bhow\s+many\s+nights\b|^\s*how\s+long\b.*\bstay(?:s|ing)?\b/i;

/** What span a question asks: the hours between a start and an end, the nights between arriving and leaving. */
export function spanAsked(question: string): SpanAsked | null {
  if (NIGHTS.test(question)) return 'nights';
  if (HOW_LONG.test(question) && !NOT_SPAN.test(question)) return 'hours';
  return null;
}

const CLOCK = VALUE.clock.source;
/** Two clock times joined as one span: "14:00–17:30", "2pm to 5.30pm", "von 9:00 bis 12:00", "de 10h à 12h". */
const RANGE = new RegExp(`(${CLOCK})\\s*(?:[-–—]|to|until|till|bis|à|a|tot|alle|até)\\s*(${CLOCK})`, 'iu');

/** Minutes past midnight of a clock time as screens write it ("14:00", "2pm", "5.30 p.m.", "10h30"). */
function minutesOf(clock: string): number | null {
  const m = /^(\d{1,2})(?:[:.h](\d{2}))?\s*(a\.?m\.?|p\.?m\.?)?/i.exec(clock.trim());
  if (!m) return null;
  let h = Number(m[1]);
  const min = Number(m[2] ?? 0);
  const half = m[3]?.toLowerCase().replace(/\./g, '');
  if (half === 'pm' && h < 12) h += 12;
  if (half === 'am' && h === 12) h = 0;
  return h <= 24 && min < 60 ? h * 60 + min : null;
}

/** A length said as people say it: "3 h 30 min", "45 min", "2 h". */
function lengthSaid(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h && m ? `${h} h ${m} min` : h ? `${h} h` : `${m} min`;
}

/** Words of a span question that say how long, not what: never looked for on the page. */
const NOT_THING = new Set(['long', 'many', 'hour', 'night', 'stay', 'last', 'take', 'go', 'run', 'time', 'we', 'book'].map(stem));

/** Whether a text names one of the question's things, by its word or a related one. */
function namesThing(asked: AskedValue, text: string): boolean {
  const things = asked.terms.filter((t) => !NOT_THING.has(t));
  if (!things.length) return false;
  const stems = stemsOf(text);
  return things.some((t) => meets(t, stems) || metByKin(t, stems, asked.kin));
}

export interface SpanSource<T> {
  text: string;
  title: string;
  item: T;
}

export interface SpanLead<T> {
  text: string;
  item: T;
}

/** The hours between the two ends of a range under the asked thing's name, when one length is read. */
function hoursLead<T>(asked: AskedValue, sources: readonly SpanSource<T>[]): SpanLead<T> | null {
  const found: { length: number; range: string; line: string; item: T }[] = [];
  for (const s of sources) {
    const lines = s.text.split('\n').map((l) => l.trim()).filter(Boolean);
    let since = 0;
    lines.forEach((line, i) => {
      const r = RANGE.exec(line);
      if (!r) return;
      // The lines since the range before this one are its own: its name, its place, its day.
      const own = lines.slice(since, i + 1);
      since = i + 1;
      if (journeyRowOf(line, `${s.title}\n${own.join('\n')}`)) return;
      const from = minutesOf(r[1]!);
      const to = minutesOf(r[2]!);
      if (from === null || to === null || from === to) return;
      if (!namesThing(asked, `${own.join('\n')}\n${s.title}`)) return;
      // An end before its start runs past midnight (a night shift, "22:00–02:00").
      found.push({ length: (to - from + 1440) % 1440, range: r[0], line, item: s.item });
    });
  }
  if (!found.length || new Set(found.map((f) => f.length)).size > 1) return null;
  const f = found[0]!;
  return { text: `${lengthSaid(f.length)} (${f.line.length <= 100 ? f.line : f.range})`, item: f.item };
}

const ARRIVE = /(?:^|[^\p{L}])(?:check-?in|arrival|arriving|anreise|ankunft|arrivée|llegada|entrada|arrivo|chegada|aankomst|inchecken)(?![\p{L}])/iu;
const LEAVE = /(?:^|[^\p{L}])(?:check-?out|departure|departing|abreise|départ|salida|partenza|saída|vertrek|uitchecken)(?![\p{L}])/iu;

/** The day a text gives as a day and a month ("Fri 11 Dec 2026", "December 14", "11. Dezember"), as UTC midnight; the year the capture's when unsaid. */
function dayOf(text: string, year: number): { at: number; said: string } | null {
  const words = [...text.matchAll(/[\p{L}\d]+/gu)];
  const dayAt = (k: number) => (words[k] && /^(?:[1-9]|[12]\d|3[01])(?:st|nd|rd|th)?$/i.test(words[k]![0]) ? parseInt(words[k]![0], 10) : null);
  for (let k = 0; k < words.length; k++) {
    const months = /^\p{L}+$/u.test(words[k]![0]) ? monthsNamed(words[k]![0], true) : new Set<number>();
    if (months.size !== 1) continue;
    // "11 Dec", "11. Dezember", "19 de diciembre" before the month; "Dec 30" after it.
    const before = dayAt(k - 1) !== null ? k - 1 : /^(?:de|del)$/i.test(words[k - 1]?.[0] ?? '') && dayAt(k - 2) !== null ? k - 2 : null;
    const at = before ?? (dayAt(k + 1) !== null ? k + 1 : null);
    if (at === null) continue;
    const last = Math.max(k, at);
    const y = words[last + 1] && /^(?:19|20)\d\d$/.test(words[last + 1]![0]) ? Number(words[last + 1]![0]) : null;
    // Its weekday before it is said with it ("Fri 11 Dec 2026").
    const lead = Math.min(k, at);
    const weekday = lead > 0 && dayOfHeader(words[lead - 1]![0])?.weekdays.size === 1 ? lead - 1 : lead;
    const from = words[weekday]!.index!;
    const end = words[y ? last + 1 : last]!;
    return { at: Date.UTC(y ?? year, [...months][0]!, dayAt(at)!), said: text.slice(from, end.index! + end[0].length) };
  }
  const iso = /\b(20\d\d)-(\d\d)-(\d\d)\b/.exec(text);
  return iso ? { at: Date.UTC(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3])), said: iso[0] } : null;
}

/** The nights between the day arriving and the day leaving a page labels, when it labels one of each. */
function nightsLead<T>(sources: readonly SpanSource<T>[], year: number): SpanLead<T> | null {
  const found: { nights: number; from: string; to: string; item: T }[] = [];
  for (const s of sources) {
    const lines = s.text.split('\n').map((l) => l.trim()).filter(Boolean);
    // The day under a label is on its line, or alone on the line under it.
    const labelled = (label: RegExp) => {
      const days = lines.flatMap((l, i) => (label.test(l) ? [dayOf(l.slice(label.exec(l)!.index), year) ?? (lines[i + 1] && !ARRIVE.test(lines[i + 1]!) && !LEAVE.test(lines[i + 1]!) ? dayOf(lines[i + 1]!, year) : null)] : []));
      const kept = days.filter((d): d is NonNullable<typeof d> => !!d);
      return new Set(kept.map((d) => d.at)).size === 1 ? kept[0]! : null;
    };
    const from = labelled(ARRIVE);
    const to = labelled(LEAVE);
    if (!from || !to) continue;
    // Leaving in January after arriving in December is the next year's January.
    const end = to.at < from.at && !yearsNamed(to.said).size ? Date.UTC(new Date(to.at).getUTCFullYear() + 1, new Date(to.at).getUTCMonth(), new Date(to.at).getUTCDate()) : to.at;
    const nights = Math.round((end - from.at) / 86_400_000);
    if (nights >= 1 && nights <= 90) found.push({ nights, from: from.said, to: to.said, item: s.item });
  }
  if (!found.length || new Set(found.map((f) => f.nights)).size > 1) return null;
  const f = found[0]!;
  return { text: `${f.nights} night${f.nights === 1 ? '' : 's'} (${f.from} to ${f.to})`, item: f.item };
}

/** Whether a line already says the asked length ("Duration 3 h 30", "3 nights"): then it is read, not counted. */
export function saysLength(question: string, text: string): boolean {
  const span = spanAsked(question);
  if (span === 'nights') return /\d\s*(?:nights?|nächte|nacht|nuits?|noches?|notti|noites|nachten)\b/i.test(text);
  return span === 'hours' && VALUE.duration.test(text);
}

/**
 * The length the question asks, counted from the two ends a found screen gives for it, or null when
 * it asks none, or no page gives both ends of the asked thing, or pages give different lengths.
 */
export function timeSpanLead<T>(question: string, asked: AskedValue, sources: readonly SpanSource<T>[], year: number): SpanLead<T> | null {
  const span = spanAsked(question);
  if (span === 'nights') return nightsLead(sources, year);
  return span === 'hours' ? hoursLead(asked, sources) : null;
}
