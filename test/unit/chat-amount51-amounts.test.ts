import { describe, expect, it } from 'vitest';
import type { FrameWords } from '../../agents/store/index.js';
import { cell, screenOf } from '../helpers/screen-words.js';
import { screenMemory } from '../helpers/screen-memory.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { countWordsIn } from '../../agents/chat/count-words.js';

// Amounts, counts, sizes and durations asked in other words than their screens use (issue 30):
// a payslip's row, a receipt from a shop named in its own language, a count in a report's or a
// letter's words, a directory's size in a terminal, a route's time for one way to travel. Every
// screen is made up for this test; each skill has a negative (another row, another noun, another
// way to travel) that must not be stated.
const fmt = new TimeFormatter('UTC');
const AT = '2026-11-20T08:15:00.000Z';
const lead = (q: string, lines: string[], title: string, fw?: FrameWords) => {
  const numbered = screenMemory('lines', lines.join('\n'), title, AT, { frameId: 'frm_a', fullSnippet: true });
  return factSentence(q, numbered, fmt, fw ? (id) => (id === 'frm_a' ? fw : null) : undefined)!;
};
const first = (f: { text: string }) => f.text.split('\n')[0]!;

describe('a row of a payslip asked by what it was paid for', () => {
  const lines = ['Payslip October 2026', 'Description Earnings Deductions', 'Basic pay 4,100.00', 'On-call allowance (4 shifts) 360.00', 'Gross pay 4,460.00', 'Income tax 1,020.10', 'Net pay 3,439.90'];
  // The amounts in their own column, paired with the rows by where they sit.
  const slip = screenOf(
    cell('Payslip October 2026', 40, 20),
    cell('Description', 40, 80), cell('Earnings', 500, 80), cell('Deductions', 700, 80),
    cell('Basic pay', 40, 110), cell('4,100.00', 500, 110),
    cell('On-call allowance (4 shifts)', 40, 140), cell('360.00', 500, 140),
    cell('Gross pay', 40, 170), cell('4,460.00', 500, 170),
    cell('Income tax', 40, 200), cell('1,020.10', 700, 200),
    cell('Net pay', 40, 230), cell('3,439.90', 500, 230),
  );

  it('states the on-call row, said as two words in the question, not the first earning or the gross', () => {
    for (const fw of [undefined, slip]) {
      const f = lead('How much extra was I paid for being on call last month?', lines, 'Payslip — Nordlicht GmbH', fw);
      expect(f.known).toBe(true);
      expect(first(f)).toContain('360.00');
      expect(first(f)).not.toMatch(/4,100\.00|4,460\.00/);
    }
  });

  it('a rota that writes "on call" as two words meets the hyphenated question', () => {
    const f = lead('Who is on-call this Saturday?', ['Support rota — week 48', 'Saturday on call: Marta Quintero', 'Sunday on call: Jonas Berg'], 'Rota — Support');
    expect(first(f)).toContain('Marta Quintero');
  });

  it('does not state another row when the slip has no on-call line', () => {
    const plain = ['Payslip October 2026', 'Basic pay 4,100.00', 'Gross pay 4,100.00', 'Net pay 3,020.00'];
    const f = lead('How much extra was I paid for being on call last month?', plain, 'Payslip — Nordlicht GmbH');
    expect(f.known && /4,100|3,020/.test(first(f))).toBe(false);
  });
});

describe('a receipt whose shop is named in its own language', () => {
  const ferreteria = ['Ferretería El Clavo', 'C/ Mayor 12, Valencia', 'Tornillos 4x30 (100) 5,20', 'Cinta americana 3,95', 'Bombilla LED 6,40', 'Base imponible 12,77', 'IVA 21% 2,68', 'TOTAL EUR 15,45'];
  const baumarkt = ['Baumarkt Krämer', 'Dübel 8mm 3,49', 'Silikon 7,99', 'Zwischensumme 11,48', 'Gesamtbetrag EUR 11,48'];

  it('a Spanish and a German hardware shop: the receipt total', () => {
    const es = lead('How much did I spend at the hardware store altogether?', ferreteria, 'Ticket 0091-2231 — Ferretería El Clavo');
    expect(es.known).toBe(true);
    expect(first(es)).toContain('15,45');
    expect(first(es)).not.toContain('12,77');
    const de = lead('What did I pay at the hardware shop in total?', baumarkt, 'Kassenbon — Krämer');
    expect(de.known).toBe(true);
    expect(first(de)).toContain('11,48');
  });

  it('a pharmacy receipt is not the hardware shop', () => {
    const f = lead('What did I pay at the hardware shop in total?', ['Farmácia Central', 'Ibuprofeno 4.50', 'Pensos 3.20', 'TOTAL EUR 7.70'], 'Recibo — Farmácia Central');
    expect(f.known && first(f).includes('7.70')).toBe(false);
  });
});

describe('a count said in a report or a letter', () => {
  const incident = ['Incident INC-2291: card terminals offline', 'During the outage 23 retailers could not take card payments.', '4 engineers were paged overnight.'];

  it('"how many shops" is the count of retailers or merchants, not of engineers', () => {
    const f = lead('How many shops were hit by the outage?', incident, 'INC-2291 — Status');
    expect(f.known).toBe(true);
    expect(first(f)).toMatch(/^23 retailers/);
    const m = lead('How many stores got hit by the outage?', ['Postmortem: double charges', 'During the outage 9 merchants were charged twice.', '2 on-call engineers joined the bridge.'], 'Postmortem — Wiki');
    expect(first(m)).toMatch(/^9 merchants/);
  });

  it('a count of another noun on the page is not stated', () => {
    const f = lead('How many customers were hit by the outage?', incident, 'INC-2291 — Status');
    expect(f.known && /\b(?:23|4)\b/.test(first(f))).toBe(false);
  });

  it('a French or German letter says how many keys in its own number words', () => {
    const fr = lead('How many keys do I have to give back?', ['Objet : état des lieux de sortie', 'Bonjour Madame Laurent,', "Lors de la visite, merci de remettre les deux clés de l'appartement et le badge du parking.", 'Cordialement, Agence Rive Gauche'], 'Messagerie — Boîte de réception');
    expect(fr.known).toBe(true);
    expect(first(fr)).toMatch(/^Deux clés/);
    const de = lead('How many keys do I have to give back?', ['Betreff: Wohnungsübergabe', 'Bitte bringen Sie zur Übergabe drei Schlüssel und die Garagenfernbedienung mit.'], 'Posteingang — Mail');
    expect(first(de)).toMatch(/^Drei Schlüssel/);
  });

  it('reads number words only before what they count', () => {
    expect(countWordsIn('remettre les trois clés').map((c) => c.value)).toEqual([3]);
    expect(countWordsIn('Due 12 Sept 2026; elf costume; once a week')).toEqual([]);
    expect(countWordsIn('dos llaves y cinco sobres').map((c) => [c.value, c.counted])).toEqual([[2, 'llaves'], [5, 'sobres']]);
  });
});

describe("a directory's size in a terminal", () => {
  const term = ['ops@web-3:~$ kubectl get pods -n ledger', 'ledger-api-5d 1/1 Running 0 3h', 'ledger-worker-7f 0/1 CrashLoopBackOff 9 3h', 'ops@web-3:~$ du -sh /var/log/ledger /var/log/nginx', '4.2G\t/var/log/ledger', '1.1G\t/var/log/nginx', 'ops@web-3:~$'];

  it('states the line whose path names the directory asked, not a sibling directory', () => {
    const f = lead('How big is the ledger log folder?', term, 'ops@web-3: ~ — Terminal');
    expect(f.known).toBe(true);
    expect(first(f)).toMatch(/^4\.2G/);
    const n = lead('How large is the nginx log directory?', term, 'ops@web-3: ~ — Terminal');
    expect(n.known).toBe(true);
    expect(first(n)).toMatch(/^1\.1G/);
  });

  it("a bill's litre of paint is not the billing log folder's size", () => {
    const receipt = ['Receipt 118-204 — Casa Lenha', 'Firewood logs 10kg 12.90', 'Wall paint white 5L 20.30', 'TOTAL EUR 33.20'];
    const f = lead('How big is the billing log folder?', receipt, 'Receipt 118-204 — Casa Lenha');
    expect(f.known).toBe(false);
  });
});

describe('a route page: the time for the asked way to travel', () => {
  const tabs = ['Route to Stadtbad Mitte', 'Car 14 min 6.1 km', 'Bike 21 min 5.4 km', 'Walk 1 h 08 min 5.2 km', 'Fastest route via Lindenstraße'];
  const chosen = ['From: Home (Gartenstraße 4) To: Stadtbad Mitte', 'By bike', '21 min 5.4 km · mostly flat · via Parkweg', '1 Head east on Gartenstraße 400 m', '2 Turn left onto Parkweg 2.2 km', '3 Stadtbad Mitte is on the left'];

  it('the bike time among the modes shown, or under the chosen mode', () => {
    const a = lead('How long would the ride to the pool take me on my bike?', tabs, 'Route to Stadtbad Mitte — Maps');
    expect(a.known).toBe(true);
    expect(first(a)).toMatch(/^21 min/);
    const b = lead('How long will it take me to cycle to the swimming pool?', chosen, 'Route to Stadtbad Mitte — Maps');
    expect(b.known).toBe(true);
    expect(first(b)).toMatch(/^21 min/);
    const de = lead('How long will it take me to cycle to the swimming pool?', ['Wegbeschreibung: Von Zuhause nach Hallenbad Süd', 'Fahrrad', '18 Min. 4,6 km', '1 Richtung Norden auf Ringstraße 500 m'], 'Hallenbad Süd — Karten');
    expect(first(de)).toMatch(/^18 Min/);
  });

  it("never another way's time: the car's route asked by bike, the bike's asked by car", () => {
    const car = lead('How long will it take me to cycle to the pool?', ['Route to Stadtbad Mitte', 'Car 14 min 6.1 km', 'Fastest route via Lindenstraße'], 'Route to Stadtbad Mitte — Maps');
    expect(car.known).toBe(false);
    expect(first(car)).toMatch(/^I don't know/);
    const drive = lead('How long does it take to drive to the pool?', chosen, 'Route to Stadtbad Mitte — Maps');
    expect(drive.known).toBe(false);
    expect(first(drive)).toMatch(/^I don't know/);
  });
});
