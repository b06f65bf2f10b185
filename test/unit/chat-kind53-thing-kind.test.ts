import { describe, expect, it } from 'vitest';
import { screenMemory } from '../helpers/screen-memory.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { askedValue } from '../../agents/chat/asked-value.js';
import { kindByThing } from '../../agents/chat/thing-kind.js';
import { frequencyIn } from '../../agents/chat/frequency-line.js';
import { measureOf } from '../../agents/chat/measure-words.js';

// Made up for this test: a letting agent's summary, a German payslip, a shop's return, a phone plan,
// a cloud storage page, airline, rail and cinema bookings, prescriptions, a council's bin page and a
// forecast. The question's measure word ("how big", "how much", "how long", "how often", "how warm")
// does not say the kind of value; the thing it asks about does.
const fmt = new TimeFormatter('UTC');
const AT = '2026-12-09T09:30:00.000Z';
const first = (q: string, lines: string[], title: string) => factSentence(q, screenMemory('lines', lines.join('\n'), title, AT, { fullSnippet: true }), fmt)?.text.split('\n')[0] ?? '';

const letting = ['Tenancy summary — 14 Larch Road', 'Monthly rent  £1,250.00', 'Security deposit  £1,875.00', 'Floor area  68 m²', 'Start date  1 Feb 2027'];
const listing = ['2-bed apartment, Leith', 'Rent £1,150 pcm', 'Floor area 68 m²', 'Available now'];

describe('a payment asked "how big" is an amount of money', () => {
  it('states the payment asked, not the size or another payment beside it', () => {
    expect(first('how big was the deposit on the flat?', letting, 'Lettings — Flat 2, 14 Larch Road')).toMatch(/^Security deposit £1,875\.00/);
    expect(first('how large is my bonus this year?', ['Gehaltsabrechnung Dezember 2026', 'Grundgehalt  3.200,00 €', 'Bonus  1.500,00 €', 'Netto  3.910,44 €'], 'Personio — Payslip')).toMatch(/^Bonus 1\.500,00 €/);
    expect(first('how high was the water bill?', ['Bill for Oct–Nov', 'Amount due  £84.20', 'Usage 14 m³', 'Due 20 Dec'], 'Thames Water — Bills')).toMatch(/^Amount due £84\.20/);
    expect(first('how steep is the late fee?', ['Loan: The Overstory', 'Due 3 Dec', 'Late fee  €0.50 per day'], 'Library — Account')).toMatch(/^Late fee €0\.50/);
    expect(first('how big is the refund for the jacket?', ['Return of order #44120', 'Rain jacket (M)', 'Refund  €64.90', 'Issued to Visa •• 4411'], 'Zalando — Returns')).toMatch(/€64\.90/);
  });

  it('keeps "how big" a size for a thing that has one, and states no payment the screen does not show', () => {
    expect(first('how big is the flat?', listing, 'Zoopla — Leith')).toMatch(/^Floor area 68 m²/);
    expect(first('how big is the file?', ['holiday-video.mp4', 'Size 1.4 GB', 'Modified 3 Dec 2026'], 'Files — Info')).toMatch(/1\.4 GB/);
    // The listing shows no deposit: neither its rent nor its area is stated as one.
    expect(first('how big was the deposit on the flat?', listing, 'Zoopla — Leith')).not.toMatch(/^(?:Rent|Floor area|£1,150|68)/);
    expect(kindByThing('how big is the deposit box at the bank?')).toBeNull();
    expect(kindByThing('how high is the water tower?')).toBeNull();
    expect(first('how high is the hill?', ['Arthurs Seat hill', 'Height 251 m', 'Entry fee none'], 'Komoot')).toMatch(/251 m/);
    // The bill's page shows only the water used: that is no amount of the bill.
    expect(first('how high was the water bill?', ['Bill for Oct–Nov', 'Usage 14 m³', 'Due 20 Dec'], 'Thames Water — Bills')).not.toMatch(/^(?:Usage|14 m)/);
    expect(kindByThing('how big was the security deposit?')).toBe('money');
    expect(askedValue('how big was the deposit?').terms).toEqual(['deposit']);
  });
});

const plan = ['My plan: Unlimited calls, 12 GB data', 'Monthly price  £14.00', 'Data used  3.2 GB of 12 GB', 'Renews 18 Dec'];

describe('an amount of data is measured in GB, not in the plan\'s price', () => {
  it('states the data used or left, and the price of a data add-on as money', () => {
    expect(first('how much data have I used this month?', plan, 'Vodafone — My account')).toMatch(/^Data used 3\.2 GB of 12 GB/);
    expect(first('how much mobile data do I have left?', ['Allowance', 'Remaining data  8,8 GB of 12 GB', 'Base fee  14,99 €'], 'Telekom — Mobile plan')).toMatch(/8,8 GB/);
    expect(first('how much storage have I used?', ['iCloud+ 50 GB', 'Price  €0.99 / month', 'Storage used  37.7 GB', 'Photos  30.1 GB'], 'iCloud — Storage')).toMatch(/^Storage used 37\.7 GB/);
    expect(first('how much is the data add-on?', ['Add-ons', 'Extra 5 GB data add-on  £5.00 / month', 'Roaming pass  £2.00 / day'], 'Vodafone — Add-ons')).toMatch(/£5\.00/);
  });

  it('states no price, and no allowance, as the data used', () => {
    const noUse = ['My plan: Unlimited calls, 12 GB data', 'Monthly price  £14.00', 'Renews 18 Dec'];
    expect(first('how much data have I used this month?', noUse, 'Vodafone — My account')).not.toMatch(/^(?:Monthly price|£14)/);
    expect(kindByThing('how much data have I used?')).toBe('size');
    expect(kindByThing('how much is the data add-on?')).toBeNull();
  });
});

describe('how long a thing that lasts is, under the label that says its length', () => {
  it('states the length, not the time it leaves', () => {
    const flight = ['TP 538  Lisbon → Berlin', 'Departs  07:05', 'Arrives  11:45', 'Duration  3h 40m'];
    expect(first('how long is the flight?', flight, 'TAP Air Portugal — Manage booking')).toMatch(/^Duration 3h 40m/);
    // The booking names the flight above; its "Duration" is that flight's length, not another thing's.
    expect(first('how long is the flight to Berlin?', ['Flight TP 538  Lisbon → Berlin', 'Departs  07:05', 'Arrives  11:45', 'Duration  3h 40m'], 'TAP — Booking')).toMatch(/^Duration 3h 40m/);
    expect(first('how long is the train ride to Hamburg?', ['Zug ICE 578', 'Berlin Hbf → Hamburg Hbf', 'Abfahrt 09:12', 'Fahrzeit 1:25', 'Gleis 7'], 'DB Navigator — Reiseplan')).toMatch(/1:25/);
    expect(first('how long is the film?', ['Les Tilleuls (VOST)', 'Séance 20:45', 'Durée 1:58', 'Salle 3'], 'Pathé — Film')).toMatch(/Durée 1:58/);
  });

  it('takes no time of day for a length', () => {
    const noLength = ['TP 538  Lisbon → Berlin', 'Departs  07:05', 'Arrives  11:45', 'Seat 14C'];
    expect(first('how long is the flight?', noLength, 'TAP Air Portugal — Manage booking')).not.toMatch(/^(?:Departs|Arrives|07:05|11:45)/);
    // A clock time under a label that says no length is no length.
    expect(first('how long is the train ride to Hamburg?', ['Zug ICE 578', 'Berlin Hbf → Hamburg Hbf', 'Abfahrt 1:25', 'Gleis 7'], 'DB Navigator — Reiseplan')).not.toMatch(/1:25/);
    // Nor the minutes of a clock-written length read as hours ("05 h" of "2:05 h").
    expect(measureOf('duration', 'Driving time 2:05 h')).toBeNull();
    expect(measureOf('duration', 'Driving time 2 h 05 min')?.said).toBe('2 h 05 min');
  });
});

describe('how often, read from a line that names the thing', () => {
  it('states the frequency on the dose, the collection or the schedule line', () => {
    expect(first('how often do I take the ibuprofen?', ['Ibuprofen 400 mg', 'Dose: 1 tablet every 8 hours', 'Max 3 per day', 'Refills 2'], 'Medisafe — My meds')).toMatch(/^Every 8 hours — Dose: 1 tablet every 8 hours/);
    expect(first('how often does the recycling bin go out?', ['Recycling (blue bin)', 'Collected fortnightly', 'Next collection Tue 15 Dec'], 'Council — Bin days')).toMatch(/^Fortnightly/);
    expect(first('how often should I take the amoxicillin?', ['Amoxicillin 500 mg Kapseln', 'Einnahme: 3x täglich 1 Kapsel', 'Packung 20 Stück'], 'Apotheke — Rezept')).toMatch(/^3x täglich/);
  });

  it('states no date, no limit, and not another medicine\'s frequency', () => {
    expect(first('how often do I take the ibuprofen?', ['Ibuprofen 400 mg', 'Max 3 per day', 'Next refill 12 Dec'], 'Medisafe — My meds')).not.toMatch(/per day|12 Dec/);
    expect(first('how often does the recycling bin go out?', ['Recycling (blue bin)', 'Next collection Tue 15 Dec'], 'Council — Bin days')).not.toMatch(/15 Dec/);
    const two = ['Omeprazole 20 mg', 'Once daily before breakfast', 'Ibuprofen 400 mg', 'Every 8 hours with food'];
    expect(first('how often do I take the ibuprofen?', two, 'Medisafe — My meds')).not.toMatch(/^Once daily/i);
    expect(frequencyIn('Next collection Tue 15 Dec')).toBeNull();
    expect(frequencyIn('alle 2 Wochen abgeholt')).toBe('alle 2 Wochen');
  });
});

describe('how warm, how cold: a temperature', () => {
  const forecast = ['Tomorrow', 'High 14°C  Low 6°C', 'Rain 30%', 'Wind 12 km/h'];
  it('states the high for warm and the low for cold', () => {
    expect(first('how warm will it be tomorrow?', forecast, 'Weather — Edinburgh')).toMatch(/^14°C/);
    expect(first('how cold will it get tomorrow?', forecast, 'Weather — Edinburgh')).toMatch(/^6°C/);
  });
  it('states no wind or rain for a temperature', () => {
    expect(first('how warm will it be tomorrow?', ['Tomorrow', 'Sunny spells', 'Rain 30%', 'Wind 12 km/h'], 'Weather — Edinburgh')).not.toMatch(/30%|12 km\/h/);
  });
});
