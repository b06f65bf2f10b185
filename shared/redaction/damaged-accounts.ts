import { ibanValid } from './checks.js';
import { DIGIT_LOOKALIKE as AS_DIGIT, lookalike } from './lookalikes.js';

/**
 * Account and card numbers OCR damaged so that their checksum fails: "DE89 3704 …" read as
 * "DES 3704 …" (screen bench day 4, a bank e-mail). The exact detectors leave such a number in
 * clear, and the account digits are stored and shown. A privacy app masks what is almost surely
 * one anyway: an IBAN whose checksum passes once OCR's usual confusions are undone, and an IBAN- or
 * card-shaped run that a label right before it ("IBAN", "Konto", "account", "Karte") says is one.
 * Over-masking a near-IBAN costs little; leaking an account number costs trust.
 */

/** IBAN length per country (ISO 13616 registry): a damaged run must be about this long. */
const IBAN_LENGTH: Readonly<Record<string, number>> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BR: 29, BY: 28, CH: 21, CR: 22, CY: 28,
  CZ: 24, DE: 22, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18,
  GR: 27, GT: 28, HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32,
  LI: 21, LT: 20, LU: 20, LV: 21, MC: 27, MD: 24, ME: 22, MK: 19, MR: 27, MT: 31, MU: 30, NL: 18, NO: 15, PK: 24,
  PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, SA: 24, SC: 31, SE: 24, SI: 19, SK: 24, SM: 27, ST: 25, SV: 28,
  TL: 23, TN: 24, TR: 26, UA: 29, VA: 22, VG: 24, XK: 20,
};

/** Digits OCR reads in place of a country's letters (the reverse of DIGIT_LOOKALIKE, plus D/0). */
const AS_LETTERS: Readonly<Record<string, readonly string[]>> = { '5': ['S'], '0': ['O', 'D'], '1': ['I'], '8': ['B'], '2': ['Z'] };

/** Blank lines OCR leaves between a form's label and its field ("Card information", empty line, the number), at most. */
const BLANK_LINES = 2;

/**
 * A label that says the number after it is an account or a card. It must stand right before the
 * number: on its line with no digit between (so "card 0000 …; ref 4111-…" does not label the
 * second number), or at the end of the line above (a form's label over its field), blank lines
 * between them skipped: OCR reads the gap between a label and its box as an empty line.
 */
function labelledBefore(text: string, at: number, label: RegExp): boolean {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  let prevStart = lineStart > 0 ? text.lastIndexOf('\n', lineStart - 2) + 1 : lineStart;
  for (let i = 0; i < BLANK_LINES && prevStart > 0 && text.slice(prevStart, lineStart).trim() === ''; i++) prevStart = text.lastIndexOf('\n', prevStart - 2) + 1;
  return label.test(text.slice(prevStart, at));
}

/** A label, then up to 40 non-digits on its line, or the label ending a line above (blank lines between): compiled once (this runs on every OCR'd text). */
const labelEnding = (label: string): RegExp => new RegExp(`(?:${label})[^\\d\\n]{0,40}(?:\\n[ \\t]*){0,${BLANK_LINES}}(?:\\n[^\\d\\n]{0,12})?$`, 'iu');

// "IBAN" as OCR reads it too ("1BAN", "lBAN"): a label over its field is read alone, with nothing to correct it.
const ACCOUNT_LABEL = labelEnding(String.raw`(?<![a-z0-9])${lookalike('iban')}|\bbic\b|\bswift\b|\bbankverbindung|konto|\bkto\b|\bcompte|\bcuenta|\bconto\b|\brekening|\baccount|\bacct\b`);
const CARD_LABEL = labelEnding(String.raw`\bcard\b|karte\b|kartennummer|\bcarte\b|\btarjeta\b|\bcart[aã]o\b|\bvisa\b|\bmastercard\b|\bamex\b`);

/**
 * An IBAN-shaped run: country (maybe misread), check digits (maybe misread as any letters: "89" came
 * back "SY" in a second capture of the same bill; merged or split), grouped or compact characters.
 * Unlabelled, the checksum must still pass (nearIban); labelled, the length and the digits decide.
 * A line break may stand for a space: an IBAN in a paragraph wraps, and OCR keeps the break.
 */
const IBAN_RUN = /(?<![A-Za-z0-9])[A-Z0-9]{2}[0-9A-Za-z]{1,3}(?:(?:[ \n][A-Z0-9lo]{4})+(?:[ \n][A-Z0-9lo]{1,3})?|[A-Z0-9lo]{11,30})(?![A-Za-z0-9])/g;

/** The ways the run's country could have read, known IBAN countries first. */
function countries(raw: string): string[] {
  const options = [...raw].map((c) => (/[A-Z]/.test(c) ? [c] : (AS_LETTERS[c] ?? [])));
  const out: string[] = [];
  for (const a of options[0] ?? []) for (const b of options[1] ?? []) out.push(a + b);
  return out.sort((x, y) => Number(y in IBAN_LENGTH) - Number(x in IBAN_LENGTH));
}

/** The run's characters after the country read as digits: all look-alikes, or only within blocks that hold a digit (GB's "NWBK" stays letters). */
function digitReadings(rest: string): string[] {
  const all = [...rest].map((c) => AS_DIGIT[c] ?? c).join('');
  const check = all.slice(0, 2);
  const blocks = rest.slice(2).match(/.{1,4}/g) ?? [];
  const mixed = check + blocks.map((b) => (/\d/.test(b) ? [...b].map((c) => AS_DIGIT[c] ?? c).join('') : b)).join('');
  return all === mixed ? [all] : [all, mixed];
}

/** Whether the run (spaces taken out) is an IBAN as OCR left it, labelled or not. */
function nearIban(compact: string, labelled: boolean): boolean {
  const rest = compact.slice(2);
  const realDigits = (rest.match(/\d/g) ?? []).length;
  for (const cc of countries(compact.slice(0, 2))) {
    const expected = IBAN_LENGTH[cc];
    // The checksum through the confusions: exact length, so a near miss is no second chance.
    if ((expected === undefined ? compact.length >= 15 && compact.length <= 34 : compact.length === expected)) {
      if (digitReadings(rest).some((r) => /^\d\d/.test(r) && ibanValid(cc + r))) return true;
    }
    if (!labelled) continue;
    // A strong shape: a length the country's IBANs have give or take the one character OCR
    // merged or dropped (any IBAN length when the country is unknown), and mostly digits.
    const lengthOk = expected === undefined ? compact.length >= 15 && compact.length <= 34 : Math.abs(compact.length - expected) <= 1;
    if (lengthOk && realDigits >= 8 && realDigits * 2 >= rest.length) return true;
  }
  return false;
}

/** IBANs OCR damaged: those a checksum through the confusions or a label before them confirms. */
export function damagedIbans(text: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  for (const m of text.matchAll(IBAN_RUN)) {
    const found = ibanWithin(text, m.index, m[0]);
    if (found) out.push(found);
  }
  return out;
}

/**
 * The IBAN inside a run, if there is one. The run may have taken a word after the number ("… 0130
 * 00 EUR") or before it: the label itself ("IBAN GB71 BARC …" reads as one run that starts at
 * "IBAN", and the number after it was never tried on its own). The whole run first, then shorter
 * from the end, then from a later start, each start judged by the label right before it.
 */
function ibanWithin(text: string, at: number, run: string): { start: number; end: number } | null {
  const tokens = [...run.matchAll(/\S+/g)].map((t) => ({ from: t.index, to: t.index + t[0].length }));
  for (let first = 0; first + Math.min(tokens.length, 3) <= tokens.length; first++) {
    const start = at + tokens[first]!.from;
    const labelled = labelledBefore(text, start, ACCOUNT_LABEL);
    for (let last = tokens.length; last - first >= Math.min(tokens.length, 3); last--) {
      const candidate = run.slice(tokens[first]!.from, tokens[last - 1]!.to);
      if (nearIban(candidate.replace(/\s+/g, ''), labelled)) return { start, end: at + tokens[last - 1]!.to };
    }
  }
  return null;
}

/** A card's printed shapes: 4-4-4-4 (or 16 together) and Amex's 4-6-5, digits or their look-alikes. */
const CARD_RUN = /(?<![\w-])(?:[0-9SOIBZlo]{4}([ -]?)[0-9SOIBZlo]{4}\1[0-9SOIBZlo]{4}\1[0-9SOIBZlo]{4}|[0-9SOIBZlo]{4}([ -]?)[0-9SOIBZlo]{6}\2[0-9SOIBZlo]{5})(?![\w-])/g;

/**
 * Card numbers whose Luhn check failed from a misread digit, next to a label that says they are a
 * card: the card's shape, a network's first digit, and at most two characters read as letters.
 */
export function labelledCards(text: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  for (const m of text.matchAll(CARD_RUN)) {
    const raw = m[0].replace(/[ -]/g, '');
    const digits = [...raw].map((c) => AS_DIGIT[c] ?? c).join('');
    if ((raw.match(/\d/g) ?? []).length < raw.length - 2 || /^(\d)\1+$/.test(digits)) continue;
    if (!/^[2-6]/.test(digits)) continue;
    if (labelledBefore(text, m.index, CARD_LABEL)) out.push({ start: m.index, end: m.index + m[0].length });
  }
  return out;
}
