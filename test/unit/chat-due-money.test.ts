import { describe, expect, it } from 'vitest';
import { askPage, statedLead } from '../helpers/page-ask.js';

// Pages made up for this test, apart from the benchmark days: when money leaves the user's account
// (a direct debit, a card charge) or comes back (a refund, a credit), asked in everyday words the page
// does not use ("take the money" for "collect", "pay me back" for "refund").
const at = '2026-11-20T18:05:00.000Z';
const ask = (q: string, title: string, text: string) => statedLead(askPage(q, title, text, at));

const WATER = [
  'Riverside Water - Your account 7710-2204',
  'Statement date 14 November 2026',
  'Meter reading 12 Nov: 00482 m3 (previous 00461 m3)',
  'Charges this period',
  'Supply 21 m3 x 1.92 40.32',
  'Standing charge 61 days x 0.31 18.91',
  'Total this period 59.23',
  "We'll take GBP 59.23 from your account by Direct Debit on or just after 3 December 2026.",
  'Questions? Call 0345 210 7788',
].join('\n');

const GYM = [
  'Pulse Fitness - Membership',
  'Plan Flex monthly - member since 4 March 2025',
  'Your card ending 4411 will be charged EUR 39.90 on 1 December for next month.',
  'Freeze your membership any time from the app.',
].join('\n');

const MOBILE = [
  'Tellio - Help chat',
  'Agent Noor: I have looked at your October usage and the data you used in Norway should have been free.',
  'Agent Noor: I have put through a credit of EUR 18.60 for it, it will show on your January bill.',
  'Agent Noor: Is there anything else I can help with today?',
].join('\n');

const SHOP_REFUND = [
  'Trailhead Outdoor - Order 55310',
  'Order placed 2 November 2026',
  'Returned item: Ridge hiking boots, size 43',
  'Refund status: Processing',
  'Refund amount EUR 129.00',
].join('\n');

const BILL_ONLY = [
  'Brightline Energy - Your November bill',
  'Bill issued 16 November 2026',
  'Account 20-4418-90',
  'Electricity used 312 kWh at 0.2810 per kWh',
  'Balance to pay EUR 87.67',
].join('\n');

describe('when money is taken from the account', () => {
  it('states the date a letter says it will collect the payment, asked with other verbs', () => {
    expect(ask('When is the water company going to take the money for this bill?', 'Statement — Riverside Water', WATER)).toContain('3 December');
    expect(ask('When will my card be charged for the gym?', 'Membership — Pulse Fitness', GYM)).toContain('1 December');
  });

  it('does not state the date a bill was issued as the day it is paid', () => {
    const f = ask('When will the energy company take the payment?', 'Your bill — Brightline Energy', BILL_ONLY);
    expect(f).not.toMatch(/^[^(]*16 November/);
  });
});

describe('when money comes back', () => {
  it('states the bill a credit will show on, a month alone', () => {
    expect(ask('When will the phone company pay me back for the Norway data?', 'Help chat — Tellio', MOBILE)).toContain('January');
  });

  it('says it does not know when a refund page gives no date for it', () => {
    const f = ask('When will I get my money back for the boots?', 'Order 55310 — Trailhead Outdoor', SHOP_REFUND);
    expect(f).not.toMatch(/^[^(]*2 November/);
  });
});

describe('how much a bill is', () => {
  it('states the amount to pay, not a unit price or a reading', () => {
    expect(ask("How much is this month's water bill?", 'Statement — Riverside Water', WATER)).toContain('59.23');
  });
});
