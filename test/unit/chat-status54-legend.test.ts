/**
 * Rotas whose cells hold codes a key explains (grid-legend.ts). Screens and questions made up for this
 * test, apart from the benchmark days: a hospital ward's week with its key under the grid, a German
 * office plan (a dark page) with its legend beside it and the user found by the signed-in name, a
 * French shift plan read from OCR's lines alone. Asked in the user's words ("on holiday", "my nights",
 * "working from home", "off"); negatives: another person's row, a code the key does not explain, a
 * person the rota does not hold, a code with no hours in the key.
 */
import { describe, expect, it } from 'vitest';
import type { FrameWords } from '../../agents/store/index.js';
import { cell, screenOf, textOf } from '../helpers/screen-words.js';
import { screenMemory } from '../helpers/screen-memory.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { keyOf } from '../../agents/chat/grid-legend.js';

const fmt = new TimeFormatter('UTC');
const AT = '2026-12-06T19:05:00.000Z';
const lead = (q: string, fw: FrameWords | null, title: string, text = fw ? textOf(fw) : '') => {
  const numbered = screenMemory('lines', text, title, AT, { frameId: 'frm_r', fullSnippet: true });
  const f = factSentence(q, numbered, fmt, (id) => (fw && id === 'frm_r' ? fw : null));
  return f ? { known: f.known, text: f.text.split('\n')[0]!.split(' — seen')[0]! } : { known: false, text: '' };
};
const mid = (text: string, x: number, y: number) => cell(text, Math.round(x - (text.length * 9) / 2), y);

// A ward's week: staff down the side, days across, the key under the grid.
const cols = [300, 380, 460, 540, 620, 700, 780];
const row = (y: number, label: string, codes: string[]) => [cell(label, 40, y), ...codes.map((s, k) => (s ? mid(s, cols[k]!, y) : []))];
const ward = screenOf(
  cell('Ward 7 rota — week of 7 Dec', 40, 20),
  cell('Staff', 40, 70), ...['Mon 7', 'Tue 8', 'Wed 9', 'Thu 10', 'Fri 11', 'Sat 12', 'Sun 13'].map((d, k) => mid(d, cols[k]!, 70)),
  ...row(110, 'Grace Obi', ['E', 'E', 'L', 'OFF', 'N', 'N', 'OFF']),
  ...row(150, 'Priya Shah (you)', ['L', 'AL', 'AL', 'N', 'N', 'OFF', 'E']),
  ...row(190, 'Tom Reilly', ['N', 'N', 'OFF', 'AL', 'E', 'E', 'SD']),
  cell('Key', 40, 250),
  cell('E = Early 07:00–15:00', 40, 280), cell('L = Late 13:30–21:30', 300, 280),
  cell('N = Night 21:00–07:30', 40, 310), cell('AL = Annual leave', 300, 310),
);
const wardTitle = 'Rota — HealthRoster';

describe('a ward rota with its key under the grid', () => {
  it('reads the key\'s codes, their meanings and hours', () => {
    const key = keyOf([['E = Early 07:00–15:00', 'L = Late 13:30–21:30'], ['N Night 21:00–07:30 AL Annual leave']], new Set(['E', 'L', 'N', 'AL']));
    expect(key).toEqual([
      { code: 'E', meaning: 'Early 07:00–15:00', start: '07:00', end: '15:00' },
      { code: 'L', meaning: 'Late 13:30–21:30', start: '13:30', end: '21:30' },
      { code: 'N', meaning: 'Night 21:00–07:30', start: '21:00', end: '07:30' },
      { code: 'AL', meaning: 'Annual leave' },
    ]);
  });

  it('the days the user\'s own row holds the leave code, not another person\'s', () => {
    const f = lead('Which day am I on holiday this week?', ward, wardTitle);
    expect(f.known).toBe(true);
    expect(f.text).toMatch(/^Tue 8, Wed 9 — AL = Annual leave/);
    expect(f.text).not.toMatch(/Thu 10/);
    expect(lead('Which days is Tom off on leave?', ward, wardTitle).text).toMatch(/^Thu 10 — AL/);
  });

  it('the hours the key gives the asked code', () => {
    expect(lead('What time do my nights finish?', ward, wardTitle).text).toMatch(/^07:30 — N = Night/);
    expect(lead('When does an early start?', ward, wardTitle).text).toMatch(/^07:00 — E = Early/);
  });

  it('the user\'s cell under the asked day, decoded; not a colleague\'s', () => {
    const f = lead('What shift am I on Monday?', ward, wardTitle);
    expect(f.known).toBe(true);
    expect(f.text).toMatch(/^L = Late 13:30–21:30 — Mon 7/);
    expect(f.text).not.toMatch(/Early|Night/);
    expect(lead('What time do I get off on Thursday?', ward, wardTitle).text).toMatch(/^07:30 — Thu 10: N = Night/);
  });

  it('who holds the asked code on the asked day, or on any day of the week', () => {
    const f = lead('Who is on nights on Friday?', ward, wardTitle);
    expect(f.known).toBe(true);
    expect(f.text).toMatch(/^Grace Obi, Priya Shah \(you\) — N = Night/);
    expect(f.text).not.toMatch(/Tom/);
    expect(lead('Who is on annual leave this week?', ward, wardTitle).text).toMatch(/^Priya Shah \(you\) \(Tue 8, Wed 9\), Tom Reilly \(Thu 10\) — AL/);
    const none = lead('Who is on leave on Monday?', ward, wardTitle);
    expect(none.known).toBe(false);
    expect(none.text).not.toMatch(/^(?:Grace|Priya|Tom)/);
  });

  it('negatives: a code the key does not explain; a person with no leave; a person not on the rota', () => {
    const x = lead('What is Tom doing on Sunday?', ward, wardTitle);
    expect(x.known).toBe(false);
    expect(x.text).toMatch(/^I don't know what "SD" means/);
    const grace = lead('Which days is Grace on holiday?', ward, wardTitle);
    expect(grace.known).toBe(false);
    expect(grace.text).not.toMatch(/^(?:Tue 8|Wed 9|Thu 10)/);
    const marta = lead('Which day is Marta on holiday?', ward, wardTitle);
    expect(marta.known).toBe(false);
    expect(marta.text).not.toMatch(/Tue 8, Wed 9|Thu 10 — AL/);
  });
});

// A German office plan, dark page, the legend beside the grid; the user is the signed-in name.
const gcols = [260, 330, 400, 470, 540];
const grow = (y: number, label: string, codes: string[]) => [cell(label, 40, y), ...codes.map((s, k) => mid(s, gcols[k]!, y))];
const office = screenOf(
  cell('Angemeldet als Jonas Weber', 900, 20),
  cell('Anwesenheit KW 50', 40, 20),
  cell('Mitarbeiter', 40, 70), ...['Mo', 'Di', 'Mi', 'Do', 'Fr'].map((d, k) => mid(d, gcols[k]!, 70)),
  ...grow(110, 'Lena Brandt', ['HO', 'B', 'B', 'HO', 'U']), cell('Legende', 760, 110),
  ...grow(150, 'Jonas Weber', ['B', 'HO', 'T', 'HO', 'U']), cell('B = Büro', 760, 150),
  ...grow(190, 'Aylin Demir', ['B', 'B', 'HO', 'B', 'B']), cell('HO = Homeoffice', 760, 190),
  cell('U = Urlaub', 760, 230),
);
const officeTitle = 'Anwesenheit — Teamplaner';

describe('a German office plan with its legend beside the grid', () => {
  it('the days the signed-in user works from home; the day on holiday', () => {
    const f = lead('Which days am I working from home this week?', office, officeTitle);
    expect(f.known).toBe(true);
    expect(f.text).toMatch(/^Di, Do — HO = Homeoffice \(Jonas Weber\)/);
    expect(lead('When am I on vacation?', office, officeTitle).text).toMatch(/^Fr — U = Urlaub/);
  });

  it('negative: a code the legend does not list is not decoded', () => {
    const f = lead('What am I doing on Wednesday?', office, officeTitle);
    expect(f.known).toBe(false);
    expect(f.text).toMatch(/"T"/);
    expect(f.text).not.toMatch(/Büro|Homeoffice|Urlaub/);
  });
});

// A French shift plan read from OCR's lines alone, its key on one line.
const planText = [
  'Planning — Boulangerie Martin',
  'Connecté en tant que Camille Roux',
  'Nom Lun Mar Mer Jeu Ven Sam',
  'Camille Roux M M S S R M',
  'Hugo Petit S S M R M S',
  'M = Matin 06:00–13:00 · S = Soir 13:00–20:30 · R = Repos',
].join('\n');

describe('a French shift plan without word boxes', () => {
  it('the end of the evening shift; the user\'s day off', () => {
    expect(lead('What time do my evening shifts finish?', null, 'Planning — Boulangerie Martin', planText).text).toMatch(/^20:30 — S = Soir/);
    const off = lead('Which day am I off?', null, 'Planning — Boulangerie Martin', planText);
    expect(off.known).toBe(true);
    expect(off.text).toMatch(/^Ven — R = Repos \(Camille Roux\)/);
  });

  it('negative: a code with no hours in the key gives none', () => {
    const f = lead('What time does my rest day start?', null, 'Planning — Boulangerie Martin', planText);
    expect(f.known).toBe(false);
    expect(f.text).not.toMatch(/06:00|13:00/);
  });
});
