import { describe, expect, it } from 'vitest';
import type { FrameWords } from '../../agents/store/index.js';
import type { PassageMatch } from '../../shared/index.js';
import { cell, screenOf } from '../helpers/screen-words.js';
import { screenMemory } from '../helpers/screen-memory.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { amountsIn, moneyAsk } from '../../agents/chat/money-total.js';
import { textTables } from '../../agents/chat/row-column.js';

// Bills, bookings, statements and tables made up for this test, in several languages, apart from the
// benchmark days: the questions say in their own words what the screens label ("what do we owe" for
// "Te betalen", "how many hours" for "Hrs"). Each screen is one passage of OCR lines; some come with
// the word boxes a browser draws (screen-words), so a receipt OCR read column by column is read by
// where its words sit.
const fmt = new TimeFormatter('UTC');
const AT = '2026-11-20T08:15:00.000Z';
const lead = (q: string, text: string, title: string, fw?: FrameWords) => {
  const numbered = screenMemory('lines', text, title, AT, { frameId: 'frm_m', fullSnippet: true });
  return factSentence(q, numbered, fmt, fw ? (id) => (id === 'frm_m' ? fw : null) : undefined)!;
};
const first = (q: string, text: string, title: string, fw?: FrameWords) => lead(q, text, title, fw).text.split('\n')[0]!;

describe('what a bill comes to: the amount labelled as the whole, not the first amount', () => {
  // [question, screen lines, window title, the amount stated, amounts that must not be stated]
  const bills: [string, string[], string, string, string[]][] = [
    ['What will the bike repair cost me?', ['Bike repair estimate #4471', 'Labour 2 h x 45.00/h 90.00', 'Brake pads 24.50', 'Chain 31.00', 'Subtotal 145.50', 'VAT 21% 30.56', 'Total 176.06 EUR'], 'Estimate — Velo Werkplaats', '176.06', ['90.00', '145.50']],
    ['How much do we owe for the window cleaning?', ['Rechnung Nr. 2026-118', 'Window cleaning / Fensterreinigung 3 x 35,00 105,00', 'Anfahrt 12,00', 'Zwischensumme 117,00', 'MwSt 19 % 22,23', 'Gesamtbetrag 139,23 €'], 'Rechnung — Glanz GmbH', '139,23', ['105,00', '117,00']],
    ['What did the concert tickets cost in the end?', ['Concert tickets — riepilogo ordine', '2 x Biglietto intero € 38,00', 'Diritti di prevendita € 6,00', 'Totale pagato € 82,00'], 'Ordine confermato — TicketItalia', '82,00', ['38,00']],
    ['How much is the plumber bill altogether?', ['Factuur 7731 — loodgieter (plumber)', 'Arbeid 1,5 uur € 60,00', 'Materiaal € 18,75', 'BTW 21% € 16,54', 'Te betalen € 95,29'], 'Factuur — De Vries Installatie', '95,29', ['60,00']],
    ['What will the hotel in Cádiz cost us?', ['Hotel Miramar Cádiz, 3 noches', '€ 95,00 por noche', 'Tasa turística € 2,50 por persona por noche', 'Total a pagar 300,00 €'], 'Reserva — Hotel Miramar', '300,00', ['95,00']],
    ['What did the dentist charge for the cleaning?', ['Cabinet dentaire Morel — dentist', 'Consultation 30,00 €', 'Détartrage (cleaning) 45,00 €', 'Montant TTC 75,00 €'], 'Facture — Cabinet Morel', '75,00', []],
    ['What did the car rental come to?', ['Car rental — Lisboa airport', 'Diária 3 x 29,90 €', 'Seguro 18,00 €', 'Valor total 107,70 €'], 'Reserva — AutoLuso', '107,70', ['29,90', '18,00']],
    ['How much did I spend at the hardware store?', ['Hardware store receipt', 'Wood screws 7.90', 'Masking tape 6.40', 'Drill bits 24.99', 'Subtotal 39.29', 'VAT 23% 9.04', 'Grand total EUR 48.33'], 'Receipt — Bonfim Ferragens', '48.33', ['39.29']],
    ['What will the electrician charge us?', ['Electrician quote Q-208', 'Replace consumer unit £480.00', 'Certificate £60.00', 'Total inc. VAT £648.00'], 'Quote — Bright Sparks Electrical', '648.00', ['480.00']],
    ['What did the school trip cost in total?', ['School trip to the zoo', 'Coach £8.00', 'Entry £12.50', 'Order total £20.50'], 'ParentPay — School trip', '20.50', ['12.50']],
    ['How much was the catering invoice?', ['Catering invoice 0042', 'Buffet for 40 guests 1,200.00', 'Staff 3 x 150.00 450.00', 'Amount due 1,650.00'], 'Invoice — Fig & Olive Catering', '1,650.00', ['1,200.00']],
    ['What do we pay the movers?', ['Umzugsangebot (movers)', 'Transporter 1 Tag 390,00 €', 'Packer 2 x 4 h 280,00 €', 'Endbetrag 670,00 €'], 'Angebot — Umzüge Krause', '670,00', ['390,00']],
    ['What did the vet bill come to?', ['Fattura veterinario (vet)', 'Visita 45,00', 'Vaccino 32,00', 'Importo totale € 77,00'], 'Clinica Veterinaria San Marco', '77,00', ['45,00']],
    ['How much is the ferry booking?', ['Ferry booking — Rotterdam to Hull', '2 adults x 89.00', 'Car 120.00', 'Cabin 75.00', 'Total charged €373.00'], 'Booking — North Sea Ferries', '373.00', ['120.00', '89.00']],
    ['How much do I owe for the yoga course altogether?', ['Yoga course — 10 classes', 'Cours de yoga 10 x 15,00 €', 'Montant à payer 150,00 €'], 'Inscription — Studio Lotus', '150,00', ['15,00']],
  ];
  for (const [q, lines, title, amount, not] of bills) {
    it(`${q} → ${amount}`, () => {
      const f = lead(q, lines.join('\n'), title);
      const line = f.text.split('\n')[0]!;
      expect(f.known).toBe(true);
      expect(line).toContain(amount);
      for (const x of not) expect(line).not.toContain(x);
    });
  }

  it('states what is left to pay when asked for it, the whole when asked what it costs', () => {
    const cake = ['Three-tier wedding cake', 'Price £420.00', 'Deposit paid £100.00', 'Balance due £320.00 by 1 June'].join('\n');
    expect(first('How much do I still owe for the wedding cake?', cake, 'Cake order — Sugar & Crumb')).toMatch(/^Balance due £320\.00/);
    // Asked what it costs: no total is shown, so the price of the whole cake (not the deposit, not the balance).
    expect(first('What does the wedding cake cost?', cake, 'Cake order — Sugar & Crumb')).toContain('420.00');
  });

  it('reads a receipt OCR read column by column by where its labels and amounts sit', () => {
    // The labels in one block, the amounts in another: OCR's text pairs nothing.
    const fw = screenOf(
      cell('Garden centre receipt', 40, 30),
      cell('Compost 40 l', 40, 80), cell('8.99', 600, 80),
      cell('Tomato plants', 40, 110), cell('12.50', 600, 110),
      cell('Subtotal', 40, 150), cell('21.49', 600, 150),
      cell('Total paid', 40, 180), cell('21.49', 600, 180),
    );
    const text = 'Garden centre receipt\nCompost 40 l\nTomato plants\nSubtotal\nTotal paid\n8.99\n12.50\n21.49\n21.49';
    const f = lead('What did the garden centre cost me?', text, 'Receipt — Green Thumb', fw);
    expect(f.known).toBe(true);
    expect(f.text.split('\n')[0]).toMatch(/^Total paid: 21\.49/);
  });

  it('does not state a total as known when the bill names only part of what was asked', () => {
    // "Fensterreinigung" is not "window cleaners" to the words of the question: the bill from Glanz is no sure answer.
    const f = lead('What do we owe Glanz for the window cleaners?', 'Rechnung Nr. 2026-118\nFensterreinigung 3 x 35,00 105,00\nGesamtbetrag 139,23 €', 'Rechnung — Glanz GmbH');
    expect(f.known && /139,23/.test(f.text.split('\n')[0]!)).toBe(false);
  });
});

describe('an amount per unit when the question asks for one', () => {
  it('states the hourly rate, not the total of the hours', () => {
    const f = lead("What's the cleaning service's hourly rate?", 'Cleaning service booking\nRate: €35.00 per hour\n4 hours\nTotal: €140.00', 'Booking — HomeClean');
    expect(f.known).toBe(true);
    expect(f.text.split('\n')[0]).toMatch(/^Rate: €35\.00 per hour/);
  });

  it('states the nightly price in Spanish, not the total of the stay', () => {
    const line = first('What is the nightly rate at Hotel Miramar?', 'Hotel Miramar, 3 noches\n€ 95,00 por noche\nTotal a pagar 300,00 €', 'Reserva — Hotel Miramar');
    expect(line).toContain('95,00');
    expect(line).not.toContain('300,00');
  });

  it('of two rates, states the one the question names', () => {
    const line = first('What is the hourly rate for ironing at HomeClean?', 'HomeClean prices\nCleaning €35.00 per hour\nIroning €22.00 per hour', 'Prices — HomeClean');
    expect(line).toMatch(/^Ironing €22\.00 per hour/);
  });
});

describe('a row × a column of a table', () => {
  const sheet = ['Timesheet May', 'Name Hrs Rate/h Amount', 'Sam Okafor 42.5 35.00 1,487.50', 'Lena Vogt 38 40.00 1,520.00', 'Ivo Marek 20 30.00 600.00'].join('\n');

  it('reads a table from OCR lines without word boxes: a header over rows ending in as many figures', () => {
    const [t] = textTables(sheet.split('\n'));
    expect(t!.columns).toEqual(['Name', 'Hrs', 'Rate/h', 'Amount']);
    expect(t!.rows[1]!.cells).toEqual(['Lena Vogt', '38', '40.00', '1,520.00']);
    // Words apart from figures across a row: no table.
    expect(textTables(['Notes', 'Call the bank', 'Pick up the parcel at 5'])).toEqual([]);
  });

  it('states the cell where the asked person and the asked column cross, by an abbreviated header', () => {
    expect(first('How many hours did Sam log in May?', sheet, 'Timesheet — May')).toMatch(/^Hrs: 42\.5 \(Sam Okafor\)/);
    expect(first("What is Lena's hourly rate?", sheet, 'Timesheet — May')).toMatch(/^Rate\/h: 40\.00 \(Lena Vogt\)/);
    expect(first('How much did Ivo earn in May?', sheet.replace('Amount', 'Earned'), 'Timesheet — May')).toMatch(/^Earned: 600\.00 \(Ivo Marek\)/);
  });

  it('says a named person has no row, and states no one else\'s', () => {
    const f = lead('How many hours did Priya log in May?', sheet, 'Timesheet — May');
    expect(f.known).toBe(false);
    expect(f.text.split('\n')[0]).toMatch(/^I don't know: Priya has no row/);
    expect(f.text.split(' — seen')[0]).not.toMatch(/42\.5|\b38\b|\b20\b/);
  });

  it('sums a column asked for as a whole when the table has no total row, and says it is a sum', () => {
    const goods = 'Goods in — Thursday\nSupplier Pallets Boxes\nNordfrost 12 40\nGreenleaf 40 110\nBakehaus 41 12';
    expect(first('How many pallets came in altogether today?', goods, 'Goods in — Warehouse')).toMatch(/^Pallets: 93 in all \(12 \+ 40 \+ 41\)/);
    expect(first('How many boxes did we get in total?', goods, 'Goods in — Warehouse')).toMatch(/^Boxes: 162 in all/);
  });

  it('states the total row when the table has one, not a sum of its own', () => {
    const stock = 'Stock count\nShelf Crates\nA 14\nB 9\nTotal 23';
    expect(first('How many crates are there in total?', stock, 'Stock — Depot')).toMatch(/^Crates: 23 \(Total\)/);
  });

  it('sums the asked person\'s rows (their shifts), and the user\'s own row', () => {
    const shifts = 'Shifts week 49\nStaff Day Hours\nAna Mon 8\nTom Tue 6\nAna Thu 4.5\nTom Fri 6';
    expect(first('How many hours is Ana working this week?', shifts, 'Rota — Café Sol')).toMatch(/^Hours for Ana Mon: 12\.5 in all \(8 \+ 4\.5\)/);
    const rota = 'Rota week 49\nStaff Mon Tue Wed Hours\nAna 8 8 0 16\nTom (you) 6 0 6 12\nBea 0 8 8 16';
    expect(first('How many hours am I down for this week?', rota, 'Rota — Café Sol')).toMatch(/^Hours: 12 \(Tom \(you\)\)/);
  });

  it('reads a table by its word boxes: a German header, the asked row and column', () => {
    const fw = screenOf(
      cell('Stundenzettel Mai', 40, 30),
      cell('Mitarbeiter', 40, 80), cell('Std.', 400, 80), cell('Satz €/h', 560, 80), cell('Betrag', 760, 80),
      cell('Jonas Weber', 40, 112), cell('31,5', 400, 112), cell('42,00', 560, 112), cell('1.323,00', 760, 112),
      cell('Mia Keller', 40, 144), cell('12', 400, 144), cell('38,00', 560, 144), cell('456,00', 760, 144),
    );
    // OCR read the table column by column: its text alone pairs no name with a figure.
    const text = 'Stundenzettel Mai\nMitarbeiter\nJonas Weber\nMia Keller\nStd.\n31,5\n12\nSatz €/h\n42,00\n38,00\nBetrag\n1.323,00\n456,00';
    expect(first('How many hours did Mia work in May?', text, 'Stundenzettel — Mai', fw)).toMatch(/^Std\.: 12 \(Mia Keller\)/);
  });

  it('reads a laid-out table\'s quantity column and sums it when asked for all of it', () => {
    const fw = screenOf(
      cell('Deliveries today', 40, 30),
      cell('Route', 40, 80), cell('Driver', 300, 80), cell('Parcels', 600, 80),
      cell('North', 40, 112), cell('Kemal', 300, 112), cell('64', 600, 112),
      cell('Centre', 40, 144), cell('Rosa', 300, 144), cell('81', 600, 144),
      cell('Harbour', 40, 176), cell('Piet', 300, 176), cell('37', 600, 176),
    );
    const text = 'Deliveries today\nRoute Driver Parcels\nNorth Kemal 64\nCentre Rosa 81\nHarbour Piet 37';
    expect(first('How many parcels went out altogether today?', text, 'Dispatch — Deliveries', fw)).toMatch(/^Parcels: 182 in all \(64 \+ 81 \+ 37\)/);
    expect(first('How many parcels did Rosa take?', text, 'Dispatch — Deliveries', fw)).toMatch(/^Parcels: 81 \(Centre/);
  });
});

describe('negatives: no total shown, no row, a unit price, a part, another month', () => {
  it('does not state a line item as the whole when the receipt shows no total', () => {
    const f = lead('What did breakfast cost altogether?', 'Café Lumen breakfast\nFlat white 3.40\nCroissant 2.80\nOrange juice 4.10', 'Receipt — Café Lumen');
    expect(f.known).toBe(false);
    expect(f.text.split('\n')[0]).not.toMatch(/3\.40|2\.80|4\.10/);
  });

  it('does not sum prices per month into a total nobody was charged', () => {
    const f = lead('How much is the gym membership in total?', 'Gym membership plans\nBasic €29 per month\nPremium €45 per month', 'Plans — FitHub');
    expect(f.text.split('\n')[0]).not.toMatch(/\b74\b|in all/);
  });

  it('does not sum a column of prices into a bill', () => {
    const menu = 'Price list\nItem Qty Price\nPaint 2 20.30\nBrush 1 6.40\nTape 3 4.50';
    expect(first('How much do the paint supplies cost altogether?', menu, 'Price list — DIY')).not.toMatch(/31\.20|in all/);
  });

  it('does not state the whole stay for a nightly rate', () => {
    const f = lead('What is the nightly rate at the Seaview?', 'Seaview Guesthouse booking\n3 nights\nTotal €300.00', 'Booking — Seaview');
    expect(f.known).toBe(false);
  });

  it('does not state the whole as what is left when a deposit was paid and no balance is shown', () => {
    const f = lead('How much do I still owe for the sofa?', 'Sofa order 5521\nSofa Oslo 3-seater\nTotal £899.00\nDeposit paid £200.00', 'Order — Nordhus');
    expect(f.known).toBe(false);
    expect(f.text.split('\n')[0]).toMatch(/^I don't know what is left to pay: the screen shows no balance, only Total £899\.00; Deposit paid £200\.00/);
  });

  it('states the part of a bill the question names, not its total', () => {
    const line = first('What was the delivery charge?', 'Sofa order 5521\nSofa Oslo 3-seater 899.00\nDelivery 49.00\nTotal 948.00', 'Order — Nordhus');
    expect(line).toContain('49.00');
    expect(line).not.toContain('948.00');
  });

  it('does not state another month\'s bill', () => {
    const f = lead('What was the total of my March phone bill?', 'Phone bill April 2026\nCalls 4.20\nPlan 20.00\nTotal 24.20', 'Phone bill April — Tellio');
    expect(f.text.split('\n')[0]).not.toContain('24.20');
  });

  it('answers "when is it due" with a date, not with the amount due', () => {
    const line = first('When is the payment for the gas bill due?', 'Gas bill November\nAmount due €84.30\nDue date 15 Dec 2026', 'Gas bill — Lumen Energy');
    expect(line).toContain('15 Dec 2026');
  });

  it('states no cell for a column the table does not have', () => {
    const f = lead('How many hours did Sam log in May?', 'Staff list May\nName Room Ext\nSam Okafor B12 4471\nLena Vogt B14 4480', 'Staff — Intranet');
    expect(f.known).toBe(false);
    expect(f.text.split('\n')[0]).toMatch(/^I don't know: Sam Okafor B12 has a row, but the table has no column of hours/);
  });

  it('states no bill for a thing the bill does not name, nor for a cost centre', () => {
    const energy = 'Energy bill November\nElectricity 1,120 kWh 214.37\nStanding charge 19.84\nTotal to pay 234.21';
    const f = lead('How much did I pay for the camping stove?', energy, 'Bill — Northwind Energy');
    expect(f.text.split('\n')[0]).not.toContain('234.21');
    const hire = lead('What cost centre is my trip booked under?', 'Your reservation\nCompact car 5 days\nTotal price €187.40 incl. insurance', 'Reservation — Atlantico Car Hire');
    expect(hire.text.split('\n')[0]).not.toContain('187.40');
  });

  it('does not state a sheet\'s total row for one row of it', () => {
    const sheet = ['Conference costs EUR', 'Berlin day · Munich day', 'Budget · Actual · Budget · Actual', 'Catering · 3,100 · 3,420 · 2,800 · 2,650', 'Venue · 4,000 · 4,000 · 3,500 · 3,650', 'Total EUR · 7,100 · 7,420 · 6,300 · 6,300'].join('\n');
    const line = first('What did the catering end up costing for the Berlin day?', sheet, 'Conference costs — Sheets');
    expect(line).not.toMatch(/7,100|7,420/);
  });

  it('asks for the whole only when the question asks what something costs, not for a part or a time', () => {
    expect(moneyAsk('What will the repair cost me?')).toEqual({ of: 'whole' });
    expect(moneyAsk('What do I still owe the builder?')).toEqual({ of: 'left' });
    expect(moneyAsk("What's her day rate?")).toEqual({ of: 'unit', unit: 'day' });
    expect(moneyAsk('What was the booking fee?')).toEqual({ of: 'part' });
    expect(moneyAsk('How many tickets did we buy?')).toBeNull();
  });

  it('reads amounts in English and European forms, not a VAT rate or a date', () => {
    expect(amountsIn('Gesamtbetrag 1.245,00 €').map((a) => a.value)).toEqual([1245]);
    expect(amountsIn('Total £1,475.50').map((a) => a.value)).toEqual([1475.5]);
    expect(amountsIn('VAT 21% 30.56').map((a) => a.value)).toEqual([30.56]);
    expect(amountsIn('Due 12.03.2026')).toEqual([]);
  });
});

describe('the screens read: the block that names what was asked', () => {
  it('states the total of a bill whose block or window names what was asked, from the best screens', () => {
    const p = (text: string, title: string, score: number): PassageMatch => ({
      kind: 'lines', text, marked: text, snippet: text, observation_id: `obs_${score}`, frame_id: null, seen_at: AT, last_seen_at: AT, sightings: 1, app: 'Chromium', window_title: title, url: null, score, next: null,
    });
    const numbered = screenMemory('lines', 'x', 'x', AT);
    const m = numbered[0]!;
    const two = [
      { ...m, n: 1, passages: [p('Gym membership\nMonthly fee €39.00', 'FitHub — Account', 6)] },
      { ...m, n: 2, memory: { ...m.memory, id: 'mem_2' }, passages: [p('Piano lessons invoice\nLessons 4 x 30.00\nTotal 120.00', 'Invoice — Piano school', 5)] },
    ];
    const f = factSentence('What do I owe for the piano lessons?', two, fmt)!;
    expect(f.text.split('\n')[0]).toMatch(/^Total 120\.00.*\[2\]/);
  });
});

describe('a bill in another language met by what was bought, as that language writes it', () => {
  // [question, lines, title, amount stated]: the thing inside a compound, a place's own spelling, "how much was the X".
  const met: [string, string[], string, string][] = [
    ['How much did the bike repair cost?', ['Fietsenmaker De Spaak', 'Reparatie achterwiel', 'Arbeid 35,00', 'Onderdelen 22,50', 'Totaal € 57,50'], 'Factuur — De Spaak', '57,50'],
    ['What did the flat in Lisbon cost us?', ['Reserva confirmada', 'Apartamento T2 Alfama, Lisboa', '4 noites · 2 hóspedes', 'Taxa de limpeza 45,00 €', 'Total a pagar 412,00 €'], 'Reserva — Casas Lisboa', '412,00'],
    ['How much was the ferry in the end?', ['Boeking bevestigd', 'Veerboot Harlingen – Terschelling', '2 volwassenen, 1 auto', 'Reserveringskosten € 7,50', 'Te betalen € 143,50'], 'Rederij Doeksen — Boeking', '143,50'],
    ['How much was the hotel?', ['Hotelrechnung Zimmer 214', '2 Nächte à 98,00 €', 'Frühstück 24,00 €', 'Gesamtbetrag 220,00 €'], 'Rechnung — Hotel Seeblick', '220,00'],
  ];
  for (const [q, lines, title, amount] of met) {
    it(`${q} → ${amount}`, () => {
      const f = lead(q, lines.join('\n'), title);
      expect(f.known).toBe(true);
      expect(f.text.split('\n')[0]).toContain(amount);
    });
  }

  it('states no bill for a place it does not name, nor for a thing only another compound holds', () => {
    const cadiz = ['Hotel Miramar Cádiz, 3 noches', '€ 95,00 por noche', 'Total a pagar 300,00 €'].join('\n');
    expect(lead('What did the hotel in Lisbon cost us?', cadiz, 'Reserva — Hotel Miramar').text.split('\n')[0]).not.toContain('300,00');
    const garage = ['Autowerkstatt Brandt', 'Reparatur Auspuff', 'Arbeitszeit 120,00 €', 'Gesamtbetrag 310,00 €'].join('\n');
    expect(lead('How much did the bike repair cost?', garage, 'Rechnung — Autowerkstatt Brandt').text.split('\n')[0]).not.toContain('310,00');
    const hotel = ['Hotel Bellavista Firenze', 'Totale pagato 318,40 €'].join('\n');
    expect(lead('How much was the ferry?', hotel, 'Conferma — Bellavista').text.split('\n')[0]).not.toContain('318,40');
  });
});
