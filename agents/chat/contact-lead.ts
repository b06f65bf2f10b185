/**
 * A number to ring or an address asked by what it is for, on a screen that says it in its own words:
 * "what number do I call to move the appointment" over a letter that says "arrange a new date on
 * 0221 …" (in German), "how can I call the agency" over an e-mail signed with the agency's name and
 * its number, "what's the address of our hotel" over a booking's "Dirección: …". The screen must be
 * about what was asked (every noun of the question said on it, in any language the everyday-words
 * table knows); of its numbers, the one whose own words name what was asked, and only one: two
 * numbers said alike (a booking line and an emergency line the question does not name) are no answer.
 */
import type { PassageMatch } from '../../shared/index.js';
import { clip } from '../../shared/memory/index.js';
import { foreignForms, meets, metByKin, stem, stemsOf, type AskedValue } from './asked-value.js';
import { phonesIn, placeIn, saysPhone } from './asked-kinds.js';
import type { AdviceScreen } from './advice-answer.js';
import type { NumberedMemory } from './retrieval-types.js';
import type { ScreenOf } from './unmatched-screen.js';
import { isChatEpisode } from './question-context.js';

export interface ContactFound {
  text: string;
  /** The number or the address itself, as the screen writes it. */
  value: string;
  n: number;
  passage: PassageMatch | null;
  /** The other numbers of its screen, as digits, that it was read against and beat (none for an address). */
  beaten: string[];
}

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** Words a question uses for "someone" ("my guy at the garage"): a card names the person, never the word. */
const PERSON_WORDS = new Set('guy guys man woman person people someone somebody contact chap bloke lady gent fellow folks'.split(' ').map(stem));
/** A person's name ("Lukas Brenner") or a role a business gives a customer's own contact ("service adviser"). */
const PERSON_NAMED = /\b\p{Lu}\p{Ll}+\s+\p{Lu}\p{Ll}+\b|\b(?:advis[eo]r|adviser|contact person|account manager|case (?:worker|handler)|handler|agent|consultant|representative|rep)\b/u;
/** Words for "the business" a screen names by its name ("the phone company": "Tellio"). */
const ORG_WORDS = new Set('company companies firm provider operator supplier business organisation organization'.split(' ').map(stem));
/** Labels that say the figure after them is a reference, not a number to ring ("Account 40-7718-22", "Parcel 0146 2291 8830"). */
const REFERENCE_LABEL = /\b(?:account|acct|order|booking|invoice|ref(?:erence)?|iban|policy|claim|case|ticket|parcel|tracking|customer|member|mandate|contract|serial|no\.?|nr\.?|number|#)\s*[:.#]?\s*$/i;
const RING_WORDS = new Set(['call', 'ring', 'phone', 'dial', 'text', 'number']);

/**
 * What names a figure a record's number, however much it looks like a phone: "Order number 0161 8890
 * 4421", "Account no. 4471 2290 18", "Bestellnummer", "N° de commande", "Número de pedido".
 */
const RECORD_NUMBER = /(?:\b(?:account|acct|order|booking|reservation|invoice|ref(?:erence)?|iban|policy|claim|case|ticket|parcel|tracking|customer|member(?:ship)?|mandate|contract|serial|confirmation|transaction|meter|card|payment)\s*(?:number|no\.?|nr\.?|#|id)?|\p{L}*(?:bestell|kunden|auftrags|rechnungs|vertrags|buchungs|sendungs|referenz|zähler)(?:nummer|nr\.?)|\b(?:n[°º]|numéro|num[eé]ro|número|numero|nummer)\s+(?:de\s+|di\s+)?(?:commande|facture|client|dossier|contrat|réservation|pedido|factura|cliente|reserva|póliza|ordine|fattura|contratto|prenotazione|bestelling|factuur|klant))\s*[:.#]?\s*$/iu;

/** The phone numbers of a text that are numbers to ring: not a record's number written like one ("Order number 0161 8890 4421"). */
export function ringablePhones(text: string): string[] {
  return phonesIn(text).filter((value) => {
    const before = text.slice(0, text.indexOf(value));
    return !RECORD_NUMBER.test(before) || saysPhone(before.slice(-30));
  });
}


/**
 * A word of another language spelt like the asked one but for its ending ("agence" for "agency",
 * "Hotel" for "hotel", "reservación"): five letters or more in common at the start, one or two
 * letters more or fewer.
 */
function cognate(term: string, stems: ReadonlySet<string>): boolean {
  if (term.length < 5) return false;
  for (const s of stems) if (s.length >= 5 && Math.abs(s.length - term.length) <= 2 && s.slice(0, 5) === term.slice(0, 5)) return true;
  return false;
}

const said = (term: string, stems: Set<string>, asked: AskedValue) => meets(term, stems) || metByKin(term, stems, asked.kin) || cognate(term, stems);

/** How many of the terms a text says, each once (a related word, a translation or a cognate counts). */
function saidCount(terms: readonly string[], text: string, asked: AskedValue): number {
  const stems = stemsOf(text);
  return terms.filter((t) => said(t, stems, asked)).length;
}

/** The question's nouns a screen about the asked thing must say: not its verbs, nor "someone" or "the company". */
function topicNouns(asked: AskedValue): string[] {
  return asked.terms.filter((t) => !asked.loose.includes(t) && !PERSON_WORDS.has(t) && !ORG_WORDS.has(t) && !RING_WORDS.has(t));
}

interface Candidate {
  value: string;
  /** The sentence or line that holds it. */
  line: string;
  /** Its own words: what stands before it on its line, with the line above when it is little more than a label. */
  own: string;
  screen: AdviceScreen;
}

/** Words that only say a number is a phone ("Tel.", "Call us on", "T:"), not what it is for. */
const PHONE_ONLY = /^(?:t|tel|tél|telephone|téléphone|telefon|telefone|teléfono|phone|mobile|mob|mobil|handy|portable|móvil|cellulare|cell|fon|festnetz|call|ring|dial|direct|line|durchwahl|extension|ext|poste|anexo|interno|us|on|at|or|und|ou|o|y|and|no|nr|number|nummer|num|n°)$/i;

/** Whether the words before a number on its line name what it is for ("Notfall:", "Bookings"), not only that it is a phone. */
const ownPurpose = (own: string) => own.split(/[^\p{L}°]+/u).some((w) => w.length >= 3 && !PHONE_ONLY.test(w));

const sentenceOf = (line: string, value: string) => line.split(/(?<=[.!?])\s+(?=\p{Lu})/u).find((s) => s.includes(value)) ?? line;

/** The phone numbers of a screen with their own words; figures after a reference's label are not numbers to ring. */
function phonesOf(screen: AdviceScreen): Candidate[] {
  const out: Candidate[] = [];
  screen.lines.forEach((line, i) => {
    for (const value of phonesIn(line)) {
      const at = line.indexOf(value);
      const before = line.slice(0, at);
      if ((REFERENCE_LABEL.test(before) && !saysPhone(before.slice(-30))) || /\bfax\s*:?\s*$/i.test(before)) continue;
      const sentence = sentenceOf(line, value);
      const ownLine = sentence.slice(0, Math.max(0, sentence.indexOf(value)));
      // "Roadside assistance" over "0800 331 4477", a signature's name over its number: the lines above say whose it is.
      // A label of its own ("Notfall:", "Complaints:") says whose it is: the line above is another number's ("Termine: 030 …").
      const above = ownLine.trim().split(/\s+/).filter(Boolean).length < 3 && !ownPurpose(ownLine) ? screen.lines.slice(Math.max(0, i - 2), i).join(' ') : '';
      // A number with no more than a label on its line is said with the line above it: whose it is ("Agence Gironde Immobilier").
      const line1 = above && i > 0 ? `${screen.lines[i - 1]!.trim().replace(/[,:;]$/, '')}: ${sentence}` : sentence;
      out.push({ value, line: line1, own: `${above} ${ownLine}`, screen });
    }
  });
  return out;
}

/** Address labels in the languages screens use ("Morada", "Anschrift", "Dirección"). */
const ADDRESS_WORDS = [...new Set(['address', 'addr', ...foreignForms('address')])];
/** What ends an address on its line: the next label (a phone, an e-mail, a web address) or a sentence's end. */
const ADDRESS_END = /\s+(?:[·|•]\s|(?:tel|t[ée]l|phone|telefone?|tel[ée]fono|t[ée]l[ée]phone|fax|e-?mail|web|www)\b)|[.;]\s|[?!]/i;

/** The addresses a screen labels as such, each with the words before its label. */
function addressesOf(screen: AdviceScreen): Candidate[] {
  const label = new RegExp(`(?:^|[\\s·|])(?:${ADDRESS_WORDS.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})\\w{0,3}\\s*:?\\s+`, 'giu');
  const out: Candidate[] = [];
  screen.lines.forEach((line, i) => {
    for (const m of line.matchAll(label)) {
      const rest = line.slice(m.index + m[0].length);
      const end = ADDRESS_END.exec(rest);
      const value = (end ? rest.slice(0, end.index) : rest).trim().replace(/[,;:]$/, '');
      // A street with its number or a postcode with its town: "Rua da Fonte Taurina 48, 4050-256 Porto".
      if (value.length < 6 || value.length > 120 || !/\d/.test(value) || !/\p{L}{3,}/u.test(value) || !placeIn(value)) continue;
      const labelled = `${m[0].trim()} ${value}`;
      out.push({ value, line: labelled, own: `${screen.lines.slice(Math.max(0, i - 2), i).join(' ')} ${line.slice(0, m.index)}`, screen });
    }
  });
  return out;
}

/** Whether a screen says every noun of the question (its lines and its window title). */
function aboutIt(nouns: readonly string[], screen: AdviceScreen, asked: AskedValue): boolean {
  const text = `${screen.lines.join('\n')}\n${screen.passage?.window_title ?? ''}`;
  return saidCount(nouns, text, asked) === nouns.length;
}

/**
 * The number or address the question asks for by what it is for, or null: on the best ranked
 * screen about the asked thing, its only candidate, or the one whose own words say more of the
 * question than any other's.
 */
export function contactLead(question: string, asked: AskedValue, screens: readonly AdviceScreen[]): ContactFound | null {
  const address = asked.kind === 'place' && /\baddress\b/i.test(question);
  // "How do I get hold of", "how can I call": a number to ring answers either (an e-mail only the first, read elsewhere).
  const phone = asked.kind === 'phone' || asked.kind === 'contact';
  if (!address && !phone) return null;
  const nouns = topicNouns(asked);
  // "My guy at the garage", "my contact at the agency": the number beside a person's name or role, before a service line.
  const someone = asked.terms.some((t) => PERSON_WORDS.has(t)) || /\bmy\s+contact\b/i.test(question);
  if (!nouns.length) return null;
  const about = [...screens].filter((s) => aboutIt(nouns, s, asked)).sort((a, b) => b.rank - a.rank);
  for (const screen of about) {
    const found = address ? addressesOf(screen) : phonesOf(screen);
    const distinct = [...new Map(found.map((c) => [c.value.replace(/\D/g, '') || c.value, c])).values()];
    if (!distinct.length) continue;
    const scored = distinct.map((c) => ({ c, score: saidCount(asked.terms, c.own, asked) + (phone && saysPhone(c.own) ? 0.5 : 0) + (someone && PERSON_NAMED.test(c.own) ? 0.5 : 0) }));
    scored.sort((a, b) => b.score - a.score);
    const [best, second] = scored;
    if (second && second.score >= best!.score) return null;
    const { c } = best!;
    const text = address ? c.line : c.line.length > 100 ? `${c.value} — ${clip(c.line, 160)}` : c.line;
    return { text: text.trim(), value: c.value, n: screen.n, passage: screen.passage, beaten: phone && !address ? scored.slice(1).map((x) => digitsOf(x.c.value)) : [] };
  }
  return null;
}

/**
 * Whether the number found by what it is for beat every number of another line the lead would state:
 * on its screen, read against them by their own words ("Notfall: 030 …" for "the number in an
 * emergency with the heating", over "Termine: 030 …" on the same letter; "Complaints:" over "Sales:").
 */
export function beatsLine(found: ContactFound, other: string): boolean {
  const phones = ringablePhones(other).map(digitsOf);
  return phones.length > 0 && phones.every((p) => found.beaten.includes(p));
}

/** A clause that says what a number is wanted for: "if I lose my card", "when the boiler breaks", "in an emergency". */
const PURPOSE_CLAUSE = /\b(?:if|when|in case|in an?|about)\s+\p{L}/iu;

/** Labels of a business's own line, whatever is asked of it: "Reception", "Switchboard", "Main office", "Zentrale", "Accueil". */
const OWN_LINE = /\b(?:reception|switchboard|main|office|head office|front desk|general|enquiries|inquiries|info|information|contact|customer (?:service|care|services)|hotline|helpline|landline|mobile|whatsapp|direct|zentrale|empfang|kontakt|accueil|standard|recepci[oó]n|centralita|centralino|ricevimento|receptie|centrale|balcão|atendimento)\b/i;

/**
 * Whether the number a line gives is labelled for another purpose than the one asked: "Sales: 0330 …"
 * for "what number do I call to complain about my broadband", "Questions about delivery? Call …" for
 * "the number to cancel my order". Its label names what it is for and says none of the question's
 * words; a number only said to be a phone ("Call us on"), a business's own line ("Reception") or a
 * person's ("Tom Ellis") is not labelled so.
 */
export function otherPurposePhone(question: string, asked: AskedValue, text: string): boolean {
  const value = ringablePhones(text)[0];
  if (!value) return false;
  const before = text.slice(0, text.indexOf(value)).replace(/[\s:–—-]+$/u, '');
  let label = before.split(/[\n·|•;]|:\s/).pop()!.trim();
  // "… Tyres Call us on": a sentence that only says to ring opens the label; after a question ("Lost card? Ring"), the question is it.
  const words = label.split(/\s+/);
  const opens = words.findIndex((w, k) => /^\p{Lu}/u.test(w) && words.slice(k).every((x) => PHONE_ONLY.test(x.replace(/[.,]$/, ''))));
  if (opens >= 0) {
    const head = words.slice(0, opens).join(' ');
    if (!/\?\s*$/.test(head)) return false;
    label = head.replace(/\?\s*$/, '').split(/[.!?]\s+/).pop()!.trim();
  }
  if (!ownPurpose(label) || OWN_LINE.test(label) || /^\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*){1,3}$/u.test(label)) return false;
  const terms = asked.terms.filter((t) => !PERSON_WORDS.has(t) && !ORG_WORDS.has(t) && !RING_WORDS.has(t));
  // Only a question that names a purpose ("to complain", "if I lose my card", "in an emergency"): "the insurer's number" takes any line of theirs.
  const purpose = asked.loose.some((t) => !RING_WORDS.has(t)) || PURPOSE_CLAUSE.test(question);
  return purpose && terms.length > 0 && saidCount(terms, label, asked) === 0;
}

/** Screens read whole although none of their passages matched, at most: a contact box is often in words the question did not use. */
const UNREAD_SCREENS = 4;

/**
 * The found screens, then the whole screens of the best ranked memories none of whose passages
 * matched (a service portal that names the adviser's line but not the question's word), below them.
 */
export function contactScreens(found: readonly AdviceScreen[], numbered: readonly NumberedMemory[], screens?: ScreenOf): AdviceScreen[] {
  if (!screens) return [...found];
  const titles = new Set(found.map((s) => s.passage?.window_title ?? ''));
  const out = [...found];
  for (const m of numbered) {
    if (out.length >= found.length + UNREAD_SCREENS) break;
    if (m.source !== 'search' || m.passages?.length || isChatEpisode(m.memory)) continue;
    const ps = screens(m.memory);
    const title = ps?.[0]?.window_title ?? '';
    if (!ps?.length || titles.has(title)) continue;
    titles.add(title);
    out.push({ lines: ps.filter((p) => (p.window_title ?? '') === title).flatMap((p) => p.text.split('\n')).filter((l) => l.trim()), n: m.n, passage: ps[0]!, rank: 0 });
  }
  return out;
}
