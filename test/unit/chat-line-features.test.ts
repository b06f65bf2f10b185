import { describe, expect, it } from 'vitest';
import { explainLines, FEATURE_NAMES, leadState, lineCandidates, lineFeatures, questionFrame, type FeatureName } from '../../agents/chat/line-features.js';
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
