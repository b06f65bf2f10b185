import { describe, expect, it } from 'vitest';
import type { Memory, PassageMatch } from '../../shared/index.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { askedClause, clausesOf, isWriterHeader, writerOf } from '../../agents/chat/prose-clause.js';
import { askedExtreme, extremeRow } from '../../agents/chat/superlative.js';
import { measureOf } from '../../agents/chat/measure-words.js';
import { proseSteps, stepsOf } from '../../agents/chat/step-answer.js';
import { refineAsked } from '../../agents/chat/asked-kinds.js';
import { askedValue } from '../../agents/chat/asked-value.js';
import { screenMemory } from '../helpers/screen-memory.js';

// Screens made up for this test, apart from the benchmark days: a team chat, an e-mail thread, a
// help article, a product comparison, a route list, a spec sheet. The questions ask in their own
// words; the negatives hold a value of the asked kind said of another thing.
const fmt = new TimeFormatter('UTC');
const AT = '2026-10-14T09:30:00.000Z';
const lead = (q: string, text: string, title: string, kind: PassageMatch['kind'] = 'lines', screens?: (m: Memory) => PassageMatch[] | null) =>
  factSentence(q, screenMemory(kind, text, title, AT, { fullSnippet: true }), fmt, undefined, screens ? { screens } : {})!;
const first = (q: string, text: string, title: string, kind: PassageMatch['kind'] = 'lines') => lead(q, text, title, kind).text.split('\n')[0]!;

describe('facts said in chat and e-mail prose', () => {
  const chat = ['#field-trip', 'Marta Quintero 10:02', 'bus leaves the depot at 7:40, we are back around 18:00', 'Joost van Dam 10:05', 'the museum wants the headcount by Thursday; lunch is at the Harbour Café'].join('\n');
  const title = '#field-trip — Teamly';

  it('states the clause that holds the asked value, with who wrote it and when', () => {
    const f = lead('What time does the bus leave?', chat, title);
    expect(f.known).toBe(true);
    expect(f.text).toMatch(/^Marta Quintero \(10:02\): bus leaves the depot at 7:40/);
    expect(f.text.split(' — seen')[0]).not.toContain('18:00');
  });

  it('picks the other clause of the same message for another question', () => {
    expect(first('Where is lunch?', chat, title)).toMatch(/^Joost van Dam \(10:05\): lunch is at the Harbour Café/);
    expect(first('By when does the museum need the headcount?', chat, title)).toMatch(/^Joost van Dam \(10:05\): the museum wants the headcount by Thursday —/);
  });

  it('does not state a value said of another thing in the same sentence as the answer', () => {
    // The only time on the screen is the retro's; the demo's clause holds none: a guess at most.
    const text = ['#launch', 'Sam Okafor 09:12', 'The retro moved to 4pm; the demo date is still open', 'Lena Vogt 09:14', 'ok'].join('\n');
    const f = lead('What time is the demo?', text, '#launch — Teamly');
    expect(f.known).toBe(false);
    // Nor is a message's header (its sender and the time it was sent) the time asked for.
    expect(f.text).not.toMatch(/(?:found|^)(?:: )?(?:#launch: )?(?:Sam Okafor|Lena Vogt) 09:1[24]/);
    expect(f.text).toMatch(/^I don't know|^Not sure it is what you asked/);
    expect(first('What time is the retro?', text, '#launch — Teamly')).toMatch(/^Sam Okafor \(09:12\): The retro moved to 4pm —/);
  });

  it('keeps a fragment with the clause it continues', () => {
    expect(clausesOf('The demo is on Friday — in Orion')).toEqual(['The demo is on Friday, in Orion']);
    // A dash between figures is a range, not a turn of the sentence.
    expect(clausesOf('The demo runs 15:00 – 16:30 in Orion')).toHaveLength(1);
    expect(clausesOf('the supplier can do 400 units by the 18th, and the boxes ship from Leeds on the 20th')).toEqual(['the supplier can do 400 units by the 18th', 'the boxes ship from Leeds on the 20th']);
  });

  it('cuts an e-mail sentence to its clause and names the sender from the header', () => {
    const mail = ['Re: spring catalogue print run', 'From: Priya Raman <priya@inkwell.example>', 'Hi both,', 'The printer can do 2,500 copies by 3 March, while the binding needs 6 days on top.', 'Best, Priya'].join('\n');
    const f = lead('How many copies can the printer do?', mail, 'Re: spring catalogue print run — Mail');
    expect(f.text).toMatch(/^Priya Raman: The printer can do 2,500 copies by 3 March —/);
    expect(first('How long does the binding take?', mail, 'Re: spring catalogue print run — Mail')).toMatch(/^Priya Raman: the binding needs 6 days on top —/);
  });

  it('reads a day said by its ordinal as a time, and a count beside what it counts', () => {
    const mail = ['Re: packaging', 'Hi Tom, the supplier can deliver the units by the 18th, and the crates go back on the 5th floor lift.'].join('\n');
    expect(first('When can the supplier deliver the units?', mail, 'Re: packaging — Mail')).toMatch(/^By the 18th — (?:Re: packaging: )?Hi Tom, the supplier can deliver the units by the 18th —/);
    expect(lead('When do the crates go back?', mail, 'Re: packaging — Mail').known).toBe(false);
    // The count of branches, not the year beside the company's name.
    const about = 'About Kettlo\nFounded in Ghent, 2009\nBranches: 14 across Belgium\nStaff: 220';
    expect(first('How many branches does Kettlo have?', about, 'About us — Kettlo')).toMatch(/^Branches: 14 across Belgium/);
  });

  it('leaves a sentence whole when its clauses cannot be told apart', () => {
    expect(askedClause('Checkout at 11:00 and breakfast at 8:00', (s) => /\d:\d\d/.test(s), () => 0)).toBeNull();
    expect(askedClause('Doors open at 19:00; the support act is at 19:30', (s) => /\d:\d\d/.test(s), (s) => (/doors/i.test(s) ? 1 : 0))).toEqual({ clause: 'Doors open at 19:00' });
  });

  it('answers "who said" with the writer of the line, though the clause naming the thing names no one', () => {
    const text = ['Support rota 4', 'Tomas Berg 10:06 Sure thing — I will cover Sunday if you take my Wednesday.'].join('\n');
    const f = lead('Who said they would cover on Sunday?', text, '#support-rota — Teamly');
    expect(f.known).toBe(true);
    expect(f.text).toMatch(/^Tomas Berg 10:06 Sure thing/);
  });

  it('reads a message header as a writer only when it names someone in full', () => {
    expect(isWriterHeader('Lena Vogt 09:14')).toBe(true);
    expect(isWriterHeader('Joost van Dam 10:05')).toBe(true);
    // A calendar's entries with their times are no writers.
    expect(isWriterHeader('Dentist 14:00')).toBe(false);
    expect(isWriterHeader('Team Meeting 10:00')).toBe(false);
    const cal = ['Thursday', 'Dentist 14:00', 'Rua Augusta 12, 2nd floor'].join('\n');
    expect(first('When is the dentist?', cal, 'Calendar — Thursday')).toContain('14:00');
  });

  it('finds a writer only in a header above the line', () => {
    expect(writerOf(['Ana Ruiz 8:05 AM', 'see you there'], 1)).toEqual({ name: 'Ana Ruiz', at: '8:05 AM' });
    expect(writerOf(['On Mon 2 Nov, Tomas Berg <t@b.example> wrote:', '> the van is booked'], 1)).toEqual({ name: 'Tomas Berg', at: null });
    // A calendar's entry and its time are no writer; nor is a day's header.
    expect(writerOf(['Budget review 14:00', 'Room 2.14'], 1)).toBeNull();
    expect(writerOf(['Today 09:40', 'pick up the keys'], 1)).toBeNull();
  });
});

describe('steps written outside a numbered list', () => {
  it('reads steps told with "first … then …", and a menu path, in order', () => {
    expect(proseSteps('To stop the reminders, first open Settings, then tap Notifications, then switch off Daily digest.')).toEqual(['open Settings', 'tap Notifications', 'switch off Daily digest']);
    expect(proseSteps('Account › Devices › Remove this tablet')).toEqual(['Account', 'Devices', 'Remove this tablet']);
    // Sentences that only tell of things in turn are no steps.
    expect(proseSteps('The parcel was sorted, then it left Utrecht, then it reached the depot.')).toEqual([]);
    expect(stepsOf(['If the display freezes, first hold the power key, then release it and press Volume up.']).size).toBe(2);
  });

  it('answers "what do I tap after …" with the next place of a menu path', () => {
    const text = 'Remove a device\nYou can sign a lost tablet out remotely.\nAccount › Devices › Remove this tablet';
    const f = first('What do I tap after Devices?', text, 'Remove a device — Cloudly Help');
    expect(f).toMatch(/^Remove this tablet \(Account → Devices → Remove this tablet\)/);
  });

  it('answers "what do I click after …" with the next step of a sentence', () => {
    const text = 'To stop the reminders, first open Settings, then tap Notifications, then switch off Daily digest.';
    expect(first('What do I click after Notifications?', text, 'Reminders — Habitly Help', 'paragraph')).toMatch(/^switch off Daily digest —/);
  });

  it('states an instruction that opens with its condition', () => {
    const text = 'Frozen screen\nIf the display freezes, first hold the power key for ten seconds, then release it and press Volume up.\nCharge the watch for an hour before you try again.';
    expect(first('How do I unfreeze the display?', text, 'Frozen screen — Wristo Support')).toContain('hold the power key');
  });
});

describe('paraphrased asks: what an adjective measures, and the extreme of a list', () => {
  const routes = 'Ways to the ferry\nCoast road  1 h 05 min  58 km\nMotorway A7  48 min  71 km\nVillage lanes  1 h 12 min  49 km';
  const routesTitle = 'Ways to the ferry — Routa';

  it('reads values with their units as numbers', () => {
    expect(measureOf('duration', 'Coast road 1 h 05 min 58 km')?.value).toBe(3900);
    expect(measureOf('weight', 'Frame 1,250 g')?.value).toBe(1250);
    expect(measureOf('distance', '2.5 mi')?.value).toBeCloseTo(4022.5);
    expect(measureOf('money', '€1.299,00')?.value).toBe(1299);
  });

  it('states the extreme row for a superlative the phrase table never listed', () => {
    expect(first('Which way to the ferry is the slowest?', routes, routesTitle)).toMatch(/^Village lanes 1 h 12 min 49 km \(the slowest of 3 listed\)/);
    expect(first('What is the quickest way to the ferry?', routes, routesTitle)).toMatch(/^Motorway A7 48 min 71 km/);
    expect(first('Which way to the ferry is the shortest?', routes, routesTitle)).toMatch(/^Motorway A7/);
    // "Longest" on a list of times and distances alike: the first reading the list allows (time).
    expect(first('Which route to the ferry is longest?', routes, routesTitle)).toMatch(/^Village lanes/);
  });

  it('reads "most / least" and weights in other units', () => {
    const tents = 'Compare tents\nTrailhut 2  1.9 kg  €289\nRidgeline UL  980 g  €449\nCampbase 3  3.4 kg  €199';
    expect(first('Which tent is the lightest?', tents, 'Compare — Outdoorsy')).toMatch(/^Ridgeline UL 980 g/);
    expect(first('Which tent is heaviest?', tents, 'Compare — Outdoorsy')).toMatch(/^Campbase 3/);
    expect(first('Which tent is least expensive?', tents, 'Compare — Outdoorsy')).toMatch(/^Campbase 3 3\.4 kg €199/);
    expect(first('Which tent is the most expensive?', tents, 'Compare — Outdoorsy')).toMatch(/^Ridgeline UL/);
  });

  it('reads the slowest of a list of timings in milliseconds and seconds', () => {
    const board = 'Checkout API — p95 by endpoint\nGET /cart  180 ms\nPOST /pay  1.4 s\nGET /stock  420 ms';
    expect(first('Which endpoint of the checkout API is the slowest?', board, 'Latency — Graphly')).toMatch(/^POST \/pay 1\.4 s \(the slowest of 3 listed\)/);
  });

  it('does not pick an extreme from a total, a tie, or a list of something else', () => {
    expect(extremeRow(askedExtreme('Which leg is the longest?')!, ['Leg 1  12 km', 'Leg 2  12 km'])).toBeNull();
    expect(extremeRow(askedExtreme('Which leg is the longest?')!, ['Leg 1  12 km', 'Leg 2  9 km', 'Total  21 km'])?.row).toBe('Leg 1  12 km');
    expect(askedExtreme('How much longer is the coast road?')).toBeNull();
    expect(askedExtreme('Is the motorway the fastest?')).toBeNull();
    // The list found is of laptops; the question asks about tents.
    const f = lead('Which tent is the lightest?', 'Laptops\nAiro 13  1.2 kg\nBrick 15  2.3 kg', 'Compare laptops — Techy');
    expect(f.text).not.toMatch(/the lightest of/);
  });

  it('reads "how far", "how tall" and "how much room" as what they measure', () => {
    for (const [q, dim] of [['How far is the lighthouse from the harbour?', 'distance'], ['How tall is the climbing wall?', 'height'], ['How much room is in the boot of the estate?', 'room']] as const) {
      const a = refineAsked(q, askedValue(q));
      expect(a.kind, q).toBe('size');
      if (dim === 'room') continue;
      expect(a.shaped?.(dim === 'distance' ? '3.2 km' : '14 m'), q).toBe(true);
      expect(a.shaped?.('open 9:00–17:00'), q).toBe(false);
    }
    // How much of a thing is done is no distance.
    for (const q of ['How far into the audiobook did I get?', 'How far along is the kitchen renovation?', 'How far did I get with the tax form?']) expect(refineAsked(q, askedValue(q)).shaped, q).toBeUndefined();
    const spec = 'Estate specs\nBoot volume 640 litres\nTop speed 205 km/h\nLength 4.78 m';
    expect(first('How much room is in the boot of the estate?', spec, 'Specs — Motorly')).toMatch(/^(?:Estate specs: )?Boot volume 640 litres —/);
    const walk = 'Coastal walk\nLighthouse: 3.2 km from the harbour\nCafé open 9:00–17:00';
    const f = lead('How far is the lighthouse from the harbour?', walk, 'Coastal walk — Trailbook');
    expect(f.known).toBe(true);
    expect(f.text).toMatch(/^(?:Coastal walk: )?Lighthouse: 3\.2 km from the harbour —/);
  });
});
