import { describe, expect, it } from 'vitest';
import { activeSpans, activeTimeOptions, DEFAULT_ACTIVE_TIME, subjectOf, type ScreenMoment } from '../../agents/day/index.js';

const at = (min: number) => min * 60_000;
const moment = (min: number, text: string, app = 'Code', display = 'main'): ScreenMoment => ({ at: at(min), display, app, title: null, url: null, text });
const total = (spans: { start: number; end: number }[]) => spans.reduce((n, s) => n + s.end - s.start, 0) / 60_000;

describe('active time from capture times', () => {
  it('credits each moment the time to the next one', () => {
    const spans = activeSpans([moment(0, 'a'), moment(0.5, 'b'), moment(1, 'c'), moment(2, 'd')], 0, at(60));
    // The last moment is followed by nothing: it earns the tail only.
    expect(total(spans)).toBeCloseTo(2 + DEFAULT_ACTIVE_TIME.tailMs / 60_000);
  });

  it('counts a long gap (locked, asleep, capture off) as away, past a short tail', () => {
    const spans = activeSpans([moment(0, 'a'), moment(30, 'b'), moment(31, 'c')], 0, at(60));
    expect(total(spans)).toBeCloseTo(0.5 + 1 + 0.5);
  });

  it('stops counting a screen that has not changed for stillMs (forced frames of an empty desk)', () => {
    // Changes every minute for 10 minutes, then the same screen forced once a minute for 30 minutes.
    const moments = [...Array.from({ length: 11 }, (_, i) => moment(i, `t${i}`)), ...Array.from({ length: 30 }, (_, i) => moment(11 + i, 't10'))];
    expect(total(activeSpans(moments, 0, at(60)))).toBeCloseTo(10 + DEFAULT_ACTIVE_TIME.stillMs / 60_000);
  });

  it('a change on another display keeps the time active; moments of one tick count once', () => {
    const moments: ScreenMoment[] = [];
    for (let i = 0; i <= 10; i++) {
      moments.push(moment(i, 'same page', 'Books', 'left'));
      moments.push(moment(i, `terminal ${i}`, 'Terminal', 'right'));
    }
    const spans = activeSpans(moments, 0, at(60));
    expect(total(spans)).toBeCloseTo(10 + 0.5);
  });

  it('clips to the day asked for', () => {
    const spans = activeSpans(Array.from({ length: 63 }, (_, i) => moment(i - 1.5, `t${i}`)), 0, at(60));
    expect(total(spans)).toBeCloseTo(60);
  });

  it('follows a slower forced capture', () => {
    expect(activeTimeOptions(300)).toMatchObject({ maxGapMs: 750_000, stillMs: 600_000 });
    expect(activeTimeOptions(60)).toEqual(DEFAULT_ACTIVE_TIME);
  });
});

describe('the subject of a moment', () => {
  it('is the site of a page, the document of a window title, never the app itself', () => {
    expect(subjectOf({ app: 'firefox', title: 'Pull requests · engram - Mozilla Firefox', url: 'https://www.github.com/engram/pulls' })).toEqual({ name: 'github.com', kind: 'site' });
    expect(subjectOf({ app: 'Code', title: '● day-report.ts — engram — Visual Studio Code', url: null })).toEqual({ name: 'day-report.ts', kind: 'document' });
    expect(subjectOf({ app: 'WINWORD', title: 'Q3 plan.docx - Word', url: null })).toEqual({ name: 'Q3 plan.docx', kind: 'document' });
    expect(subjectOf({ app: 'Slack', title: 'Slack', url: null })).toBeNull();
    expect(subjectOf({ app: 'Terminal', title: null, url: 'javascript:alert(1)' })).toBeNull();
  });
});
