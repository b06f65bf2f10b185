import { describe, expect, it } from 'vitest';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { askedUnit, valueInAskedUnit } from '../../agents/chat/asked-unit.js';
import { screenMemory } from '../helpers/screen-memory.js';

// Screens made up for this test, apart from the benchmark days: a route planner, a running log, a
// cloud drive, a parcel list and a battery page, each line holding figures of several units. The
// question's unit (or its adjective) picks the figure; a line without a value in the asked unit is
// not stated as the answer.
const fmt = new TimeFormatter('UTC');
const AT = '2026-11-03T10:20:00.000Z';
const lead = (q: string, text: string, title: string) => factSentence(q, screenMemory('lines', text, title, AT, { fullSnippet: true }), fmt);
const said = (q: string, text: string, title: string) => lead(q, text, title)?.text.split(' — seen')[0];

const ROUTES = ['Saved routes', 'Oslo to Bergen run  212 km  4 h 35 min  via E16', 'Oslo to Lillehammer  180 km  2 h 10 min'].join('\n');
const RUNS = ['Training log', 'Sunday long run, Tiergarten loop  21.4 km  1:58:10  avg 142 bpm', 'Tuesday intervals  8 km  41 min'].join('\n');

describe('the unit asked picks the value out of a line of several', () => {
  it('a distance asked in kilometres, the duration beside it left', () => {
    expect(said('How far is the Bergen run in kilometres?', ROUTES, 'Routes — DriveLog')).toMatch(/^212 km — .*Bergen run 212 km 4 h 35 min/);
    expect(said('How many km is the drive to Bergen?', ROUTES, 'Routes — DriveLog')).toMatch(/^212 km — /);
  });

  it('a duration asked in hours, the distance beside it left', () => {
    expect(said('How long in hours is the Bergen run?', ROUTES, 'Routes — DriveLog')).toMatch(/^4 h 35 min — /);
    expect(said('How many minutes were the Tuesday intervals?', RUNS, 'Log — Stride')).toMatch(/^41 min — /);
  });

  it('the adjective alone asks its dimension', () => {
    expect(said('How far was the Sunday long run?', RUNS, 'Log — Stride')).toMatch(/^21\.4 km — /);
  });

  it('a share asked in percent, and data in gigabytes', () => {
    const drive = ['Usage by type', 'Photos  48.2 GB  61 %  12,400 files', 'Documents  3.1 GB  4 %  880 files'].join('\n');
    expect(said('How much space do the photos take up in GB?', drive, 'Storage — Cloudly')).toMatch(/^48\.2 GB — /);
    expect(said('How much of my storage do the photos use, in percent?', drive, 'Storage — Cloudly')).toMatch(/^61 % — /);
    expect(said('What percentage of the storage is documents?', drive, 'Storage — Cloudly')).toMatch(/^4 % — /);
  });

  it('not: no value in the asked unit, or the value found is the only figure', () => {
    const times = ['Saved routes', 'Oslo to Bergen run  4 h 35 min  via E16', 'Oslo to Lillehammer  2 h 10 min'].join('\n');
    const f = lead('How far is the Bergen run in kilometres?', times, 'Routes — DriveLog');
    expect(f?.known ?? false).toBe(false);
    const dist = ['Saved routes', 'Oslo to Bergen run  212 km  via E16'].join('\n');
    expect(lead('How long in hours is the Bergen run?', dist, 'Routes — DriveLog')?.known ?? false).toBe(false);
    // One figure on the line: stated as it is, with no figure put before it.
    expect(valueInAskedUnit('How far is the Bergen run in km?', 'Oslo to Bergen run 212 km via E16')).toBeNull();
    // A duration in parts is not read in part ("2h" of "2h 50m").
    expect(valueInAskedUnit('How long is the flight in hours?', 'LIS → AMS 2h 50m, departs 18:10')).toBeNull();
  });

  it('reads the unit asked, and no unit where none is asked', () => {
    expect(askedUnit('How heavy is the parcel in kilos?')).toEqual({ dim: 'weight', word: 'kilos' });
    expect(askedUnit('How many hours did Sam log?')).toEqual({ dim: 'duration', word: 'hours' });
    expect(askedUnit('Where did I leave the keys in the flat?')).toBeNull();
    expect(askedUnit('How many tickets did we sell?')).toBeNull();
  });
});
