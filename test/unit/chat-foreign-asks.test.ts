import { describe, expect, it } from 'vitest';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { screenMemory } from '../helpers/screen-memory.js';

// Screens made up for this test, apart from the benchmark days: an Italian ferry booking, a German
// freight order, a Spanish pallet delivery note and a French library page, asked in English. Each
// is seen in a visit whose own line ("Browsed … in Chromium, Thu 5 Nov 2026 08:00") carries the time
// the page was seen, which answers "when did I look", never "when does the ferry leave".
const fmt = new TimeFormatter('UTC');
const AT = '2026-11-05T08:00:00.000Z';
const visit = (text: string, title: string) => screenMemory('lines', text, title, AT, { memory: { title: `Browsed "${title}" in Chromium`, text: `Browsed "${title}" in Chromium, Thu 5 Nov 2026 08:00` }, fullSnippet: true });
const said = (q: string, text: string, title: string) => factSentence(q, visit(text, title), fmt)?.text.split(' — seen')[0];

const FERRY = ['Traghetti Adriatica', 'Prenotazione confermata', 'Partenza venerdì 4 giugno 2027, ore 21:30', 'Cabina doppia esterna'].join('\n');
const FREIGHT = ['Spedition Maier GmbH', 'Auftragsbestätigung', 'Ladung: 12 Paletten Fliesen', 'Abholung: Donnerstag, 14.01.2027, 08:30 Uhr', 'Zustellung: Freitag, 15.01.2027'].join('\n');

describe('a foreign page answers an English question about when a thing happens', () => {
  it('the departure under a heading that does not name the ferry, not the time the page was seen', () => {
    expect(said('When does the ferry leave?', FERRY, 'Prenotazione — Traghetti Adriatica')).toMatch(/Partenza venerdì 4 giugno 2027 \(Friday 4 June 2027\), ore 21:30$/);
    expect(said('What time does the ferry depart?', FERRY, 'Prenotazione — Traghetti Adriatica')).toMatch(/21:30/);
  });

  it('the collection of a load, the load named in German', () => {
    expect(said('When are they collecting the load?', FREIGHT, 'Auftrag 7731 — Spedition Maier')).toMatch(/^Abholung: Donnerstag \(Thursday\), 14\.01\.2027, 08:30 Uhr/);
    expect(said('When is the freight being picked up?', FREIGHT, 'Auftrag 7731 — Spedition Maier')).toMatch(/^Abholung: /);
    const nota = ['Transportes Ruiz', 'Albarán 5512', 'Mercancía: 6 palés de azulejos', 'Recogida: martes 9 de marzo, 10:00'].join('\n');
    expect(said('When do they collect the pallets?', nota, 'Albarán 5512 — Transportes Ruiz')).toMatch(/^Recogida: martes 9 de marzo/);
  });

  it('not: the time the page was seen, for when a thing happens; yes, for when it was looked at', () => {
    const none = ['Traghetti Adriatica', 'Prenotazione confermata', 'Cabina doppia esterna', 'Passeggeri: 2 adulti'].join('\n');
    expect(said('When does the ferry leave?', none, 'Prenotazione — Traghetti Adriatica') ?? '').not.toMatch(/Thu 5 Nov 2026/);
    expect(said('When did I look at the ferry booking?', none, 'Prenotazione — Traghetti Adriatica')).toMatch(/Thu 5 Nov 2026 08:00/);
  });
});
