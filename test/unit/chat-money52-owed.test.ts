import { describe, expect, it } from 'vitest';
import { screenMemory } from '../helpers/screen-memory.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { businessKind, tradeSaid } from '../../agents/chat/trade-nouns.js';
import { rowsAreKinds } from '../../agents/chat/row-kinds.js';

// Money and days asked in everyday words (issue 30): a tradesman by his trade's agent noun ("the
// plumber" on "Harris Plumbing"), a shop by its kind ("the DIY store"), what is owed on a bill paid in
// part, the days of one kind of leave on an HR table. Made-up screens; each with a negative.
const fmt = new TimeFormatter('UTC');
const AT = '2026-11-20T08:15:00.000Z';
const lead = (q: string, lines: string[], title: string) => factSentence(q, screenMemory('lines', lines.join('\n'), title, AT, { fullSnippet: true }), fmt)!;
const first = (f: { text: string }) => f.text.split('\n')[0]!;

describe('a tradesman asked by his trade, a shop by its kind', () => {
  const plumbing = ['Dave Harris Plumbing', 'Invoice 2231', 'Labour 3 hrs @ £45.00 £135.00', 'Parts (valve, washers) £22.40', 'Total £157.40', 'Paid £50.00', 'Balance due £107.40'];

  it('what is owed the plumber: the balance, with a payment made', () => {
    const f = lead('What do I owe the plumber?', plumbing, 'Invoice 2231 — Dave Harris Plumbing');
    expect(f.known).toBe(true);
    expect(first(f)).toMatch(/^Balance due £107\.40/);
  });

  it('what the roofer charged: the total of a roofing invoice', () => {
    const f = lead('What did the roofer charge us?', ['Lee Roofing Ltd', 'Ridge tiles replaced £640.00', 'Scaffolding £1,200.00', 'Subtotal £1,840.00', 'VAT £368.00', 'Total £2,208.00'], 'Invoice — Lee Roofing');
    expect(first(f)).toMatch(/£2,208\.00/);
    expect(first(f)).not.toMatch(/1,840/);
  });

  it('an electrician\'s invoice is not the plumber\'s', () => {
    const f = lead('What do I owe the plumber?', ['Sparks Electrical', 'Consumer unit swap £380.00', 'Total £380.00'], 'Invoice — Sparks Electrical');
    expect(f.known && /380/.test(first(f))).toBe(false);
  });

  it('the DIY store: the order total, not its subtotal', () => {
    const f = lead('What did the DIY store charge me?', ['HomeBase DIY', 'Order #HB-55120', 'Wood screws 4x40 (200) £6.50', 'Masking tape x2 £4.00', 'Subtotal £10.50', 'Delivery £3.95', 'Total £14.45'], 'Order confirmation — HomeBase DIY');
    expect(f.known).toBe(true);
    expect(first(f)).toMatch(/^Total £14\.45/);
  });

  it('knows the agent from the trade only by the whole word of the work', () => {
    expect(tradeSaid('plumber', 'Dave Harris Plumbing')).toBe(true);
    expect(tradeSaid('gardener', 'Green Thumb Gardening Services')).toBe(true);
    expect(tradeSaid('plumber', 'Plumb Street Bakery')).toBe(false);
    expect(tradeSaid('account', 'Accounting')).toBe(false);
    expect(businessKind('store')).toBe(true);
    expect(businessKind('hardwar')).toBe(false);
  });
});

describe('days of one kind of leave on an HR table', () => {
  const hr = ['Leave balance 2026', 'Type Entitled Taken Remaining', 'Annual leave 28 19 9', 'Sick leave 10 2 8', 'Carried over 3 0 3'];

  it('gives each kind its own days, never their sum', () => {
    const f = lead('How many days of leave do I have left?', hr, 'Time off — PeopleHR');
    expect(first(f)).toMatch(/9 \(Annual leave\)/);
    expect(first(f)).not.toMatch(/\b17\b/);
  });

  it('sums the entries of one thing, not kinds of it', () => {
    expect(rowsAreKinds(['Annual leave', 'Sick leave'], ['leave'])).toBe(true);
    expect(rowsAreKinds(['Sam · Mon', 'Sam · Tue'], ['sam'])).toBe(false);
    expect(rowsAreKinds(['Leave', 'Leave'], ['leave'])).toBe(false);
  });
});

describe('what is left on a card paid into', () => {
  const coffee = ['Bean & Leaf coffee card', 'Card no. 6021 4471', 'Last top-up £20.00 on 2 Nov', 'Card balance £7.45', 'Stars: 112'];

  it('states the balance, not the top-up; a French gift card its solde', () => {
    const f = lead('How much is left on my coffee card?', coffee, 'Rewards — Bean & Leaf');
    expect(f.known).toBe(true);
    expect(first(f)).toMatch(/^Card balance £7\.45/);
    const fr = lead('How much is left on my gift card?', ['Carte cadeau Fnac', 'Valeur initiale 50,00 €', 'Solde 12,80 €', "Valable jusqu'au 31/12/2027"], 'Gift card — Fnac');
    expect(fr.known).toBe(true);
    expect(first(fr)).toContain('12,80');
    expect(first(fr)).not.toContain('50,00');
  });

  it('does not give the top-up as what is left when no balance is shown', () => {
    const f = lead('How much is left on my coffee card?', coffee.filter((l) => !l.startsWith('Card balance')), 'Rewards — Bean & Leaf');
    expect(f.known && /20\.00/.test(first(f))).toBe(false);
  });
});

describe('a table booked for a party', () => {
  it('"Party of 5" answers how many the table is for', () => {
    const f = lead('How many people is the table for?', ['Your reservation at Dishoom', 'Sat, Dec 12 at 7:30 PM', 'Party of 5'], 'OpenTable');
    expect(first(f)).toMatch(/^5 people/);
  });
});

describe('what was spent at a merchant with several rows on a statement', () => {
  it('adds its rows up, a German bank\'s too, leaving out money paid back', () => {
    const uk = lead('How much did I spend at Tesco this week?', ['Transactions', 'Mon 23 Nov  Tesco Express  -£12.40', 'Tue 24 Nov  Costa Coffee  -£3.10', 'Thu 26 Nov  Tesco Superstore  -£48.95', 'Fri 27 Nov  Shell  -£55.00'], 'Statement — Starling');
    expect(first(uk)).toMatch(/^£61\.35 in all/);
    const de = lead('What did I pay at REWE?', ['Umsätze', '27.11.2026 Kartenzahlung REWE Markt GmbH -23,17 €', '26.11.2026 Lastschrift Stadtwerke -84,00 €', '20.11.2026 Kartenzahlung REWE City -8,40 €', '18.11.2026 Gutschrift REWE Erstattung +5,00 €'], 'Umsätze — Sparkasse');
    expect(first(de)).toMatch(/^31,57 € in all/);
  });

  it('states nothing for a merchant the statement does not show', () => {
    const f = lead('How much did I spend at Aldi?', ['Transactions', 'Mon 23 Nov  Tesco Express  -£12.40', 'Thu 26 Nov  Tesco Superstore  -£48.95'], 'Statement — Starling');
    expect(f.known && /12\.40|48\.95|61\.35/.test(first(f))).toBe(false);
  });
});
