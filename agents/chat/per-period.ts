/**
 * "How many tablets a day", "how much do I pay per month": a count or an amount asked for each day,
 * week or month is the one a line gives for that period ("1 tablet up to 3 times a day", "€12 per
 * month"), not a figure beside it that is per nothing (the tablet's "400 mg", the pack's "24 tablets").
 * The periods are table-asks' bases: a question's words for one (askedBasis), a header's (headerBasis),
 * and the ways running text in the languages we read says "per" that neither has.
 */
import { askedBasis, headerBasis, type Basis } from './table-asks.js';

const IN_TEXT: [Basis, RegExp][] = [
  ['day', /\btäglich\b|\bpro\s+tag\b|\bpar\s+jour\b|\b(?:al|por)\s+d[ií]a\b|\bal\s+giorno\b|\bper\s+dag\b|\bx\s?\/\s?(?:day|dia|día|jour|tag|giorno)\b/i],
  ['week', /\bpro\s+woche\b|\bwöchentlich\b|\bpar\s+semaine\b|\b(?:a\s+la|por)\s+semana\b|\ba(?:lla)?\s+settimana\b|\bper\s+week\b/i],
  ['month', /\bpro\s+monat\b|\bpar\s+mois\b|\b(?:al|por)\s+mes\b|\bal\s+mese\b|\bper\s+maand\b/i],
  ['year', /\bpro\s+jahr\b|\bpar\s+an\b|\bal\s+año\b|\bper\s+jaar\b/i],
];

/** The period a text counts by, or null. */
export function perPeriod(text: string): Basis | null {
  return headerBasis(text) ?? askedBasis(text) ?? IN_TEXT.find(([, re]) => re.test(text))?.[0] ?? null;
}

/**
 * For a question that counts per period: +1 when a line gives its figure for the same period, -0.5
 * when it gives it for another one; 0 otherwise (and for questions that count by no period).
 */
export function perPeriodFit(question: string, text: string): number {
  const asked = askedBasis(question);
  if (!asked) return 0;
  const said = perPeriod(text);
  return said === asked ? 1 : said ? -0.5 : 0;
}
