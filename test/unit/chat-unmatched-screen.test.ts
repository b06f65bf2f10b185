import { describe, expect, it } from 'vitest';
import type { Memory, PassageMatch } from '../../shared/index.js';
import type { NumberedMemory } from '../../agents/chat/retrieval-types.js';
import type { ChatStore } from '../../agents/chat/chat-types.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { screenReader, type ScreenOf } from '../../agents/chat/unmatched-screen.js';

// Screens made up for this test, apart from the benchmark days: a screen the search ranked by its
// title or meaning, none of whose passages held the question's words, is read by the lead too.
const fmt = new TimeFormatter('UTC');
const at = '2026-11-06T10:00:00.000Z';

function memory(id: string, title: string): Memory {
  return {
    id, kind: 'episodic', title: `Browsed "${title}"`, text: `Looked at ${title}`, details: '', fields: {}, app: 'Chromium', occurred_at: at, ended_at: null,
    segment: 'seg_1', created_at: at, updated_at: at, access_count: 0, last_accessed_at: null, superseded_by: null, version: 1, archived_at: null,
  };
}
const pass = (text: string, title: string, obs: string, score = 0): PassageMatch =>
  ({ kind: 'lines', text, marked: text, snippet: text, observation_id: obs, frame_id: `frm_${obs}`, seen_at: at, last_seen_at: at, sightings: 1, app: 'Chromium', window_title: title, url: null, score, next: null });

/** The store's screens, by memory id: what screenReader would read back. */
const SCREENS: Record<string, { title: string; lines: string[] }> = {
  mem_bank: { title: 'Account overview — Lumen Bank', lines: ['Account holder\nAna Ribeiro', 'Customer since\n4 February 2019', 'Branch\nLisbon Chiado'] },
  mem_gym: { title: 'Membership — Boulder Hall', lines: ['Plan\nMonthly unlimited', 'Renews on\n1 December 2026'] },
  mem_tax: { title: 'Tax return 2025 — Finanças', lines: ['Submitted on\n12 May 2026', 'Refund\nEUR 412.80'] },
};
const screens: ScreenOf = (m) => {
  const s = SCREENS[m.id];
  return s ? s.lines.map((l) => pass(l, s.title, `obs_${m.id}`)) : null;
};

/** A dentist screen whose passage matched the question's words, then screens that matched by title or meaning only. */
function found(...unmatched: string[]): NumberedMemory[] {
  const dentist = memory('mem_dentist', 'Appointments — Sorriso Clinic');
  const out: NumberedMemory[] = [{ n: 1, memory: dentist, source: 'search', score: 1.2, line: dentist.text, passages: [pass('Next check-up: 3 March 2027', 'Appointments — Sorriso Clinic', 'obs_dentist', 4)] }];
  unmatched.forEach((id, i) => {
    const m = memory(id, SCREENS[id]!.title);
    out.push({ n: i + 2, memory: m, source: 'search', score: 1 - i * 0.1, line: m.text });
  });
  return out;
}
const lead = (q: string, numbered: NumberedMemory[], withScreens = true) => factSentence(q, numbered, fmt, undefined, withScreens ? { screens } : {})!.text;

describe('the lead reads screens the search found by title or meaning', () => {
  it('states the value of a well ranked screen none of whose passages matched', () => {
    const numbered = found('mem_bank', 'mem_gym');
    expect(lead('Since when have I banked with Lumen?', numbered)).toContain('4 February 2019');
    expect(lead('When was my account opened at the bank?', numbered)).toContain('4 February 2019');
    // Without the screens read, the answer is not there to state.
    expect(lead('When was my account opened at the bank?', numbered, false)).not.toContain('4 February 2019');
  });

  it('does not answer from them what none of them says', () => {
    const numbered = found('mem_bank', 'mem_gym');
    const s = factSentence('When does my passport expire?', numbered, fmt, undefined, { screens })!;
    expect(s.known).toBe(false);
    expect(s.text).not.toMatch(/2019|2026/);
  });

  it('reads the two best ranked of them only, below every matched passage', () => {
    // The tax screen ranks third among the unmatched: not read, so its date is not stated.
    expect(lead('When did I submit my tax return?', found('mem_bank', 'mem_gym', 'mem_tax'))).not.toContain('12 May 2026');
    expect(lead('When did I submit my tax return?', found('mem_tax', 'mem_bank'))).toContain('12 May 2026');
  });
});

describe('screenReader', () => {
  const obs = (id: string, kind: 'screen' | 'audio', observed_at: number, frame_id: string | null) =>
    ({ id, kind, frame_id, audio_id: null, display: null, observed_at, app: 'Chromium', title: `title of ${id}`, url: null, text: '', caption: null, processed_at: null });
  const observations = new Map([
    ['obs_early', obs('obs_early', 'screen', 1_000, 'frm_early')],
    ['obs_late', obs('obs_late', 'screen', 2_000, 'frm_late')],
    ['obs_sound', obs('obs_sound', 'audio', 3_000, null)],
  ]);
  const store = {
    memories: { provenance: (id: string) => (id === 'mem_1' ? [{ source_type: 'observation', source_id: 'obs_early' }, { source_type: 'observation', source_id: 'obs_late' }, { source_type: 'observation', source_id: 'obs_sound' }, { source_type: 'message', source_id: 'msg_1' }] : []) },
    observations: { get: (id: string) => observations.get(id) ?? null },
    passages: { ofObservation: (id: string) => (id === 'obs_late' ? [{ seq: 1, kind: 'lines', text: 'Renews on\n1 December 2026', position: 0 }, { seq: 2, kind: 'paragraph', text: 'Cancel any time.', position: 1 }] : []) },
  } as unknown as Pick<ChatStore, 'memories' | 'observations' | 'passages'>;

  it("reads the memory's latest screen, every passage in order, none scored as matched", () => {
    const ps = screenReader(store)(memory('mem_1', 'x'))!;
    expect(ps.map((p) => p.text)).toEqual(['Renews on\n1 December 2026', 'Cancel any time.']);
    expect(ps.every((p) => p.score === 0 && p.frame_id === 'frm_late' && p.window_title === 'title of obs_late')).toBe(true);
    expect(ps[0]!.next?.text).toBe('Cancel any time.');
  });

  it('is null for a memory that cites no screen', () => {
    expect(screenReader(store)(memory('mem_2', 'x'))).toBeNull();
  });
});
