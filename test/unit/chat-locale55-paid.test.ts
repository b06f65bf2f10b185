/**
 * Bills, invoices and orders read by whether they are paid (row-status.ts), as pages in English,
 * German, French, Spanish and Italian say it ("Unpaid", "Offen", "Impayée", "Pagado", "Annullato").
 * Screens and questions made up for this test, asked in the user's words ("have I paid", "still
 * outstanding", "did we pay", "called off"); negatives: the paid sibling rows of an unpaid question, a
 * bill the list does not hold, a question of an amount (not of a status).
 */
import { describe, expect, it } from 'vitest';
import type { FrameWords } from '../../agents/store/index.js';
import { cell, screenOf, textOf } from '../helpers/screen-words.js';
import { screenMemory } from '../helpers/screen-memory.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { statusAsked, statusOf } from '../../agents/chat/row-status.js';

const fmt = new TimeFormatter('UTC');
const AT = '2026-11-18T19:05:00.000Z';
/** The lead's first line without where it was seen; with word boxes unless `text` gives the screen's OCR lines alone. */
const lead = (q: string, fw: FrameWords | null, title: string, text = fw ? textOf(fw) : '') => {
  const numbered = screenMemory('lines', text, title, AT, { frameId: 'frm_p', fullSnippet: true });
  const f = factSentence(q, numbered, fmt, (id) => (fw && id === 'frm_p' ? fw : null));
  return f ? { known: f.known, text: f.text.split('\n')[0]!.split(' — seen')[0]! } : { known: false, text: '' };
};
const grid = (xs: number[], y: number, rows: string[][]) => rows.flatMap((r, k) => r.flatMap((t, c) => (t ? cell(t, xs[c]!, y + k * 30) : [])));

describe('paid, unpaid and cancelled as cells and questions say them', () => {
  it('reads a cell in each language, a whole Portuguese "Pago" but not a Spanish "Pago pendiente"', () => {
    const read: Record<string, string | null> = { Bezahlt: 'paid', 'Paid in full': 'paid', Impayée: 'unpaid', 'Pendiente de pago': 'unpaid', 'En attente de paiement': 'unpaid', 'Em aberto': 'unpaid', Offen: 'unpaid', Pago: 'paid', 'Pago pendiente': null, Storniert: 'cancelled', Annullato: 'cancelled' };
    for (const [c, s] of Object.entries(read)) expect(statusOf(c), c).toBe(s);
  });

  it('a question of paying asks a status; one of how much was paid asks an amount', () => {
    expect(statusAsked('have I paid the water bill?')?.statuses).toEqual(['paid']);
    expect(statusAsked('did we pay the nursery?')?.statuses).toEqual(['paid']);
    expect(statusAsked('what do I still owe the dentist?')?.statuses).toContain('unpaid');
    expect(statusAsked('which bills haven\'t I paid yet?')?.statuses).toContain('unpaid');
    expect(statusAsked('what was the total paid for broadband?')).toBeNull();
    expect(statusAsked('how much have I paid for the gym?')).toBeNull();
  });
});

const bills = screenOf(
  cell('Household bills', 40, 20),
  grid([40, 380, 520, 660], 70, [
    ['Bill', 'Due', 'Amount', 'Status'],
    ['Electricity (Octopus)', '01 Dec', '£84.20', 'Paid'],
    ['Water (Thames)', '05 Dec', '£38.10', 'Unpaid'],
    ['Council tax', '01 Dec', '£162.00', 'Overdue'],
    ['Broadband', '12 Dec', '£32.00', 'Paid'],
  ]),
);
const billsTitle = 'Bills — My bank';

describe('an English list of household bills', () => {
  it('the named bill with its status, not a paid sibling', () => {
    const f = lead('have I paid the water bill?', bills, billsTitle);
    expect(f.known).toBe(true);
    expect(f.text).toMatch(/^Water \(Thames\) \(Unpaid/);
    expect(f.text).not.toMatch(/Electricity|Broadband/);
  });
  it('the bills still owed: unpaid and overdue, none of the paid', () => {
    const f = lead('which bills haven\'t I paid yet?', bills, billsTitle);
    expect(f.text).toMatch(/^Water \(Thames\) \(Unpaid\), Council tax \(Overdue\)/);
    expect(f.text).not.toMatch(/Electricity|Broadband/);
  });
  it('a bill the list does not hold is not answered', () => {
    expect(lead('have I paid the gas bill?', bills, billsTitle).known).toBe(false);
  });
});

describe('invoices in other languages', () => {
  const de = screenOf(
    cell('Rechnungen', 40, 20),
    grid([40, 380, 520, 660], 70, [
      ['Rechnung', 'Datum', 'Betrag', 'Status'],
      ['Kita Sonnenschein', '01.12.2026', '245,00 €', 'Offen'],
      ['Stadtwerke Strom', '15.11.2026', '92,40 €', 'Bezahlt'],
      ['Zahnarzt Dr. Roth', '03.11.2026', '118,00 €', 'Überfällig'],
      ['Hausratversicherung', '01.11.2026', '64,10 €', 'Bezahlt'],
    ]),
  );
  it('German: the nursery is still open; the invoices outstanding are the open and the overdue', () => {
    expect(lead('did we pay the nursery?', de, 'Rechnungen — Haushaltsbuch').text).toMatch(/^Kita Sonnenschein \(Offen/);
    const f = lead('which invoices are still outstanding?', de, 'Rechnungen — Haushaltsbuch');
    expect(f.text).toMatch(/^Kita Sonnenschein \(Offen\), Zahnarzt Dr\. Roth \(Überfällig\)/);
    expect(f.text).not.toMatch(/Stadtwerke|Hausrat/);
  });

  // OCR's lines alone, no word boxes: a row a line, its status last.
  const fr = ['Mes factures', 'Plombier Garnier 28/11/2026 180,00 € Impayée', 'Crèche Les Lutins 01/12/2026 310,00 € Payée', 'Assurance habitation 15/11/2026 42,00 € Payée', 'Cours de piano 01/12/2026 96,00 € En attente'].join('\n');
  it('French, from OCR lines: the plumber is unpaid; the piano lessons are waiting', () => {
    expect(lead('have I paid the plumber?', null, 'Mes factures — Espace client', fr).text).toMatch(/^Plombier Garnier \(Impayée/);
    const piano = lead('is the piano lesson invoice still unpaid?', null, 'Mes factures — Espace client', fr).text;
    expect(piano).toMatch(/^Cours de piano \(En attente/);
    expect(piano).not.toMatch(/Plombier/);
  });

  const es = screenOf(
    cell('Mis recibos', 40, 20),
    grid([40, 380, 520], 70, [
      ['Concepto', 'Importe', 'Estado'],
      ['Gimnasio diciembre', '39,90 €', 'Pagado'],
      ['Comunidad de vecinos', '60,00 €', 'Pendiente'],
      ['Seguro del coche', '212,00 €', 'Pagado'],
    ]),
  );
  it('Spanish: the gym is paid; "is the car insurance still outstanding" is told its status, not the pending sibling', () => {
    expect(lead('have I paid the gym for December?', es, 'Mis recibos — Banco').text).toMatch(/^Gimnasio diciembre \(Pagado/);
    const car = lead('is the car insurance still outstanding?', es, 'Mis recibos — Banco').text;
    expect(car).toMatch(/^Seguro del coche \(Pagado/);
    expect(car).not.toMatch(/Comunidad/);
  });

  it('Italian: the order called off, not the paid ones', () => {
    const orders = screenOf(
      cell('I miei ordini', 40, 20),
      grid([40, 380, 520], 70, [
        ['Articolo', 'Totale', 'Stato'],
        ['Lampada da tavolo', '34,00 €', 'Pagato'],
        ['Tappeto in juta', '89,00 €', 'Annullato'],
        ['Sedia pieghevole', '25,00 €', 'Pagato'],
      ]),
    );
    const f = lead('which orders were cancelled?', orders, 'Ordini — Casa Bella');
    expect(f.text).toMatch(/^Tappeto in juta \(Annullato/);
    expect(f.text).not.toMatch(/Lampada|Sedia/);
  });
});
