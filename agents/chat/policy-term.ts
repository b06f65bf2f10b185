/**
 * "How long do I have to return the jacket", "how long is the warranty on the blender", "how many days
 * do I have to cancel": a shop's or a contract's term is a length of time said beside the act it
 * limits ("Unworn items can be returned within 30 days of delivery", "Warranty: 3 years", "2 Jahre
 * Garantie", "entro 14 giorni … il recesso"). The act is what the question asks; a length said of
 * another act on the same page (a refund's processing, a delivery's) is not its term.
 */
import { meets, metByKin, stemsOf, type AskedValue } from './asked-value.js';
import type { FoundScreen } from './found-screens.js';

/** The acts a term limits, each with its words in the languages read (question and screen). */
const ACTS: Record<string, RegExp> = {
  return: /\b(?:return(?:s|ed|ing)?|send(?:ing)?\s+(?:[\p{L}']+\s+){0,2}back|sent\s+back|exchange[sd]?|zur[üu]ck\w*|r[üu]ckgabe|r[üu]cksendung|umtausch\w*|retour\w*|renvoy\w*|renvoi|[ée]chang\w*|devol\w*|cambio|restitu\w*|res[oi]|terugstur\w*|terugsend\w*|troca)\b/iu,
  warranty: /\b(?:warrant(?:y|ies)|guarantee[ds]?|garanti[ea]s?|garantie|gew[äa]hrleistung|garant[íi]a|garanzia)\b/iu,
  cancel: /\b(?:cancel\w*|cooling[- ]off|withdraw\w*|widerruf\w*|storn\w*|annul\w*|r[ée]tractation|desist\w*|recesso|disdett\w*|opzeg\w*|herroep\w*|k[üu]ndig\w*)\b/iu,
  trial: /\b(?:trial|test\s?phase|testzeitraum|essai|prueba|prova|proefperiode)\b/iu,
};
/** The question asks a length of time (or a count of days) for the act. */
const ASKS_LENGTH = /\bhow\s+(?:long|many\s+(?:days|weeks|months|years))\b|\b(?:return|warranty|guarantee|cancell?ation|trial|cooling[- ]off)\s+(?:window|period|policy|term|length)\b/i;
/** A length of time as pages write it, in their languages ("30 days", "30-day", "2 Jahre", "14 giorni"). */
const LENGTH = /(?<![\d.,:/])(\d{1,3}|one|two|three|four|five|six|seven|ten|twelve|fourteen|thirty)[\s-]?(?:calendar\s+|working\s+|business\s+)?(days?|weeks?|months?|years?|yrs?|tage[n]?|wochen|monate[n]?|jahre[n]?|jours|semaines|mois|ans|ann[ée]es|d[íi]as|semanas|meses|a[ñn]os|giorni|settimane|mesi|anni|dagen|weken|maanden|jaar|anos)(?![\p{L}])/giu;
/** Another act's length: what the shop does after (a refund paid, a parcel delivered), never the user's term. */
const OTHER_ACT = /\b(?:refund\w*|reimburs\w*|credited|processed|issued|dispatch\w*|deliver\w*|ship(?:s|ped|ping)?|arriv\w*|erstatt\w*|r[üu]ckerstatt\w*|gutschrift|lieferung|geliefert|versand|rembours\w*|livr\w*|exp[ée]di\w*|reembols\w*|env[íi]o|entrega|rimbors\w*|spedizion\w*|consegn\w*|terugbetal\w*|levering|geleverd|verzend\w*)\b/iu;
/** A policy line's subject when it speaks of any item bought, not one named thing. */
const ANY_ITEM = /\b(?:items?|products?|purchases?|orders?|goods|articles?|merchandise|anything|everything|all|artikel|waren?|produkte?|bestellung\w*|produits?|commandes?|art[íi]culos?|productos?|pedidos?|articoli|prodotti|ordini|artikelen|producten|bestelling\w*)\b/iu;

export interface PolicyTerm {
  text: string;
  n: number;
  passage: FoundScreen['passage'];
  /** False when the best page names the thing but gives only another act's length (its delivery's): said so. */
  found?: boolean;
}

/** The act whose term a question asks, or null. */
export function askedAct(question: string): string | null {
  if (!ASKS_LENGTH.test(question)) return null;
  // "How long is the warranty", "how long do I have to send the shoes back": the act said in the question.
  return Object.entries(ACTS).find(([, re]) => re.test(question))?.[0] ?? null;
}

/**
 * The length a line gives the act: said after the act's word in its clause ("can be returned within
 * 30 days"), or just before it ("30-day returns", "2 Jahre Garantie", "14 days to return"), with no
 * other act's word (a refund, a delivery) before it in the clause. Null when the line says none.
 */
export function termIn(act: string, line: string): string | null {
  const re = ACTS[act]!;
  for (const clause of line.split(/(?<=[.!?;])\s+|\s+[·|]\s+/)) {
    for (const m of clause.matchAll(LENGTH)) {
      const before = clause.slice(0, m.index);
      const after = clause.slice(m.index + m[0].length);
      const actBefore = re.exec(before);
      if (OTHER_ACT.test(before) && !(actBefore && !OTHER_ACT.test(before.slice(actBefore.index)))) continue;
      if (actBefore) return m[0];
      // Just after it: "30-day returns", "14 days to return", "innerhalb von 14 Tagen nach Erhalt zurücksenden".
      const gap = after.slice(0, Math.max(0, after.search(re)));
      if (re.test(after) && gap.length <= 40 && !OTHER_ACT.test(gap)) return m[0];
    }
  }
  return null;
}

/** Words of the question that say the act or the asking, not the thing the term is for. */
const ACT_WORDS = /^(?:return|send|back|exchang|warrant|guarant|cancel|trial|free|cooling|off|withdraw|long|many|day|week|month|year|window|period|polic|term|have|get|got|need|can|still|bought|buy|order)/;

/**
 * The term a found screen gives the act the question asks about, said as its line: on the best
 * found screens that name the thing asked (the blender), or whose line speaks of any item (a shop's
 * returns page for "the jacket"). Null when no act is asked or no found line gives one its length.
 */
export function policyTermLead(question: string, asked: AskedValue, found: readonly FoundScreen[]): PolicyTerm | null {
  const act = askedAct(question);
  if (!act || !['duration', 'count', 'any', 'when'].includes(asked.kind)) return null;
  const things = asked.terms.filter((t) => !asked.loose.includes(t) && !ACT_WORDS.test(t));
  for (const s of found) {
    const named = stemsOf(`${s.lines.join('\n')}\n${s.title}\n${s.about}`);
    const thingNamed = things.every((t) => meets(t, named) || metByKin(t, named, asked.kin));
    for (const line of s.lines) {
      const term = termIn(act, line);
      if (!term) continue;
      if (!thingNamed && !ANY_ITEM.test(line)) continue;
      return { text: `${term} — ${tidy(line)}`, n: s.n, passage: s.passage };
    }
  }
  // The best page is about the thing but says only how long another act takes ("Delivered within 3 days"): that is no term to return it in.
  const best = found[0];
  if (!best) return null;
  const named = stemsOf(`${best.lines.join('\n')}\n${best.title}\n${best.about}`);
  if (!things.length || !things.every((t) => meets(t, named) || metByKin(t, named, asked.kin))) return null;
  const other = best.lines.find((l) => OTHER_ACT.test(l) && new RegExp(LENGTH.source, 'iu').test(l) && !ACTS[act]!.test(l));
  return other ? { text: `I don't know: the page gives no time for that, only "${tidy(other)}"`, n: best.n, passage: best.passage, found: false } : null;
}

const tidy = (line: string) => line.replace(/\s+/g, ' ').trim().replace(/[.;:,]+$/, '');
