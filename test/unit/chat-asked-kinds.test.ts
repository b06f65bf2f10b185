import { describe, expect, it } from 'vitest';
import type { Memory, PassageMatch } from '../../shared/index.js';
import type { NumberedMemory } from '../../agents/chat/retrieval-types.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { askedValue, meets, stemsOf } from '../../agents/chat/asked-value.js';
import { linkIn, phoneIn, refineAsked } from '../../agents/chat/asked-kinds.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { screenPassage } from '../helpers/screen-memory.js';

// Made-up screens and questions, apart from the benchmark days: a clinic, a removals firm, an upload
// list, a build log, a settings menu.
const fmt = new TimeFormatter('UTC');
const at = '2026-11-03T14:05:00.000Z';
const pass = (kind: PassageMatch['kind'], text: string, title: string, score: number): PassageMatch => screenPassage(text, title, score, at, { kind });
const memory = (id: string, title: string, text: string): Memory => ({
  id, kind: 'episodic', title, text, details: '', fields: {}, app: 'Chromium', occurred_at: at, ended_at: null,
  segment: 'seg_1', created_at: at, updated_at: at, access_count: 0, last_accessed_at: null, superseded_by: null, version: 1, archived_at: null,
});
function screen(title: string, ...passages: PassageMatch[]): NumberedMemory[] {
  const m = memory('mem_1', `Browsed "${title}"`, 'Looked at a page');
  return [{ n: 1, memory: m, source: 'search', score: 1, line: m.text, passages }];
}
const first = (q: string, s: NumberedMemory[]) => factSentence(q, s, fmt)!.text.split('\n')[0]!;

describe('a phone number is not a date and a time', () => {
  it('reads no number in "Tue 3 Nov 2026 14:05"', () => {
    expect(phoneIn('Browsed "Riverside Clinic — Appointments" in Chromium, Tue 3 Nov 2026 14:05')).toBe(false);
    expect(phoneIn('Reception: 020 7946 0958 (Mon–Fri 8:00–18:00)')).toBe(true);
  });

  it('leads with the number on the screen, not with the visit that names the clinic', () => {
    const t = 'Riverside Clinic — Appointments';
    const visit = memory('mem_2', 'Visited the clinic page', `Browsed "${t}" in Chromium, Tue 3 Nov 2026 14:05`);
    const s: NumberedMemory[] = [
      ...screen(t, pass('lines', 'Your next appointment\nThursday with Dr Okoro\nQuestions? Ring reception on 020 7946 0958', t, 3)),
      { n: 2, memory: visit, source: 'search', score: 0.9, line: visit.text },
    ];
    expect(first("What's the clinic's phone number?", s)).toContain('020 7946 0958');
  });
});

describe('how can I call / ring someone', () => {
  it('asks for a way to reach them', () => {
    for (const q of ['How can I ring the removal company?', 'How do I call the plumber?', 'How could we text the babysitter?']) expect(refineAsked(q, askedValue(q)).kind).toBe('contact');
    // Asked for an address, an address it stays; a step is still a step.
    expect(refineAsked('How do I email my landlord?', askedValue('How do I email my landlord?')).kind).toBe('email');
    expect(refineAsked('How do I reset the modem?', askedValue('How do I reset the modem?')).kind).toBe('command');
  });

  it('states the number of the one asked about', () => {
    const t = 'Quotes — Moving house';
    const s = screen(t, pass('lines', 'Removal company\nHartley & Sons, office 01632 960 441\nStorage unit\nBoxMore, 01632 960 118', t, 3));
    expect(first('How can I ring the removal company?', s)).toContain('960 441');
  });
});

describe('files and links', () => {
  it('reads file names, paths and addresses with a scheme, also with the space OCR puts after a dot', () => {
    for (const t of ['src/net/retry_policy.rs', 'pushed to gs://orbit-dumps/nightly', 'passport-scan-2026. pdf', 'Budget_v3.ods']) expect(linkIn(t), t).toBe(true);
    for (const t of ['We met at noon. Pdf copies later', 'Version 3.1 is out', 'e.g. the blue one']) expect(linkIn(t), t).toBe(false);
  });

  it('reads "what did I call the scan" as asking for a file name, without the word for the kind of file', () => {
    const a = refineAsked('What did I name the scan of my passport?', askedValue('What did I name the scan of my passport?'));
    expect(a.kind).toBe('link');
    expect(a.terms).toEqual(['passport']);
    const b = refineAsked('What did I name the dog?', askedValue('What did I name the dog?'));
    expect(b.kind).toBe('any');
  });

  it('states the file and the place things are kept', () => {
    const t = 'Visa application — Uploads';
    const up = screen(t, pass('lines', 'Your application\nStatus: received\nFiles you sent\npassport-scan-2026. pdf\nbank-statement-oct. pdf', t, 3));
    expect(first('What did I call the scan of my passport?', up)).toContain('passport-scan-2026');
    const j = 'Builds — Orbit CI';
    const ci = screen(j, pass('lines', 'nightly-dump OK\nfinished 03:12, 4.1 GB, pushed to gs://orbit-dumps/nightly', j, 3));
    expect(first('Where are the nightly dumps kept?', ci)).toContain('gs://orbit-dumps');
    const r = 'Change 3310: Retry with backoff — Review';
    const cr = screen(r, pass('lines', 'Change 3310 · Retry with backoff\nsrc/net/retry_policy.rs\n12 fn backoff(attempt: u32) -> Duration {', r, 3));
    expect(first('Which file is my backoff change in?', cr)).toContain('retry_policy.rs');
  });
});

describe('the one who does it is not the thing', () => {
  it('does not meet "accountant" with "account" or "manager" with "manage"', () => {
    expect(meets('accountant', stemsOf('Account: About'))).toBe(false);
    expect(meets('manager', stemsOf('Manage subscriptions'))).toBe(false);
    expect(meets('renewal', stemsOf('Renew now'))).toBe(true);
  });

  it('says it does not know rather than leading with a menu', () => {
    const t = 'Settings — Ledgerly';
    const s = screen(t, pass('row', 'Account: About · Plan: Family · Owner: Sam Okafor', t, 3));
    expect(first('Who is my accountant?', s)).toMatch(/^I don't know/);
    const c = screen(t, pass('row', 'Accountant: Tomas Erikson · Plan: Family', t, 3));
    expect(first('Who is my accountant?', c)).toContain('Tomas Erikson');
  });
});
