import { describe, expect, it } from 'vitest';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { askedPlacePhrase } from '../../agents/chat/span-kinds.js';
import { screenMemory } from '../helpers/screen-memory.js';

// Screens made up for this test, apart from the benchmark days: a team chat, a travel e-mail, a
// messenger thread, an event app, a landlord's e-mail. The thing asked has no label on them: it is
// a proper name beside the kind word ("the Aurora room", "Hall B", "table 14"), or a number or code
// a message hands over. The negatives: the kind said with no name, a number about another thing.
const fmt = new TimeFormatter('UTC');
const AT = '2026-11-12T08:45:00.000Z';
const lead = (q: string, text: string, title: string) => factSentence(q, screenMemory('lines', text, title, AT, { fullSnippet: true }), fmt)!;
const first = (q: string, text: string, title: string) => lead(q, text, title).text.split(' — seen')[0]!;

describe('a named thing in prose: the kind asked, the name beside it', () => {
  it('reads the kind asked past the words that say which kind of it', () => {
    expect(askedPlacePhrase('Which meeting room did facilities give us?')).toEqual({ noun: 'room', modifiers: ['meeting'] });
    expect(askedPlacePhrase('What table are we at?')).toEqual({ noun: 'table', modifiers: [] });
    expect(askedPlacePhrase('What time is the tour?')).toBeNull();
  });

  it('a team chat: the room facilities gave, with who said it', () => {
    const chat = ['#offsite-planning', 'Dana Whitfield 09:40', 'Facilities have put us in the Aurora room for Thursday, bring your own adapters', 'Piet Smit 09:41', 'great, thanks'].join('\n');
    const f = lead('Which meeting room did facilities give us?', chat, '#offsite-planning — Teamly');
    expect(f.known).toBe(true);
    expect(f.text).toMatch(/^The Aurora room — Dana Whitfield \(09:40\): Facilities have put us/);
    // The words that say which kind of room are no thing the message must say.
    expect(first('What conference room are we getting on Thursday?', chat, '#offsite-planning — Teamly')).toMatch(/^The Aurora room — /);
  });

  it('an e-mail and an event app: a question that names only the kind is answered by the one named', () => {
    const mail = ['Re: Lisbon trip', 'From: Kai Berger <kai@example.com>', "Hi all, we're booked at the Hotel Meridian for three nights, breakfast included."].join('\n');
    expect(first('Which hotel are we staying at?', mail, 'Re: Lisbon trip — Mail')).toMatch(/^The Hotel Meridian — Kai Berger: /);
    expect(first('Which hotel are we in?', mail, 'Re: Lisbon trip — Mail')).toMatch(/^The Hotel Meridian — Kai Berger: /);
    const gala = ['Gala dinner', 'Ines Moreau 18:02', "we're at table 14 near the stage, see you there!"].join('\n');
    // A short message is stated whole: it says the table first.
    expect(first('What table are we at?', gala, 'Gala dinner — Chatter')).toMatch(/^Ines Moreau \(18:02\): we're at table 14 near the stage/);
    const expo = ['Expo day 2', 'Organisers 08:10', 'Heads up: the keynote has moved to Hall B because of the sound check.'].join('\n');
    expect(first('Which hall is the keynote in?', expo, 'Expo — Eventful')).toMatch(/^Hall B — /);
  });

  it('does not state the kind said with no name, nor a name of another kind', () => {
    const chat = ['#offsite-planning', 'Dana Whitfield 09:40', 'Facilities say a room will be found for Thursday, more soon'].join('\n');
    const f = lead('Which meeting room did facilities give us?', chat, '#offsite-planning — Teamly');
    expect(f.known).toBe(false);
    expect(f.text).not.toMatch(/^The Aurora|^A room —/);
    // A hotel described, not named: not chosen yet.
    const undecided = ['Re: Lisbon trip', "Hi all, we'll probably take the cheapest hotel near the station once we land, no rush."].join('\n');
    expect(first('Which hotel are we in?', undecided, 'Re: Lisbon trip — Mail')).not.toMatch(/^The cheapest hotel/);
    // A hotel's name is no answer to "which table".
    const mail = ['Re: Lisbon trip', "Hi all, we're booked at the Hotel Meridian for three nights."].join('\n');
    expect(lead('What table are we at?', mail, 'Re: Lisbon trip — Mail')?.known ?? false).toBe(false);
  });
});

describe('a named place in a message in another language', () => {
  it('a French and a German chat line: the hall and the room named, not one merely promised', () => {
    const fr = ['#expo', 'Claire Dubois 08:12', 'La keynote aura lieu dans la salle Ravel au rez-de-chaussée, venez tôt pour les places.'].join('\n');
    expect(first('Which hall is the keynote in?', fr, '#expo — Teamly')).toMatch(/^Salle Ravel — Claire Dubois \(08:12\): /);
    const frLater = ['#expo', 'Claire Dubois 08:12', 'La keynote aura lieu au rez-de-chaussée, une salle sera annoncée plus tard.'].join('\n');
    expect(lead('Which hall is the keynote in?', frLater, '#expo — Teamly').known).toBe(false);
    const de = ['#workshop', 'Jonas Keller 16:40', 'Für den Workshop am Donnerstag bekommen wir einen Raum im Neubau, bitte pünktlich sein.'].join('\n');
    expect(lead('Which room are we in for the workshop?', de, '#workshop — Teamly').known).toBe(false);
  });
});

describe('a number or code handed over in a message', () => {
  it('the number for the front desk, said as reception', () => {
    const thread = ['Mia Santos', 'Mia Santos 14:10', 'just quote 88231 at reception when you arrive, they will have your badge'].join('\n');
    const f = lead('What number do I give at the front desk?', thread, 'Mia Santos — Messenger');
    expect(f.known).toBe(true);
    expect(f.text).toMatch(/^88231 — Mia Santos \(14:10\): just quote 88231 at reception/);
  });

  it('not a number said about another thing in the same thread', () => {
    const thread = ['Mia Santos', 'Mia Santos 14:10', 'the parking permit is 55120, just leave it on the dashboard'].join('\n');
    const f = lead('What number do I give at the front desk?', thread, 'Mia Santos — Messenger');
    expect(f.known).toBe(false);
    expect(f.text).not.toMatch(/^55120/);
    // With both said, the one handed over at reception.
    const both = ['Mia Santos', 'Mia Santos 14:10', 'the parking permit is 55120, just leave it on the dashboard', 'Mia Santos 14:11', 'and quote 88231 at reception when you arrive'].join('\n');
    expect(first('What number do I give at the front desk?', both, 'Mia Santos — Messenger')).toMatch(/^Mia Santos \(14:11\): and quote 88231 at reception/);
  });

  it('the reference that goes on a bank transfer, and none from a mail about a parcel', () => {
    const mail = ['Re: deposit', 'From: Lotte Jansen <lotte@example.com>', 'Please put INV-20931 as the reference when you make the bank transfer, thanks.'].join('\n');
    expect(first('Which reference goes on the transfer?', mail, 'Re: deposit — Mail')).toMatch(/^INV-20931 — Lotte Jansen: /);
    const parcel = ['Your order', 'Your parcel 774412 ships on Monday from our Utrecht depot.'].join('\n');
    expect(lead('Which reference goes on the transfer?', parcel, 'Your order — Shoply')?.known ?? false).toBe(false);
  });
});
