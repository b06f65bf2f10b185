/**
 * What to bring: the things an appointment letter or a booking asks the reader to bring, from the
 * screen of the place the question names, in English and German; never a chat's "I'll bring" nor
 * another booking's list. And a yes/no about a thing no screen names ("does the flat come with a
 * dishwasher" on a listing that never says dishwasher): I don't know, not a line of the listing.
 * Screens and questions made up for this test, apart from the benchmark days.
 */
import { describe, expect, it } from 'vitest';
import { TimeFormatter } from '../../shared/time/index.js';
import { screenMemory } from '../helpers/screen-memory.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { bringIn } from '../../agents/chat/bring-list.js';
import type { NumberedMemory } from '../../agents/chat/retrieval-types.js';

const fmt = new TimeFormatter('UTC');
const AT = '2026-11-24T10:20:00.000Z';
/** Several screens, each its own memory [1], [2], … in the order given (best first). */
const seen = (...screens: [string, string][]): NumberedMemory[] =>
  screens.map(([text, title], k) => {
    const [m] = screenMemory('lines', text, title, AT, { fullSnippet: true });
    return { ...m!, n: k + 1, memory: { ...m!.memory, id: `mem_${k + 1}` }, passages: m!.passages!.map((p) => ({ ...p, observation_id: `obs_${k + 1}`, score: 5 - k })) };
  });
const lead = (q: string, numbered: NumberedMemory[]) => {
  const f = factSentence(q, numbered, fmt);
  return f ? { known: f.known, text: f.text.split('\n')[0]!.split(' — seen')[0]! } : { known: false, text: '' };
};

const dentist: [string, string] = [
  ['Harbour Dental Care', 'Appointment confirmed', 'Thursday 3 December, 15:40 with Dr. Amira Haddad', 'Please bring your referral letter and a list of the medicines you take.', 'Parking behind the building.'].join('\n'),
  'Appointment confirmed — Harbour Dental Care',
];
const chat: [string, string] = [['Team lunch Friday', 'Sofia: I will bring the cake', 'Tom: I\'ll bring plates and cups'].join('\n'), 'team-social — Chat'];
const pool: [string, string] = [['Lane swimming — Westbad', 'Booking W-4471 · Saturday 09:00', 'Bring a towel and a padlock for the lockers.'].join('\n'), 'Your booking — Westbad'];
const praxis: [string, string] = [
  ['Terminbestätigung', 'Hausarztpraxis Dr. Jana Kessler', 'Ihr Termin: Montag, 7. Dezember, 08:30', 'Bitte bringen Sie Ihre Versichertenkarte und den Überweisungsschein mit.'].join('\n'),
  'Terminbestätigung — Praxis Dr. Kessler',
];

describe('what to bring, from the screen of the place asked about', () => {
  it('reads instructions to bring, not a first-person offer', () => {
    expect(bringIn('Please bring your referral letter and a list of the medicines you take.')).toBe('your referral letter and a list of the medicines you take');
    expect(bringIn('Meet at the gate; bring ID.')).toBe('ID');
    expect(bringIn('Bitte bringen Sie Ihre Versichertenkarte mit.')).toBe('Ihre Versichertenkarte');
    expect(bringIn("Tom: I'll bring plates and cups")).toBeNull();
    expect(bringIn('I will bring it up with your manager')).toBeNull();
  });

  it('the dentist\'s letter for the dentist, the pool\'s booking for the pool', () => {
    const all = seen(chat, pool, dentist);
    const d = lead('What do I need to take along to the dentist?', all);
    expect(d.known).toBe(true);
    expect(d.text).toMatch(/^Bring your referral letter and a list of the medicines/);
    expect(d.text).not.toMatch(/towel|cake|plates/);
    const p = lead('What should we bring to the swimming pool on Saturday?', all);
    expect(p.text).toMatch(/^Bring a towel and a padlock/);
  });

  it('a German letter read for a question in English', () => {
    const f = lead("What should I bring to the doctor's appointment?", seen(pool, praxis));
    expect(f.text).toMatch(/^Bring Ihre Versichertenkarte und den Überweisungsschein/);
  });

  it('negative: no screen of the place asked about states no other place\'s list', () => {
    const f = lead('What should I take with me to the vet?', seen(chat, pool, dentist));
    expect(f.known).toBe(false);
    expect(f.text).not.toMatch(/towel|referral|cake|plates/);
  });
});

describe('a yes/no about a thing no screen names', () => {
  const listing: [string, string] = [
    ['Elm Road 14, 2nd floor — for rent', 'Two rooms, 58 m², available from 1 January', 'Bright living room with balcony, separate kitchen with gas hob, washing machine connection in the cellar.', 'Rent €1,150 a month'].join('\n'),
    'Elm Road 14 — Rentals',
  ];
  const recipe: [string, string] = [['Lentil soup', 'Ingredients', '2 tbsp olive oil', '1 onion', '200 g red lentils', 'Sweat the onion in a cast-iron pot.'].join('\n'), 'Lentil soup — Recipes'];

  // An order of dishwasher tablets says the word, but nothing of the flat.
  const shop: [string, string] = [['Order 55120 — delivered', 'Dishwasher tablets, 40 · € 8.49', 'Oat milk 1 l · € 1.89'].join('\n'), 'Your order — FreshCart'];

  it('says it does not know, and states no line of the listing or another screen', () => {
    const f = lead('Does the Elm Road flat come with a dishwasher?', seen(listing, recipe, shop));
    expect(f.known).toBe(false);
    expect(f.text).toMatch(/^I don't know/);
    expect(f.text).not.toMatch(/washing machine|olive oil|balcony/);
  });

  it('a thing the listing does name is left to the reading as any question', () => {
    const f = lead('Does the Elm Road flat come with a balcony?', seen(listing, recipe));
    expect(f.text).not.toMatch(/^I don't know: nothing you saw mentions/);
  });
});
