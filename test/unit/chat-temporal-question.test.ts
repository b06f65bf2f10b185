import { describe, expect, it } from 'vitest';
import { answerMoments, momentIndex, momentsOf, temporalAsk } from '../../agents/chat/temporal-question.js';
import { parseQuestionTime } from '../../shared/time/index.js';

const NOW = new Date('2026-12-01T13:00:00Z');

describe('time words that are content, not a capture-time filter', () => {
  it('rates and habits stay in the question', () => {
    for (const q of ['How much did the hotel cost per night?', 'How far do I run every morning?', 'how many pills a day', 'what do I pay monthly for storage']) {
      const r = parseQuestionTime(q, NOW, 'UTC');
      expect(r.range, q).toBeNull();
      expect(r.rest, q).toBe(q);
    }
    // A real time still filters.
    expect(parseQuestionTime('what did I do a day ago', NOW, 'UTC').range).not.toBeNull();
    expect(parseQuestionTime('what did I read last night', NOW, 'UTC').range).not.toBeNull();
  });

  it('a time to come becomes words of the query, never a window', () => {
    const r = parseQuestionTime("what's due next Friday?", NOW, 'UTC');
    expect(r.range).toBeNull();
    expect(r.rest).toContain('Friday');
    expect(r.rest).toContain('4 December');
    expect(r.rest).toMatch(/^what's due/);
    expect(parseQuestionTime('when is the invoice review tomorrow', NOW, 'UTC').range).toBeNull();
    // The past still filters.
    expect(parseQuestionTime('what was due last Friday?', NOW, 'UTC').range).not.toBeNull();
  });
});

describe('questions about the order of moments', () => {
  it('reads before, after, between, first and last', () => {
    expect(temporalAsk('Which page did I have open just before the hotel booking?')).toEqual({ relation: 'before', anchors: ['hotel booking'] });
    expect(temporalAsk('what did I look at right after the Brightline invoice')).toEqual({ relation: 'after', anchors: ['Brightline invoice'] });
    expect(temporalAsk('What was I reading just before I switched to the terminal?')).toEqual({ relation: 'before', anchors: ['terminal'] });
    expect(temporalAsk('Between the recipe and the train tickets, what else did I look at?')).toEqual({ relation: 'between', anchors: ['recipe', 'train tickets'] });
    expect(temporalAsk("What's the first thing I opened?")).toEqual({ relation: 'first', anchors: [] });
    expect(temporalAsk('what did I see last')).toEqual({ relation: 'last', anchors: [] });
  });

  it('leaves questions about facts alone, even with before/after in them', () => {
    expect(temporalAsk('How long before departure does boarding close?')).toBeNull();
    expect(temporalAsk('What is the last date to cancel the hotel?')).toBeNull();
    expect(temporalAsk('Who is Lena Vogt’s manager?')).toBeNull();
  });

  it('names the moments around an anchor in timeline order', () => {
    const o = (id: string, t: number, title: string) => ({ id, kind: 'screen' as const, observed_at: t, app: 'Chromium', title });
    const moments = momentsOf([o('c', 300, 'Hotel'), o('a', 100, 'Inbox'), o('b', 200, 'Check-in'), o('b2', 250, 'Check-in'), o('d', 400, 'Invoice')]);
    expect(moments.map((m) => m.title)).toEqual(['Inbox', 'Check-in', 'Hotel', 'Invoice']);
    expect(moments[1]).toMatchObject({ from: 200, to: 250, observationIds: ['b', 'b2'] });
    const hotel = momentIndex(moments, { observationId: 'c', time: 300 });
    const before = answerMoments({ relation: 'before', anchors: ['hotel'] }, moments, [hotel]);
    expect(before.moments.map((m) => m.title)).toEqual(['Inbox', 'Check-in', 'Hotel']);
    expect([...before.anchors]).toEqual([2]);
    const between = answerMoments({ relation: 'between', anchors: ['a', 'b'] }, moments, [3, 0]);
    expect(between.moments.map((m) => m.title)).toEqual(['Inbox', 'Check-in', 'Hotel', 'Invoice']);
    expect(momentIndex(moments, { observationId: null, time: 390 })).toBe(3);
  });
});

describe('moments name what was looked at', () => {
  const o = (id: string, t: number, title: string | null, app: string | null = 'Chromium') => ({ id, kind: 'screen' as const, observed_at: t, app, title });

  it('skips nothing focused and a title replaced at the next tick, and joins what they split', () => {
    const moments = momentsOf([
      o('a', 0, null, null),
      o('b', 1_000, '/home/me/pages/01-inbox.html'),
      o('c', 3_000, 'Inbox — Mail'),
      o('d', 5_000, 'Inbox — Mail'),
      o('e', 7_000, null, null),
      o('f', 9_000, 'Inbox — Mail'),
      o('g', 20_000, 'Invoice 17 — Billing'),
    ]);
    expect(moments.map((m) => m.title)).toEqual(['Inbox — Mail', 'Invoice 17 — Billing']);
    expect(moments[0]).toMatchObject({ from: 3_000, to: 9_000, observationIds: ['c', 'd', 'f'] });
  });

  it('keeps a page seen once when the next one came later, or in another app', () => {
    const moments = momentsOf([o('a', 0, 'Inbox — Mail'), o('b', 12_000, 'Invoice 17 — Billing'), o('c', 13_000, 'Terminal', 'xterm')]);
    expect(moments.map((m) => m.title)).toEqual(['Inbox — Mail', 'Invoice 17 — Billing', 'Terminal']);
  });
});
