/**
 * "How much did I spend at Tesco", "what did I pay at REWE": on a bank statement the asked merchant
 * may have several rows (two shops of one chain, two visits). What was spent there is their sum, said
 * with the rows it adds up, not the first row alone. Money paid back (a "+" row) is not spent.
 */
import { meets, stemsOf, VALUE, type AskedValue } from './asked-value.js';
import type { FoundScreen } from './found-screens.js';
import { amountsIn, moneyAsk } from './money-total.js';
import { businessKind } from './trade-nouns.js';

/** The question asks what went to a place or firm ("spend at", "pay at", "paid to"). */
const SPENT_AT = /\b(?:spen[dt]|pa(?:y|id)|charged?)\b.*\b(?:at|to|with)\s+\S/i;
/** Words that say when, not where: the statement's dates and the search's window say them. */
const PERIOD = /^(?:week|month|year|today|yesterday|weekend|januar|februar|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|monday|tuesday|wednesday|thursday|friday|saturday|sunday|last|this|past)/;
/** Money words of the question: no merchant's name. */
const MONEY = /^(?:spen|spent|spend|pay|paid|charg|cost|much|money|total|altogether|overall|in|all)/;

export interface MerchantSpend {
  text: string;
  n: number;
  passage: FoundScreen['passage'];
  found?: boolean;
}

/** The sum of a statement's rows for the asked merchant, when it has two or more; null otherwise. */
export function merchantSpendLead(question: string, asked: AskedValue, found: readonly FoundScreen[]): MerchantSpend | null {
  if (!SPENT_AT.test(question) || moneyAsk(question)?.of !== 'whole') return null;
  const names = asked.terms.filter((t) => !asked.loose.includes(t) && !PERIOD.test(t) && !MONEY.test(t) && !businessKind(t));
  if (!names.length) return null;
  for (const s of found) {
    const rows = s.lines.filter((l) => {
      if (!VALUE.date.test(l)) return false;
      const a = amountsIn(l);
      if (a.length !== 1 || /\+\s?[€$£¥]?\s?\d/.test(l)) return false;
      const st = stemsOf(l);
      return names.every((t) => meets(t, st));
    });
    if (rows.length < 2) continue;
    const amounts = rows.map((l) => amountsIn(l)[0]!);
    const sum = amounts.reduce((a, x) => a + x.value, 0);
    const comma = amounts.some((x) => /,\d{2}(?!\d)/.test(x.said));
    const currency = /[€$£¥]|\b(?:EUR|USD|GBP|CHF)\b/.exec(amounts[0]!.said)?.[0] ?? '';
    const figure = sum.toFixed(2).replace('.', comma ? ',' : '.');
    const said = currency && amounts[0]!.said.trim().startsWith(currency) ? `${currency}${figure}` : `${figure}${currency ? ` ${currency}` : ''}`;
    return { text: `${said} in all (${rows.length} payments): ${rows.map((l) => l.replace(/\s+/g, ' ').trim()).join(' + ')}`, n: s.n, passage: s.passage };
  }
  return null;
}
