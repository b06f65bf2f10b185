import { describe, expect, it } from 'vitest';
import type { FrameWords } from '../../agents/store/index.js';
import { cell, screenOf } from '../helpers/screen-words.js';
import type { Memory, PassageMatch } from '../../shared/index.js';
import type { NumberedMemory } from '../../agents/chat/retrieval-types.js';
import { screenMemory } from '../helpers/screen-memory.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { labelledValues, linesOf } from '../../agents/chat/screen-layout.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';

// Screens here are made up for this test, apart from the benchmark days: word boxes placed as a
// browser would draw them (about 9 px a character at 16 px text, a 5 px space between words).
const screen = screenOf;
const pairs = (fw: FrameWords) => labelledValues(fw).map((v) => `${v.label} = ${v.value}${v.row ? ` (${v.row})` : ''}`);

describe('a screen read from its word boxes', () => {
  it('cuts a line into cells at wide gaps, not at word spaces', () => {
    const lines = linesOf(screen(cell('Exit node', 40, 100), cell('Amsterdam 3', 640, 101), cell('A sentence of prose that runs on', 40, 140)));
    expect(lines.map((l) => l.map((c) => c.text))).toEqual([['Exit node', 'Amsterdam 3'], ['A sentence of prose that runs on']]);
  });

  it('pairs a settings label with the value at the far end of its row', () => {
    const fw = screen(cell('Exit node', 40, 100), cell('Amsterdam 3', 640, 101), cell('Start with the computer', 40, 140), cell('Off', 640, 140));
    expect(pairs(fw)).toEqual(expect.arrayContaining(['Exit node = Amsterdam 3', 'Start with the computer = Off']));
  });

  it('labels each table cell by the header over its column, with the rest of its row', () => {
    const fw = screen(
      cell('Course', 40, 100), cell('Room', 400, 100), cell('Starts', 600, 100), cell('Tutor', 800, 100),
      cell('Ceramics for beginners', 40, 136), cell('B2', 400, 136), cell('19:15', 600, 136), cell('Hana Ito', 800, 136),
      cell('Life drawing', 40, 172), cell('A7', 400, 172), cell('18:00', 600, 172), cell('Olu Bello', 800, 172),
    );
    const p = pairs(fw);
    expect(p).toContain('Starts = 19:15 (Course: Ceramics for beginners · Room: B2 · Tutor: Hana Ito)');
    expect(p).toContain('Tutor = Olu Bello (Course: Life drawing · Room: A7 · Starts: 18:00)');
    // A value never takes the header of the column beside it.
    expect(p.some((x) => x.startsWith('Room = 19:15') || x.startsWith('Starts = B2'))).toBe(false);
  });

  it('reads a grid whose header cells are days with dates', () => {
    const fw = screen(
      cell('Sat 9 Aug', 200, 100), cell('Sun 10 Aug', 500, 100), cell('Mon 11 Aug', 800, 100),
      cell('10:00', 40, 140), cell('Market stall', 200, 140), cell('Brunch at Lia', 800, 140),
      cell('15:00', 40, 180), cell('Repair café', 500, 180),
    );
    expect(pairs(fw).some((x) => x.startsWith('Sat 9 Aug = Sun 10 Aug'))).toBe(false);
    expect(pairs(fw)).toEqual(expect.arrayContaining(['Mon 11 Aug = Brunch at Lia (10:00 · Sat 9 Aug: Market stall)', 'Sat 9 Aug = Market stall (10:00 · Mon 11 Aug: Brunch at Lia)']));
  });

  it('pairs a label with the box right under it, in a two-column form', () => {
    const fw = screen(
      cell('POLICY HOLDER', 40, 100, 12), cell('MEMBER SINCE', 420, 100, 12),
      cell('Maria Silva', 40, 118), cell('12 May 2019', 420, 118),
    );
    expect(pairs(fw)).toEqual(expect.arrayContaining(['POLICY HOLDER = Maria Silva', 'MEMBER SINCE = 12 May 2019']));
  });

  it('takes no side menu word beside a settings row for a table header', () => {
    // "Help" in a side menu shares a row with a settings label and its value: three cells, no table under them.
    const fw = screen(
      cell('Account', 20, 80),
      cell('Help', 20, 100), cell('Exit node', 300, 100), cell('Amsterdam 3', 900, 100),
      cell('Start with the computer', 300, 140), cell('Off', 900, 140),
      cell('Local network sharing', 300, 180), cell('Allowed', 900, 180),
    );
    const p = pairs(fw);
    expect(p).toEqual(expect.arrayContaining(['Exit node = Amsterdam 3', 'Local network sharing = Allowed']));
    expect(p.some((x) => x.startsWith('Exit node = Start with') || x.startsWith('Amsterdam 3 ='))).toBe(false);
  });

  it('keeps evenly spaced label/value rows as rows, not as labels over values', () => {
    const fw = screen(
      cell('Billed to', 40, 100), cell('Nordlys Kaffe AS', 300, 100),
      cell('Issued', 40, 124), cell('2 Feb 2027', 300, 124),
      cell('Due', 40, 148), cell('4 Mar 2027', 300, 148),
    );
    const p = pairs(fw);
    expect(p).toEqual(expect.arrayContaining(['Billed to = Nordlys Kaffe AS', 'Issued = 2 Feb 2027', 'Due = 4 Mar 2027']));
    expect(p.some((x) => x.startsWith('Billed to = Issued') || x.startsWith('Nordlys Kaffe AS ='))).toBe(false);
  });

  it('pairs nothing in plain prose or stacked sentences', () => {
    const fw = screen(cell('We moved the meeting because the room was taken.', 40, 100), cell('Bring the slides and your laptop.', 40, 122));
    expect(labelledValues(fw)).toEqual([]);
  });
});

describe('the lead sentence reads a screen by its layout', () => {
  const fmt = new TimeFormatter('UTC');
  const at = '2026-11-03T09:20:00.000Z';
  // OCR read the settings pane column by column: the labels as one block, the values as another.
  const text = 'Exit node\nStart with the computer\nLocal network sharing\n\nAmsterdam 3\nOff\nAllowed';
  const numbered = screenMemory('lines', text, 'Preferences — Mole VPN', at, { frameId: 'frm_1', memory: { title: 'Changed VPN preferences', text: 'Changed VPN preferences' }, fullSnippet: true });
  const [{ memory: m, passages: [p] }] = numbered as [NumberedMemory & { passages: [PassageMatch] }];
  const fw = screen(
    cell('Exit node', 40, 100), cell('Amsterdam 3', 640, 100),
    cell('Start with the computer', 40, 140), cell('Off', 640, 140),
    cell('Local network sharing', 40, 180), cell('Allowed', 640, 180),
  );

  it('states the value on the asked label’s row when the OCR text split them apart', () => {
    const f = factSentence('Is local network sharing allowed or blocked?', numbered, fmt, (id) => (id === 'frm_1' ? fw : null))!;
    expect(f.text.split('\n')[0]).toContain('Local network sharing: Allowed');
    const node = factSentence('Which exit node does my VPN use?', numbered, fmt, (id) => (id === 'frm_1' ? fw : null))!;
    expect(node.known).toBe(true);
    expect(node.text).toContain('Exit node: Amsterdam 3');
  });

  it('judges a value by the passage it was read in, not by the whole screen', () => {
    // Contact cards: three in a row, the fourth wrapped under them; the accountant's words are on that card only.
    const row = 'Lia Moreno\nGardener\nlia.moreno@hortas.pt';
    const pc: PassageMatch = { ...p, text: row, marked: row, snippet: row, frame_id: 'frm_2', window_title: 'People — Contacts' };
    const two: NumberedMemory[] = [{ n: 1, memory: m, source: 'search', score: 1, line: m.text, passages: [pc, { ...pc, text: 'Tomas Erikson\nAccountant\nOffice 220 555 010\ntomas@erikson-tax.se', score: 4 }] }];
    const grid = screen(
      cell('Lia Moreno', 40, 100), cell('Noor Aziz', 500, 100), cell('Pedro Sá', 900, 100),
      cell('Gardener', 40, 124), cell('Dentist', 500, 124), cell('Locksmith', 900, 124),
      cell('lia.moreno@hortas.pt', 40, 148), cell('noor@smile.pt', 500, 148), cell('pedro@chaves.pt', 900, 148),
      cell('Tomas Erikson', 40, 220), cell('Accountant', 40, 244), cell('Office 220 555 010', 40, 268), cell('tomas@erikson-tax.se', 40, 292),
    );
    const f = factSentence('How do I email my accountant?', two, fmt, (id) => (id === 'frm_2' ? grid : null))!;
    expect(f.text).toContain('tomas@erikson-tax.se');
    expect(f.text).not.toContain('lia.moreno');
  });

  it('offers a value as a guess when what the question names is elsewhere on its screen', () => {
    const head = 'Invoice INV-88\nBilled to: Brightwater Ltd, Leeds';
    const pi: PassageMatch = { ...p, text: head, marked: head, snippet: head, frame_id: 'frm_3', window_title: 'Invoice INV-88 — Studio Oak' };
    const inv: NumberedMemory[] = [{ n: 1, memory: m, source: 'search', score: 1, line: m.text, passages: [pi, { ...pi, text: 'Balance owed £1,240.00\nThank you for your business.', score: 3 }] }];
    const page = screen(
      cell('Invoice INV-88', 40, 60),
      cell('Billed to', 40, 100), cell('Brightwater Ltd, Leeds', 300, 100),
      cell('Item', 40, 160), cell('Days', 400, 160), cell('Amount', 700, 160),
      cell('Site survey', 40, 196), cell('2', 400, 196), cell('£960.00', 700, 196),
      cell('Balance owed', 40, 232), cell('£1,240.00', 700, 232),
    );
    const f = factSentence('How much does Brightwater owe me?', inv, fmt, (id) => (id === 'frm_3' ? page : null))!;
    expect(f.hedged).toBe(true);
    expect(f.text.split('\n')[0]).toContain('£1,240.00');
  });
});

describe('which screens the lead sentence reads, and which cell of a row answers', () => {
  const fmt = new TimeFormatter('UTC');
  const at = '2026-11-04T10:00:00.000Z';
  const mem = (n: number, title: string, passages: PassageMatch[]): NumberedMemory => {
    const m: Memory = {
      id: `mem_${n}`, kind: 'episodic', title, text: title, details: '', fields: {}, app: 'Chromium', occurred_at: at, ended_at: null,
      segment: 'seg_1', created_at: at, updated_at: at, access_count: 0, last_accessed_at: null, superseded_by: null, version: 1, archived_at: null,
    };
    return { n, memory: m, source: 'search', score: 1, line: title, passages };
  };
  const pass = (text: string, frame: string, title: string, score: number, kind: PassageMatch['kind'] = 'lines'): PassageMatch =>
    ({ kind, text, marked: text, snippet: text, observation_id: `obs_${frame}`, frame_id: frame, seen_at: at, last_seen_at: at, sightings: 1, app: 'Chromium', window_title: title, url: null, score, next: null });

  it('reads the screen that names what was asked before screens that share only its verb, each passage once', () => {
    // Three screens that say "book" rank first, each cited by three memories; the profile that says "Cost centre" ranks last.
    const loud = ['Book a desk up to a week ahead.', 'Booked rooms are held for ten minutes.', 'Book through the app.'].map((t, i) => pass(t, `frm_${i}`, `Screen ${i}`, 9 - i));
    const numbered: NumberedMemory[] = [];
    loud.forEach((p, i) => { for (let k = 0; k < 3; k++) numbered.push(mem(numbered.length + 1, `Visit ${i}.${k}`, [p])); });
    // OCR read the profile's values as one block and its labels as another.
    numbered.push(mem(numbered.length + 1, 'Browsed "Profile — StaffDesk"', [pass('KX-2290-B\nCost centre', 'frm_f', 'Profile — StaffDesk', 2)]));
    const fw = screen(cell('Cost centre', 40, 140), cell('KX-2290-B', 400, 140));
    const f = factSentence('Which cost centre am I booked on?', numbered, fmt, (id) => (id === 'frm_f' ? fw : null))!;
    expect(f.text.split('\n')[0]).toContain('Cost centre: KX-2290-B');
  });

  it('answers with a cell of the row, not the cell that names the row', () => {
    const row = 'Test: Ferritin · Result: 41 · Units: ng/mL · Flag: Normal';
    const f = factSentence('What was my ferritin level in the blood panel?', [mem(1, 'Browsed "Blood panel — ClinicNet"', [pass(row, 'frm_r', 'Blood panel — ClinicNet', 5, 'row')])], fmt)!;
    expect(f.text.split('\n')[0]).toMatch(/^(?:Not sure it is what you asked, but the closest I found: )?Result: 41\b/);
  });
});
