import { describe, expect, it } from 'vitest';
import { DEFAULT_REDACTION, redactText } from '../../shared/redaction/index.js';
import { sensitivityOf } from '../../agents/knowledge-vault/index.js';

/**
 * A card's security code beside its label (redteam55 found none masked: "security code 123" passed
 * while the card number beside it was cut). Checkout forms, card details pages and mails in the
 * languages Engram reads; and the three-digit numbers that are no such code.
 */
const cut = (text: string, value: string): void => {
  const out = redactText(text, DEFAULT_REDACTION);
  expect(out.text, out.text).not.toContain(value);
  expect(out.secrets.map((s) => s.kind)).toContain('card_code');
};
const kept = (text: string): void => {
  expect(redactText(text, DEFAULT_REDACTION).text).toBe(text);
};

describe("a card's security code", () => {
  it('is cut after its label, beside it or on the next line', () => {
    cut('Expiry 09/28   CVC 417', '417');
    cut('Card number •••• 4242\nCVV2: 0386', '0386');
    cut('Security code (3 digits on the back)\n512', '512');
    cut('Card verification value: 733', '733');
    cut('Kartenprüfnummer 834', '834');
    cut('Cryptogramme visuel : 271', '271');
    cut('Código de seguridad: 908', '908');
    cut('Codice di sicurezza 645', '645');
    cut('Expiry date     CVC\n11/27           390', '390');
  });

  it('is kept as a high-sensitivity vault kind', () => {
    expect(sensitivityOf('card_code')).toBe('high');
  });

  it('leaves three-digit numbers that are not one', () => {
    kept('Room 417 is on the fourth floor');
    kept('Security code of conduct, section 512 applies');
    kept('CVC Capital Partners bought a 12% stake in 2023');
    kept('Total £417.50 paid by card ending 4242');
    kept('Our security code changes every month: ask at reception.');
  });
});
