import { describe, expect, it } from 'vitest';
import { browsedScreen, screenMemory, screenPassage } from '../helpers/screen-memory.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { clocksIn, otherSlot } from '../../agents/chat/asked-slot.js';
import { askedValue } from '../../agents/chat/asked-value.js';

// Screens made up for this test, apart from the benchmark days. Each question is asked of a page
// that shows only a sibling of the asked thing (the start for the end, another service's number,
// another run's driver, another item's price), which must not be stated, and of its twin page where
// the asked thing is there, which must be stated: "always say I don't know" passes neither half.
const fmt = new TimeFormatter('UTC');
const AT = '2026-11-20T08:15:00.000Z';
const lines = (q: string, page: string[], title: string) => factSentence(q, screenMemory('lines', page.join('\n'), title, AT, { fullSnippet: true }), fmt)!;
const rows = (q: string, page: string[], title: string) => factSentence(q, browsedScreen(title, AT, page.map((r, i) => screenPassage(r, title, 5 - i * 0.1, AT, { observationId: 'obs_1' }))), fmt)!;
const first = (s: string) => s.split('\n')[0]!;
/** Not stated: said as not found (or a plain "I don't know"), never as known. */
const notStated = (f: { text: string; known: boolean; hedged: boolean }, wrong: string) => {
  expect(f.known).toBe(false);
  expect(first(f.text)).toMatch(/^(?:I didn't find|I don't know)/);
  // The sibling may be listed as what the page does show, never before the "didn't find".
  expect(first(f.text).split(' on your screens')[0]).not.toContain(wrong);
};
const stated = (f: { text: string; known: boolean }, value: string) => {
  expect(f.known).toBe(true);
  expect(first(f.text)).toContain(value);
  expect(first(f.text)).not.toMatch(/didn't find|don't know|Not sure/);
};

describe('an end asked where only the start is shown', () => {
  it('the stocktake that only says when it starts', () => {
    const page = ['Warehouse calendar', 'Stocktake starts 08:00', 'Location: Bay 4', 'Bring a scanner'];
    notStated(lines('When does the stocktake finish?', page, 'Stocktake — Ops board'), '08:00');
    stated(lines('When does the stocktake finish?', [...page, 'Stocktake ends 15:30'], 'Stocktake — Ops board'), '15:30');
  });

  it('an audit whose page gives its beginning under a label, asked how it wraps up', () => {
    const page = ['Audit schedule', 'Begins: 08:00', 'Lead auditor: K. Berg'];
    notStated(lines('What time does the audit wrap up?', page, 'Audit week'), '08:00');
    stated(lines('What time does the audit wrap up?', [...page, 'Ends: 12:30'], 'Audit week'), '12:30');
  });

  it('a training with one time and no side said: not its end; a span gives the end', () => {
    notStated(lines('When will the training be finished?', ['Fire safety training', 'Mon 7 Dec, 09:30', 'Room: Atlas'], 'Training — Intranet'), '09:30');
    stated(lines('When will the training be finished?', ['Fire safety training', 'Mon 7 Dec, 09:30–12:00', 'Room: Atlas'], 'Training — Intranet'), '12:00');
  });

  it('"the training" is the thing whose end is asked: its labelled end is stated, its start is not', () => {
    const page = ['Fire safety training', 'Starts: Mon 7 Dec, 09:30', 'Room: Atlas'];
    notStated(lines('When does the training finish?', page, 'Training — Intranet'), '09:30');
    stated(lines('When does the training finish?', [...page, 'Ends: Mon 7 Dec, 12:00'], 'Training — Intranet'), '12:00');
  });
});

describe("a number of one service asked, another's shown", () => {
  const card = ['Harbour Mutual', 'Motor policy HM-55120', 'Claims line 0800 412 9090', 'Policy holder: J. Mensah'];
  for (const q of ["What's the roadside assistance number?", "What's the phone number for roadside assistance?"]) {
    it(`${q} — not the claims line; the roadside line once the card has it`, () => {
      notStated(lines(q, card, 'Insurance card — Harbour Mutual'), '0800 412 9090');
      stated(lines(q, [...card, 'Roadside assistance 0800 733 2211'], 'Insurance card — Harbour Mutual'), '0800 733 2211');
    });
  }

  it('a line the card says is for both is stated', () => {
    stated(lines("What's the roadside assistance number?", ['Harbour Mutual', 'Claims and roadside assistance: 0800 412 9090'], 'Insurance card — Harbour Mutual'), '0800 412 9090');
  });
});

describe('a person for a slot the page does not list', () => {
  const rota = ['Van rota — Thursday', '08:00 run  Driver: Tomasz Nowak', '11:00 run  Driver: Leila Haddad', 'Van: KX-221'];
  it("who's driving the 14:00 van, on a rota of the 08:00 and 11:00 runs", () => {
    const f = lines("Who's driving the 14:00 van?", rota, 'Van rota');
    notStated(f, 'Tomasz');
    expect(f.hedged).toBe(false);
    // The twin: the 14:00 run's driver, not the first run's.
    const g = lines("Who's driving the 14:00 van?", [...rota.slice(0, 3), '14:00 run  Driver: Pieter Claes'], 'Van rota');
    stated(g, 'Pieter Claes');
    expect(first(g.text)).not.toContain('Tomasz');
  });

  it('the same rota as a table of rows, asked by a 12-hour time', () => {
    const table = ['Run: 08:00 · Driver: Tomasz Nowak · Van: KX-221', 'Run: 11:00 · Driver: Leila Haddad · Van: KX-221'];
    notStated(rows('Who drives the van at 2pm?', table, 'Van rota'), 'Tomasz');
    stated(rows('Who drives the van at 2pm?', [...table, 'Run: 14:00 · Driver: Pieter Claes · Van: KX-221'], 'Van rota'), 'Pieter Claes');
  });

  it('a part of the day: the afternoon shift is not the morning or the midday one', () => {
    const page = ['Reception cover — Friday', 'Morning shift: Ama Owusu', 'Midday shift: Jonas Berg'];
    notStated(lines('Who is on the afternoon shift at reception?', page, 'Reception rota'), 'Ama');
    stated(lines('Who is on the afternoon shift at reception?', [...page, 'Afternoon shift: Carla Reyes'], 'Reception rota'), 'Carla Reyes');
  });
});

describe('the price of an item no page prices', () => {
  const invoice = ['Invoice 2231 — PackRight', 'Parcel tape x6  €9.00', 'Boxes medium x20  €24.00', 'Subtotal €33.00', 'VAT €6.93', 'Total €39.93'];
  it('not the subtotal, not another item; the item once the invoice lists it', () => {
    notStated(lines('What does the bubble wrap cost?', invoice, 'Invoice — PackRight'), '€33.00');
    stated(lines('What does the bubble wrap cost?', [...invoice.slice(0, 2), 'Bubble wrap roll  €12.50', ...invoice.slice(2)], 'Invoice — PackRight'), '€12.50');
  });

  it('no guess from an invoice that names neither word of the asked item, though it names the invoice asked', () => {
    const q = 'How much did the bubble wrap cost on the PackRight invoice?';
    const f = lines(q, invoice.slice(0, 4), 'Invoice — PackRight');
    notStated(f, '€9.00');
    expect(f.hedged).toBe(false);
    expect(first(f.text)).not.toContain('Parcel tape');
    stated(lines(q, [...invoice.slice(0, 2), 'Bubble wrap roll  €12.50', ...invoice.slice(2, 4)], 'Invoice — PackRight'), '€12.50');
  });

  it('"what does X cost" asks for money: the price cell of its row, not its quantity', () => {
    expect(askedValue('What does the bubble wrap cost?').kind).toBe('money');
    expect(askedValue('What did the standing desk cost us?').kind).toBe('money');
    const table = ['Item: Parcel tape · Qty: 6 · Price: €9.00', 'Item: Boxes medium · Qty: 20 · Price: €24.00', 'Subtotal: €33.00'];
    notStated(rows('What does the bubble wrap cost?', table, 'Invoice — PackRight'), '€33.00');
    const f = rows('What does the bubble wrap cost?', [table[0]!, 'Item: Bubble wrap · Qty: 1 · Price: €12.50', ...table.slice(1)], 'Invoice — PackRight');
    stated(f, '€12.50');
    expect(first(f.text)).not.toMatch(/^Qty/);
  });
});

describe("a reader's own lead (a bill's amount, a list's end) is held to the same check", () => {
  it("the evening session's fee is not the morning session's", () => {
    const page = ['Pottery studio', 'Morning session fee: €40.00', 'Materials: €8.00'];
    notStated(lines('How much is the fee for the evening session?', page, 'Pottery — bookings'), '€40.00');
    stated(lines('How much is the fee for the evening session?', ['Pottery studio', 'Evening session fee: €45.00', 'Materials: €8.00'], 'Pottery — bookings'), '€45.00');
  });

  it('the longest afternoon walk is not the longest of the morning ones', () => {
    const f = lines('Which is the longest afternoon walk?', ['Guided walks', 'Morning: Cliff path 12 km', 'Morning: River loop 7 km', 'Morning: Old town 3 km'], 'Walks');
    expect(f.known).toBe(false);
    expect(first(f.text)).not.toContain('Cliff path');
    stated(lines('Which is the longest afternoon walk?', ['Guided walks', 'Afternoon: Cliff path 12 km', 'Afternoon: River loop 7 km', 'Afternoon: Old town 3 km'], 'Walks'), 'Cliff path');
  });

  it("a table's first row is not the asked run's", () => {
    const table = ['Dock schedule', 'Truck      Crates    Bay', '08:00      12        2', '11:00      9         4'];
    const f = lines('How many crates are on the 14:00 truck?', table, 'Dock schedule');
    expect(f.known).toBe(false);
    expect(f.hedged).toBe(false);
    stated(lines('How many crates are on the 14:00 truck?', [...table, '14:00      15        1'], 'Dock schedule'), '15');
  });
});

describe('slots read from text', () => {
  it('reads 24-hour, 12-hour and spoken times alike', () => {
    expect(clocksIn('14:00 run, 2pm, 2.30 p.m., 14h30, noon, midnight')).toEqual([840, 840, 870, 870, 720, 0]);
  });

  it('a value naming the asked slot, or none, is no sibling; a time asked is never read as a slot', () => {
    const q = "Who's driving the 14:00 van?";
    const asked = askedValue(q);
    expect(otherSlot(q, asked, ['08:00 run Driver: Tomasz Nowak'])).toBe(true);
    expect(otherSlot(q, asked, ['Driver: Pieter Claes', 'Run: 2pm'])).toBe(false);
    expect(otherSlot(q, asked, ['Driver: Pieter Claes'])).toBe(false);
    const when = 'When does the 14:00 van get back?';
    expect(otherSlot(when, askedValue(when), ['Back: 16:30'])).toBe(false);
  });
});
