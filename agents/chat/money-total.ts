/**
 * "What will the repair cost me?", "what do we owe the cleaners?", "what did the tickets cost in the
 * end?": a question about what a bill, an invoice or a booking comes to is answered by the amount its
 * screen labels as the whole (Total, Amount due, Gesamtbetrag, Totale pagato, Te betalen, Total a
 * pagar, Montant TTC …), not by the first amount on it (a line item, a unit price, a deposit). "What
 * do I still owe" wants the balance left to pay; "what's the hourly rate" the amount per unit, never a
 * sum. A screen with no amount labelled as the whole gives nothing here (the lead reads on): a
 * list of items is not summed into a bill it does not show.
 */
import type { PassageMatch } from '../../shared/index.js';
import type { FrameWords } from '../store/index.js';
import { meets, metByKin, stem, stemsOf, VALUE, type AskedValue } from './asked-value.js';
import { asksMoney } from './asked-kinds.js';
import { numberOf } from './measure-words.js';
import { labelledValues } from './screen-layout.js';
import type { FoundScreen } from './found-screens.js';
import { otherPeriod } from './asked-period.js';
import { falseFriendMask } from './false-friends.js';
import { businessKind, tradeSaid } from './trade-nouns.js';
import { notThePrice } from './money-role.js';

/** What a money question asks for: the whole, what is left to pay, or the amount per unit (of one unit, or of any). */
export type MoneyAsk = { of: 'whole' } | { of: 'left' } | { of: 'part' } | { of: 'unit'; unit: string | null };

/** An amount as a page prints it: with its currency, or with cents ("139,23", "1,475.00"). */
const AMOUNT = /(?:[€$£¥]|\b(?:EUR|USD|GBP|CHF|R\$))\s?\d{1,3}(?:[.,]\d{3})*(?:[.,]\d{1,2})?(?!\d)|\b\d{1,3}(?:[.,]\d{3})*(?:[.,]\d{1,2})?\s?(?:€|EUR|USD|GBP|CHF|euros?|dollars?|pounds?)(?!\p{L})|\b\d{1,3}(?:[.,]\d{3})*[.,]\d{2}\b(?![.,]?\d)(?!\s?%)|\b\d+[.,]\d{2}\b(?![.,]?\d)(?!\s?%)/giu;
/** A bare figure, an amount only on a line labelled as one on a page that prints a currency. */
const BARE = /\b\d{1,3}(?:[.,]\d{3})*(?:[.,]\d{1,2})?\b(?!\s?%)/g;
const CURRENCY = /[€$£¥]|\b(?:EUR|USD|GBP|CHF|euros?|dollars?|pounds?)\b/i;

export interface Amount {
  value: number;
  said: string;
}

/** The amounts a line holds, in order, read by the one number parser (measure-words). */
export function amountsIn(line: string, bareToo = false): Amount[] {
  const out: Amount[] = [];
  for (const m of line.matchAll(AMOUNT)) {
    const digits = /\d[\d.,]*\d|\d/.exec(m[0])![0];
    out.push({ value: numberOf(digits), said: m[0].trim() });
  }
  if (!out.length && bareToo) for (const m of line.matchAll(BARE)) out.push({ value: numberOf(m[0]), said: m[0] });
  return out.filter((a) => Number.isFinite(a.value));
}

/** A sum before tax: never the whole unless asked for it ("Subtotal", "Zwischensumme", "Netto", "HT"). */
const PART_SUM = /\b(?:sub-?\s?total\w*|zwischensumme|subtotale|subtotaal|sous-total|netto\w*|net|nett|excl\w*|exkl\w*|ht|imponibile|base imponible|before tax|pre-tax)\b/iu;
/** The whole as said with tax or as paid: surest of all ("Grand total", "Gesamtbetrag", "Totale pagato", "Montant TTC"). */
const WHOLE_SURE = /\b(?:grand\s+total|total\s+(?:paid|charged|amount|price|cost|due|incl\w*|inc\.?|with|to pay|payable)|amount\s+(?:paid|charged|payable)|you\s+paid|order\s+total|totale\s+(?:pagato|complessivo|da pagare|fattura|ordine)|importo\s+(?:totale|pagato)|gesamt\w*|endbetrag|rechnungsbetrag|bruttobetrag|brutto|bruto|ttc|montant\s+(?:total|à payer|a payer|pay[ée])|total\s+(?:g[ée]n[ée]ral|à payer|a pagar|pagado)|importe\s+total|totaal\w+|valor\s+total|preço\s+total|summa)\b/iu;
/** The whole in one word ("Total", "Totale", "Totaal", "Summe", "Somme", "Suma"). */
const WHOLE = /\b(?:total|totale|totaal|summe|somme|suma|soma|totals?)\b/iu;
/** What is left to pay ("Balance due", "Amount due", "Te betalen", "Zu zahlen", "Da pagare", "Reste à payer", "Pendiente"). */
const LEFT = /\b(?:balance|amount\s+due|due|outstanding|remaining|left\s+to\s+pay|still\s+to\s+pay|to\s+pay|te\s+betalen|nog\s+te\s+betalen|zu\s+zahlen|offen\w*|restbetrag|da\s+pagare|saldo|reste\s+[àa]\s+payer|[àa]\s+payer|a\s+pagar|pendiente|payable|\w*guthaben|solde|cr[ée]dit\s+restant|saldo\s+disponible|credito\s+residuo|tegoed)\b/iu;
/** A part paid before ("Deposit", "Anzahlung", "Acconto", "Aanbetaling", "Acompte", "Señal"): never the whole. */
const PAID_BEFORE = /\b(?:deposit|down\s?payment|reservation\s+fee|holding\s+fee|due\s+today|payable\s+now|already\s+paid|paid\s+so\s+far|prepaid|anzahlung|bereits\s+bezahlt|acconto|caparra|anticipo|aanbetaling|acompte|arrhes|se[ñn]al|dep[óo]sito|sinal)\b/iu;
/** A price for the whole, said without a total: the largest such, when no total is shown. */
const PRICE = /\b(?:price|cost|fare|amount|charge|hire|preis|prezzo|prix|precio|prijs|pre[çc]o|kosten|betrag|importe|importo|montant|tarif|bedrag)\b/iu;

/** Units an amount may be per, with the ways pages say them. */
const UNITS: Record<string, RegExp> = {
  hour: /\b(?:per\s+(?:hour|hr|h)|an\s+hour|hourly|\/\s?(?:h|hr|hour|std)\b|€\/h|\bph\b|pro\s+stunde|stundensatz|stundenlohn|all'ora|l'heure|par\s+heure|por\s+hora|per\s+uur|uurtarief)/iu,
  night: /\b(?:per\s+night|a\s+night|nightly|\/\s?night|pro\s+nacht|a\s+notte|per\s+notte|par\s+nuit|por\s+noche|per\s+nacht)\b/iu,
  day: /\b(?:per\s+day|a\s+day|daily|day\s+rate|\/\s?day|pro\s+tag|tagessatz|al\s+giorno|par\s+jour|por\s+d[ií]a|per\s+dag|dagtarief)\b/iu,
  person: /\b(?:per\s+(?:person|head|guest|adult)|each\s+person|p\.?p\.?|pro\s+person|a\s+persona|par\s+personne|por\s+persona|per\s+persoon)(?=\s|$|[^\p{L}])/iu,
  month: /\b(?:per\s+(?:calendar\s+)?month|a\s+month|monthly|pcm|p\.c\.m\.?|pro\s+monat|monatlich|al\s+mese|par\s+mois|por\s+mes|per\s+maand|mensuel\w*|mensual\w*|mensil\w*|maandelijks|p\.?\s?m\.?)(?=\s|$|[^\p{L}])|\/\s?(?:mo|month|mth|mois|monat|mes|mese|maand|mnd)(?![\p{L}])/iu,
  week: /\b(?:per\s+week|a\s+week|weekly|pw|p\.w\.?|pro\s+woche|a\s+settimana|par\s+semaine|por\s+semana)\b|\/\s?(?:wk|week|woche|semaine|semana|settimana)(?![\p{L}])/iu,
  km: /\b(?:per\s+(?:km|kilomet\w+|mile)|\/\s?(?:km|mi))\b/iu,
  unit: /\b(?:each|ea\.|apiece|per\s+(?:unit|item|piece|ticket)|unit\s+price|st[üu]ckpreis|einzelpreis|prezzo\s+unitario|prix\s+unitaire|precio\s+unitario|stukprijs)\b|@/iu,
};
/** "2 x 38,00", "3 × €12": an item's price times a quantity. */
const TIMES = /\b\d+\s?[x×]\s|\s[x×]\s?\d/iu;
const perUnit = (line: string) => TIMES.test(line) || Object.values(UNITS).some((re) => re.test(line));

/** The unit a question asks an amount per, from its own words ("hourly", "a night", "day rate", "each"). */
const ASKED_UNIT: [string, RegExp][] = [
  ['hour', /\b(?:hourly|per\s+hour|an\s+hour|by\s+the\s+hour|hour(?:ly)?\s+rate)\b/i],
  ['night', /\b(?:nightly|per\s+night|a\s+night|each\s+night|night(?:ly)?\s+rate)\b/i],
  ['day', /\b(?:daily|per\s+day|a\s+day|day\s+rate|each\s+day)\b/i],
  ['person', /\b(?:per\s+(?:person|head|guest)|a\s+head|each\s+person|a\s+person)\b/i],
  ['month', /\b(?:monthly|per\s+month|a\s+month|each\s+month)\b/i],
  ['week', /\b(?:weekly|per\s+week|a\s+week|each\s+week)\b/i],
  ['km', /\b(?:per\s+(?:km|kilomet\w+|mile))\b/i],
  ['unit', /\b(?:each|apiece|per\s+(?:unit|item|piece|ticket)|unit\s+price|a\s+piece|one\s+of\s+them)\b/i],
];
/** A rate asked without its unit ("what's her rate"). */
const RATE = /\brates?\b/i;
/** The question asks for the whole in so many words. */
const SAYS_WHOLE = /\b(?:altogether|all\s+together|in\s+total|total|in\s+all|all\s+in|overall|in\s+the\s+end|add(?:s|ed)?\s+up|combined|whole\s+thing|everything)\b/i;
/** Money paid to the user (pay, a salary, after tax): a payslip's lines, read by the lead's net and gross labels. */
const PAID_TO_ME = /\b(?:(?:get|got|gets|getting)\s+paid|earn\w*|salary|wages?|income|pay\s?check|payslip|take[- ]home|after\s+tax\w*|before\s+tax\w*|net|gross|refund\w*|reimburs\w*)\b/i;
/** What is left to pay, asked. */
const ASKS_LEFT = /\b(?:still\s+(?:owe|have\s+to\s+pay|need\s+to\s+pay|to\s+pay|due)|left\s+to\s+pay|outstanding|remaining|balance|rest\s+of\s+(?:it|the\s+\w+)|how\s+much\s+more)\b/i;
/** Words that say money and wholes, not what the money is for: no topic to look for on the screen. */
const MONEY_WORDS = /^(?:cost|price|pay|paid|owe|bill|charg|spend|spent|total|altogether|overall|end|came|come|add|amount|money|much|whole|everyth|rate|hourly|still|left|outstand|remain|balanc|due|fee|expens|sum|combin|work|end up)/;
/** What a bill is called: asked "how much" of one, its whole is asked. */
const BILLS = /\b(?:bill|invoice|receipt|quote|estimate|booking|order|reservation|fare|tickets|rental|stay|repair|course|trip)\b/i;
/** A question that names the bill asks for its whole, though it names what the bill is for too ("owe for the window cleaning"). */
const NAMES_BILL = /\b(?:owe[sd]?|bill|invoice|receipt|quote|estimate|booking|order|reservation)\b/i;
/** An aside the question names as the thing priced, not the whole ("the deposit", "the booking fee", "the tax"). */
const ASKS_PART = /\b(?:deposit|fee|tax|vat|tip|service\s+charge|delivery|shipping|postage|surcharge|discount|refund)\b/i;

/** What is owed, asked: the balance when the bill shows a payment made. */
const OWES = /\b(?:owe[sd]?|owing)\b/i;
/** A payment the bill shows made ("Paid", "Payment received", "Amount paid", "Bezahlt", "Payé", "Pagado"). */
const PAID_PART = new RegExp(`${PAID_BEFORE.source}|\\b(?:paid|payments?(?:\\s+received)?|bezahlt|gezahlt|pay[ée]|pagado|pagato|betaald|pago)\\b`, 'iu');

/** "How much is left on my gift card", "how much credit is remaining on the travel card": what is left of what was paid in. */
const LEFT_ON = /\bhow\s+much\b.*\b(?:left|remaining)\s+(?:on|in)\b/i;

/** "How much was the ferry", "how much is the flat": a thing's price asked without a money word. */
const HOW_MUCH_WAS_THING = /\bhow\s+much\s+(?:was|is|were|are|will\s+be)\s+(?:the|my|our|that|this|those|these)\s+\p{L}/iu;

/** What a money question asks for, or null when it asks for no amount of money (or for one part of a bill). */
export function moneyAsk(question: string): MoneyAsk | null {
  // "What cost centre am I booked under": a code named by money's word, no amount.
  if (PAID_TO_ME.test(question) || /\bcost\s+(?:cent(?:er|re)s?|codes?|units?|objects?|elements?|types?|categor\w+)\b/i.test(question)) return null;
  // "What's the hourly rate", "the nightly rate": a rate is asked in money though no money word says so.
  const unit = ASKED_UNIT.find(([, re]) => re.test(question))?.[0] ?? null;
  // "How much was the ferry booking", "what did the rental come to": a bill named, or its whole asked, with no money word.
  const billed = /\bhow\s+much\b/i.test(question) && BILLS.test(question);
  if (LEFT_ON.test(question)) return { of: 'left' };
  if (!asksMoney(question) && !(RATE.test(question) && unit) && !billed && !/\b(?:came|come|comes)\s+to\b|\bset\s+(?:me|us)\s+back\b/i.test(question) && !/\bhow\s+much\b.*\b(?:altogether|in\s+total|in\s+all|in\s+the\s+end)\b/i.test(question) && !HOW_MUCH_WAS_THING.test(question)) return null;
  if (unit) return { of: 'unit', unit };
  if (RATE.test(question)) return { of: 'unit', unit: null };
  if (ASKS_LEFT.test(question)) return { of: 'left' };
  if (ASKS_PART.test(question) && !SAYS_WHOLE.test(question)) return { of: 'part' };
  if (billed || HOW_MUCH_WAS_THING.test(question) || /\b(?:cost\w*|owe[sd]?|pa(?:y|id)|spen[dt]|charged?|bill(?:ed)?|price[ds]?|come\s+to|came\s+to|set\s+(?:me|us)\s+back)\b/i.test(question) || SAYS_WHOLE.test(question)) return { of: 'whole' };
  return null;
}

/** A line of a screen read as a label and its amounts (the label is what is left of it without them). */
interface AmountLine {
  line: string;
  label: string;
  amounts: Amount[];
  /** Read from word boxes (a label paired with the value where it sits), not OCR's line. */
  laidOut: boolean;
}

function amountLines(s: FoundScreen, layout?: (frameId: string) => FrameWords | null): AmountLine[] {
  const bareToo = s.lines.some((l) => CURRENCY.test(l));
  const out: AmountLine[] = [];
  for (const line of s.lines) {
    // A bare figure on a labelled line is its amount, unless the line gives a date or a time ("Due 12.03.2026").
    const labelled = (WHOLE.test(line) || WHOLE_SURE.test(line) || LEFT.test(line)) && !VALUE.date.test(line) && !VALUE.clock.test(line);
    const amounts = amountsIn(line, bareToo && labelled);
    const label = line.replace(AMOUNT, ' ').replace(/\s+/g, ' ').trim();
    // A sentence that says an amount ("the landlord wants a deposit of €1,200 before …") is the sentence reader's (sentence-span).
    if (amounts.length && label.length <= 48) out.push({ line, label, amounts, laidOut: false });
  }
  // A receipt OCR read column by column ("Subtotal / VAT / Total" then the amounts): its labels paired by where they sit.
  for (const id of s.frames) {
    const fw = layout?.(id);
    if (!fw) continue;
    for (const v of labelledValues(fw)) {
      const labelled = (WHOLE.test(v.label) || WHOLE_SURE.test(v.label) || LEFT.test(v.label)) && !VALUE.date.test(v.value) && !VALUE.clock.test(v.value);
      const amounts = amountsIn(v.value, bareToo && labelled);
      if (amounts.length) out.push({ line: `${v.label}: ${v.value}`, label: v.label, amounts, laidOut: true });
    }
  }
  return out;
}

/** How surely a label names the whole (3 the surest), what is left to pay, or a part of it (0). */
function wholeRank(label: string, ask: MoneyAsk, paidBefore = false): number {
  if (PAID_BEFORE.test(label) || perUnit(label)) return 0;
  if (PART_SUM.test(label)) return 0;
  const sure = WHOLE_SURE.test(label);
  const whole = WHOLE.test(label);
  const left = LEFT.test(label);
  if (ask.of === 'left') return left ? 3 : 0;
  // What is left after a deposit is not what the whole costs.
  return sure ? 3 : whole ? 2 : left && !paidBefore ? 1.5 : 0;
}

export interface MoneyLead {
  text: string;
  n: number;
  passage: PassageMatch;
  /** False when the screen shows that what was asked is not on it (a balance after a deposit): the sentence says so. */
  found?: boolean;
}

/**
 * The amount a money question asks for, from the best found screens that name what it is about: the
 * line labelled as the whole (or as what is left, or per the asked unit), stated as the screen says it.
 */
export function moneyLead(question: string, asked: AskedValue, found: readonly FoundScreen[], layout?: (frameId: string) => FrameWords | null, period = question): MoneyLead | null {
  const asking = asked.kind === 'money' || asked.kind === 'any' || asked.kind === 'rate' ? moneyAsk(question) : null;
  if (!asking) return null;
  const ask: MoneyAsk = asking;
  const named = asked.terms.filter((t) => !asked.loose.includes(t) && !MONEY_WORDS.test(t));
  // "The DIY store": "DIY" names it; "store" only says what kind of business it is.
  const nouns = named.some((t) => !businessKind(t)) ? named.filter((t) => !businessKind(t)) : named;
  // Every word of the question but money's own: a part is named by any of them ("the ironing", "the delivery").
  const words = asked.terms.filter((t) => !MONEY_WORDS.test(t) || ASKS_PART.test(t));
  const allNamed = (label: string) => {
    const st = stemsOf(label);
    return words.filter((t) => meets(t, st) || metByKin(t, st, asked.kin)).length;
  };
  // A place the question names in English is written the page's way ("Lisbon": Lisboa, "Seville": Sevilla).
  const placeNames = new Set(question.split(/\s+/).slice(1).filter((w) => /^\p{Lu}\p{Ll}{4,}/u.test(w)).map((w) => stem(w.toLowerCase().replace(/[^\p{L}]/gu, ''))));
  // "Gift" on a German page is poison, whatever it spells: a false friend names nothing asked.
  const names = (text: string) => {
    const stems = stemsOf(falseFriendMask(nouns, text, question)?.(text) ?? text);
    return nouns.filter((t) => meets(t, stems) || metByKin(t, stems, asked.kin) || inCompound(t, stems, asked) || (placeNames.has(t) && cognate(t, stems)) || tradeSaid(t, text)).length;
  };
  // The amount is stated when the block of the screen it is in (a bill's foot, a card) or the
  // window names what was asked (all its nouns but a third); else the lead reads on (its statement
  // check knows which words may go unmet), and no sibling's total is offered as a guess.
  for (const [i, s] of found.entries()) {
    const about = `${s.title}\n${s.about}`;
    // "My March bill" is not on April's.
    if (otherPeriod(period, `${s.lines.join('\n')}\n${about}`)) continue;
    // A screen that names none of it is another bill (the energy bill for "what did I pay for the tent").
    if (nouns.length ? names(`${s.lines.join('\n')}\n${about}`) === 0 : i > 0) continue;
    const pick = readScreen(s);
    if (!pick) continue;
    const block = pick.found === false ? s.lines.join('\n') : s.blocks.find((b) => b.replace(/\s+/g, ' ').includes(pick.text)) ?? s.blocks.find((b) => pick.text.split(/:\s/).every((part) => b.replace(/\s+/g, ' ').includes(part.trim()))) ?? '';
    const sure = nouns.length ? nouns.length - names(`${block}\n${about}`) <= Math.floor(nouns.length / 3) : i === 0;
    if (sure) return pick;
  }
  return null;

  function readScreen(s: FoundScreen): MoneyLead | null {
    const lines = amountLines(s, layout);
    if (!lines.length) return null;
    if (ask.of === 'unit') {
      // On a page of a price change, the price (the new one, unless the old is asked), not the change itself (money-role).
      const per = lines.filter((l) => (ask.unit ? UNITS[ask.unit]!.test(l.line) : perUnit(l.line) && !TIMES.test(l.line)) && !notThePrice(question, l.line, s.lines));
      // Of several, the one whose words name what was asked ("Cleaning: €35/h" beside "Ironing: €20/h").
      const most = Math.max(0, ...per.map((l) => allNamed(l.label)));
      const named = most > 0 ? per.filter((l) => allNamed(l.label) === most) : [];
      const pick = named.length === 1 ? named[0] : new Set(per.map((l) => l.amounts[0]!.value)).size === 1 ? per[0] : undefined;
      return pick ? { text: said(pick.line), n: s.n, passage: s.passage } : null;
    }
    // A part of the bill named by the question's own words ("the croissant", "the delivery") is asked, not the whole.
    const headStems = stemsOf(`${s.lines.filter((l) => !amountsIn(l).length).join('\n')}\n${s.title}\n${s.about}`);
    const item = (l: AmountLine) => wholeRank(l.label, { of: 'whole' }) === 0 && !PART_SUM.test(l.label);
    // "What was the delivery charge": the line that says the part in the question's own word ("Delivery 49.00");
    // one said in another language or other words is the lead's to read with its gloss.
    if (ask.of === 'part') {
      // The part's word and the word before it ("late fee"): a "Reservation fee" is not the late fee.
      const part = [...question.matchAll(new RegExp(ASKS_PART.source, 'gi'))].map((m) => {
        const before = /([\p{L}-]+)\s*$/u.exec(question.slice(0, m.index))?.[1]?.toLowerCase() ?? '';
        return [stem(m[0].toLowerCase().split(/\s+/)[0]!), ...(before && !/^(?:the|a|an|my|our|your|their|his|her|what|which|was|is|were|are|of|for|on)$/.test(before) ? [stem(before)] : [])];
      });
      const at = lines.filter((l) => (item(l) || PAID_BEFORE.test(l.label)) && part.some((words) => words.every((t) => meets(t, stemsOf(l.label)))));
      return at.length === 1 ? { text: said(at[0]!.line), n: s.n, passage: s.passage } : null;
    }
    // Any line with figures counts: a sheet's "Coach hire · 2,400 · 2,650" prints no currency.
    const items = s.lines.filter((l) => /\d/.test(l) && wholeRank(l, { of: 'whole' }) === 0 && !PART_SUM.test(l));
    const partNamed = !SAYS_WHOLE.test(question) && !NAMES_BILL.test(question) && nouns.some((t) => !meets(t, headStems) && !metByKin(t, headStems, asked.kin) && items.some((l) => meets(t, stemsOf(l)) || metByKin(t, stemsOf(l), asked.kin)));
    if (partNamed) return null;
    const paidBefore = lines.some((l) => PAID_BEFORE.test(l.label));
    // "What do I owe the plumber" on an invoice already paid in part ("Paid £50.00", "Balance due £107.40"): what is owed is what is left.
    const owedLeft = ask.of === 'whole' && OWES.test(question) && !SAYS_WHOLE.test(question) && lines.some((l) => PAID_PART.test(l.label) && !WHOLE.test(l.label)) && lines.some((l) => wholeRank(l.label, { of: 'left' }) > 0);
    const asking: MoneyAsk = owedLeft ? { of: 'left' } : ask;
    // A table's total row (a figure a column) says no one whole.
    const ranked = lines.map((l, k) => ({ l, k, r: l.amounts.length >= 3 ? 0 : wholeRank(l.label, asking, paidBefore) })).filter((x) => x.r > 0);
    if (ranked.length) {
      const top = Math.max(...ranked.map((x) => x.r));
      // Of equal labels, the last: a page sums up at its foot (the grand total after the totals of its parts).
      const at = ranked.filter((x) => x.r === top);
      const pick = at.reduce((a, b) => (b.l.laidOut && !a.l.laidOut ? a : b.k > a.k || (a.l.laidOut && !b.l.laidOut) ? b : a));
      return { text: said(pick.l.line), n: s.n, passage: s.passage };
    }
    // Left to pay, with a part paid before and no balance shown: the whole is not what is left.
    if (ask.of === 'left') {
      // Said so, with what the screen does show: the whole and what was paid before.
      if (paidBefore) {
        const shown = lines.filter((l) => PAID_BEFORE.test(l.label) || wholeRank(l.label, { of: 'whole' }) > 0).map((l) => said(l.line));
        return { text: `I don't know what is left to pay: the screen shows no balance, only ${shown.join('; ')}`, n: s.n, passage: s.passage, found: false };
      }
      const whole = lines.filter((l) => wholeRank(l.label, { of: 'whole' }) > 0);
      return whole.length ? { text: said(whole[whole.length - 1]!.line), n: s.n, passage: s.passage } : null;
    }
    // No total shown: the largest price said for the whole thing (not per unit, not a deposit).
    const prices = lines.filter((l) => PRICE.test(l.label) && !perUnit(l.line) && !PAID_BEFORE.test(l.label) && !PART_SUM.test(l.label));
    if (prices.length) {
      const most = prices.reduce((a, b) => (b.amounts[0]!.value > a.amounts[0]!.value ? b : a));
      return { text: said(most.line), n: s.n, passage: s.passage };
    }
    return null;
  }
}

/**
 * A noun met inside a compound of the page's language by itself or its kin or translation of five
 * letters or more, at the compound's start or end ("Fietsenmaker": fietsen, bikes; "Hotelrechnung":
 * hotel; "Skiverleih"): German and Dutch write the thing a bill is for into one word with others.
 */
function inCompound(term: string, stems: ReadonlySet<string>, asked: AskedValue): boolean {
  const forms = [term, ...(asked.kin.get(term) ?? [])].filter((f) => f.length >= 5);
  for (const s of stems) if (forms.some((f) => s.length >= f.length + 3 && (s.startsWith(f) || s.endsWith(f)))) return true;
  return false;
}

/** A place's name as another language writes it: the same first five letters ("lisbon", "lisboa"). */
const cognate = (term: string, stems: ReadonlySet<string>) => term.length >= 5 && [...stems].some((s) => s.length >= 5 && s !== term && s.slice(0, 5) === term.slice(0, 5));

const said = (line: string) => line.replace(/\s+/g, ' ').replace(/[.;:,]+$/, '').trim();
