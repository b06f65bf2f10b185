import { describe, expect, it } from 'vitest';
import { screenMemory } from '../helpers/screen-memory.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { moneyRole } from '../../agents/chat/money-role.js';
import { askedColumnRole, headerRole } from '../../agents/chat/budget-column.js';

// An amount asked by what it is for (issue 30): what is paid up front, the deposit a landlord holds,
// how much a price went up, what a budget set aside, what a thing costs a month. Every screen is made
// up for this test, in several languages; each shape has a negative (the role not on the page, two
// amounts that are no old and new price, a budget without the asked row).
const fmt = new TimeFormatter('UTC');
const AT = '2026-11-20T08:15:00.000Z';
const lead = (q: string, lines: string[], title: string) => factSentence(q, screenMemory('lines', lines.join('\n'), title, AT, { fullSnippet: true }), fmt)!;
const first = (f: { text: string }) => f.text.split('\n')[0]!;

const removals = ['Swift Removals Ltd', 'Quote for: 14 Elm Road to 3 Mill Lane', 'Packing service £180.00', 'Two-man crew, 6 hours £420.00', 'Subtotal £600.00', 'VAT (20%) £120.00', 'Total inc. VAT £720.00', 'Booking deposit (payable now) £150.00', 'Balance on moving day £570.00'];

describe('what is paid up front', () => {
  it('a removal quote: the booking deposit, not the total nor the balance', () => {
    for (const q of ['How much do I have to pay up front for the movers?', 'How much to secure the removal date?']) {
      const f = lead(q, removals, 'Quote Q-2231 — Swift Removals');
      expect(f.known).toBe(true);
      expect(first(f)).toContain('£150.00');
      expect(first(f)).not.toMatch(/720|570/);
    }
  });

  it("a German painter's estimate: its Anzahlung", () => {
    const krueger = ['Malerbetrieb Krüger', 'Wohnzimmer streichen 640,00 €', 'Material 180,00 €', 'Zwischensumme 820,00 €', 'MwSt. 19% 155,80 €', 'Gesamtbetrag 975,80 €', 'Anzahlung bei Auftrag 300,00 €'];
    const f = lead('How much does the painter want up front?', krueger, 'Kostenvoranschlag — Malerbetrieb Krüger');
    expect(first(f)).toContain('300,00');
    expect(f.known).toBe(true);
  });

  it('a venue: the reservation fee due today holds the date; the whole is the hire, not the balance', () => {
    const villa = ['Villa Rosa — Event booking', 'Date: Saturday 12 June 2027', 'Venue hire €6,000', 'Reservation fee (non-refundable) €1,000', 'Due today: €1,000', 'Remaining balance due 60 days before: €5,000'];
    const hold = lead('How much do we need to pay to hold the date at Villa Rosa?', villa, 'Booking — Villa Rosa');
    expect(first(hold)).toContain('€1,000');
    expect(first(hold)).not.toContain('5,000');
    const whole = lead('What does Villa Rosa cost in total?', villa, 'Booking — Villa Rosa');
    expect(first(whole)).toContain('€6,000');
  });

  it('a Spanish cottage: its señal is the deposit, its precio total the whole', () => {
    const olivo = ['Casa Rural El Olivo', '3 noches, 4 personas', 'Precio total 540 €', 'Señal para confirmar la reserva 160 €', 'Resto a pagar a la llegada 380 €'];
    expect(first(lead('How much is the deposit for El Olivo?', olivo, 'Reserva — Casa Rural El Olivo'))).toContain('160 €');
    expect(first(lead('How much is El Olivo in total?', olivo, 'Reserva — Casa Rural El Olivo'))).toContain('540 €');
  });

  it('an invoice without a deposit: its total is not stated as one', () => {
    const f = lead('How much is the deposit for the gardener?', ['GreenThumb Gardening', 'Hedge trimming £85.00', 'Green waste removal £25.00', 'Total £110.00', 'Due within 14 days'], 'Invoice 1042 — GreenThumb Gardening');
    expect(f.known && /110|85|25/.test(first(f))).toBe(false);
  });
});

describe('the deposit a landlord holds', () => {
  it('a listing: the deposit, not the rent', () => {
    const f = lead('What is the security deposit on the Harbour Street flat?', ['2 bedroom flat to rent', 'Harbour Street, Leith', '£1,150 pcm', '£265 pw', 'Deposit: £1,326', 'Available from 5 January'], '2 bed flat, Harbour St — Rightmove');
    expect(first(f)).toContain('£1,326');
    expect(first(f)).not.toMatch(/1,150|265/);
  });

  it('a German listing: its Kaution is the bond', () => {
    const f = lead("What's the bond on the Pankow flat?", ['2-Zimmer-Wohnung, Berlin-Pankow', 'Kaltmiete 800,00 €', 'Nebenkosten 200,00 €', 'Kaution 2.400,00 €', 'Bezugsfrei ab 1.2.2027'], 'Wohnung Pankow — ImmoScout');
    expect(first(f)).toContain('2.400,00');
    expect(f.known).toBe(true);
  });

  it('a room without a deposit shown: the rent is not stated as one', () => {
    const f = lead('How much is the security deposit for the Leeds room?', ['Double room in shared house', 'Headingley, Leeds', '£650 pcm', 'Bills included', 'Available now'], 'Room to rent, Leeds — SpareRoom');
    expect(f.known && /650/.test(first(f))).toBe(false);
  });
});

describe('how much a price went up or down', () => {
  it('a renewal with last and this year: the difference, with both figures', () => {
    const f = lead('How much has my home insurance gone up?', ['Home insurance renewal', 'Policy HS-88123', "Last year's premium £151.80", "This year's premium £186.24", 'Paying monthly: £15.52 a month'], 'Your renewal — HomeSure');
    expect(first(f)).toMatch(/£34\.44 more/);
    expect(first(f)).toContain('£151.80');
    expect(first(f)).toContain('£186.24');
  });

  it('a stated rise is taken as the page says it', () => {
    const f = lead('How much is my broadband going up by?', ['Your broadband price is changing', 'From 1 April your monthly price goes up by £3.50', 'Old price £29.99/month', 'New price £33.49/month'], 'Your new price — Fibrelink');
    expect(first(f)).toMatch(/^£3\.50/);
  });

  it('a direct debit going down: how much less', () => {
    const f = lead('How much has the energy direct debit come down?', ['Your payment plan review', 'Current direct debit £142.00 a month', 'New direct debit £118.00 a month', 'Starts 1 January'], 'Payment review — Octavia Energy');
    expect(first(f)).toMatch(/£24\.00 less/);
  });

  it('never subtracts amounts the page does not set as old and new, nor a month from a year', () => {
    const cover = lead('How much has my contents insurance gone up?', ['Contents insurance', 'Cover up to £40,000', 'Excess £250', 'Annual premium £186.24'], 'Renewal — HomeSure');
    expect(cover.known && /more|less/.test(first(cover))).toBe(false);
    const periods = lead('How much has my car insurance gone up?', ['Car insurance renewal', 'Last year £480.00 per year', 'New price £44.00 a month'], 'Renewal — AutoCover');
    expect(first(periods)).not.toMatch(/\d more|\d less/);
  });

  it('a monthly price on a page of a change is the new one, not the rise', () => {
    const f = lead('What will broadband cost me a month from April?', ['Your broadband price is changing', 'From 1 April your monthly price goes up by £3.50', 'Old price £29.99/month', 'New price £33.49/month'], 'Your new price — Fibrelink');
    expect(first(f)).toContain('£33.49');
  });
});

describe('a budget: what was set aside, what was spent', () => {
  const sheet = ['Item  Budget  Spent', 'Venue  4,500  4,200', 'Catering  3,200  3,450', 'Flowers  600  380', 'Photographer  1,400  1,400', 'Total  9,700  9,430'];
  it('set aside: the budget column; spent: the spent one', () => {
    const aside = lead('How much did we set aside for catering?', sheet, 'Wedding budget — Sheets');
    expect(first(aside)).toMatch(/Budget: 3,200/);
    expect(aside.known).toBe(true);
    const spent = lead('How much did we spend on the flowers?', sheet, 'Wedding budget — Sheets');
    expect(first(spent)).toMatch(/Spent: 380/);
  });

  it('a German holiday sheet: Geplant is what was planned', () => {
    const f = lead('How much did I plan for the hotel?', ['Urlaubsbudget Lissabon', 'Posten  Geplant  Ausgegeben', 'Flüge  900  870', 'Hotel  1.200  1.150', 'Mietwagen  300  0'], 'Urlaubsbudget — Numbers');
    expect(first(f)).toContain('1.200');
    expect(first(f)).not.toContain('1.150');
  });

  it('a budget without the asked row states no other row', () => {
    const f = lead('How much have we set aside for the cake?', sheet, 'Wedding budget — Sheets');
    expect(f.known).toBe(false);
    expect(first(f)).not.toMatch(/\d,\d{3}|600|380/);
  });
});

describe('a price per period and the whole, all in', () => {
  it('rent per calendar month and per month in French', () => {
    expect(first(lead('How much is the rent a month for the Harbour Street flat?', ['2 bedroom flat to rent', 'Harbour Street, Leith', '£1,150 pcm', '£265 pw', 'Deposit: £1,326'], '2 bed flat, Harbour St — Rightmove'))).toMatch(/^£1,150 pcm/);
    const lyon = lead('What would the Lyon flat cost me per month?', ['Appartement 2 pièces 48 m²', 'Lyon 7e', 'Loyer 890 € / mois charges comprises', 'Dépôt de garantie 830 €', "Frais d'agence 480 €"], 'Appartement T2 — SeLoger');
    expect(lyon.known).toBe(true);
    expect(first(lyon)).toContain('890 €');
  });

  it('all in: the total with tax, not the subtotal', () => {
    const f = lead('What do the movers cost all in?', removals, 'Quote Q-2231 — Swift Removals');
    expect(first(f)).toContain('£720.00');
  });
});

describe('what a question asks an amount for', () => {
  it('reads the role from everyday words, not a verb of depositing or a price to book', () => {
    expect(moneyRole('How much do they want up front?')).toBe('upfront');
    expect(moneyRole('How much is the bond on the flat?')).toBe('held');
    expect(moneyRole('How much more is the renewal than last year?')).toBe('change');
    expect(moneyRole('When was my salary deposited?')).toBeNull();
    expect(moneyRole('How much did I deposit into savings?')).toBeNull();
    expect(moneyRole('How much does it cost to book a court?')).toBeNull();
    expect(moneyRole('How much more do I still owe?')).toBeNull();
  });

  it('reads a budget column by its role, in other languages too', () => {
    expect(askedColumnRole('What have we budgeted for the car?')).toBe('planned');
    expect(askedColumnRole('How much did we actually spend on food?')).toBe('actual');
    expect(headerRole('Prévu')).toBe('planned');
    expect(headerRole('Gastado')).toBe('actual');
    expect(headerRole('Budget vs actual')).toBeNull();
  });
});
