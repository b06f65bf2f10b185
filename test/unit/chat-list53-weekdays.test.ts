import { describe, expect, it } from 'vitest';
import { screenMemory } from '../helpers/screen-memory.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { dayOfHeader } from '../../agents/chat/day-cue.js';

// Made up for this test: a French week agenda with day headings, a Spanish and a Portuguese calendar
// with the day on each entry's line, all with weekdays and months shortened as those calendars do.
const fmt = new TimeFormatter('UTC');
const AT = '2026-12-09T09:30:00.000Z';
const first = (q: string, lines: string[], title: string) => factSentence(q, screenMemory('lines', lines.join('\n'), title, AT, { fullSnippet: true }), fmt)?.text.split('\n')[0] ?? '';

const agenda = ['Agenda — semaine 51', 'lun. 14 déc.', '09:00 Réunion équipe', 'jeu. 17 déc.', '14:30 Dentiste Dr Martin', 'sam. 19 déc.', '11:00 Marché de Noël avec Léa'];
const es = ['Calendario', 'mié. 16 dic. · 18:00 Clase de yoga', 'vie. 18 dic. · 20:30 Cena con Marta'];
const pt = ['Agenda', 'qua. 16 dez. — 10:00 Consulta médica', 'sex. 18 dez. — 19:00 Jantar com a Rita'];

describe('weekdays shortened in other languages', () => {
  it('reads the asked day under a French day heading and on a Spanish or Portuguese entry', () => {
    expect(first('what time is the dentist on Thursday?', agenda, 'Google Agenda')).toMatch(/^14:30 Dentiste/);
    expect(first('what time is the meeting on Monday?', agenda, 'Google Agenda')).toMatch(/^09:00 Réunion/);
    expect(first('what time is yoga on Wednesday?', es, 'Google Calendar')).toMatch(/18:00 Clase de yoga/);
    expect(first('what time is the doctor on Wednesday?', pt, 'Google Agenda')).toMatch(/10:00 Consulta médica/);
  });

  it('takes no other day\'s entry, and leaves words that only look like days', () => {
    expect(first('what time is the dentist on Friday?', agenda, 'Google Agenda')).not.toMatch(/14:30/);
    expect(dayOfHeader('jeu. 17 déc.')?.weekdays).toEqual(new Set([4]));
    expect(dayOfHeader('sáb. 19')?.weekdays).toEqual(new Set([6]));
    // "Mar" is March to an English screen; "Sam" and "Dom" are names without their period.
    expect(dayOfHeader('mar 15')?.weekdays.size ?? 0).toBe(0);
    expect(dayOfHeader('Sam 14')).toBeNull();
    expect(dayOfHeader('Dom Perignon')).toBeNull();
  });
});
