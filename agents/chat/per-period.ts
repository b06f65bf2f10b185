/**
 * "How many tablets a day", "how much do I pay per month": a count or an amount asked for each day,
 * week or month is the one a line gives for that period ("1 tablet up to 3 times a day", "€12 per
 * month"), not a figure beside it that is per nothing (the tablet's "400 mg", the pack's "24 tablets").
 */

/** The periods a question or a line may count by, each with the ways English and the languages we read say "per". */
const PERIODS: [string, RegExp][] = [
  ['day', /\b(?:a|an|per|each|every|one)\s+day\b|\bdaily\b|\b\/\s?(?:day|d)\b|\bpro\s+tag\b|\btäglich\b|\bpar\s+jour\b|\bal\s+d[ií]a\b|\bpor\s+d[ií]a\b|\bal\s+giorno\b|\bper\s+dag\b|\bx\s?\/\s?(?:day|dia|día|jour|tag|giorno)\b/i],
  ['week', /\b(?:a|an|per|each|every|one)\s+week\b|\bweekly\b|\b\/\s?(?:week|wk)\b|\bpro\s+woche\b|\bwöchentlich\b|\bpar\s+semaine\b|\b(?:a\s+la|por)\s+semana\b|\ba(?:lla)?\s+settimana\b|\bper\s+week\b/i],
  ['month', /\b(?:a|an|per|each|every|one)\s+month\b|\bmonthly\b|\b\/\s?(?:month|mo|mth)\b|\bpro\s+monat\b|\bmonatlich\b|\bpar\s+mois\b|\b(?:al|por)\s+mes\b|\bal\s+mese\b|\bper\s+maand\b|\bmensuel\w*\b|\bmensual\w*\b/i],
  ['year', /\b(?:a|an|per|each|every|one)\s+year\b|\byearly\b|\bannual(?:ly)?\b|\bp\.?\s?a\.?\b|\b\/\s?(?:year|yr)\b|\bpro\s+jahr\b|\bjährlich\b|\bpar\s+an\b|\bal\s+año\b|\bper\s+jaar\b/i],
];

/** The period a text counts by, or null. */
export function perPeriod(text: string): string | null {
  for (const [name, re] of PERIODS) if (re.test(text)) return name;
  return null;
}

/**
 * For a question that counts per period: +1 when a line gives its figure for the same period, -0.5
 * when it gives it for another one; 0 otherwise (and for questions that count by no period).
 */
export function perPeriodFit(question: string, text: string): number {
  const asked = perPeriod(question);
  if (!asked) return 0;
  const said = perPeriod(text);
  return said === asked ? 1 : said ? -0.5 : 0;
}
