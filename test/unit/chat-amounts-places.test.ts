import { describe, expect, it } from 'vitest';
import type { PassageMatch } from '../../shared/index.js';
import type { NumberedMemory } from '../../agents/chat/retrieval-types.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { asksMoney, placeIn, quantityIn } from '../../agents/chat/asked-kinds.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { browsedScreen, screenPassage } from '../helpers/screen-memory.js';

// Made-up screens in shapes apart from the benchmark days: meters, fitness apps, storage, stations.
const fmt = new TimeFormatter('UTC');
const at = '2026-10-12T18:30:00.000Z';
const screen = (title: string, text: string, kind: PassageMatch['kind'] = 'lines'): NumberedMemory[] => browsedScreen(title, at, [screenPassage(text, title, 5, at, { kind })]);
const first = (q: string, s: NumberedMemory[]) => factSentence(q, s, fmt)!.text.split('\n')[0]!;

describe('amounts in a unit', () => {
  it('reads an amount with its unit, before or after a label, and not a bare number', () => {
    for (const t of ['Consumed: 1,208 kWh', '18.4 GB free', 'Distance 12.5 km', '750 ml', 'Weight: 3 kg', 'Battery at 64%', '-3.5 °C overnight', '9,412 steps']) expect(quantityIn(t), t).toBe(true);
    // A bare "m" is how tools print minutes ("AGE 41m"), not metres.
    for (const t of ['Invoice 4471', 'Flat 3R', 'Room 12', 'version 2.4', 'RESTARTS 0  AGE 41m']) expect(quantityIn(t), t).toBe(false);
  });

  it('tells "how much" about money from "how much" about anything else', () => {
    for (const q of ['How much did the repair cost?', 'How much do I owe Lena?', 'How much was the rent in May?', 'How much deposit do I get back?', 'How much did I send Marta?', 'How much did we lend the club?', 'How much did I transfer to savings?']) expect(asksMoney(q), q).toBe(true);
    for (const q of ['How much water did the house use in August?', 'How much data have I got left on my phone plan?', 'How much did I run this week?']) expect(asksMoney(q), q).toBe(false);
  });

  it('answers "how much X did I use" with the amount in its unit', () => {
    const w = 'Your water use — Aqualine';
    const s = screen(w, 'Meter reading\nPeriod  1 Aug – 31 Aug\nWater consumed  14.2 m³\nDaily average  0.46 m³');
    expect(first('How much water did we use in August?', s)).toContain('14.2 m³');
    const d = 'Mobile plan — Telco';
    const p = screen(d, 'Data remaining: 3.1 GB of 20 GB\nRenews on 1 Nov');
    expect(first('How much data have I got left?', p)).toContain('3.1 GB');
  });

  it('states the amount itself over an average or a rate, unless one is asked for', () => {
    const s = screen('Usage — Mobilo', 'Data used, average per day: 0.9 GB\nData used: 14.6 GB\nCycle ends 3 Nov');
    expect(first('How much data did I use?', s)).toContain('14.6 GB');
    expect(first('How much data do I use on average?', s)).toContain('0.9 GB');
    const g = screen('Groceries — Budgetly', 'Spent, weekly average: €84.10\nSpent this month: €336.40');
    expect(first('How much have I spent on groceries?', g)).toContain('336.40');
  });

  it('states the amount in its unit over a figure beside it when no money is asked', () => {
    const s = screen('Meters — Hausverwaltung', 'Meter: Water · Reading: 1,482 · Consumption: 14.2 m³', 'row');
    expect(first('How much water did we use?', s)).toContain('14.2 m³');
  });

  it('still wants money when the question says so', () => {
    const s = screen('Ride summary — Velo', 'Distance: 18 km\nDuration: 52 min');
    expect(first('How much did the ride cost?', s)).toMatch(/^I don't know|^Not sure/);
    // Money sent to someone: their luggage allowance on another screen is no answer.
    const t = browsedScreen('Trip — Skyhop', at, [screenPassage('Passenger: Marta Ruiz · Baggage: 1 bag up to 20 kg', 'Booking — Skyhop', 5, at), screenPassage('Payment to Marta Ruiz: €120.00', 'Transfer done — Bankly', 4, at, { kind: 'lines' })]);
    expect(first('How much did I send Marta?', t)).toContain('120.00');
  });

  it('does not read a pod\'s age as the size of a folder', () => {
    const s = screen('dev@box: ~/ops', 'NAME  RESTARTS  AGE\nbilling-cron-7f9c  0  41m\n$ du -sh /var/log/billing\n4.2G  /var/log/billing', 'code');
    expect(first('How big is the billing log folder?', s)).toContain('4.2G');
  });

  it('reads a weight for "how heavy"', () => {
    const s = screen('Shipment 88120 — Parcelhub', 'Shipment details\nWeight: 2.4 kg\nService: Economy');
    expect(first('How heavy was the shipment?', s)).toContain('2.4 kg');
  });
});

describe('places where things are kept', () => {
  it('reads storage, transport and building places, with or without a number', () => {
    for (const t of ['Summer tyres, rack B-17', 'Locker 214', 'Bay 6, level -2', 'Platform 9', 'kept in the cellar', 'Shelf C3 (top)']) expect(placeIn(t), t).toBe(true);
    for (const t of ['Summer tyres, tread 5.1 mm', 'Status: waiting', 'Ticket 4471']) expect(placeIn(t), t).toBe(false);
  });

  it('answers "where is it kept" with the place on its card', () => {
    const s = screen('My storage — BoxIt', 'Stored items\nWinter coats and skis, locker 214\nAccess hours: 7:00–22:00', 'lines');
    expect(first('Where are my skis stored?', s)).toContain('locker 214');
    const b = screen('Bike parking — Station Nord', 'Your bike: Gazelle blue\nParked at: bay 6, level -2\nSince: 08:14');
    expect(first('Where did I leave my bike?', b)).toContain('bay 6');
  });
});
