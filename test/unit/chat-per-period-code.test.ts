import { describe, expect, it } from 'vitest';
import { screenMemory } from '../helpers/screen-memory.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { askedValue } from '../../agents/chat/asked-value.js';
import { perPeriod } from '../../agents/chat/per-period.js';

// Made up for this test: a medicine leaflet, a streaming plan, parcel mails from two carriers.
const fmt = new TimeFormatter('UTC');
const AT = '2026-11-20T16:15:00.000Z';
const first = (q: string, lines: string[], title: string) => factSentence(q, screenMemory('lines', lines.join('\n'), title, AT, { fullSnippet: true }), fmt)?.text.split('\n')[0] ?? null;
const said = (line: string | null) => line !== null && !/^(?:I don't know|I didn't find|Not sure)/.test(line);

describe('a count or an amount asked per day, week, month or year', () => {
  const leaflet = ['Paracetamol 500 mg tablets — 24 tablets', 'How to take: 2 tablets up to 4 times daily', 'Leave at least 4 hours between doses'];
  const plan = ['Your plan — Streamly', 'Family plan · 6 profiles', 'Billed €17.99 per month, or €179.90 a year if paid yearly', 'Next charge: 3 January 2027'];
  it('states the line that counts by the asked period, not a figure per nothing', () => {
    expect(first('How many tablets can I take a day?', leaflet, 'Leaflet — Paracetamol')).toMatch(/2 tablets up to 4 times daily/);
    expect(first('How many pills am I allowed per day?', leaflet, 'Leaflet — Paracetamol')).toMatch(/4 times daily/);
    expect(first('How much does Streamly cost me a month?', plan, 'Account — Streamly')).toMatch(/17\.99/);
  });
  it('reads the period in the ways pages write it', () => {
    expect(perPeriod('1 Tablette 3x täglich')).toBe('day');
    expect(perPeriod('€4.50/mo')).toBe('month');
    expect(perPeriod('2 comprimés par jour')).toBe('day');
    expect(perPeriod('Lieferung pro Woche')).toBe('week');
    expect(perPeriod('24 tablets')).toBeNull();
  });
});

describe('a tracking number asked with nothing else named', () => {
  it('reads an -ing word before the asked noun as the kind of thing, and long codes as codes', () => {
    expect(askedValue('What is the tracking number?').loose).not.toContain('track');
    expect(askedValue('What is my booking reference?').loose).not.toContain('book');
    // A deed stays a deed: "what was I tracking on Monday".
    expect(askedValue('What was I tracking on Monday?').loose).toContain('track');
    const parcel = ['Your parcel is on its way', 'Carrier: Parcelway', 'Tracking number: JD014622918830', 'Expected: Tuesday'];
    expect(first('What is the tracking number?', parcel, 'Shipped — Mail')).toMatch(/JD014622918830/);
    expect(first("What's the tracking number for the parcel?", parcel, 'Shipped — Mail')).toMatch(/JD014622918830/);
  });
  it('does not give an order number for a tracking number', () => {
    const order = ['Thanks for your order', 'Order number: 4471-2291', 'We will email you when it ships'];
    expect(said(first('What is the tracking number?', order, 'Order — Mail'))).toBe(false);
  });
});
