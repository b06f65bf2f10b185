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
