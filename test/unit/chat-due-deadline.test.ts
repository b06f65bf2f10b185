import { describe, expect, it } from 'vitest';
import { askPage, statedLead } from '../helpers/page-ask.js';
import { cell, screenOf } from '../helpers/screen-words.js';
import { screenMemory } from '../helpers/screen-memory.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';

// Screens made up for this test, apart from the benchmark days: the date a thing must be done by,
// asked as a person asks it ("by when", "when is it due", "has to be sorted") over a form, a tracker
// and a chat line that say it their own way ("Upload before", "Due", "needs to be fixed by").
const at = '2026-11-20T18:05:00.000Z';
const ask = (q: string, title: string, text: string) => statedLead(askPage(q, title, text, at));

describe('by when a thing must be done', () => {
  it('states the date a form sets as the limit, not the other dates beside it', () => {
    // A home insurer's claim page: its labels in one column, their values in the next.
    const fw = screenOf(
      cell('Claim type', 40, 100), cell('Water damage, kitchen ceiling', 360, 100),
      cell('Date of loss', 40, 136), cell('3 January 2027', 360, 136),
      cell('Claim opened', 40, 172), cell('5 January 2027', 360, 172),
      cell('Upload the builder estimate before', 40, 208), cell('22 January 2027', 360, 208),
      cell('Your adjuster', 40, 244), cell('Priit Kask', 360, 244),
    );
    // The block the limit's value sits in was not among the passages matched: only the word boxes pair it with its label.
    const text = 'Claim type\nDate of loss\nClaim opened\nUpload the builder estimate before\nYour adjuster\nWater damage, kitchen ceiling\n3 January 2027\n5 January 2027';
    const f = factSentence("By when does the insurance company want the builder's quote for the ceiling?", screenMemory('lines', text, 'Claim HX-2207 — Lakeside Home Insurance', at, { frameId: 'frm_1', fullSnippet: true }), new TimeFormatter('UTC'), (id) => (id === 'frm_1' ? fw : null))!;
    expect(f.known).toBe(true);
    expect(f.text.split(' — seen')[0]).toContain('22 January');
    expect(f.text.split(' — seen')[0]).not.toContain('5 January');
  });

  it("states a tracker's due date and a chat line's 'by' date for when a bug has to be sorted", () => {
    const tracker = ['Mobile app » Issues » APP-880 Checkout crashes on Android 14', 'Status', 'In progress', 'Created', 'Nov 30, 2026', 'Due', 'Jan 8, 2027', 'Assignee', 'Lena Brooks'].join('\n');
    expect(ask('By when does the checkout crash have to be sorted?', 'APP-880 Checkout crashes on Android 14 — Tracker', tracker)).toContain('Jan 8');
    const chat = ['#mobile-release', 'Omar Haddad 11:02', 'Heads up: the checkout crash needs to be fixed by 6 January, the store review starts on 9 January.', 'Lena Brooks 11:04', 'On it.'].join('\n');
    const lead = ask('When does the checkout crash have to be fixed?', '#mobile-release — Chat', chat);
    expect(lead).toContain('6 January');
    expect(lead).not.toMatch(/^9 January/);
  });

  it("states when a form is due, asked in few words", () => {
    const page = ['City of Harlow - Parking permits', 'Residents permit renewal 2027', 'Reminder sent 2 January 2027', 'Renewal form due: 31 January 2027', 'Permit fee EUR 60.00', 'Current permit valid until 28 February 2027'].join('\n');
    expect(ask("When's the parking permit form due?", 'Parking permits — City of Harlow', page)).toContain('31 January');
    expect(ask('By when do I need to hand in the paperwork for my parking permit?', 'Parking permits — City of Harlow', page)).toContain('31 January');
  });

  it('does not state when an order was placed or a thing delivered as the date to send it back by', () => {
    const order = ['Trailhead Outdoor - Order 55310', 'Order placed 2 November 2026', 'Delivered 5 November 2026', 'Ridge hiking boots, size 43', 'EUR 129.00'].join('\n');
    const lead = ask('By when do I have to send the boots back?', 'Order 55310 — Trailhead Outdoor', order);
    expect(lead).not.toMatch(/^[^(]*(?:2|5) November/);
  });
});
