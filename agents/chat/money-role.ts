/**
 * "How much do they want up front", "what's the security deposit on the flat", "how much has the
 * insurance gone up": a page of many amounts (a quote, a listing, a renewal) is asked for one by what
 * it is for. Up front is the part paid to book or hold it (Deposit, Booking fee, Due today, Anzahlung,
 * Acompte, Señal), never the balance or the total; a tenancy's deposit is the sum held against damage
 * (Deposit, Bond, Kaution, Dépôt de garantie, Fianza), never the rent; an increase is the difference the
 * page states ("goes up by £3.50"), else the one between the amounts it labels old and new (last year's
 * and this year's premium), said with both. Two amounts the page does not set side by side as old and
 * new are never subtracted. A page with no amount in the asked role gives nothing here.
 */
import { meets, metByKin, stemsOf, type AskedValue } from './asked-value.js';
import type { FoundScreen } from './found-screens.js';
import { amountsIn, type Amount, type MoneyLead } from './money-total.js';
import { perPeriod } from './per-period.js';
import { glossed } from './label-gloss.js';
import { businessKind, tradeSaid } from './trade-nouns.js';

export type MoneyRole = 'upfront' | 'held' | 'deposit' | 'change';

/** Asked to be paid before: to book, hold or secure it, now or in advance. */
const ASKS_UPFRONT = /\b(?:up\s?front|in\s+advance|to\s+(?:hold|secure|confirm|lock\s+in)\b|pay\s+(?:now|today|first|on\s+booking)|(?:due|payable)\s+(?:now|today)|right\s+(?:now|away)|straight\s+away|booking\s+fee|reservation\s+fee|holding\s+(?:fee|deposit)|down\s?payment)/i;
/** Asked the sum a landlord or a hire firm holds against damage. */
const ASKS_HELD = /\b(?:security|tenancy|damage|rental|refundable)\s+deposit|\bbond\b|\bdeposit\b.*\b(?:get\s+back|returned|refunded)\b/i;
/** A deposit named (not "did I deposit", a verb). */
const ASKS_DEPOSIT = /\b(?:deposit|anzahlung|kaution|acompte|arrhes|caution|se[ñn]al|fianza|caparra|aanbetaling|borg)\b/i;
const DEPOSIT_VERB = /\b(?:i|we|you|they|he|she)\s+(?:\w+\s+)?deposit/i;
/** Asked how much a price went up or down, or the difference between its old and new figure. */
const ASKS_UP = /\b(?:go(?:ne|ing|es)?|went|risen|rise[ns]?|rising|rose|put|jump(?:ed|s)?|shot)\s+up\b|\bincrease[ds]?\b|\bprice\s+(?:rise|hike)\b|\bhow\s+much\s+(?:more|extra|higher|dearer)\b(?=.*\b(?:than|this\s+year|last\s+year|now|new|before|renewal|used\s+to|from|going\s+forward)\b)/i;
const ASKS_DOWN = /\b(?:go(?:ne|ing|es)?|went|come|came|coming|dropped|fallen|fell)\s+down\b|\b(?:decrease[ds]?|reduction|reduced)\b|\bhow\s+much\s+(?:less|cheaper|lower)\b(?=.*\b(?:than|this\s+year|last\s+year|now|new|before|renewal|used\s+to|from|going\s+forward)\b)/i;
const ASKS_DIFFERENCE = /\b(?:difference|change)\b.*\b(?:price|premium|cost|bill|fee|rent|rate|tariff)\b|\b(?:price|premium|cost|bill|fee|rent|rate|tariff)\s+(?:difference|change)\b/i;

/** The role of an amount a question asks, or null. */
export function moneyRole(question: string): MoneyRole | null {
  if (ASKS_UP.test(question) || ASKS_DOWN.test(question) || ASKS_DIFFERENCE.test(question)) return 'change';
  if (ASKS_HELD.test(question)) return 'held';
  if (ASKS_UPFRONT.test(question)) return 'upfront';
  if (ASKS_DEPOSIT.test(question) && !DEPOSIT_VERB.test(question)) return 'deposit';
  return null;
}

/** Paid now, to book or hold: surest of what is up front. */
const NOW = /\b(?:booking\s+(?:fee|deposit)|reservation\s+fee|holding\s+(?:fee|deposit)|down\s?payment|pay(?:able)?\s+(?:now|today)|pay\s+\S+\s+(?:now|today)|due\s+(?:now|today|on\s+booking|at\s+booking)|on\s+booking|at\s+booking|to\s+(?:secure|reserve|confirm|hold)|up\s?front|in\s+advance|reservierungsgeb[üu]hr|bei\s+(?:auftrag|buchung|bestellung)|vorauszahlung|frais\s+de\s+r[ée]servation|[àa]\s+la\s+(?:r[ée]servation|commande)|para\s+(?:confirmar|reservar)|al\s+reservar|alla\s+prenotazione|bij\s+boeking|vooruitbetaling|heute\s+f[äa]llig|aujourd'hui)/iu;
/** A part paid before, in the languages read ("Deposit", "Anzahlung", "Acompte", "Señal", "Acconto"). */
const PART_BEFORE = /\b(?:deposit|anzahlung|acompte|arrhes|se[ñn]al|seña|anticipo|acconto|caparra|aanbetaling|sinal)\b/iu;
/** A sum held against damage, in the languages read. */
const HELD = /\b(?:security\s+deposit|tenancy\s+deposit|damage\s+deposit|bond|kaution|mietkaution|caution|d[ée]p[oô]t\s+de\s+garantie|fianza|dep[óo]sito|cauzione|deposito\s+cauzionale|waarborg\w*|borgsom|borg|cau[çc][ãa]o)\b/iu;
/** What is left after what is paid up front, or the whole: never up front. */
const LATER = /\b(?:balance|remaining|remainder|rest|outstanding|on\s+(?:the\s+)?\w*\s*day|on\s+arrival|on\s+completion|on\s+collection|restbetrag|rest\w*|reste|solde|resto|saldo|pendiente|restant\w*|total|gesamt\w*|sub-?total|summe|totale?|precio|price|preis|prix|prezzo)\b/iu;
/** Rent, said by its period: never the deposit. */
const RENT = /\b(?:rent|pcm|pw|p\/m|per\s+(?:month|week|calendar\s+month)|a\s+(?:month|week)|miete|loyer|alquiler|affitto|huur)\b|\/\s?(?:month|mo|mois|monat|mes|mese|maand)\b/iu;

/** How surely a line is the asked role's (0: not it). */
function roleRank(role: Exclude<MoneyRole, 'change'>, line: string): number {
  const now = NOW.test(line);
  const before = PART_BEFORE.test(line);
  const held = HELD.test(line);
  if (role === 'held') {
    if (RENT.test(line) && !held && !before) return 0;
    if (/\bholding\s+deposit\b|\bbooking\s+deposit\b/i.test(line)) return 0.5;
    return held ? 3 : before && !now ? 2 : 0;
  }
  if (LATER.test(line) && !now) return 0;
  if (role === 'upfront') return now ? 3 : before ? 2 : held ? 1 : 0;
  return before || held ? 3 : now ? 1 : 0;
}

/** A stated change: the words that say an amount went up or down ("goes up by £3.50", "+€5.00/month", "Erhöhung"). */
const SAYS_UP = /\b(?:up|increase[ds]?|increasing|rise[ns]?|rising|risen|rose|more|higher|dearer|erh[öo]h\w*|steig\w*|mehr|teurer|augment\w*|hausse|de\s+plus|aument\w*|subida|sube|incremento|verhoging|stijging|duurder)\b|\+\s?[€$£]?\s?\d/iu;
const SAYS_DOWN = /\b(?:down|decrease[ds]?|reduc\w*|drop(?:ped|s)?|fall(?:s|en)?|fell|less|lower|cheaper|saving|senk\w*|weniger|g[üu]nstiger|baisse|de\s+moins|diminu\w*|bajada|baja|rebaja|reducci[oó]n|verlaging|daling|goedkoper)\b|−\s?[€$£]?\s?\d/iu;
const SAYS_DIFFERENCE = /\b(?:difference|change|differenz|[ée]cart|diferencia|differenza|verschil)\b/iu;
/** "Up to 900 Mbps", "more info": no change said. */
const NOT_CHANGE = /\b(?:up\s+to|(?:sign|top|pick|set|make|look)(?:ed|s|ing)?\s+up)\b|\bmore\s+(?:info|details|about)\b|\bor\s+more\b|\bor\s+less\b/gi;
/** An amount labelled as the old one: last year's, the previous, the current before a change. */
const OLD = /\b(?:last\s+year'?s?|previous(?:ly)?|old|was|current(?:ly)?|before|prior|existing|bisher\w*|alt(?:e[rsn]?)?|vorher|vorjahr\w*|ancien\w*|pr[ée]c[ée]dent\w*|actuel\w*|anterior|actual(?:es)?|precedente|attuale|vorig\w*|huidig\w*|oud\w*|expiring)\b/iu;
/** An amount labelled as the new one: this year's, the renewal's, from a date on. */
const NEW = /\b(?:this\s+year'?s?|new|now|renewal|renewing|going\s+forward|from\s+\d|from\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*|neu\w*|k[üu]nftig\w*|ab\s+\d|nouve(?:au|l|lle)|d[èe]s\s+le|nuev[oa]s?|a\s+partir|nuov[oa]|nieuw\w*|vanaf)\b/iu;

const tidy = (line: string) => line.replace(/\s+/g, ' ').replace(/[.;:,]+$/, '').trim();

/** The amount of a line nearest after (else before) where its role's word stands. */
function amountAt(line: string, at: number): Amount | null {
  const amounts = amountsIn(line);
  if (amounts.length <= 1) return amounts[0] ?? null;
  let best: Amount | null = null;
  let gap = Infinity;
  for (const a of amounts) {
    const i = line.indexOf(a.said);
    const d = i >= at ? i - at : (at - i) * 2;
    if (d < gap) [best, gap] = [a, d];
  }
  return best;
}

/** An amount as the page prints its figures: its currency sign, its decimals, its decimal comma. */
function printedLike(value: number, like: Amount): string {
  const decimals = /[.,](\d{1,2})(?!\d)\s*(?:€|EUR|USD|GBP|CHF|euros?|dollars?|pounds?)?$/iu.exec(like.said)?.[1]?.length ?? 0;
  const comma = /,\d{1,2}(?!\d)\s*(?:€|EUR|USD|GBP|CHF|euros?|dollars?|pounds?)?$/iu.test(like.said);
  let figure = value.toFixed(decimals);
  if (comma) figure = figure.replace('.', ',');
  const sign = /^[€$£¥]|^(?:EUR|USD|GBP|CHF)\s?/.exec(like.said)?.[0];
  if (sign) return `${sign}${figure}`;
  const after = /\s?(?:€|EUR|USD|GBP|CHF|euros?|dollars?|pounds?)$/iu.exec(like.said)?.[0];
  return `${figure}${after ?? ''}`;
}

/** What a page says of a change of price: the difference it states, else the one between its old and new amount. */
function changeOn(lines: readonly string[]): string | null {
  for (const line of lines) {
    if (line.length > 160) continue;
    const plain = line.replace(NOT_CHANGE, ' ');
    const amounts = amountsIn(plain);
    if (!amounts.length) continue;
    const up = SAYS_UP.test(plain);
    const down = SAYS_DOWN.test(plain);
    // "Was £40, now £32": two amounts on a line labelled old and new are a pair, not a stated change.
    if (amounts.length >= 2 && OLD.test(plain) && NEW.test(plain)) continue;
    const difference = SAYS_DIFFERENCE.test(plain);
    // "New price £33.49/month" is a price, not a change; "from 1 April your price goes up by £3.50" is one.
    const labelled = OLD.test(plain) || NEW.test(plain);
    if ((up || down || difference) && (!labelled || difference || /\bby\b|[+−]/.test(plain))) {
      const word = (up ? SAYS_UP : down ? SAYS_DOWN : SAYS_DIFFERENCE).exec(plain)!;
      const a = amountAt(plain, word.index);
      if (a) return `${a.said} ${down && !up ? 'less' : up && !down ? 'more' : 'difference'} — ${tidy(line)}`;
    }
  }
  // Old and new amounts of one thing, each on its line or both on one ("Was £40 Now £32").
  const olds: { line: string; a: Amount }[] = [];
  const news: { line: string; a: Amount }[] = [];
  for (const line of lines) {
    if (line.length > 120) continue;
    const amounts = amountsIn(line);
    if (!amounts.length) continue;
    const old = OLD.test(line);
    const neu = NEW.test(line);
    if (old && neu && amounts.length === 2) {
      const oldFirst = OLD.exec(line)!.index < NEW.exec(line)!.index;
      olds.push({ line, a: amounts[oldFirst ? 0 : 1]! });
      news.push({ line, a: amounts[oldFirst ? 1 : 0]! });
    } else if (amounts.length === 1 && old !== neu) (old ? olds : news).push({ line, a: amounts[0]! });
  }
  // One of each, and for the same period ("£29.99/month" and "£33.49/month", not a month's and a year's).
  if (olds.length !== 1 || news.length !== 1) return null;
  const [o, n] = [olds[0]!, news[0]!];
  if (perPeriod(o.line.replace(o.a.said, ' ')) !== perPeriod(n.line.replace(n.a.said, ' '))) return null;
  const diff = n.a.value - o.a.value;
  if (diff === 0) return `no change: ${o.a.said} before and ${n.a.said} now — ${tidy(o.line)}; ${tidy(n.line)}`;
  const both = o.line === n.line ? tidy(o.line) : `${tidy(o.line)}; ${tidy(n.line)}`;
  return `${printedLike(Math.abs(diff), n.a)} ${diff > 0 ? 'more' : 'less'} (${o.a.said} → ${n.a.said}) — ${both}`;
}

/** The line of the asked role and its amount: the surest, the first of equals. */
function roleOn(role: Exclude<MoneyRole, 'change'>, lines: readonly string[]): string | null {
  let best: { line: string; a: Amount; r: number } | null = null;
  for (const line of lines) {
    if (line.length > 160) continue;
    const r = roleRank(role, line);
    if (!r || (best && best.r >= r)) continue;
    const word = (role === 'held' ? HELD : NOW).exec(line) ?? PART_BEFORE.exec(line) ?? HELD.exec(line) ?? NOW.exec(line);
    const a = amountAt(line, word?.index ?? 0);
    if (a) best = { line, a, r };
  }
  if (!best) return null;
  const line = tidy(best.line);
  // A short label and its amount says it as it is; a sentence is led by the amount it gives.
  return line.length <= 60 && amountsIn(line).length === 1 ? line : `${best.a.said} — ${line}`;
}

/** Words of a question that say the role or money, not the thing it is for. */
const ROLE_WORDS = /^(?:front|upfront|advanc|hold|secur|confirm|lock|book|deposit|bond|fee|much|cost|pay|paid|price|premium|go|gone|went|up|down|increas|rise|risen|more|less|cheaper|differ|chang|now|today|need|want|ask|tenanc|damag|rental|refund|back|year|last|month|week|money|amount|charg|extra|higher|lower)/;

/**
 * The amount in the asked role on the best found screens that name what the question is about (any
 * of its nouns), said as its line; null when no role is asked or no such screen has one.
 */
export function moneyRoleLead(question: string, asked: AskedValue, found: readonly FoundScreen[]): MoneyLead | null {
  const role = moneyRole(question);
  if (!role || !['money', 'any', 'rate', 'count'].includes(asked.kind)) return null;
  const named = asked.terms.filter((t) => !asked.loose.includes(t) && !ROLE_WORDS.test(t));
  const nouns = named.some((t) => !businessKind(t)) ? named.filter((t) => !businessKind(t)) : named;
  for (const [i, s] of found.entries()) {
    const text = `${s.lines.join('\n')}\n${s.title}\n${s.about}`;
    const stems = stemsOf(text);
    // A screen that names none of it is another page (the holiday's deposit for "the movers' deposit").
    if (nouns.length ? !nouns.some((t) => meets(t, stems) || metByKin(t, stems, asked.kin) || tradeSaid(t, text)) : i > 0) continue;
    // A line of cells ("Kaltmiete: 815,00 EUR · Kaution: 2.445,00 EUR") is read a cell at a time.
    const cells = s.lines.flatMap((l) => l.split(/\s+[·|•]\s+/));
    const said = role === 'change' ? changeOn(cells) : roleOn(role, cells);
    // A label in the page's language is said with the question's word for it ("Kaution (deposit): 2.445,00 EUR").
    if (said) return { text: glossed(said, question, asked, s.lines.join('\n')), n: s.n, passage: s.passage };
  }
  return null;
}

/** The question asks what a price was before a change ("used to cost", "last year", "the old price"). */
const ASKS_OLD = /\b(?:used\s+to|last\s+year|previous(?:ly)?|old|before|originally|was\s+it\s+before)\b/i;

/**
 * For a price asked per period on a page of a price change ("Old price £29.99/month", "New price
 * £33.49/month", "goes up by £3.50"): whether a line is not the price asked, being the change itself, or
 * the old price when the page gives the new one (or the new when the question asks the old).
 */
export function notThePrice(question: string, line: string, lines: readonly string[]): boolean {
  const plain = line.replace(NOT_CHANGE, ' ');
  if ((SAYS_UP.test(plain) || SAYS_DOWN.test(plain) || SAYS_DIFFERENCE.test(plain)) && /\bby\b|[+−]/.test(plain)) return true;
  const olds = lines.filter((l) => OLD.test(l) && !NEW.test(l) && amountsIn(l).length);
  const news = lines.filter((l) => NEW.test(l) && !OLD.test(l) && amountsIn(l).length);
  if (!olds.length || !news.length) return false;
  return ASKS_OLD.test(question) ? news.includes(line) : olds.includes(line);
}
