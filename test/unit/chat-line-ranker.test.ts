import { describe, expect, it } from 'vitest';
import { ChatLeadExplainSchema } from '../../shared/api/index.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { composeOfflineAnswer } from '../../agents/chat/offline-answer.js';
import { FEATURE_NAMES, type FeatureName } from '../../agents/chat/line-features.js';
import { leadLineIndex, leadOpen, rankedLead, type RankerWeights } from '../../agents/chat/line-ranker.js';
import type { FactSentence } from '../../agents/chat/fact-sentence.js';
import type { Meaning } from '../../agents/chat/label-meaning.js';
import { browsedScreen, screenMemory, screenPassage } from '../helpers/screen-memory.js';

// Screens made up for this test: a dark boiler service page, a bike-shed booking without any code.
// The chooser's logic is judged with weights set here (a line of the asked kind that names the
// question scores high), apart from the fitted ones, so the test does not move with a refit.
const fmt = new TimeFormatter('UTC');
const at = '2026-11-18T07:05:00.000Z';
const weights = (w: Partial<Record<FeatureName, number>>, thresholds = { state: 0.8, hedge: 0.5 }): RankerWeights => ({
  features: [...FEATURE_NAMES],
  weights: FEATURE_NAMES.map((n) => w[n] ?? 0),
  thresholds,
});
const TEST = weights({ bias: -4, kind_and_terms: 12 });
const unknown = (q: string): FactSentence => ({ text: `I don't know: nothing you saw or told me answers "${q}". The closest matches are below.`, cited: [], known: false, hedged: false });

const boiler = browsedScreen('Heating · Service visit — HomeCare', at, [
  screenPassage('Engineer visit confirmed\nArrival window: 13:00 – 15:00\nAppliance: combi boiler\nReference: HC-44120', 'Heating · Service visit — HomeCare', 6, at),
]);
const q = 'What time is the boiler engineer coming round?';

describe('the learned chooser of the lead line', () => {
  it('states the line of the asked kind when the hand-written lead does not know', () => {
    const r = rankedLead(q, boiler, unknown(q), fmt, { weights: TEST });
    expect(r.lead?.text).toMatch(/^Arrival window: 13:00 – 15:00 — seen on "Heating · Service visit — HomeCare"/);
    expect(r.lead?.known).toBe(true);
    expect(r.lead?.cited).toEqual([1]);
  });

  it('offers it as a guess between the two thresholds', () => {
    const r = rankedLead(q, boiler, unknown(q), fmt, { weights: weights({ bias: -4, kind_and_terms: 12 }, { state: 0.999, hedge: 0.5 }) });
    expect(r.lead?.text).toMatch(/^Not sure it is what you asked, but the closest I found: Arrival window: 13:00/);
    expect(r.lead?.hedged).toBe(true);
  });

  it('never overrides a sure lead, nor a reader\'s considered "no"', () => {
    const sure: FactSentence = { text: 'HC-44120 — Reference: HC-44120 [1].', cited: [1], known: true, hedged: false };
    expect(rankedLead(q, boiler, sure, fmt, { weights: TEST }).lead).toBe(sure);
    const none: FactSentence = { text: 'I don\'t know: "Engineer: —" names no one for it [1].', cited: [1], known: false, hedged: false };
    expect(leadOpen(none)).toBe(false);
    expect(rankedLead(q, boiler, none, fmt, { weights: TEST }).lead).toBe(none);
  });

  it('keeps the hand-written guess unless it is sure of another line', () => {
    const guess: FactSentence = { text: 'Not sure it is what you asked, but the closest I found: Reference: HC-44120 [1].', cited: [1], known: false, hedged: true };
    const mild = rankedLead(q, boiler, guess, fmt, { weights: weights({ bias: -4, kind_and_terms: 12 }, { state: 0.999, hedge: 0.5 }) });
    expect(mild.lead).toBe(guess);
    expect(rankedLead(q, boiler, guess, fmt, { weights: TEST }).lead?.text).toMatch(/^Arrival window/);
  });

  it('leaves "I don\'t know" where no line holds the asked thing', () => {
    const shed = browsedScreen('Bike shed booking — Estate portal', at, [
      screenPassage('Bike shed booking\nSpace: 12 (upper rack)\nBooked until: 31 March\nKeys from the concierge', 'Bike shed booking — Estate portal', 5, at),
    ]);
    const ask = 'What is the door code for the bike shed?';
    const r = rankedLead(ask, shed, unknown(ask), fmt, { weights: TEST });
    expect(r.lead?.text).toMatch(/^I don't know/);
  });

  it('stays off with weights of other features (an old weights file)', () => {
    const stale: RankerWeights = { features: ['bias'], weights: [10], thresholds: { state: 0.1, hedge: 0.1 } };
    const lead = unknown(q);
    expect(rankedLead(q, boiler, lead, fmt, { weights: stale }).lead).toBe(lead);
  });

  it('explains itself: every candidate with its features and score, the hand-written lead, the line chosen', () => {
    const r = rankedLead(q, boiler, unknown(q), fmt, { weights: TEST, explain: true });
    const ex = ChatLeadExplainSchema.parse(r.explain);
    expect(ex.state).toBe('unknown');
    expect(ex.lead).toMatch(/^I don't know/);
    expect(ex.feature_names).toEqual([...FEATURE_NAMES]);
    expect(ex.candidates.map((c) => c.text)).toContain('Arrival window: 13:00 – 15:00');
    for (const c of ex.candidates) expect(c.features).toHaveLength(FEATURE_NAMES.length);
    expect(ex.candidates[ex.chosen!]!.text).toBe('Arrival window: 13:00 – 15:00');
  });

  it('with the shipped weights, a question nothing on screen answers keeps the hand-written lead', () => {
    const shed = browsedScreen('Bike shed booking — Estate portal', at, [
      screenPassage('Bike shed booking\nSpace: 12 (upper rack)\nBooked until: 31 March\nKeys from the concierge', 'Bike shed booking — Estate portal', 5, at),
    ]);
    const ask = 'What is the door code for the bike shed?';
    const a = composeOfflineAnswer({ numbered: shed, timeRange: null, query: ask, question: ask, withheldCount: 0, fmt, explain: true });
    const ex = ChatLeadExplainSchema.parse(a.explain);
    expect(ex.chosen).toBeNull();
    expect(a.text.split('\n')[0]).toBe(ex.lead);
    expect(a.text.split('\n')[0]).not.toMatch(/\b12\b|31 March/);
  });

  it('the offline answer carries the explanation only when asked', () => {
    const input = { numbered: boiler, timeRange: null, query: q, question: q, withheldCount: 0, fmt };
    expect(composeOfflineAnswer(input).explain).toBeUndefined();
    const ex = ChatLeadExplainSchema.parse(composeOfflineAnswer({ ...input, explain: true }).explain);
    expect(ex.candidates.length).toBeGreaterThan(0);
    expect(ex.lead.length).toBeGreaterThan(0);
  });

  // Made-up: a boiler service booking priced in its own words, a helpdesk queue and a car-park notice.
  it('states a line close to the question in meaning though not in words, and only with the embedder\'s measure', () => {
    const visit = screenMemory('lines', 'Boiler service — booking\nCall-out charge: £80\nRe-visit fee: £45\nTechnician: Ola Berg', 'Booking confirmed — WarmHome', at);
    const ask = 'What does a second check cost?';
    const near = new Map([['Re-visit fee: £45', 0.71], ['Re-visit fee', 0.68], ['Call-out charge: £80', 0.52], ['Call-out charge', 0.5]]);
    const meaning: Meaning = (phrase, label) => (phrase === ask ? (near.get(label) ?? 0.2) : undefined);
    const byMeaning = weights({ bias: -6, kind_value: 2, meaning_top: 3, meaning_line: 4 });
    const r = rankedLead(ask, visit, unknown(ask), fmt, { weights: byMeaning, meaning });
    expect(r.lead?.text).toMatch(/^Re-visit fee: £45 — seen on "Booking confirmed — WarmHome"/);
    // Words alone: neither price line says "second" or "check"; the lead stays "I don't know".
    expect(rankedLead(ask, visit, unknown(ask), fmt, { weights: byMeaning }).lead?.text).toMatch(/^I don't know/);
  });

  it('does not state a line that says every word of the question but not the asked thing\'s value', () => {
    const desk = screenMemory('lines', 'Facilities — open tickets\nFAC-3307 · Bike storage door does not latch · Medium\nFAC-3311 · Lift stuck on 2nd floor · High', 'Facilities desk — tickets', at);
    const ask = 'What is the door code for the bike storage?';
    // Weights set here: a code-shaped value on a line naming the question scores, unless the line leaves the asked "code" unsaid.
    const binding = weights({ bias: -4, kind_and_terms: 12, head_unsaid: -9 });
    expect(rankedLead(ask, desk, unknown(ask), fmt, { weights: binding }).lead?.text).toMatch(/^I don't know/);
    const board = screenMemory('lines', 'Notice board — Harbour Court\nBike storage door code: 5813\nBins out on Tuesday evening', 'Residents — notices', at);
    expect(rankedLead(ask, [...desk, { ...board[0]!, n: 2 }], unknown(ask), fmt, { weights: binding }).lead?.text).toMatch(/^Bike storage door code: 5813/);
  });

  it('with the shipped weights, the helpdesk row is no door code: "I don\'t know" stays', () => {
    const desk = screenMemory('lines', 'Facilities — open tickets\nFAC-3307 · Bike storage door does not latch · Medium\nFAC-3311 · Lift stuck on 2nd floor · High', 'Facilities desk — tickets', at);
    const ask = 'What is the door code for the bike storage?';
    const a = composeOfflineAnswer({ numbered: desk, timeRange: null, query: ask, question: ask, withheldCount: 0, fmt, explain: true });
    expect(ChatLeadExplainSchema.parse(a.explain).chosen).toBeNull();
    expect(a.text.split('\n')[0]).toMatch(/^I don't know/);
  });

  it('knows which line a sure lead quotes, and none for a sentence of its own', () => {
    const texts = ['Call-out charge: £80', 'Re-visit fee: £45', 'Technician: Ola Berg'];
    expect(leadLineIndex('£45 — Re-visit fee: £45 — seen on "Booking" [1].', texts)).toBe(1);
    expect(leadLineIndex('Ola Berg is coming on Tuesday [1].', texts)).toBe(-1);
  });
});
