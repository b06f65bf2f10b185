/**
 * "What was the class average on paper 1", "the group mean", "the total for March": a table's row
 * that sums up or averages its column ("Group mean", "Average", "Ø", "Total", "Σ", "Gesamt") answers a
 * question that asks for the whole group's figure, not any one row's. The whole group may be said in
 * the question's own words ("the class", "the team", "everyone"): they name no row of their own.
 */
import { stem } from './asked-value.js';

export type Summary = 'average' | 'total';

/** A question asking for an average or a total of a column. */
const ASKS: [Summary, RegExp][] = [
  ['average', /\b(?:average|avg|mean|typical)\b/i],
  ['total', /\b(?:total|sum|altogether|in\s+all|combined)\b/i],
];

/** A row label that averages or sums up its column, in everyday languages. */
const ROW: Record<Summary, RegExp> = {
  average: /^(?:(?:group|class|team|overall|column|grand)\s+)?(?:average|avg\.?|mean|[Øø⌀]|moyenne|durchschnitt|mittelwert|schnitt|media|promedio|gemiddelde|gem\.|média|medelvärde|gennemsnit|gjennomsnitt|keskiarvo|średnia)(?:\s|$|:)/iu,
  total: /^(?:(?:grand|column|overall)\s+)?(?:total|totals|sum|[Σ∑]|gesamt|summe|totaal|totale|totalt|somme|suma|som|yhteensä|razem)(?:\s|$|:)/iu,
};

/** Words a question says the whole of the rows with, and the summary's own words: no row's name. */
export const SUMMARY_WORDS = new Set('class group team everyone everybody all whole overall squad cohort year form set staff average avg mean typical total sum altogether combined'.split(' ').map((w) => stem(w)));

/** The summary a question asks of a column, or null. */
export const askedSummary = (question: string): Summary | null => ASKS.find(([, re]) => re.test(question))?.[0] ?? null;

/** Whether a row's label is the asked summary. */
export const summaryRow = (label: string, kind: Summary): boolean => ROW[kind].test(label.trim());
