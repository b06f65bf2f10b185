/**
 * How often, read from a line that is no sentence: a prescription's "Dose: 1 tablet every 8 hours",
 * a council's "Collected fortnightly", a plan's "Billing: monthly", a German leaflet's "3x täglich".
 * The line or the lines just above it (its heading) or the screen's title name the asked thing; the
 * frequency it says is the answer. A prose sentence is read by sentence-span first; this reads the rest.
 * Not a frequency: a date ("Next collection Tue 15 Dec"), a limit ("Max 3 per day").
 */
import { meets, metByKin, stemsOf, type AskedValue } from './asked-value.js';

const UNIT = 'hours?|hrs?|days?|weeks?|months?|years?|mornings?|evenings?|nights?|weekdays?|weekends?|meals?|fortnight';
const WEEKDAYS = 'mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays';
const COUNT_WORD = 'one|two|three|four|five|six|eight|ten|twelve|\\d{1,2}';

/** A frequency as screens write it, in English and the languages screens use. */
const FREQUENCY = new RegExp(
  [
    // "every 8 hours", "every other week", "each morning", "every second Tuesday", "every Monday"
    `\\b(?:every|each)\\s+(?:other\\s+|second\\s+|third\\s+|(?:${COUNT_WORD})\\s+)?(?:${UNIT}|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\\b`,
    // "3 times a day", "twice a week", "2x per week", "1 tablet 3 times daily"
    `\\b(?:once|twice|thrice|(?:${COUNT_WORD})\\s?(?:x|times))\\s+(?:a|an|per|each|every)\\s+(?:${UNIT})\\b`,
    `\\b(?:once|twice|thrice|(?:${COUNT_WORD})\\s?(?:x|times))\\s+(?:daily|weekly|monthly|yearly|nightly)\\b`,
    '\\b(?:daily|weekly|monthly|nightly|hourly|yearly|annually|fortnightly|quarterly|bi-?weekly|bi-?monthly|semi-?annually)\\b',
    `\\b(?:on\\s+)?(?:${WEEKDAYS})\\b`,
    // German, French, Spanish, Italian, Portuguese, Dutch.
    '\\b(?:alle|jeden|jede|jedes)\\s+(?:\\d{1,2}\\s+|zwei\\s+|drei\\s+|vier\\s+)?(?:Stunden?|Tage?n?|Wochen?|Monate?n?|Jahre?|Morgen|Abend|Woche|Monat|Tag)\\b',
    '\\b(?:\\d\\s?x|\\d-mal|ein-?mal|zwei-?mal|drei-?mal)\\s+(?:täglich|wöchentlich|monatlich|pro\\s+(?:Tag|Woche|Monat)|am\\s+Tag|in\\s+der\\s+Woche)\\b',
    '\\b(?:täglich|wöchentlich|vierzehntäglich|zweiwöchentlich|monatlich|jährlich)\\b',
    '\\b(?:tous|toutes)\\s+les\\s+(?:\\d{1,2}\\s+)?(?:heures|jours|semaines|mois|ans|matins|soirs|quinze\\s+jours)\\b',
    '\\b(?:\\d\\s?fois|une\\s+fois|deux\\s+fois|trois\\s+fois)\\s+par\\s+(?:jour|semaine|mois|an)\\b',
    '\\b(?:quotidien(?:nement)?|hebdomadaire|mensuel(?:le)?)\\b',
    '\\b(?:cada|ogni|a\\s+cada)\\s+(?:\\d{1,2}\\s+)?(?:horas?|d[ií]as?|semanas?|mes(?:es)?|meses|ore|giorni|settimane|mesi|mattina|sera)\\b',
    '\\b(?:\\d\\s?veces|una\\s+vez|dos\\s+veces|tres\\s+veces|\\d\\s?volte|una\\s+volta|due\\s+volte|tre\\s+volte|\\d\\s?vezes|uma\\s+vez|duas\\s+vezes|três\\s+vezes)\\s+(?:al|por|a|ao|per|alla)\\s+(?:d[ií]a|semana|mes|giorno|settimana|mese)\\b',
    '\\b(?:diariamente|semanalmente|mensualmente|mensalmente|quincenalmente|quinzenalmente|giornalmente|settimanalmente|mensilmente)\\b',
    '\\b(?:om\\s+de\\s+(?:\\d{1,2}\\s+)?(?:uur|dagen|dag|weken|week|maanden|maand)|(?:\\d\\s?x|een\\s+keer|twee\\s+keer|drie\\s+keer)\\s+per\\s+(?:dag|week|maand)|dagelijks|wekelijks|tweewekelijks|maandelijks)\\b',
  ].join('|'),
  'iu',
);

/** A line that sets a limit, not how often ("Max 3 per day", "no more than 4 in 24 hours"). */
const LIMIT = /\b(?:max(?:imum)?|no more than|not more than|up to|at most|höchstens|maximal|pas plus de|no más de|non più di)\b/i;

/** The frequency a text says, as written, or null. */
export function frequencyIn(text: string): string | null {
  return FREQUENCY.exec(text)?.[0] ?? null;
}

/** A screen's text with its title and the item it stands for (the caller's line or passage). */
export interface FrequencySource<T> {
  text: string;
  title: string;
  item: T;
}

/** Lines above a line that may be its heading (the medicine's name over its dose). */
const HEADING_LINES = 3;

/**
 * The frequency said on a line about the asked thing, with the line: the line itself, a heading just
 * above it, or the screen's title names every noun the question asks about. Null when no line does,
 * or two lines that name as much say different frequencies.
 */
export function frequencyLine<T>(asked: AskedValue, sources: readonly FrequencySource<T>[]): { span: string; line: string; item: T } | null {
  const nouns = asked.terms.filter((t) => !asked.loose.includes(t) && t !== 'often');
  if (!nouns.length) return null;
  const met = (t: string, stems: Set<string>) => (meets(t, stems) ? 1 : metByKin(t, stems, asked.kin) ? 0.5 : 0);
  const found: { span: string; line: string; item: T; score: number }[] = [];
  const seen = new Set<string>();
  for (const s of sources) {
    if (seen.has(`${s.title}\u0000${s.text}`)) continue;
    seen.add(`${s.title}\u0000${s.text}`);
    const lines = s.text.split('\n').map((l) => l.trim());
    const title = stemsOf(s.title);
    lines.forEach((line, i) => {
      const span = frequencyIn(line);
      if (!span || LIMIT.test(line)) return;
      const own = stemsOf(line);
      const above = stemsOf(lines.slice(Math.max(0, i - HEADING_LINES), i).join(' '));
      let score = 0;
      for (const t of nouns) {
        const here = met(t, own);
        const near = here || met(t, above) * 0.75 || met(t, title) * 0.5;
        if (!near) return;
        score += near;
      }
      found.push({ span, line, item: s.item, score });
    });
  }
  if (!found.length) return null;
  found.sort((a, b) => b.score - a.score);
  const [best, second] = found;
  // Two lines that name the thing as well, with different frequencies: no one of them is the answer.
  if (second && second.score >= best!.score - 1e-9 && second.span.toLowerCase() !== best!.span.toLowerCase()) return null;
  return { span: best!.span, line: best!.line, item: best!.item };
}
