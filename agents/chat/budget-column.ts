/**
 * "How much did we set aside for catering", "what have I budgeted for the car", "what did we actually
 * spend on flowers": a budget sheet prints for each row what was planned (Budget, Planned, Allocated,
 * Estimate, Soll, Prévu, Presupuesto) and what went out (Spent, Actual, Paid, Ist, Dépensé, Gastado).
 * A question that says which it asks names that column in its own words, not the header's.
 */
import { stem } from './asked-value.js';

export type ColumnRole = 'planned' | 'actual';

/** The question asks what was planned for a thing, or what was spent on it. */
const ASKS_PLANNED = /\b(?:budget(?:ed|ted|s)?|plan(?:ned)?\s+(?:on|for)|set\s+aside|put\s+(?:aside|by|away)|allocat\w*|earmark\w*|planned|plan(?:ning)?\s+to\s+spend|allow(?:ed|ing)?\s+for|meant\s+to\s+spend)\b/i;
const ASKS_ACTUAL = /\b(?:spen[dt]|actually|paid|so\s+far|used\s+up)\b/i;

/** A header of what was planned, or of what went out, in the languages read. */
const PLANNED = /\b(?:budget\w*|planned|plan|allocat\w*|allowance|estimated?|est\.|target|geplant|soll|planwert|pr[ée]vu|pr[ée]visionnel|budg[ée]t\w*|presupuest\w*|previst[oa]|preventivo|begroot|begroting|gepland|or[çc]ad\w*)\b/iu;
const ACTUAL = /\b(?:spent|actuals?|paid|so\s+far|to\s+date|ist|tats[äa]chlich|ausgegeben|bezahlt|r[ée]el(?:le)?|d[ée]pens[ée]e?s?|gastado|real|pagado|speso|effettiv[oa]|uitgegeven|werkelijk|gasto)\b/iu;

/** The column a question asks of a budget sheet by its words, or null. */
export function askedColumnRole(question: string): ColumnRole | null {
  if (ASKS_PLANNED.test(question) && !/\bover\s+budget\b|\bleft\s+(?:in|of)\s+the\s+budget\b/i.test(question)) return 'planned';
  return ASKS_ACTUAL.test(question) ? 'actual' : null;
}

/** The role a header's column has: what was planned, what went out, or neither (or both: "Budget vs actual"). */
export function headerRole(header: string): ColumnRole | null {
  const planned = PLANNED.test(header);
  const actual = ACTUAL.test(header);
  return planned === actual ? null : planned ? 'planned' : 'actual';
}

/** The question's words a role is asked by: no row's name. */
export const ROLE_WORDS = new Set('budget budgeted set aside put by away allocate allocated earmark earmarked planned plan planning allow allowed allowing meant spend spent actually paid far used'.split(' ').map((w) => stem(w)));
