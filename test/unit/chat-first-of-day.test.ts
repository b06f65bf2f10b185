import { describe, expect, it } from 'vitest';
import { composeOfflineAnswer, timelineLines } from '../../agents/chat/offline-answer.js';
import { localizeOfflineText } from '../../agents/chat/offline-phrases.js';
import { retrieveMemories, type MemorySource } from '../../agents/chat/question-context.js';
import { dayAround } from '../../agents/chat/temporal-question.js';
import type { ObservationRecord } from '../../agents/store/index.js';
import { TimeFormatter, parseQuestionTime } from '../../shared/time/index.js';

// "The first thing I looked at this morning" when the morning held no window: the day's first,
// said as such, not a search's guess over all time. Days made up for this test.

const H = 3_600_000;
const DAY = Date.parse('2026-12-03T00:00:00Z');

function sourceOf(seen: [hour: number, title: string, app: string][]): MemorySource {
  const observations: ObservationRecord[] = seen.map(([h, title, app], i) => ({
    id: `obs_${i}`, kind: 'screen', frame_id: null, audio_id: null, display: null, observed_at: DAY + h * H, app, title, url: null, text: `${title} body`, caption: null, processed_at: null,
  }));
  return {
    search: () => Promise.resolve([]),
    memories: { list: () => [] },
    observations: { list: (o) => observations.filter((x) => x.observed_at >= (o?.since ?? 0) && x.observed_at <= (o?.until ?? Infinity)) },
    passages: { search: () => [] },
  };
}

async function ask(question: string, source: MemorySource, now: number) {
  const { rest, range } = parseQuestionTime(question, new Date(now), 'UTC');
  return retrieveMemories(source, { rest, query: '', timeRange: range, now, asked: question, timeZone: 'UTC' });
}

const afternoonOnly = sourceOf([
  [13.5, 'Lisbon flights — Skyscanner', 'Chromium'],
  [14, 'Q3 budget.xlsx — Sheets', 'Chromium'],
  [16.25, 'Packing list — Notes', 'Notes'],
]);

describe('first and last of a part of the day that held nothing', () => {
  it('"this morning" with only afternoon windows: the day’s first, said as the whole day', async () => {
    const r = await ask('What was the first thing I looked at this morning?', afternoonOnly, DAY + 17 * H);
    expect(r.timeline?.moments[0]?.title).toBe('Lisbon flights — Skyscanner');
    expect(r.timeline?.widenedFrom).toBe('this morning');
    const lines = timelineLines(r.timeline!, new TimeFormatter('UTC'));
    expect(lines[0]).toBe('The first thing you had open: "Lisbon flights — Skyscanner" (Chromium) at 13:30.');
    expect(lines[1]).toBe('Nothing was on screen this morning, so I read the whole day.');
    expect(localizeOfflineText(lines[1]!, 'German')).toBe('Auf dem Bildschirm war nichts (this morning), daher habe ich den ganzen Tag gelesen.');
  });

  it('the answer leads with the day’s first, not with a search widened to all times', async () => {
    const r = await ask('What was the first thing I looked at this morning?', afternoonOnly, DAY + 17 * H);
    const morning = parseQuestionTime('this morning', new Date(DAY + 17 * H), 'UTC').range;
    // The search found nothing that morning either and looked at all times: the timeline says which stretch it read.
    const a = composeOfflineAnswer({ numbered: [], timeRange: null, widenedFrom: morning, timeline: r.timeline, query: '', question: r.rest, withheldCount: 0, fmt: new TimeFormatter('UTC') });
    const lines = a.text.split('\n').filter(Boolean);
    expect(lines[0]).toMatch(/^The first thing you had open: "Lisbon flights/);
    expect(a.text).not.toMatch(/looked at all times/);
    // Negative: without a timeline the widened search still says so.
    const plain = composeOfflineAnswer({ numbered: [], timeRange: null, widenedFrom: morning, timeline: null, query: 'budget', question: 'what was the budget', withheldCount: 0, fmt: new TimeFormatter('UTC') });
    expect(plain.text).toMatch(/looked at all times/);
  });

  it('the last thing "this morning": the day’s last, not nothing', async () => {
    const r = await ask('What was the last thing I looked at this morning?', afternoonOnly, DAY + 17 * H);
    const ms = r.timeline!.moments;
    expect(ms[ms.length - 1]!.title).toBe('Packing list — Notes');
    expect(r.timeline?.widenedFrom).toBe('this morning');
  });

  it('negative: a morning that held windows answers from them alone, and says nothing of the day', async () => {
    const s = sourceOf([
      [8, 'Standup notes — Docs', 'Chromium'],
      [10, 'Invoice 2211 — Ledgerly', 'Chromium'],
      [13.5, 'Lisbon flights — Skyscanner', 'Chromium'],
    ]);
    const first = await ask('What was the first thing I looked at this morning?', s, DAY + 17 * H);
    expect(first.timeline?.moments[0]?.title).toBe('Standup notes — Docs');
    expect(first.timeline?.widenedFrom).toBeUndefined();
    const last = await ask('What was the last thing I looked at this morning?', s, DAY + 17 * H);
    expect(last.timeline!.moments.at(-1)!.title).toBe('Invoice 2211 — Ledgerly');
    expect(timelineLines(last.timeline!, new TimeFormatter('UTC')).join('\n')).not.toMatch(/whole day/);
  });

  it('negative: a whole day that held nothing is not widened to another day', async () => {
    const r = await ask('What was the first thing I looked at yesterday?', afternoonOnly, DAY + 17 * H);
    expect(r.timeline).toBeNull();
  });

  it('dayAround: the day of a part of it, none for a day or more', () => {
    expect(dayAround({ from: DAY + 6 * H, to: DAY + 12 * H }, 'UTC')).toEqual({ from: DAY, to: DAY + 24 * H });
    // In Lisbon's winter (UTC+0) and Tokyo's (UTC+9) the same instant is on different days.
    expect(dayAround({ from: DAY + 20 * H, to: DAY + 22 * H }, 'Asia/Tokyo')).toEqual({ from: DAY + 15 * H, to: DAY + 39 * H });
    expect(dayAround({ from: DAY, to: DAY + 24 * H }, 'UTC')).toBeNull();
    expect(dayAround({ from: DAY, to: DAY + 72 * H }, 'UTC')).toBeNull();
  });
});
