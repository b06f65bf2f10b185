/**
 * What a question asks of a table's columns in words its headers need not use: a rate by its basis
 * ("day rate", "per hour", "a week" for "Daily", "Hourly", "Rate (€/day)"), a quarter ("Q2", "the third
 * quarter" for "Q3"), a balance ("how many hours am I short", "how far behind am I" for "Balance",
 * "Diff", "Saldo"); and whether a table's rows were seen only in part ("Showing 1–3 of 12"), when its
 * column's sum is not the whole.
 */

import { stem } from './asked-value.js';

const stems = (words: string) => new Set(words.split(' ').map((w) => stem(w)));

/** The basis a rate is given per. */
export type Basis = 'hour' | 'day' | 'week' | 'month' | 'year';

/** A question's words for a rate's basis: "per hour", "an hour", "hourly", "hour rate", "day rate", "a day", "daily". */
const ASKED_BASIS: [Basis, RegExp][] = [
  ['hour', /\b(?:(?:per|an?|each|every|the)\s+hour|hourly|hour(?:'s|’s)?\s+rate|by\s+the\s+hour)\b/i],
  ['day', /\b(?:(?:per|a|each|every|the)\s+day|daily|day(?:'s|’s)?\s+rate)\b/i],
  ['week', /\b(?:(?:per|a|each|every|the)\s+week|weekly|week(?:'s|’s)?\s+rate)\b/i],
  ['month', /\b(?:(?:per|a|each|every|the)\s+month|monthly)\b/i],
  ['year', /\b(?:(?:per|a|each|every|the)\s+year|yearly|annual(?:ly)?|per\s+annum)\b/i],
];

/**
 * A header's words for a rate's basis, in everyday languages: "Hourly", "Rate/h", "€/hr", "per hour",
 * "Stundensatz", "Tarif horaire", "Uurtarief"; "Daily", "€/day", "Tagessatz", "Tarif journalier", "Dagtarief".
 */
const HEADER_BASIS: [Basis, RegExp][] = [
  ['hour', /\bhourly\b|\/\s*(?:h|hr|hrs|hour|std|heure|uur|ora|hora)\b|\bper\s+(?:h|hr|hour)\b|\bp\/h\b|\bstunden(?:satz|lohn)|\bhoraire\b|\buur(?:tarief|loon)\b|\btariffa\s+oraria\b|\bpor\s+hora\b/i],
  ['day', /\bdaily\b|\bday\s*rate\b|\/\s*(?:d|day|tag|jour|dag|giorno|día|dia)\b|\bper\s+day\b|\btages(?:satz|lohn)|\bjournalier\b|\bdag(?:tarief|loon)\b|\bgiornalier[oa]\b|\bpor\s+día\b|\bdiari[oa]\b/i],
  ['week', /\bweekly\b|\/\s*(?:wk|week|woche|semaine|week)\b|\bper\s+week\b|\bwochen|\bhebdomadaire\b|\bsettimanale\b|\bsemanal\b/i],
  ['month', /\bmonthly\b|\/\s*(?:mo|month|monat|mois|maand|mese|mes)\b|\bper\s+month\b|\bp\.\s?m\.|\bmonatlich|\bmensuel|\bmaandelijks|\bmensile|\bmensual/i],
  ['year', /\byearly\b|\bannual\b|\/\s*(?:yr|year|jahr|an|jaar|anno|año)\b|\bper\s+(?:year|annum)\b|\bp\.\s?a\.|\bjährlich|\bannuel|\bjaarlijks|\bannuo|\banual\b/i],
];

/** The basis a question asks a rate or an amount per ("what's Tomás's day rate": day), or null. */
export function askedBasis(question: string): Basis | null {
  return ASKED_BASIS.find(([, re]) => re.test(question))?.[0] ?? null;
}

/** The basis a header gives its figures per ("Daily", "Rate (€/day)": day), or null for a plain "Rate". */
export function headerBasis(header: string): Basis | null {
  return HEADER_BASIS.find(([, re]) => re.test(header))?.[0] ?? null;
}

/** Words of a question a basis column accounts for: the basis said ("per hour", "daily") and what a rate is called. */
export const BASIS_WORDS = stems('per hour hourly daily day week weekly month monthly year yearly annual annually rate charge fee cost pay paid earn bill');

const ORDINAL: Record<string, number> = { first: 1, '1st': 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4 };

/** The quarter a question names ("Q2", "the third quarter", "2nd quarter"), 1–4, or null. */
export function askedQuarter(question: string): number | null {
  const q = /\bQ([1-4])\b/i.exec(question);
  if (q) return Number(q[1]);
  const w = /\b(first|second|third|fourth|1st|2nd|3rd|4th)\s+quarter\b/i.exec(question);
  return w ? ORDINAL[w[1]!.toLowerCase()]! : null;
}

/** The quarter a header is ("Q3", "Q3 2026", "Qtr 3", "Quartal 3", "3rd quarter", "T3" a trimestre), or null. */
export function headerQuarter(header: string): number | null {
  const m = /^(?:Q|Qtr\.?\s*|Quarter\s*|Quartal\s*|Kwartaal\s*|Trimestre\s*|T)([1-4])\b|^([1-4])(?:st|nd|rd|th|\.)?\s+(?:Q|Qtr|Quarter|Quartal|Kwartaal|Trimestre)\b/i.exec(header.trim());
  return m ? Number(m[1] ?? m[2]) : null;
}

/** Words of a question a quarter column accounts for. */
export const QUARTER_WORDS = stems('q1 q2 q3 q4 first second third fourth 1st 2nd 3rd 4th quarter');

/**
 * A question about what is over or under a target ("how many hours am I short", "how far behind am I",
 * "how much is left", "am I in credit", "how many hours over is Pieter").
 */
const ASKS_BALANCE = /\b(?:over|under)\s*(?:\?|$|(?:my|the|our)?\s*(?:target|budget|plan|contract|quota))|\b(?:short|behind|ahead|owe[ds]?|owing|left|remain(?:s|ing)?|to\s+go|balance|in\s+(?:credit|debit|the\s+red|the\s+black|arrears)|deficit|surplus|overtime|undertime|plus|minus)\b/i;
/** Words of a question the balance column accounts for. */
export const BALANCE_WORDS = stems('short behind ahead over under owe owed owes owing left remain remains remaining go balance credit debit red black arrears deficit surplus overtime undertime plus minus far hours days minutes');

/** A header that is what is over or under a target, in everyday languages ("Balance", "Diff", "±", "Saldo", "Differenz", "Verschil", "Solde", "Écart", "Remaining"). */
const BALANCE_HEADER = /^(?:balance|bal\.?|diff\.?|difference|delta|variance|remaining|left|to\s+go|over\s*\/\s*under|\+\s*\/\s*[−-]|±|saldo|differenz|verschil|solde|écart|ecart|restant|resto|rest|diferencia|differenza|pendiente|offen)\b|^(?:±|\+\/[−-])/i;

/** Whether a question asks how far over or under a target something is. */
export const asksBalance = (question: string) => ASKS_BALANCE.test(question);

/** Whether a header is a balance's column. */
export const balanceHeader = (header: string) => BALANCE_HEADER.test(header.trim());

/**
 * "Showing 1–3 of 12", "Rows 1-20 of 57", "1–3 von 12", "Page 1 of 3", "+ 9 more", "Load more": the
 * table's rows on screen are only some of them. The count shown and the count in all, when said.
 */
export function partlySeen(lines: readonly string[]): { shown: string; of: string } | null {
  for (const l of lines) {
    const range = /\b(\d+)\s*[–—-]\s*(\d+)\s+(?:of|von|sur|de|di|van)\s+(\d+)\b/i.exec(l);
    if (range && Number(range[2]) < Number(range[3])) return { shown: `${range[1]}–${range[2]}`, of: range[3]! };
    const page = /\b(?:page|seite|pagina|página)\s+\d+\s+(?:of|von|sur|de|di|van)\s+(\d+)\b/i.exec(l);
    if (page && Number(page[1]) > 1) return { shown: 'one page', of: `${page[1]} pages` };
    if (/^\s*\+\s?\d+\s+more\b|\b\d+\s+more\s+(?:rows|items|entries|lines)\b|^\s*(?:load|show|view)\s+(?:\d+\s+)?more\b/i.test(l)) return { shown: 'some', of: 'more' };
  }
  return null;
}
