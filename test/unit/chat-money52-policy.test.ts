import { describe, expect, it } from 'vitest';
import { screenMemory } from '../helpers/screen-memory.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { askedAct, termIn } from '../../agents/chat/policy-term.js';

// A shop's or a contract's term asked in everyday words (issue 30): the length a page gives the act
// the question names (return, warranty, cancel), not the length of another act on the same page (a
// refund paid, a parcel delivered). Made-up pages in English, German and Italian; each with a
// negative: a page without the term, another product's warranty, a refund's days.
const fmt = new TimeFormatter('UTC');
const AT = '2026-11-20T08:15:00.000Z';
const lead = (q: string, lines: string[], title: string) => factSentence(q, screenMemory('lines', lines.join('\n'), title, AT, { fullSnippet: true }), fmt)!;
const first = (f: { text: string }) => f.text.split('\n')[0]!;

describe('how long to send something back', () => {
  const returns = ['Returns & refunds', 'Refunds are paid to your original payment method within 5 working days.', 'Unworn items can be returned within 30 days of delivery.', 'Sale items are final.'];

  it('states the return window, not the refund days said first', () => {
    const f = lead('How long do I have to return the jacket?', returns, 'Returns policy — Fjellgear Outfitters');
    expect(f.known).toBe(true);
    expect(first(f)).toMatch(/^30 days/);
    expect(first(f)).not.toContain('5 working days');
  });

  it('reads a German shop that says the verb after the days', () => {
    const f = lead('How many days do I have to send back the shoes?', ['Rückgabe', 'Erstattungen erfolgen innerhalb von 10 Tagen.', 'Sie können ungetragene Artikel innerhalb von 14 Tagen nach Erhalt zurücksenden.', 'Kostenloser Rückversand'], 'Retouren — Schuhhaus Brandl');
    expect(first(f)).toMatch(/^14 Tagen/);
  });

  it('does not state an order page that gives no return term', () => {
    const f = lead('How long do I have to return the jacket?', ['Order shipped', 'Rain jacket, navy, M £89.00', 'Delivered within 3 days', 'Delivered 3 Nov'], 'Order 5531 — Fjellgear Outfitters');
    expect(f.known && /3 days/.test(first(f))).toBe(false);
  });

  it('reads the act, not a refund or a delivery, in a line', () => {
    expect(termIn('return', 'Refunds are processed within 5 days of receiving your return.')).toBeNull();
    expect(termIn('return', '30-day free returns on all orders')).toBe('30-day');
    expect(askedAct('How long do I have to send the boots back?')).toBe('return');
    expect(askedAct('Can I return the boots?')).toBeNull();
  });
});

describe('how long a warranty lasts', () => {
  it('a product page: the warranty, not the delivery time; an Italian one its garanzia', () => {
    const en = lead('How long is the warranty on the blender?', ['Kitchen blender VitaBlend 900', '£129.99', 'Free delivery in 2-4 days', 'Warranty: 3 years', '1200 W motor'], 'VitaBlend 900 blender — Lakeland');
    expect(en.known).toBe(true);
    expect(first(en)).toMatch(/^3 years/);
    const it_ = lead('How long is the guarantee on the coffee machine?', ['Macchina da caffè Aurora', 'Consegna in 48 ore', 'Garanzia 2 anni', '€ 249,00'], 'Aurora coffee machine — Caffè Rossi');
    expect(first(it_)).toMatch(/^2 anni/);
  });

  it('does not give another product its warranty', () => {
    const f = lead('How long is the warranty on the blender?', ['Two-slice toaster Crisp 2', '£39.99', 'Warranty: 2 years'], 'Crisp 2 toaster — Lakeland');
    expect(f.known && /2 years/.test(first(f))).toBe(false);
  });
});

describe('how long to cancel', () => {
  it('a gym contract: the cooling-off days', () => {
    const f = lead('How long do I have to cancel the gym membership?', ['Pulse Gym membership agreement', 'Monthly fee £34.00, paid on the 1st', 'You may cancel within 14 days of signing at no cost.', 'Card access activated within 2 days'], 'Membership — Pulse Gym');
    expect(first(f)).toMatch(/^14 days/);
  });
});
