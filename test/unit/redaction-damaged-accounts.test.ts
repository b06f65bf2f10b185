import { describe, expect, it } from 'vitest';
import { DEFAULT_REDACTION, ibanValid, luhnValid, redactText } from '../../shared/redaction/index.js';

/**
 * Account and card numbers as OCR damages them on bank pages, mails and checkout forms: a check
 * digit read as a letter or merged with its neighbour ("DE89" → "DES", screen bench day 4), a
 * country read as digits ("SE" → "5E"), a digit misread so the checksum fails. Each value below is
 * a published example number with one or two realistic OCR slips; the negatives are the other
 * grouped numbers of the same pages (orders, parcels, phones, addresses, versions).
 */
const ALL = { ...DEFAULT_REDACTION, emails: true, phones: true };

/** No run of four or more of the printed number's characters may remain in the text. */
function expectGone(out: string, printed: string): void {
  const compact = printed.replace(/\s+/g, '');
  for (let i = 0; i + 4 <= compact.length; i++) {
    const piece = compact.slice(i, i + 4);
    if (/^\d{4}$/.test(piece) && out.replace(/\s+/g, '').includes(piece)) throw new Error(`"${piece}" of ${printed} left in: ${out}`);
  }
}

describe('IBANs OCR damaged are still masked', () => {
  // [printed, the line as OCR read it]
  const cases: [string, string][] = [
    // Check digits merged into one look-alike; the label says it is an account.
    ['DE89 3704 0044 0532 0130 00', 'From account: DES 3704 0044 0532 0130 00 · Mandate NWE-55120'],
    ['DE89 3704 0044 0532 0130 00', 'Kontonummer\nDES 3704 0044 0532 0130 00'],
    // Check digits read as two letters (the same bill, captured again: "89" as "SY").
    ['DE89 3704 0044 0532 0130 00', 'From account: DESY 3704 0044 0532 0130 00 - Mandate NWE-55120'],
    ['DE89 3704 0044 0532 0130 00', 'Abbuchung von Konto DEBY 3704 0044 0532 0130 00'],
    // Unlabelled, but the checksum passes once S/5, O/0, I/1, B/8, Z/2 are undone.
    ['DE89 3704 0044 0532 0130 00', 'Betrag 120,00 EUR an DE89 37O4 0O44 0532 0130 OO am Montag'],
    ['GB29 NWBK 6016 1331 9268 19', 'sort code and number: G829 NWBK 6O16 1331 9268 I9 thanks'],
    ['FR76 3000 6000 0112 3456 7890 189', 'virement FR76 3OOO 6000 0112 3456 789O 189 reçu'],
    ['ES91 2100 0418 4502 0005 1332', 'transferencia E591 2100 0418 45O2 0005 1332 hecha'],
    ['NL91 ABNA 0417 1643 00', 'betaald naar NL9I ABNA 0417 1643 00 gisteren'],
    ['SE45 5000 0000 0583 9825 7466', 'betala till 5E45 S000 0000 0583 9825 7466 idag'],
    // A digit misread (no look-alike to undo), a label before it.
    ['IT60 X054 2811 1010 0000 0123 456', 'IBAN: IT60 X054 2811 1010 0000 0123 457'],
    ['CH93 0076 2011 6238 5295 7', 'Konto CH93 0076 2011 6238 5295 1'],
    ['FR76 3000 6000 0112 3456 7890 189', 'N° de compte : FR76 3000 6000 0112 3456 7890 18'],
    ['ES91 2100 0418 4502 0005 1332', 'Número de cuenta ES9l 2100 0418 4502 0005 1382'],
    // Compact, a check digit gone and the country misread: the label and the length carry it.
    ['DE89370400440532013000', 'IBAN 0E8370400440532013000'],
    // The label is the first word of the run OCR read ("IBAN GB29 …"): the number after it is tried on its own.
    ['GB29 NWBK 6016 1331 9268 19', 'IBAN GB29 NWBK 6016 1331 9268 18'],
    ['NL91 ABNA 0417 1643 00', 'IBAN NL91 ABNA 0417 1643 01 (Rabo)'],
    // Wrapped inside a paragraph: OCR keeps the line break inside the number.
    ['GB29 NWBK 6016 1331 9268 19', 'Please pay the deposit to GB29 NWBK\n6016 1331 9268 19 by Friday.'],
    ['DE89 3704 0044 0532 0130 00', 'Die Erstattung geht auf Ihr Konto: IBAN DE89\n3704 0044 0532 0130 07.\nMit freundlichen Grüßen'],
  ];
  it('the printed numbers are real IBANs (so each case is damage, not a made-up number)', () => {
    for (const [printed] of cases) expect(ibanValid(printed), printed).toBe(true);
  });
  for (const [printed, read] of cases) {
    it(JSON.stringify(read), () => {
      const out = redactText(read, ALL);
      expect(out.secrets.map((s) => s.kind)).toContain('iban');
      expectGone(out.text, printed);
    });
  }

  it('the words after the number stay', () => {
    expect(redactText('From account: DES 3704 0044 0532 0130 00 EUR 120', ALL).text).toBe('From account: [redacted:iban] EUR 120');
  });
});

describe('card numbers with a misread digit are masked next to a card label', () => {
  const cases: [string, string][] = [
    ['4111 1111 1111 1111', 'Card number 4111 1111 1111 1117 exp 12/27'],
    ['5555 5555 5555 4444', 'Kartennummer: 5555 5555 5555 4441'],
    ['4000 0566 5566 5556', 'Numéro de carte 4000-0566-5566-5553'],
    ['3782 822463 10005', 'Número de tarjeta 3782 822463 10008'],
    ['5555 5555 5555 4444', 'Kreditkarte\n5555 5555 5S55 4441'],
  ];
  it('the printed numbers pass Luhn and the read ones do not', () => {
    for (const [printed, read] of cases) {
      expect(luhnValid(printed.replace(/\D/g, '')), printed).toBe(true);
      const digits = (read.match(/[0-9S][0-9S -]{11,}[0-9S]/)?.[0] ?? '').replace(/S/g, '5').replace(/\D/g, '');
      expect(luhnValid(digits), read).toBe(false);
    }
  });
  for (const [printed, read] of cases) {
    it(JSON.stringify(read), () => {
      const out = redactText(read, ALL);
      expect(out.secrets.map((s) => s.kind)).toEqual(['card']);
      expectGone(out.text, printed);
    });
  }
});

describe('other grouped numbers on the same pages are not accounts or cards', () => {
  const negatives = [
    // Order and invoice numbers: shaped like an IBAN or a card, no checksum, no account label.
    'Bestellung AB12 3456 7890 1234 5678 90 versandt',
    // The same, wrapped: a line break inside is no label and no checksum.
    'Ihre Bestellung AB12\n3456 7890 1234 5678 90 ist versandt',
    'Zimmer 2031 5843 7702 16 Betten',
    'Order 4123 5678 9012 3456 shipped; your account will be charged on delivery',
    'Rechnungsnummer RE20 2412 0001 4587 vom 03.12.2026',
    // Parcel tracking numbers.
    'Sendungsnummer JJD0 0390 0711 2233 4455 66 · DHL Paket',
    'Tracking 1Z 999 AA1 01 2345 6784 (UPS)',
    // Phone numbers, also next to an account word.
    'Fragen zu Ihrem Konto? +49 30 1234 5678 90 oder 030 1234 5678',
    'Card services: 0800 123 4567 (free)',
    // German postcode lines.
    'Deutsche Bank AG, Taunusanlage 12, DE-60325 Frankfurt am Main',
    'D 80331 München · DE 10115 Berlin',
    // Version and build strings.
    'Windows 10 Version 22H2 (OS Build 19045.3803) · Chrome 120.0.6099.109',
    'Engram 0.42.1 build AB12 C3D4 E5F6 G7H8 9012',
  ];
  for (const text of negatives) {
    it(JSON.stringify(text), () => {
      const out = redactText(text, { ...DEFAULT_REDACTION });
      expect(out).toEqual({ text, secrets: [] });
    });
  }
});
