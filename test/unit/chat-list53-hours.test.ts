import { describe, expect, it } from 'vitest';
import { screenMemory } from '../helpers/screen-memory.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { hoursRows } from '../../agents/chat/opening-hours.js';

// Made up for this test: a German bakery, a French pharmacy, a Spanish bookshop, a Dutch bike shop
// and an English library, each with its opening hours as such pages print them.
const fmt = new TimeFormatter('UTC');
const AT = '2026-12-09T09:30:00.000Z';
const first = (q: string, lines: string[], title: string) => factSentence(q, screenMemory('lines', lines.join('\n'), title, AT, { fullSnippet: true }), fmt)?.text.split('\n')[0] ?? '';

const huber = ['Bäckerei Huber', 'Öffnungszeiten', 'Mo–Fr 6:30–18 Uhr', 'Sa 7–13 Uhr', 'So geschlossen'];
const pharmacie = ['Pharmacie du Centre', 'Horaires', 'lun.-ven. 8h30–19h30', 'sam. 9h–19h', 'dim. 10h–13h'];
const sol = ['Librería Sol', 'Horario', 'L-V: 10:00–20:00', 'sáb.: 10:00–14:00', 'dom.: cerrado'];
const spaak = ['Openingstijden', 'ma t/m vr 9.00 - 17.30', 'za 9.00 - 17.00', 'zo gesloten'];
const library = ['Riverside Library', 'Opening hours', 'Mon–Thu 9am–8pm', 'Fri 9am–5pm', 'Sat 10am–4pm'];

describe('opening hours of the asked weekday, short forms in the page\'s language', () => {
  it('says whether it is open on the day, from the row whose days hold it', () => {
    expect(first('is Huber open on Saturday?', huber, 'Bäckerei Huber — Start')).toMatch(/^Yes, on Saturday: 7–13 Uhr/);
    expect(first('is Huber open on Sundays?', huber, 'Bäckerei Huber — Start')).toMatch(/^No: closed on Sunday \(So geschlossen\)/);
    expect(first('is the shop open on Saturday?', spaak, 'Fietsenwinkel De Spaak')).toMatch(/^Yes, on Saturday: 9\.00 - 17\.00/);
    expect(first('is Librería Sol closed on Sunday?', sol, 'Librería Sol')).toMatch(/^Yes: closed on Sunday/);
  });

  it('gives the opening or the closing time of the day, a run of days read through', () => {
    // "Di" would be Tuesday in German: the table is French, where it is Sunday.
    expect(first('when does the pharmacy open on Sunday?', pharmacie, 'Pharmacie du Centre')).toMatch(/^10h on Sunday \(dim\. 10h–13h\)/);
    expect(first('how late is the pharmacy open on Wednesday?', pharmacie, 'Pharmacie du Centre')).toMatch(/^19h30 on Wednesday/);
    expect(first('what time does Huber close on Wednesday?', huber, 'Bäckerei Huber — Start')).toMatch(/^18 on Wednesday \(Mo–Fr/);
    expect(first('when does Sol open on Thursdays?', sol, 'Librería Sol')).toMatch(/^10:00 on Thursday \(L-V/);
    expect(first('how late is the library open on Thursday?', library, 'Riverside Library')).toMatch(/^8pm on Thursday/);
  });

  it('states no hours for a day no row holds, nor for another place', () => {
    expect(first('is the library open on Sunday?', library, 'Riverside Library')).toMatch(/^I don't know: the opening hours seen list no Sunday/);
    expect(first('is the gym open on Sunday?', library, 'Riverside Library')).not.toMatch(/4pm|8pm/);
    const days = (lines: string[]) => hoursRows(lines).map((r) => [...r.days].sort().join(''));
    // The same short forms, other days in other languages.
    expect(days(['Di–Sa 10–18', 'So 11–17'])).toEqual(['23456', '0']);
    expect(days(['lu-sa 10h–18h', 'di 11h–17h'])).toEqual(['123456', '0']);
    expect(days(['About us', 'Mo and Jo run the shop'])).toEqual([]);
  });
});
