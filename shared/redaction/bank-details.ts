import { lookalike } from './lookalikes.js';

/**
 * Domestic account numbers, which only their labels make one: a UK sort code and account number
 * ("Sort code / Account no. 60-16-13 · 31926819"), a US routing and account number, an Australian
 * BSB, a German Bankleitzahl and Kontonummer. A bank page shows them beside the IBAN, which is
 * masked; left in clear they give the same account away. A bare run of digits is an order, a
 * phone or a reference far more often, so two labels must stand by it: an account word before it
 * (on its line, or ending the line above: a form's label over its field) and the bank's own code
 * label (sort code, routing, BSB, BLZ, transit) on its line or one of the three above.
 */

/** The bank's own code: only banking pages say these. OCR's look-alikes accepted ("S0rt code"). */
const BANK_CODE = new RegExp(
  String.raw`(?<![a-z])(?:${lookalike('sort')}[ -]?${lookalike('code')}|routing|\baba\b|\bbsb\b|\bblz\b|bankleitzahl|${lookalike('transit')}\b)`,
  'iu',
);

/** An account word ("Account no.", "A/C", "Konto", "compte"), then no digit before the number or the end of the line. */
// Not the word inside a marker this redactor left ("[redacted:account_number]"): kept text is scrubbed again.
const ACCOUNT_WORD = String.raw`(?:(?<!redacted:)\b${lookalike('account')}|\bacc(?:t|\.)|\ba/c\b|konto|\bcompte\b|\bcuenta\b|\bconta\b|\brekening)`;

const ACCOUNT_BEFORE = new RegExp(ACCOUNT_WORD, 'iu');
const ACCOUNT_ABOVE = new RegExp(`${ACCOUNT_WORD}[^\\d\\n]{0,40}$`, 'iu');

/** A run of 6 to 17 digits, grouped by single spaces or not, that no figure, amount or longer run continues. */
const DIGIT_RUN = /(?<![\d.,£$€/:-])(?<!(?<!\d{2}-\d{2}-\d)\d )\d(?: ?\d){5,16}(?! ?\d)(?![.,/:-]\d)(?!%)/gu;

/** The account number runs in `text`, by position. */
export function labelledAccountNumbers(text: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  // Most screens name no bank code: one test of the whole text spares the per-number look (the redactor runs on every OCR text).
  if (!BANK_CODE.test(text)) return out;
  for (const m of text.matchAll(DIGIT_RUN)) {
    const lineStart = text.lastIndexOf('\n', m.index - 1) + 1;
    const prevStart = lineStart > 0 ? text.lastIndexOf('\n', lineStart - 2) + 1 : lineStart;
    const lineEnd = text.indexOf('\n', m.index);
    // The bank's code on this line or one of the three above: a form that gives each field a row
    // for its label and one for its value puts "Sort code" two lines over "Account number".
    let codeStart = lineStart;
    for (let k = 0; k < 3 && codeStart > 0; k++) codeStart = text.lastIndexOf('\n', codeStart - 2) + 1;
    if (!BANK_CODE.test(text.slice(codeStart, lineEnd < 0 ? text.length : lineEnd))) continue;
    // The account word before the number: anywhere earlier on its line (a sort code may stand
    // between), or ending the line above.
    const before = text.slice(lineStart, m.index);
    const above = lineStart > 0 ? text.slice(prevStart, lineStart - 1) : '';
    if (ACCOUNT_BEFORE.test(before) || ACCOUNT_ABOVE.test(above)) {
      out.push({ start: m.index, end: m.index + m[0].length });
    }
  }
  return out;
}
