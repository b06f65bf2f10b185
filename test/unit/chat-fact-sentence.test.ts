import { describe, expect, it } from 'vitest';
import type { Memory, PassageMatch } from '../../shared/index.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { composeOfflineAnswer } from '../../agents/chat/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { askedKind } from '../../agents/chat/asked-value.js';
import type { NumberedMemory } from '../../agents/chat/retrieval-types.js';

// Screens and questions here are written for this test, apart from the benchmark days: other
// apps, other labels, and questions worded unlike the labels they are answered by.
const fmt = new TimeFormatter('UTC');
const at = '2026-11-03T09:20:00.000Z';

function passage(kind: PassageMatch['kind'], text: string, title: string, score = 5): PassageMatch {
  return { kind, text, marked: text, snippet: text.slice(0, 80), observation_id: `obs_${title.length}`, frame_id: null, seen_at: at, last_seen_at: at, sightings: 1, app: 'Chromium', window_title: title, url: null, score, next: null };
}

function memory(n: number, text: string, passages: PassageMatch[] = []): NumberedMemory {
  const m: Memory = {
    id: `mem_${n}`, kind: 'episodic', title: text.slice(0, 40), text, details: '', fields: {}, app: 'Chromium', occurred_at: at, ended_at: null,
    segment: 'seg_1', created_at: at, updated_at: at, access_count: 0, last_accessed_at: null, superseded_by: null, version: 1, archived_at: null,
  };
  return { n, memory: m, source: 'search', score: 1, line: text, passages };
}

const lead = (q: string, numbered: NumberedMemory[]) => factSentence(q, numbered, fmt);

describe('the offline answer states the fact it found first', () => {
  const office = [
    memory(1, 'Looked at the furniture order in the procurement portal', [
      passage('row', 'Item: Standing desk · Qty: 2 · Unit price: 310.00 · Supplier: Deskworks', 'Order PO-7731 — Procure'),
      passage('row', 'Item: Monitor arm · Qty: 4 · Unit price: 89.50 · Supplier: Ergolab', 'Order PO-7731 — Procure', 4),
    ]),
    memory(2, 'Read the home insurance renewal page', [passage('lines', 'Policy number\nHX-44120-B\nRenewal date\n30 June 2027\nPremium\nEUR 264 a year', 'My policy — Casa Segura', 4)]),
    memory(3, 'Concert tickets in the mail', [passage('lines', 'Doors open  Show starts\n19:00  20:15\nVenue: Coliseu, Porto', 'Your tickets — Bilheteira', 3)]),
    memory(4, 'Chat with Sam about the flat', [passage('lines', 'Sam Ortiz 09:12\nThe plumber comes on Friday between 8 and 10, I will leave the key with Mrs. Lima.', 'Sam Ortiz — Signal', 3)]),
    memory(5, 'Report draft in the docs app', [passage('paragraph', 'Quarterly report draft for the board, version 3. Reviewed by Dana Whitfield on 3 May. Figures are still provisional.', 'Q2 report — Docs', 3)]),
    memory(6, 'Terminal: build failed then passed', [
      passage('code', "$ npm run build\nError: Cannot find module 'sharp'\n$ npm rebuild sharp\nrebuilt dependencies successfully\n$ npm run build\nBuild complete in 12.4s", 'dev@laptop: ~/shop', 3),
    ]),
  ];

  it('reads the value in a labelled table cell for a question in other words', () => {
    const f = lead('How much does one standing desk cost?', office)!;
    expect(f.known).toBe(true);
    expect(f.text.split('\n')).toHaveLength(1);
    expect(f.text).toContain('310.00');
    expect(f.text).not.toContain('89.50');
    expect(f.text).toContain('Order PO-7731 — Procure');
    expect(f.cited).toEqual([1]);
  });

  it('pairs a form label with the box under it, and two labels side by side with theirs', () => {
    expect(lead('When does my home insurance renew?', office)!.text).toContain('30 June 2027');
    const show = lead('What time does the concert show begin?', office)!;
    expect(show.text).toContain('20:15');
    expect(show.text).not.toContain('19:00');
  });

  it('states the time from a chat message, and the person from a sentence', () => {
    expect(lead('When is the plumber coming?', office)!.text).toContain('Friday');
    expect(lead('Who checked the quarterly report?', office)!.text).toContain('Dana Whitfield');
  });

  it('reads a labelled extension, a tracker key, a path for "where", and a numbered step', () => {
    const more = [
      memory(8, 'Looked at Joana in the staff directory', [passage('paragraph', 'Joana Prates Office manager, Porto site. Email: joana.prates@example.org Desk phone: 2291 Floor: 2.', 'Joana Prates — Staff directory', 6)]),
      memory(9, 'Opened a ticket in the tracker', [passage('lines', 'tracker.example.org/browse/OPS-118\nOPS-118: Printer queue stalls after driver update', 'OPS-118 Printer queue stalls — Tracker', 5)]),
      memory(10, 'Team chat about the handbook', [passage('lines', 'Rita Gomes 11:02\nThe onboarding handbook is in shared/handbook/onboarding.pdf on the team drive.', '#people — Team Chat', 5)]),
      memory(11, 'Runbook for restarting the printer spooler', [passage('lines', 'Restart the print spooler\n1. Drain the queue from the admin page.\n2. Run: sudo systemctl restart cups\n3. Print a test page.', 'Spooler runbook — Wiki', 5)]),
    ];
    expect(lead("What's Joana's desk extension?", more)!.text).toContain('2291');
    expect(lead('Which ticket is the printer queue problem?', more)!.text).toContain('OPS-118');
    expect(lead('Where can I find the onboarding handbook?', more)!.text).toContain('shared/handbook/onboarding.pdf');
    expect(lead('How do I restart the print spooler?', more)!.text).toContain('systemctl restart cups');
  });

  it('states the command that worked, not the one that failed', () => {
    const f = lead('How did I fix the missing sharp module?', office)!;
    expect(f.text).toContain('npm rebuild sharp');
  });

  it('says it does not know when nothing seen holds what was asked', () => {
    for (const q of ['What is the gate code for the bike storage?', 'When does my flight to Oslo leave?', "What's Sam's email address?", 'How much rent do I pay?']) {
      const f = lead(q, office)!;
      expect(f.known, q).toBe(false);
      expect(f.text, q).toMatch(/^I don't know/);
      expect(f.cited).toEqual([]);
    }
  });

  it('offers a near miss as a guess, never as the answer', () => {
    // The home policy's premium, asked about a car: one noun unmet of three.
    const f = lead('How much is the premium on my car insurance?', office)!;
    expect(f.known).toBe(false);
    expect(f.hedged).toBe(true);
    expect(f.text).toMatch(/^Not sure it is what you asked/);
    expect(f.text).toContain('EUR 264');
  });

  it('answers from the sentence that holds the value when OCR ran a message into one line', () => {
    const mail = memory(7, 'Mail from Priya about the audit', [
      passage('lines', 'Mail - Inbox - me@example.org Re: audit From: Priya Rao (Finance) - 08:52 Hi, the audit walkthrough moved to Thursday at 10:30. We will use room Cedar 2 on the fourth floor, and Tom joins by phone. Bring the ledger exports.', 'Inbox — Mail', 6),
    ]);
    const room = lead('Which room is the audit walkthrough in?', [mail, ...office])!;
    expect(room.known).toBe(true);
    expect(room.text).toContain('Cedar 2');
    expect(room.text.length).toBeLessThan(200);
  });

  it('makes no sentence for remarks, list questions or nothing found', () => {
    expect(lead('thanks, that helps', office)).toBeNull();
    expect(lead('What books have I read this year?', office)).toBeNull();
    expect(lead('When is the plumber coming?', [])).toBeNull();
    // What someone did is told by the events in order, not by one fact.
    expect(lead('What did I do with the standing desk order?', office)).toBeNull();
    expect(lead('what were we discussing about the quarterly report', office)).toBeNull();
  });

  it('reads the kind of answer from the grammar of the question', () => {
    expect(askedKind('what time do they shut')).toBe('clock');
    expect(askedKind('When is the plumber coming?')).toBe('when');
    expect(askedKind('how much is the premium')).toBe('money');
    expect(askedKind("what's her mobile")).toBe('phone');
    expect(askedKind('Who signed the lease?')).toBe('person');
    expect(askedKind('why did the upload fail')).toBe('reason');
    expect(askedKind('how long is the warranty')).toBe('duration');
    expect(askedKind('which room is it in')).toBe('place');
    expect(askedKind('what did it all add up to')).toBe('money');
  });

  it('puts the sentence first in the offline answer, before the screen lines', () => {
    const base = { timeRange: null, query: 'standing desk cost', withheldCount: 0, fmt };
    const a = composeOfflineAnswer({ ...base, numbered: office, question: 'How much does one standing desk cost?' });
    const first = a.text.split('\n')[0]!;
    expect(first).toContain('310.00');
    expect(a.text).toContain('From your screen:');
    expect(a.cited[0]).toBe(1);
    const none = composeOfflineAnswer({ ...base, numbered: office, question: 'What is the gate code for the bike storage?' });
    expect(none.text.split('\n')[0]).toMatch(/^I don't know/);
  });
});
