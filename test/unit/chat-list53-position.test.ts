import { describe, expect, it } from 'vitest';
import { screenMemory } from '../helpers/screen-memory.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { positionAsked } from '../../agents/chat/list-position.js';

// Made up for this test: a departure board with tomorrow's first trains under it, a GP's booking
// page of slots by day, a bus timetable, an unsorted list of appointments, a football club's
// fixtures running into the next year, a Dutch ferry timetable and a cinema's showings.
const fmt = new TimeFormatter('UTC');
const AT = '2026-12-09T09:30:00.000Z';
const first = (q: string, lines: string[], title: string) => factSentence(q, screenMemory('lines', lines.join('\n'), title, AT, { fullSnippet: true }), fmt)?.text.split('\n')[0] ?? '';

const board = ['Trains from Leeds', 'Time  Destination  Platform  Status', '21:05  York  4  On time', '22:10  Harrogate  2  On time', '23:32  York  4  Delayed 5 min', 'Tomorrow', '05:48  York  4  On time'];
const gp = ['Book an appointment with Dr Kaur', 'Monday 14 December', '09:30  10:15  11:00  14:45', 'Tuesday 15 December', '08:00  08:45  16:30'];
const bus = ['Route 42 — Town Centre to Hospital', 'Weekdays', '17:20', '17:50', '18:20', '18:50', '19:20'];
const visits = ['Upcoming appointments', 'Dentist — Thu 17 Dec 15:30', 'Physio — Mon 14 Dec 11:00', 'Haircut — Sat 19 Dec 10:00'];
const fixtures = ['Fixtures 2026/27', 'Sat 12 Dec  Rovers v United  15:00', 'Sat 9 Jan  City v Rovers  17:30', 'Sun 16 May  Rovers v Athletic  16:00'];
const ferry = ['Dienstregeling veerboot', 'Vertrek Harlingen', '07:45', '11:30', '15:10', '19:25'];

describe('the row at the asked place in a list', () => {
  it('takes the last of tonight\'s rows, not tomorrow\'s, and the one to the asked place', () => {
    expect(first('when is the last train home tonight?', board, 'National Rail — Live departures')).toMatch(/^23:32\s+York/);
    expect(first("what's the last train to York?", board, 'National Rail — Live departures')).toMatch(/^23:32\s+York/);
    // The first to Harrogate is its only one, not the board's first line.
    expect(first('when does the first train to Harrogate leave?', board, 'National Rail — Live departures')).toMatch(/^22:10\s+Harrogate/);
    expect(first("what's the first train tomorrow?", board, 'National Rail — Live departures')).toMatch(/^05:48\s+York/);
  });

  it('reads the asked day\'s slots, and the next after the asked hour', () => {
    expect(first('what is the first slot on Monday?', gp, 'Dr Kaur — Booking')).toMatch(/^09:30 /);
    expect(first("what's the latest appointment I can get on Tuesday?", gp, 'Dr Kaur — Booking')).toMatch(/^16:30 /);
    expect(first("what's the next bus after 6?", bus, 'Bus times')).toMatch(/^18:20 /);
    expect(first('when is the last bus before 7pm?', bus, 'Bus times')).toMatch(/^18:50 /);
    expect(first('when does the last ferry leave?', ferry, 'Rederij Doeksen')).toMatch(/^19:25 /);
  });

  it('orders rows by their dates, the year running on past December', () => {
    expect(first('when is my earliest appointment?', visits, 'My appointments')).toMatch(/^Physio — Mon 14 Dec 11:00/);
    expect(first('when is the final match of the season?', fixtures, 'Rovers FC — Fixtures')).toMatch(/^Sun 16 May\s+Rovers v Athletic/);
    expect(first("when's the next game?", fixtures, 'Rovers FC — Fixtures')).toMatch(/^Sat 12 Dec\s+Rovers v United/);
    // Seen on 9 December: the game of the 5th is past.
    expect(first("when's the next game?", ['Results and fixtures', 'Sat 5 Dec  Rovers 2–1 Town  FT', ...fixtures.slice(1)], 'Rovers FC — Fixtures')).toMatch(/^Sat 12 Dec\s+Rovers v United/);
  });

  it('states no row for a day the list does not have, a list of another thing, or a question of another kind', () => {
    expect(first('what is the first slot on Thursday?', gp, 'Dr Kaur — Booking')).not.toMatch(/^(?:09:30|08:00) /);
    expect(first('when is the last tram tonight?', board, 'National Rail — Live departures')).not.toMatch(/^23:32/);
    expect(first('when is the last bus?', fixtures, 'Rovers FC — Fixtures')).not.toMatch(/^Sun 16 May/);
    // A log of jobs with its times is no list of the bike's services; a page that labels the next one answers by its label.
    expect(first('when does my bike need its next service?', ['Backups — last 7 days', '02:00  db-backup  OK  next check 10 Dec', '03:00  log-rotate  OK'], 'Cronwatch')).not.toMatch(/^02:00|^03:00|only one listed/);
    expect(first('when does my bike need its next service?', ['My bike — Velo Service', 'Last service  2 Jun 2026', 'Next service  by 2 Jun 2027'], 'Velo Service')).not.toMatch(/listed\)/);
    expect(positionAsked('when did I last open the bus timetable?')).toBeNull();
    expect(positionAsked('what was the last thing I looked at?')).toBeNull();
    expect(positionAsked('when is the next meeting next week?')).toBeNull();
    expect(positionAsked('what is my first name on the form?')).toBeNull();
    expect(positionAsked('by when do I have to pay at the latest?')).toBeNull();
  });
});
