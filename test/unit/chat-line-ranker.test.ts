import { describe, expect, it } from 'vitest';
import { ChatLeadExplainSchema } from '../../shared/api/index.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { composeOfflineAnswer } from '../../agents/chat/offline-answer.js';
import { FEATURE_NAMES, type FeatureName } from '../../agents/chat/line-features.js';
import { leadOpen, rankedLead, type RankerWeights } from '../../agents/chat/line-ranker.js';
import type { FactSentence } from '../../agents/chat/fact-sentence.js';
import { browsedScreen, screenPassage } from '../helpers/screen-memory.js';

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
});
