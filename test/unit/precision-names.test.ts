/**
 * Names Engram keeps (issue 35): people and organisations found by the screen's layout rather than
 * a lexicon of names, places by a street's shape, and no entity for an app, a route's text or a
 * mail subject glued to its sender. Written with other pages, names and languages than the
 * precision bench's day, with the negatives each rule must leave alone.
 */
import { describe, expect, it } from 'vitest';
import { screenBatch as batchOf } from '../helpers/screen-batch.js';
import { extractGraph } from '../../agents/graph/index.js';
import { findEntities, recurs, screenFacts, SemanticAgent, statedFacts } from '../../agents/semantic/index.js';
import { saidNextTo } from '../../agents/semantic/person-facts.js';
import type { BrainStore, SubAgentContext } from '../../agents/subagent-kit/index.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { nameSpelledBy, orgShaped, streetShaped } from '../../shared/text/index.js';
import { findContacts } from '../../agents/knowledge-vault/index.js';
import { stepListsIn } from '../../agents/procedural/index.js';

const graphNames = (m: { kind: string; title?: string; text: string; fields?: Record<string, unknown>; app?: string | null }) =>
  extractGraph({ id: 'm1', title: '', fields: {}, at: 0, ...m }).entities.map((e) => `${e.name}/${e.kind}`);

describe('a route on screen is no source of facts', () => {
  it('the figures of a turn-by-turn route (time, distance, the alternative) are not kept', () => {
    const a = batchOf([
      {
        app: 'Firefox',
        title: 'Walking to Central Station — MapQuest',
        text: 'Walking   22 min · 1.8 km\nRoute\n1. Head west on Oak Lane\n2. Turn right onto Mill Road\nLayers   3. Slight left to stay on Mill Road\nOption: Bus 42 - 12 min',
      },
      { app: 'Firefox', title: 'Route — Karten', text: 'Fahrrad: 9 min\nLinks abbiegen auf die Bergstraße\nRechts abbiegen auf den Ring' },
    ]);
    expect(screenFacts(a)).toEqual([]);
  });

  it('one direction-like line among labelled values does not make a route', () => {
    const a = batchOf([{ app: 'Firefox', title: 'Parcel 88120', text: 'Delivery notes\nTurn left after the gate.\nWeight: 2.4 kg\nCourier: Rapido' }]);
    expect(screenFacts(a).map((f) => f.text)).toEqual(['Weight: 2.4 kg; Courier: Rapido']);
  });
});

describe('a details card read as one paragraph still gives its labelled values', () => {
  it('two or more labelled lines in a block without blank lines are facts under the line above them', () => {
    const a = batchOf([
      {
        app: 'Firefox',
        title: 'Reservation — TableNow',
        text: 'tablenow.example - My reservations\nYour table at Osteria Nonna is booked\nDate: Saturday 7 March 2026 at 19:30 for 4 guests\nReference: TN-77120\nCancel free of charge until Friday noon',
      },
    ]);
    expect(screenFacts(a).map((f) => `${f.subject} | ${f.text}`)).toEqual(['Your table at Osteria Nonna is booked | Date: Saturday 7 March 2026 at 19:30 for 4 guests; Reference: TN-77120']);
  });

  it('one long labelled line standing alone between blank lines is a fact, not prose', () => {
    const a = batchOf([{ app: 'Firefox', title: 'Trip 4471 — Railway', text: 'Your seat is reserved\n\nDeparture: Thursday 12 March 2026 at 08:14 from platform 6 - Arrival: Thursday 12 March 2026 at 11:52\n\nEnjoy your trip' }]);
    expect(screenFacts(a).map((f) => `${f.subject} | ${f.text}`)).toEqual(['Your seat is reserved | Departure: Thursday 12 March 2026 at 08:14 from platform 6 - Arrival: Thursday 12 March 2026 at 11:52']);
    const alone = batchOf([{ app: 'Firefox', title: 'Trip 4471 — Railway', text: 'Your seat is reserved\nCoach 7\n\nDeparture: Thursday 12 March 2026 at 08:14 from platform 6 - Arrival: Thursday 12 March 2026 at 11:52' }]);
    expect(screenFacts(alone).map((f) => f.text)).toEqual(['Departure: Thursday 12 March 2026 at 08:14 from platform 6 - Arrival: Thursday 12 March 2026 at 11:52']);
  });

  it('prose with one labelled line is left alone', () => {
    const a = batchOf([{ app: 'Firefox', title: 'Blog', text: 'We moved the servers last week and the graphs look calmer since then, mostly\nNote: the old dashboard stays up until 2026 for anyone who still needs it today' }]);
    expect(screenFacts(a)).toEqual([]);
  });
});

describe('graph: what a name is, by its shape', () => {
  it('a street, by its word or its ending, is a place (OCR may read ß as B or R)', () => {
    expect(graphNames({ kind: 'procedural', text: 'Cycle along Lindenallee, then down Bergmannstraße past Oak Lane to Hafenweg' })).toEqual([
      'Lindenallee/place',
      'Bergmannstraße/place',
      'Oak Lane/place',
      'Hafenweg/place',
    ]);
    expect(graphNames({ kind: 'semantic', text: 'Dinner near Hotel Adlon, then Museum Ludwig' })).toEqual(['Hotel Adlon/place', 'Museum Ludwig/place']);
    expect(graphNames({ kind: 'procedural', text: 'Set the proxy: export HTTP_PROXY=… → Meet at Kantstr. 12 and Hohe Str. 4' })).toEqual(['Kantstr/place', 'Hohe Str/place']);
    expect(streetShaped('SchillerstraBe')).toBe(true);
    expect(streetShaped('Kieler StraRe')).toBe(true);
    expect(streetShaped('Brigade')).toBe(false);
    expect(streetShaped('Google Drive')).toBe(false);
  });

  it('an organisation named by its opening word keeps its lower-case words; a legal form ends one', () => {
    expect(graphNames({ kind: 'semantic', text: 'Paid Kanzlei Vogel and booked Clinique du Lac for Tuesday' })).toEqual(['Kanzlei Vogel/organization', 'Clinique du Lac/organization']);
    expect(orgShaped('Nordlicht Solar GmbH')).toBe(true);
    expect(orgShaped('Brightwater Partners')).toBe(true);
    expect(orgShaped('Paula Praxis')).toBe(false);
  });

  it("the memory's own app is no entity, whatever its text says", () => {
    expect(graphNames({ kind: 'episodic', text: 'Read the spec in Figma with Ana Souza', app: 'Figma' })).toEqual(['Ana Souza/person']);
  });

  it('a sender glued to a mail subject before its colon is the sender; a three-word name before a colon stays whole', () => {
    expect(graphNames({ kind: 'semantic', text: 'Mailbox — Rui Costa Budget: the figures are in' })).toEqual(['Rui Costa/person']);
    expect(graphNames({ kind: 'semantic', text: 'Thread — Mary Ann Smith: see you at 10' })).toEqual(['Mary Ann Smith/person']);
  });

  it('a city a quoted title names is a place, while the title itself is not read for names', () => {
    expect(graphNames({ kind: 'episodic', text: 'Browsed "Flights to Lisbon — SkyFinder" in Firefox', app: 'Firefox' })).toEqual(['Lisbon/place']);
  });

  it("a profile's role line names no one but its subject", () => {
    expect(
      graphNames({ kind: 'semantic', title: 'Omar Haddad', text: 'Omar Haddad (person): Omar Haddad Staff Engineer Platform Team; Head of Payments, Globex Corp', fields: { name: 'Omar Haddad', source: 'Firefox' } }),
    ).toEqual(['Omar Haddad/person', 'Globex Corp/organization']);
  });
});

describe('people and organisations vouched for by the layout', () => {
  it("an email address spells its owner's name, accents folded, and cuts a row's run where the name ends", () => {
    expect(nameSpelledBy('Joaquín Ortega Head Of Sales', 'joaquin.ortega@vela.es')).toBe('Joaquín Ortega');
    expect(nameSpelledBy('Contact Hana Sato', 'hsato@kumo.jp')).toBe('Hana Sato');
    expect(nameSpelledBy('Quarterly Report', 'billing@acme.io')).toBeNull();
  });

  it('names compromise does not know are found on one sighting by their layout', () => {
    const a = batchOf([
      { app: 'Firefox', title: 'Staff', text: 'Name   Role   Email\nYaw Boateng Finance Lead Treasury   yaw.boateng@oroko.com' },
      { app: 'Firefox', title: '#ops', text: 'Chidi Okafor 14:02\nThe backup job is green again.' },
      { app: 'Firefox', title: 'Invoice', text: 'Appointment with Dr. Wanjiru Kamau on 4 May' },
      { app: 'Firefox', title: 'Letter', text: 'Your case is handled by Kanzlei Brenner am Markt' },
    ]);
    const found = Object.fromEntries(findEntities(a).filter(recurs).map((e) => [e.name, e.type]));
    expect(found).toMatchObject({ 'Yaw Boateng': 'person', 'Chidi Okafor': 'person', 'Wanjiru Kamau': 'person', 'Kanzlei Brenner am Markt': 'organization' });
    expect(found['Yaw Boateng Finance Lead']).toBeUndefined();
  });

  it('OCR reading the I of a name after a title as l ("Dr. lvana Petrova") still finds her, and her profile', () => {
    const a = batchOf([{ app: 'Firefox', title: 'Appointments', text: 'Checkup with Dr. lvana Petrova, Clínica Norte\nBring the referral letter' }]);
    expect(findEntities(a).filter(recurs).map((e) => `${e.name}/${e.type}`)).toContain('Ivana Petrova/person');
    const agent = new SemanticAgent({} as BrainStore, new TimeFormatter('UTC'));
    const byName = Object.fromEntries(agent.extract({ analysis: a } as SubAgentContext).map((d) => [d.title, d.text]));
    expect(byName['Ivana Petrova']).toBe('Ivana Petrova (person): Checkup with Dr. lvana Petrova, Clínica Norte');
    // A word starting with l and a vowel is a word ("Dr. lives here" is no name).
    expect(findEntities(batchOf([{ app: 'Firefox', title: 'x', text: 'The Dr. lives Nearby Street' }])).map((e) => e.name)).not.toContain('Iives Nearby');
  });

  it('a capitalised run beside an email that does not spell it is no one, and a lone run seen once is not recurring', () => {
    const a = batchOf([{ app: 'Firefox', title: 'Billing', text: 'Quarterly Report   billing@acme.io\nMarble Arch' }]);
    expect(findEntities(a).filter(recurs).map((e) => e.name)).toEqual([]);
  });

  it("the person's profile holds what the row or message said beside the name, citing the screen", () => {
    const a = batchOf([
      { app: 'Firefox', title: 'Staff', text: 'Yaw Boateng Finance Lead Treasury   yaw.boateng@oroko.com' },
      { app: 'Firefox', title: '#ops', text: 'Chidi Okafor 14:02\nThe backup job is green again.' },
    ]);
    const agent = new SemanticAgent({} as BrainStore, new TimeFormatter('UTC'));
    const byName = Object.fromEntries(agent.extract({ analysis: a } as SubAgentContext).map((d) => [d.title, d]));
    expect(byName['Yaw Boateng']?.text).toBe('Yaw Boateng (person): Yaw Boateng Finance Lead Treasury');
    expect(byName['Yaw Boateng']?.provenance).toEqual(a.provenanceOf([0]));
    expect(byName['Chidi Okafor']?.text).toBe('Chidi Okafor (person): wrote: The backup job is green again.');
  });

  it("a mail's sender wrote its first paragraph, past the header lines and the greeting", () => {
    const a = batchOf([
      {
        app: 'Thunderbird',
        title: 'Contract renewal',
        text: 'From: Nadia Petrov <nadia@kestrel.io> - To: Sam\nDate: 3 March\n\nDear Sam,\n\nwe agreed to renew the contract for two years. The signed copy follows next week, with the new rates, the annex on support hours and the list of contacts for escalations.\n\nBest,\nNadia Petrov',
      },
    ]);
    expect(saidNextTo('Nadia Petrov', a, [0]).map((x) => x.text)).toEqual(['wrote: we agreed to renew the contract for two years.']);
  });
});

describe('facts said in conversation', () => {
  const said = (t: string) => statedFacts(t).map((f) => f.sentence);

  it('"my <relation> <name>" says who they are to the user, beside what else the sentence says', () => {
    expect(said('By the way, my brother Idris Haddad works at Orbital Freight and his birthday is on 14 July.')).toEqual([
      "Idris Haddad is the user's brother",
      'Idris Haddad works at Orbital Freight',
      "Idris Haddad's birthday is 14 July",
    ]);
    expect(said('Called my landlord Pieter de Vries about the heating.')).toEqual(["Pieter de Vries is the user's landlord"]);
  });

  it("a birthday by name or by pronoun, in either order of day and month; the user's own is core's", () => {
    expect(said("Noor's birthday is June 2nd.")).toEqual(["Noor's birthday is June 2nd"]);
    expect(said('My colleague Beatriz Alves is back. Her birthday is 9 Oct.')).toEqual(["Beatriz Alves is the user's colleague", "Beatriz Alves's birthday is 9 Oct"]);
    // "her" is the person an earlier fact named; a name merely mentioned is not enough to guess.
    expect(said('I had lunch with Beatriz Alves. Her birthday is 9 Oct.')).toEqual([]);
    expect(said('My birthday is on 3 May.')).toEqual([]);
    expect(said('Her birthday is on 3 May.')).toEqual([]);
  });

  it('"my" before a word that names no relation, or a relation with no name after it, says nothing', () => {
    expect(said('I sent my report Monday and my sister called.')).toEqual([]);
  });
});

describe("vault: a contact's owner is the person, not the table cell before it", () => {
  it('the name an email spells owns it; across a column gap only the row\'s first cell can', () => {
    const a = batchOf([
      {
        app: 'Firefox',
        title: 'People',
        text: 'Name   Role   Team   Email\nYaw Boateng Finance Lead Treasury   yaw.boateng@oroko.com\nHana Sato   Head of Support   Care   hsato@oroko.com\nData Platform   Analytics   analytics-team@oroko.com\nLeila Haddad   lh-private@mailbox.org',
      },
    ]);
    expect(findContacts(a).map((c) => [c.value, c.owner])).toEqual([
      ['yaw.boateng@oroko.com', 'Yaw Boateng'],
      ['hsato@oroko.com', 'Hana Sato'],
      ['analytics-team@oroko.com', null],
      ['lh-private@mailbox.org', 'Leila Haddad'],
    ]);
  });
});

describe('a numbered step read beside a side column', () => {
  it("a short cell, a column gap, then the next step: the step continues the list", () => {
    const text = 'Install the CLI\n1. Download the archive from the releases page.\nSidebar label     2. Unpack it into /opt/tool.\nShare            3. Add /opt/tool/bin to your PATH.';
    expect(stepListsIn(text)).toEqual([
      { title: 'Install the CLI', steps: ['Download the archive from the releases page', 'Unpack it into /opt/tool', 'Add /opt/tool/bin to your PATH'] },
    ]);
  });
});
