import { describe, expect, it } from 'vitest';
import { explainLines, FEATURE_NAMES, leadState, lineCandidates, lineFeatures, lineMeaningPairs, questionFrame, type FeatureName } from '../../agents/chat/line-features.js';
import { askedHead } from '../../agents/chat/asked-head.js';
import type { Meaning } from '../../agents/chat/label-meaning.js';
import { browsedScreen, screenMemory, screenPassage } from '../helpers/screen-memory.js';

// Screens made up for this test: a dark NAS settings pane, a parcel locker page with values under
// their labels, a vault entry. Questions asked in other words than the labels.
const at = '2026-11-18T07:05:00.000Z';
const f = (row: number[], name: FeatureName) => row[FEATURE_NAMES.indexOf(name)]!;

describe('line candidates', () => {
  it('reads the best passages first, one copy each, and never a vault memory', () => {
    const nas = browsedScreen('Storage · Snapshot jobs — NAS admin', at, [
      screenPassage('Snapshot job: nightly\nStarts at: 02:30\nKeep copies for: 14 days', 'Storage · Snapshot jobs — NAS admin', 4, at),
      screenPassage('Volume: tank0\nFree: 1.2 TB', 'Storage · Snapshot jobs — NAS admin', 9, at),
      screenPassage('Snapshot job: nightly\nStarts at: 02:30\nKeep copies for: 14 days', 'Storage · Snapshot jobs — NAS admin', 4, at),
    ]);
    const vault = { ...screenMemory('lines', 'Admin PIN: 4417', 'Vault', at)[0]!, n: 2 };
    vault.memory = { ...vault.memory, kind: 'knowledge_vault' };
    const cs = lineCandidates([...nas, vault]);
    expect(cs.map((c) => c.text)).toEqual(['Volume: tank0', 'Free: 1.2 TB', 'Snapshot job: nightly', 'Starts at: 02:30', 'Keep copies for: 14 days']);
    expect(cs[0]!.rank).toBe(1);
    expect(cs[3]!.rank).toBeCloseTo(4 / 9);
    expect(cs[3]!.label).toBe('Starts at');
    expect(cs.some((c) => c.text.includes('4417'))).toBe(false);
  });

  it('takes the line above as the label of a value written under it', () => {
    const locker = screenMemory('lines', 'Parcel locker 31\nCollect between\n08:00 – 20:00\nCode sent by text', 'Your parcel is ready — ParcelHub', at);
    const cs = lineCandidates(locker);
    const hours = cs.find((c) => c.text.startsWith('08:00'))!;
    expect(hours.label).toBe('Collect between');
    const row = lineFeatures(questionFrame('Until what time can I pick the package up from the locker?', cs), hours);
    expect(f(row, 'kind_value')).toBe(1);
    expect(f(row, 'kind_under_label')).toBe(0); // "collect" is not a word of the question
    const asked = lineFeatures(questionFrame('When can I collect it?', cs), hours);
    expect(f(asked, 'kind_under_label')).toBe(1);
  });
});

describe('line features', () => {
  const nas = browsedScreen('Storage · Snapshot jobs — NAS admin', at, [
    screenPassage('Snapshot job: nightly\nStarts at: 02:30\nKeep copies for: 14 days\nLast run: failed (disk full)', 'Storage · Snapshot jobs — NAS admin', 5, at),
  ]);
  const q = 'What time does the nightly snapshot kick off?';
  const rows = explainLines(q, nas);
  const byText = (t: string) => rows.find((r) => r.candidate.text.startsWith(t))!.features;

  it('is one fixed vector per line', () => {
    for (const r of rows) expect(r.features).toHaveLength(FEATURE_NAMES.length);
    expect(f(byText('Starts at'), 'bias')).toBe(1);
  });

  it('marks the line holding a value of the asked kind, not its siblings', () => {
    expect(f(byText('Starts at'), 'kind_value')).toBe(1);
    expect(f(byText('Keep copies'), 'kind_value')).toBe(0);
    expect(f(byText('Last run'), 'kind_value')).toBe(0);
  });

  it('counts the question words a line, its label and its screen title say', () => {
    // "nightly" and "snapshot" are on the first line; the title names the snapshot too.
    expect(f(byText('Snapshot job'), 'terms_met')).toBeGreaterThan(f(byText('Keep copies'), 'terms_met'));
    expect(f(byText('Keep copies'), 'title_terms')).toBeGreaterThan(0);
    expect(f(byText('Starts at'), 'neighbour_terms')).toBeGreaterThan(0);
    expect(f(byText('Keep copies'), 'passage_terms')).toBe(f(byText('Starts at'), 'passage_terms'));
  });

  it('weighs a rare question word above a common one', () => {
    const screen = browsedScreen('Ferry times', at, [screenPassage('Ferry to Skye 08:10\nFerry to Mull 09:40\nFerry to Iona 11:15\nBus to Oban 12:00', 'Ferry times', 5, at)]);
    const r = explainLines('When does the ferry to Mull leave?', screen);
    const mull = r.find((x) => x.candidate.text.includes('Mull'))!.features;
    const skye = r.find((x) => x.candidate.text.includes('Skye'))!.features;
    // Both say "ferry"; only one says the rare "Mull": its weighted share is higher than its plain one's lead.
    expect(f(mull, 'terms_met_idf') - f(skye, 'terms_met_idf')).toBeGreaterThan(f(mull, 'terms_met') - f(skye, 'terms_met'));
    expect(f(mull, 'question_tokens')).toBe(1);
    expect(f(skye, 'question_tokens')).toBe(0);
  });

  it('knows the hand-written lead: a hedge names its line, "I don\'t know" none', () => {
    expect(leadState("I don't know: nothing you saw or told me answers \"x\".")).toBe('unknown');
    expect(leadState('Not sure it is what you asked, but the closest I found: Keep copies for: 14 days [1].')).toBe('hedge');
    expect(leadState('02:30 — Starts at: 02:30 [1].')).toBe('sure');
    const hedged = explainLines(q, nas, 'Not sure it is what you asked, but the closest I found: Keep copies for: 14 days — seen on "x" [1].');
    expect(f(hedged.find((r) => r.candidate.text.startsWith('Keep copies'))!.features, 'in_hedge')).toBe(1);
    expect(f(hedged.find((r) => r.candidate.text.startsWith('Starts at'))!.features, 'in_hedge')).toBe(0);
    const sure = explainLines(q, nas, 'Keep copies for: 14 days [1].');
    expect(f(sure.find((r) => r.candidate.text.startsWith('Keep copies'))!.features, 'in_hedge')).toBe(0);
  });
});

// Made-up screens: a bike-storage helpdesk queue, an estate's notice board, a car-park gate notice.
describe('the asked thing bound to its value (near misses)', () => {
  it('finds the noun the question asks the value of, or none', () => {
    expect(askedHead('What is the door code for the bike storage?')).toBe('code');
    expect(askedHead('Which platform does the 07:12 to Leeds leave from?')).toBe('platform');
    expect(askedHead('How much is the cleaning fee at the cottage?')).toBe('fee');
    expect(askedHead('Who is the duty pharmacist tonight?')).toBe('pharmacist');
    expect(askedHead('When does the library close?')).toBeNull();
    expect(askedHead('What time does the match start?')).toBeNull();
  });

  it('tells "the code is 5813" from a line that only says the other words beside a code-shaped value', () => {
    const desk = screenMemory('lines', 'Facilities — open tickets\nFAC-3307 · Bike storage door does not latch · Medium\nFAC-3311 · Lift stuck on 2nd floor · High', 'Facilities desk — tickets', at);
    const board = screenMemory('lines', 'Notice board — Harbour Court\nBike storage door code: 5813\nBins out on Tuesday evening', 'Residents — notices', at);
    const q = 'What is the door code for the bike storage?';
    const cs = lineCandidates([...desk, { ...board[0]!, n: 2 }]);
    const frame = questionFrame(q, cs);
    const row = (t: string) => lineFeatures(frame, cs.find((c) => c.text.startsWith(t))!);
    // The ticket says bike, storage and door and holds a code-shaped id: every word met, yet no door code.
    expect(f(row('FAC-3307'), 'all_terms_met')).toBe(1);
    expect(f(row('FAC-3307'), 'kind_value')).toBe(1);
    expect(f(row('FAC-3307'), 'head_unsaid')).toBe(1);
    expect(f(row('FAC-3307'), 'head_bound')).toBe(0);
    expect(f(row('Bike storage door code'), 'head_bound')).toBe(1);
    expect(f(row('Bike storage door code'), 'head_unsaid')).toBe(0);
  });

  it('a line that names the asked thing but holds no value of it says it, unbound', () => {
    const gate = screenMemory('lines', 'Car park notice\nThe gate code changes on the 1st of each month\nAsk reception for the new one', 'Car park — Riverside Offices', at);
    const cs = lineCandidates(gate);
    const frame = questionFrame('What is the gate code for the car park?', cs);
    const changes = lineFeatures(frame, cs.find((c) => c.text.startsWith('The gate code'))!);
    expect(f(changes, 'head_said')).toBe(1);
    expect(f(changes, 'head_bound')).toBe(0);
  });
});

describe('lines alike the question in meaning, not in words', () => {
  // The embedder's verdicts, made up: "a second check" is close to "Re-visit fee" and its line, far from the rest.
  const near = new Map([
    ['Re-visit fee: £45', 0.71],
    ['Re-visit fee', 0.68],
    ['Call-out charge: £80', 0.52],
    ['Call-out charge', 0.5],
    ['Technician: Ola Berg', 0.31],
  ]);
  const meaning: Meaning = (phrase, label) => (phrase === 'What does a second check cost?' ? (near.get(label) ?? 0.2) : undefined);
  const visit = screenMemory('lines', 'Boiler service — booking\nCall-out charge: £80\nRe-visit fee: £45\nTechnician: Ola Berg', 'Booking confirmed — WarmHome', at);
  const q = 'What does a second check cost?';

  it('asks the embedder for the question against each line and its label, in one list', () => {
    const pairs = lineMeaningPairs(q, visit);
    expect(pairs).toContainEqual({ phrase: q, label: 'Re-visit fee: £45' });
    expect(pairs).toContainEqual({ phrase: q, label: 'Re-visit fee' });
    expect(pairs.every((p) => p.phrase === q)).toBe(true);
  });

  it('carries the similarity of the line and its label, its gap to the closest line, and whether it is the closest', () => {
    const rows = explainLines(q, visit, '', meaning);
    const of = (t: string) => rows.find((r) => r.candidate.text.startsWith(t))!.features;
    expect(f(of('Re-visit'), 'meaning_line')).toBeCloseTo(0.71);
    expect(f(of('Re-visit'), 'meaning_label')).toBeCloseTo(0.68);
    expect(f(of('Re-visit'), 'meaning_top')).toBe(1);
    expect(f(of('Re-visit'), 'meaning_gap')).toBeCloseTo(0);
    expect(f(of('Call-out'), 'meaning_top')).toBe(0);
    expect(f(of('Call-out'), 'meaning_gap')).toBeCloseTo(0.52 - 0.71);
    // Without an embedder they are all 0: the chooser reads words alone.
    const plain = explainLines(q, visit).find((r) => r.candidate.text.startsWith('Re-visit'))!.features;
    for (const n of ['meaning_line', 'meaning_label', 'meaning_gap', 'meaning_top'] as const) expect(f(plain, n)).toBe(0);
  });
});
