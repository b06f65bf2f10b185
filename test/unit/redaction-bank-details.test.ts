import { describe, expect, it } from 'vitest';
import { DEFAULT_REDACTION, ibanValid, redactText } from '../../shared/redaction/index.js';

/**
 * A bank page shows the account's domestic number beside its IBAN: a UK sort code and account
 * number, a US routing and account number, an Australian BSB, a German BLZ and Kontonummer. The
 * IBAN is masked; the same account left in clear beside it is the same leak. And a label read
 * alone over its field comes back from OCR as "1BAN" or "lBAN", so it cannot vouch for a number
 * whose checksum a misread digit broke. Negatives: the other digit runs of the same pages
 * (transactions, balances, orders, phones, customer numbers of firms that are not banks).
 */
const ALL = { ...DEFAULT_REDACTION, emails: true, phones: true };

describe('domestic account numbers beside their bank code are masked', () => {
  // [the account number as printed, the text as OCR read it]
  const cases: [string, string][] = [
    ['31926819', 'Sort code / Account no.: 60-16-13 · 31926819 · Balance: £2,318.44'],
    ['31926819', 'Sort code / Account no. 60-16-13 31926819'],
    ['5566 7788', 'Sort code 20-00-00   Account number 5566 7788'],
    ['55779911', 'Sort code: 40-47-84\nAccount number: 55779911'],
    ['55779911', 'Sort code        Account number\n40-47-84         55779911'],
    ['000123456789', 'Routing number 021000021 · Account number 000123456789 · Checking'],
    ['12345678', 'BSB 062-000  Acct 12345678'],
    ['532013000', 'BLZ 370 400 44 · Kontonummer 532013000'],
    ['90817263', 'S0rt code 30-94-57 · Acc0unt 90817263'],
  ];
  for (const [printed, read] of cases) {
    it(JSON.stringify(read), () => {
      const out = redactText(read, ALL);
      expect(out.secrets.map((s) => s.kind)).toContain('account_number');
      expect(out.text).not.toContain(printed);
    });
  }
  it('the words and figures around it stay', () => {
    expect(redactText('Sort code / Account no.: 60-16-13 · 31926819 · Balance: £2,318.44', ALL).text).toBe(
      'Sort code / Account no.: 60-16-13 · [redacted:account_number] · Balance: £2,318.44',
    );
  });
});

describe('an IBAN under a label OCR misread is still labelled', () => {
  // A real IBAN with its last digit misread (so no checksum can vouch), under "IBAN" read as 1BAN / lBAN / |BAN.
  const printed = 'GB29 NWBK 6016 1331 9268 19';
  for (const label of ['1BAN', 'lBAN', '|BAN']) {
    const read = `${label}\nGB29 NWBK 6016 1331 9268 18`;
    it(JSON.stringify(read), () => {
      expect(ibanValid(printed)).toBe(true);
      expect(ibanValid('GB29 NWBK 6016 1331 9268 18')).toBe(false);
      const out = redactText(read, ALL);
      expect(out.secrets.map((s) => s.kind)).toContain('iban');
      expect(out.text).not.toContain('1331 9268');
    });
  }
});

describe('other digit runs on bank and bill pages stay', () => {
  const negatives = [
    // Statement rows under the account header: no account word before them.
    'Sort code / Account no.: 60-16-13 · [redacted:account_number]\n07 Dec TESCO STORES 229145 Card £63.17',
    'Sort code 60-16-13\nCard payment 8841 2290 · £12.00',
    // Balances and amounts beside the bank code.
    'Sort code 60-16-13 · Account balance £2,318.44 · Available 2318.44',
    // Accounts with firms that are not banks: no bank code anywhere near.
    'Customer account 40-7718-22 · Meter reading due 10 December',
    'Account number 88213407 · Northwind Energy · Tariff Fix 12',
    'Your account ID: 55779911 (Streamflix)',
    // Orders, phones and references next to bank words.
    'Routing questions? Call 0345 600 2290',
    'Order 31926819 shipped to your sort code area',
    'Sort code checker: enter 6 digits, e.g. 123456',
  ];
  for (const text of negatives) {
    it(JSON.stringify(text), () => {
      expect(redactText(text, { ...DEFAULT_REDACTION }).secrets.filter((s) => s.kind === 'account_number')).toEqual([]);
    });
  }
});
