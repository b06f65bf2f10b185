import { describe, expect, it } from 'vitest';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { spansOf } from '../../agents/chat/span-kinds.js';
import { headedMessage } from '../../agents/chat/prose-clause.js';
import { screenMemory } from '../helpers/screen-memory.js';

// Screens made up for this test, apart from the benchmark days: team chats (headers on their own
// line, and joined to the message as OCR reads a narrow window), wiki prose, pharmacy and clinic
// instructions, e-mails, a recipe, travel notices, and pages in German, French, Spanish and Italian.
// The questions ask in their own words; the negatives hold a value of the asked kind said of
// another thing, a sentence without the asked kind, a sibling of the asked thing, another person.
const fmt = new TimeFormatter('UTC');
const AT = '2026-11-03T10:20:00.000Z';
const lead = (q: string, text: string, title: string) => factSentence(q, screenMemory('lines', text, title, AT, { fullSnippet: true }), fmt)!;
/** The lead sentence without where it was seen. */
const said = (q: string, text: string, title: string) => lead(q, text, title).text.split(' — seen')[0]!;

describe('the answer said in a sentence is stated first, then the sentence', () => {
  it('a chat message: the place it sends to, with who wrote it', () => {
    const chat = ['#facilities', 'Rui Costa 09:12', 'use the side door for all deliveries until the lift is fixed', 'Ana Lima 09:15', 'thanks!'].join('\n');
    const f = lead('Where do deliveries go while the lift is broken?', chat, '#facilities — Teamly');
    expect(f.known).toBe(true);
    expect(f.text).toMatch(/^The side door — Rui Costa \(09:12\): use the side door for all deliveries/);
  });

  it('a chat message OCR read on one line with its header: the header is who and when, not the answer', () => {
    const chat = ['#facilities', 'Rui 09:12 use the side door for all deliveries until the lift is fixed', 'Ana Lima 09:15 thanks!'].join('\n');
    expect(said('Where should deliveries go while the lift is out of order?', chat, '#facilities — Teamly')).toMatch(/^The side door — Rui \(09:12\): use the side door/);
    expect(headedMessage('Rui 09:12 use the side door for all deliveries')).toEqual({ name: 'Rui', at: '09:12', text: 'use the side door for all deliveries' });
    // A calendar's entry is no header: a word, not a name, before its time.
    expect(headedMessage('Dentist 14:00 bring the referral letter please')).toBeNull();
  });

  it('wiki prose: the room, with the floor that places it', () => {
    const wiki = ['Quarterly review logistics', 'Facilities gave us the Blue room on the 2nd floor since Orchid is booked. Please bring your laptops.'].join('\n');
    expect(said('Which room are we in for the review?', wiki, 'Review logistics — Wiki')).toMatch(/^The Blue room on the 2nd floor — /);
  });

  it('a pharmacy leaflet: the occasion, not a clock time', () => {
    const drops = ['Lumiclear eye drops 10 ml', 'How to use: 2 drops in each eye every morning', 'Keep out of reach of children'].join('\n');
    const f = lead('When do I put the drops in?', drops, 'Lumiclear — Pharmacy');
    expect(f.known).toBe(true);
    expect(f.text).toMatch(/^Every morning — How to use: 2 drops in each eye every morning/);
    expect(said('When do I take the sleeping pill?', ['Dosage', 'Take 1 tablet at bedtime. Do not drive after taking it.'].join('\n'), 'Zolpa 10 mg — Pharmacy leaflet')).toMatch(/^At bedtime — /);
  });

  it('a care page: how often, said as an occasion', () => {
    const fern = ['Fern care', 'Water the fern twice a week and mist the leaves daily in summer.'].join('\n');
    expect(said('When should I be watering the fern?', fern, 'Fern care — Plant wiki')).toMatch(/^Twice a week — /);
  });

  it('"how often": a frequency said in a leaflet or a manual, though the question reads as a habit over time', () => {
    const leaflet = ['Amoxil 500 mg capsules', 'Take one capsule three times a day with water, for 7 days.', 'Do not drink alcohol.'].join('\n');
    expect(said('How often do I take the capsules?', leaflet, 'Prescription — Clinic')).toMatch(/^Three times a day — /);
    // "once a month" is no clause of its own: the filter is named in the clause it ends.
    const manual = ['Maintenance', 'Rinse the filter under warm water once a month; replace it every 2 years.'].join('\n');
    expect(said('How often should the filter be cleaned?', manual, 'Aircon manual — Help')).toMatch(/^Once a month — /);
    // No frequency said: no one fact, as before (the evidence follows without a lead).
    expect(factSentence('How often do I water the orchid?', screenMemory('lines', 'Orchid care\nKeep the orchid out of direct sun. Feed it with a weak fertiliser.', 'Orchid — Plant wiki', AT, { fullSnippet: true }), fmt)).toBeNull();
  });

  it('an e-mail: the amount asked for in a sentence about it', () => {
    const mail = ['Re: the flat', 'Hi Jo, the landlord wants a deposit of €1,200 before we get the keys, and the first rent on the 1st.'].join('\n');
    expect(said('How much is the deposit?', mail, 'Re: flat — Mail')).toMatch(/^€1,200 — /);
  });

  it('a product page and a repair e-mail: a duration and a number said in instructions', () => {
    const glue = ['Instructions', 'Apply a thin layer to both surfaces and let the glue dry for 24 hours before use.'].join('\n');
    expect(said('How long does the glue take to dry?', glue, 'Wood glue — Shop')).toMatch(/^24 hours — /);
    const repair = ['Your repair request', 'Please quote the reference 55812 when you call our helpline about the repair.'].join('\n');
    expect(said("What's the reference number for my repair?", repair, 'Repair request — Mail')).toMatch(/^55812 — /);
  });

  it('directions: the place with what places it', () => {
    const directions = ['Directions', 'You can park in the visitor car park behind building C, then walk to the lobby.'].join('\n');
    expect(said('Where can visitors leave the car?', directions, 'Directions — Acme')).toMatch(/^The visitor car park behind building C — /);
  });

  it('a host e-mail: the place in the clause that names what was asked', () => {
    const mail = ['Hi Tom,', 'Welcome! When you check out on Sunday, please leave the keys in the lockbox by the garage door.', 'Cheers, Marta'].join('\n');
    expect(said('Where do I drop off the keys when I go?', mail, 'Your stay at Casa Verde — Mail')).toMatch(/^The lockbox by the garage door — /);
  });

  it('a notice: the asked kind of place by its name ("which platform")', () => {
    const notice = ['Travel update', 'The 8:12 train to Utrecht now leaves from platform 5b because of works on track 3.'].join('\n');
    expect(said('Which platform does the Utrecht train go from?', notice, 'Travel update — Rail')).toMatch(/^Platform 5b — /);
  });

  it('a chat message moving a meeting: the new place', () => {
    const chat = ['#board', 'Lena Vogt 14:02', 'heads up: we moved the board meeting to the 5th floor boardroom, coffee is on us'].join('\n');
    expect(said('Where is the board meeting now?', chat, '#board — Teamly')).toMatch(/^The 5th floor boardroom — Lena Vogt \(14:02\): /);
  });

  it('a clinic e-mail: where to check in, said in an instruction', () => {
    const mail = ['Your MRI scan on Friday', 'Please arrive 15 minutes early and check in at the desk on level 2 of the east wing.'].join('\n');
    expect(said('Where do I check in for my scan?', mail, 'MRI scan appointment — Riverside Clinic')).toMatch(/^The desk on level 2 of the east wing — /);
  });

  it('a recipe: the step that says what was asked, not the heading figure of the whole dish', () => {
    const recipe = ['Risotto for two', 'Prep 5 minutes - Cook 30 minutes - Serves 2', 'Method', '1. Soften the shallot in butter.', '3. Stir in the peas, cover and cook for 4 minutes.'].join('\n');
    const f = lead('How long do the peas cook in the risotto?', recipe, 'Risotto for two — Cook at Home');
    expect(f.known).toBe(true);
    expect(f.text).toMatch(/^4 minutes — 3\. Stir in the peas, cover and cook for 4 minutes/);
    expect(f.text.split(' — seen')[0]).not.toContain('30 minutes');
  });
});

describe('sentences in other languages', () => {
  it('German: an occasion phrase', () => {
    const leaflet = ['Beipackzettel', 'Einnahme: 1 Tablette jeden Abend vor dem Schlafengehen mit Wasser.'].join('\n');
    expect(said('When do I take the tablet?', leaflet, 'Schlafgut 10 mg — Apotheke')).toMatch(/^Jeden Abend vor dem Schlafengehen — /);
  });

  it('French: a room by its foreign name, and an occasion', () => {
    const clinic = ['Votre rendez-vous', "Le rendez-vous est au 3e étage, salle Lumière, à côté de l'accueil."].join('\n');
    expect(said('Which room is my appointment in?', clinic, 'Rendez-vous — Clinique')).toMatch(/^Salle Lumière — /);
    expect(said('When should I take the pills?', 'Posologie : prendre 2 comprimés chaque matin pendant le repas.', 'Ordonnance — Pharmacie')).toMatch(/^Chaque matin — /);
  });

  it('Spanish chat: the time in the message, not the time it was sent', () => {
    const chat = ['Familia Ortega', 'Lucia 18:02 la abuela llega el sábado en el tren de las 18:40 a la estación de Atocha'].join('\n');
    const f = said("What time does grandma's train get in?", chat, 'Familia Ortega — Mensajes');
    expect(f).toMatch(/^18:40 — /);
  });

  it('Italian: a weekday and a time said together', () => {
    const mail = ['Corsi in palestra', 'Il corso di yoga si tiene ogni martedì alle 19:00 nella sala B, portate il tappetino.'].join('\n');
    expect(said('When is yoga?', mail, 'Corsi — Palestra Centro')).toMatch(/^Ogni martedì alle 19:00 — /);
  });
});

describe('what is not stated', () => {
  const notKnownSaying = (q: string, text: string, title: string, value: RegExp) => {
    const f = lead(q, text, title);
    expect(f.known).toBe(false);
    expect(f.text.split(' — seen')[0]).not.toMatch(value);
  };

  it('a value in a clause about another thing', () => {
    notKnownSaying('What time is planning?', ['#team', 'Sam Okafor 09:12', 'standup moved to 10:15; the planning slot is still open'].join('\n'), '#team — Teamly', /^10:15/);
  });

  it("a sibling of the asked thing (the outbound trip for the return one)", () => {
    const f = lead('When does the return flight leave?', ['Your trip', 'The outbound flight leaves at 07:05 from gate B4, boarding closes 20 minutes before.'].join('\n'), 'Trip — Northwind Air');
    expect(f.known).toBe(false);
  });

  it('a sentence without a value of the asked kind', () => {
    notKnownSaying('Where is the standup?', ['#eng', 'Priya Shah 08:55 the standup is at 9:30 today, same link as always'].join('\n'), '#eng — Teamly', /^(?:The|9:30)/);
    notKnownSaying('When do I water the cactus?', ['Cactus care', 'Water the cactus sparingly and keep it in bright light.'].join('\n'), 'Cactus care — Plant wiki', /sparingly/);
  });

  it("another person's message: not led by its value as the asked person's", () => {
    const chat = ['#trip', 'Rui Costa 09:12', "I'm staying at the Harbour Hotel by the station", 'Ana Lima 09:15', 'lucky you'].join('\n');
    expect(said('Where is Ana staying?', chat, '#trip — Teamly')).not.toMatch(/^(?:The )?Harbour Hotel/);
    const desk = ['#office', 'Rui Costa 09:12', 'my desk is now by the window on level 3', 'Ana Lima 09:15', 'nice'].join('\n');
    expect(said("Where is Ana's desk?", desk, '#office — Teamly')).not.toMatch(/^(?:The window|Level 3)/i);
  });

  it('a thing the question names that the screen does not say', () => {
    const chat = ['#facilities', 'Rui Costa 09:12', 'use the side door for all deliveries until the lift is fixed'].join('\n');
    notKnownSaying('What door should couriers use?', chat, '#facilities — Teamly', /side door/i);
    notKnownSaying('When do I take the antibiotic?', ['Nasoclear spray', 'Use one spray in each nostril three times a day.'].join('\n'), 'Nasoclear — Pharmacy', /three times a day/);
  });

  it('the question\'s own thing is no answer to where it is', () => {
    const chat = ['#facilities', 'Rui Costa 09:12', 'use the side door for all deliveries until the lift is fixed'].join('\n');
    notKnownSaying('Where is the lift?', chat, '#facilities — Teamly', /side door|^The lift/i);
  });

  it('another of the asked kind of place: the one to use while the asked one is out', () => {
    const ops = ['#warehouse', 'Jonas Berg 07:40', 'Dock 2 is jammed again. Send all pallets to dock 5 until the technician has been.', 'Mia 07:42', 'noted'].join('\n');
    expect(said('Where do the pallets go while the dock is out of order?', ops, '#warehouse — Teamly')).toMatch(/^Dock 5 — Jonas Berg \(07:40\): Send all pallets to dock 5/);
    const mail = ['Parking this week', 'While the north entrance is closed for resurfacing, please use the south entrance next to the bike racks.'].join('\n');
    expect(said('Which entrance do I use while the entrance is closed?', mail, 'Parking — Mail')).toMatch(/^The south entrance/);
    // The question names the one that is out: it is no answer to where the pallets go.
    notKnownSaying('Where do the pallets go while dock 5 is out of order?', ops, '#warehouse — Teamly', /^Dock 5 — /);
  });

  it('another kind of place than the one asked for', () => {
    notKnownSaying('Which door do we use for the workshop?', ['Workshop', 'We meet in the Blue room on the 2nd floor for the workshop.'].join('\n'), 'Workshop — Wiki', /^The Blue room/);
    notKnownSaying('Which room is the workshop in?', ['Workshop', 'We meet by the side door of the library for the workshop.'].join('\n'), 'Workshop — Wiki', /side door/);
  });

  it('an occasion said of another thing than the one asked about', () => {
    notKnownSaying('When is my dentist appointment?', ['Notes', 'My dentist said I should floss every evening and use a soft brush.'].join('\n'), 'Notes — Keep', /every evening/i);
  });

  it('a chat message whose only time is when it was sent', () => {
    expect(said('When does the bus leave?', ['#school-run', 'Marta Quintero 07:55 the bus is late again, no idea when it leaves today'].join('\n'), '#school-run — Teamly')).not.toMatch(/^07:55/);
    expect(said('What time does the bus leave?', ['#school-run', 'Marta Quintero 07:55 the bus is late again, no idea when it leaves'].join('\n'), '#school-run — Teamly')).not.toMatch(/^07:55|found: 07:55/);
  });

  it('two sentences that say as much with different values', () => {
    const text = ['Classes', 'The Monday pottery class meets in room 4 after lunch.', 'The Thursday pottery class meets in room 9 after lunch.'].join('\n');
    const f = lead('Which room does the pottery class meet in?', text, 'Classes — Community centre');
    expect(f.text).not.toMatch(/^Room [49] — /);
  });
});

describe('spans of a kind in a sentence', () => {
  it('reads places as noun phrases around a place noun', () => {
    expect(spansOf('place', 'use the side door for all deliveries').map((s) => s.text)).toEqual(['the side door']);
    expect(spansOf('place', 'the crates go to dock 4, not the loading bay').map((s) => s.text)).toEqual(['dock 4', 'the loading bay']);
    // A verb is no place: "you can park", "we stand".
    expect(spansOf('place', 'you can park anywhere on the street').map((s) => s.text)).toEqual(['the street']);
  });

  it('reads occasions and times in several languages, joined when said together', () => {
    expect(spansOf('when', 'Abfahrt Dienstag 3. März, 18:40 Uhr ab Köln').map((s) => s.text)).toEqual(['Dienstag 3. März, 18:40 Uhr']);
    expect(spansOf('when', 'take 2 capsules twice a day with food').map((s) => s.text)).toEqual(['twice a day with food']);
    expect(spansOf('frequency', 'prendre 2 comprimés chaque matin').map((s) => s.text)).toEqual(['chaque matin']);
  });

  it('reads counts with what they count, and no date as a count', () => {
    expect(spansOf('count', 'we need 40 chairs by 3 March').map((s) => s.text)).toEqual(['40 chairs']);
  });
});
