import { describe, expect, it } from 'vitest';
import { screenMemory } from '../helpers/screen-memory.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { meetingStems } from '../../agents/chat/meeting-names.js';

// Made up for this test: a week view in a dark calendar app and a team's agenda. A calendar writes a
// one-on-one in figures ("1:1", "1-on-1"); people ask for it in words.
const fmt = new TimeFormatter('UTC');
const AT = '2026-12-07T08:00:00.000Z';
const first = (q: string, lines: string[], title: string) => factSentence(q, screenMemory('lines', lines.join('\n'), title, AT, { fullSnippet: true }), fmt)?.text.split('\n')[0] ?? '';

const week = ['Week 50 — Tuesday 8 December', 'Design crit 10:00 – 11:00 · Room Oak', '1-on-1 Maya / Tobias · Tuesday 8 December · 15:30 – 16:00', 'Gym 18:00'];

describe('a one-on-one written in figures', () => {
  it("states the time of the 1:1 with the asked person for 'one-on-one'", () => {
    expect(first("When's my one-on-one with Tobias?", week, 'Week 50 — Calendar')).toMatch(/15:30/);
    const agenda = ['Team agenda', 'Mon 14 Dec · 09:30 standup', 'Wed 16 Dec · 1:1 Priya / Tobias · 11:00', 'Fri 18 Dec · retro 16:00'];
    expect(first('What time is my one-on-one with Priya?', agenda, 'Agenda — Team wiki')).toMatch(/11:00/);
  });

  it('takes no one-on-one from a time or a ratio, and none with another person', () => {
    expect(meetingStems('Standup 11:15')).toEqual([]);
    expect(meetingStems('Mix the resin 11:1 with hardener')).toEqual([]);
    expect(meetingStems('1:1 Ines / Ruth')).toEqual(['oneonone']);
    expect(first("When's my one-on-one with Carla?", week, 'Week 50 — Calendar')).not.toMatch(/15:30/);
  });
});
