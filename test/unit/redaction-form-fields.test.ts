/**
 * Secrets a form or an account page shows in a field OCR reads apart from its label: a card
 * number under "Card information" with an empty line between (a checkout's label over its box),
 * and a network's key labelled as a key, not a password ("Wi-Fi key", "WLAN-Schlüssel", "clé Wi-Fi").
 * Made-up pages, written apart from any screen the benchmarks show.
 */
import { describe, expect, it } from 'vitest';
import { placedCell as cell } from '../helpers/screen-words.js';
import { redactText, secretsByLayout, type RedactionSwitches } from '../../shared/redaction/index.js';

const ALL: RedactionSwitches = { secrets: true, passwords: true, cards: true, bank_accounts: true, id_numbers: true, emails: true, phones: true };
const kinds = (text: string) => redactText(text, ALL).secrets.map((s) => s.kind);

describe('a card number under its label, blank lines between', () => {
  // Shaped like a card, with a misread or mistyped digit (no Luhn): only the label says it is one.
  const cases: [string, string][] = [
    ['Card information\n\n4929 1180 4471 2045\n\nExpiry\n11/28', '4929 1180 4471 2045'],
    ['Kartennummer\n\n\n5412 7519 3310 8842', '5412 7519 3310 8842'],
    ['Pay with card\nNuméro de carte\n   \n4970 1012 3456 7891', '4970 1012 3456 7891'],
  ];
  for (const [text, number] of cases) {
    it(JSON.stringify(text), () => {
      const out = redactText(text, ALL);
      expect(out.text).not.toContain(number);
      expect(out.secrets.map((s) => s.kind)).toContain('card');
    });
  }
  it('not under another label, nor three blank lines below', () => {
    expect(kinds('Order number\n\n4123 5678 9012 3456\n\nShipped')).not.toContain('card');
    expect(kinds('Gift card balance\n\n\n\n4123 5678 9012 3456')).not.toContain('card');
  });
});

describe('a network key is its password', () => {
  const cases: [string, string][] = [
    ['Wi-Fi key: harbour-lamp-29', 'harbour-lamp-29'],
    ['WiFi key  Quill7-Marsh-Dune', 'Quill7-Marsh-Dune'],
    ['WLAN-Schlüssel: Sonne-Fluss-58', 'Sonne-Fluss-58'],
    ['Netzwerkschlüssel = 8815-2204-9931', '8815-2204-9931'],
    ['Clé Wi-Fi : tilleul-rouge-40', 'tilleul-rouge-40'],
    ['Clave WiFi: naranja-luna-12', 'naranja-luna-12'],
    ['Network key is Rx9-pebble-Tor', 'Rx9-pebble-Tor'],
  ];
  for (const [text, value] of cases) {
    it(JSON.stringify(text), () => {
      const out = redactText(text, ALL);
      expect(out.text).not.toContain(value);
      expect(out.secrets.map((s) => s.kind)).toContain('password');
    });
  }
  it('the network\'s name and words about a key stay', () => {
    expect(redactText('Wi-Fi name: HARBOUR-5G-7C42', ALL).text).toBe('Wi-Fi name: HARBOUR-5G-7C42');
    expect(redactText('The network key is printed on the back of your hub', ALL).text).toBe('The network key is printed on the back of your hub');
    expect(redactText('Keys: 3 sets, network cabinet key with the caretaker', ALL).text).toBe('Keys: 3 sets, network cabinet key with the caretaker');
  });
  it('paired by layout: the key in the value column of an account page, the name beside it kept', () => {
    const words = [...cell('Wi-Fi name', 40, 100), ...cell('HARBOUR-5G-7C42', 420, 100), ...cell('Wi-Fi key', 40, 132), ...cell('harbour-lamp-29 Hide', 420, 132)];
    expect(secretsByLayout(words).map((s) => s.value)).toContain('harbour-lamp-29');
    expect(secretsByLayout(words).map((s) => s.value)).not.toContain('HARBOUR-5G-7C42');
  });
});
