import { describe, expect, it } from 'vitest';
import { parseQuestionTime } from '../../shared/time/index.js';

// Asked on Wednesday 9 December 2026 at 10:00 in Berlin (UTC+1); times are cut in Berlin.
const TZ = 'Europe/Berlin';
const berlin = (day: number, hour = 0, minute = 0) => Date.UTC(2026, 11, day, hour - 1, minute);
const WED_10 = new Date(berlin(9, 10));

describe('a bare weekday follows the tense of the question', () => {
  it.each([
    ['what time does the gig begin on Saturday?', 'Saturday Sat 12 December'],
    ['When will the parcel arrive on Friday', 'Friday Fri 11 December'],
    ['am I seeing the dentist on Monday?', 'Monday Mon 14 December'],
    ["what's for dinner on Sunday", 'Sunday Sun 13 December'],
    ['do I have a booking on Thursday?', 'Thursday Thu 10 December'],
    ["where's the meeting on Tuesday afternoon?", 'Tuesday Tue 15 December'],
    // The same weekday as today is today: the plan was seen before, so no window, the day's words instead.
    ['what time is my yoga class on Wednesday?', 'Wednesday Wed 9 December'],
  ])('%s -> the coming day, no window', (q, words) => {
    const r = parseQuestionTime(q, WED_10, TZ);
    expect(r.range).toBeNull();
    expect(r.rest).toContain(words);
  });

  it.each([
    ['what did I watch on Saturday?', berlin(5), berlin(6)],
    ['which film was on on Friday', berlin(4), berlin(5)],
    ['who were the guests on Sunday', berlin(6), berlin(7)],
    ['what is the name of the shop I visited on Monday?', berlin(7), berlin(8)],
    // No tense at all: as before, the last one.
    ['pages on Thursday', berlin(3), berlin(4)],
    // Qualified weekdays and glue keep their own meaning.
    ['what is new since Monday?', berlin(7), berlin(9, 10)],
    ['is there anything about last Friday?', berlin(4), berlin(5)],
  ])('%s -> a window on the past day', (q, from, to) => {
    const r = parseQuestionTime(q, WED_10, TZ);
    expect(r.range).toMatchObject({ from, to });
  });
  it('a weekday that describes a date ("Friday the 4th") is not moved to the coming week', () => {
    expect(parseQuestionTime('what is happening on Friday the 4th according to the calendar?', WED_10, TZ).rest).not.toContain('11 December');
  });
});

describe('"last night", "this morning", "tonight" against the asking time', () => {
  it('"last night" asked in its small hours is the night that began yesterday evening, up to now', () => {
    const r = parseQuestionTime('what did I watch last night?', new Date(berlin(9, 0, 40)), TZ);
    expect(r.range).toMatchObject({ from: berlin(8, 18), to: berlin(9, 0, 40) });
  });

  it('"last night" asked in the morning or late evening is yesterday evening to this morning', () => {
    for (const at of [berlin(9, 7), berlin(9, 23)]) {
      const r = parseQuestionTime('which series was I streaming last night', new Date(at), TZ);
      expect(r.range).toMatchObject({ from: berlin(8, 18), to: berlin(9, 6) });
    }
  });

  it('"this morning" is today 06:00 to noon; "tonight" asked in the morning is a time to come', () => {
    expect(parseQuestionTime('what did I read this morning', WED_10, TZ).range).toMatchObject({ from: berlin(9, 6), to: berlin(9, 12) });
    expect(parseQuestionTime("what's on tonight?", WED_10, TZ).range).toBeNull();
    expect(parseQuestionTime('what was I doing tonight', new Date(berlin(9, 22)), TZ).range).toMatchObject({ from: berlin(9, 18) });
  });
});

describe("a past weekday that is today's weekday", () => {
  // Asked on Wednesday 9 December at several hours: the answer must not depend on the hour (chrono's implied noon).
  it.each([0.5, 8, 11.5, 12.5, 18, 23.75])('"what did I open on Wednesday?" at %s h is today, from midnight up to now', (h) => {
    const now = berlin(9, Math.floor(h), Math.round((h % 1) * 60));
    const r = parseQuestionTime('what did I open on Wednesday?', new Date(now), TZ);
    expect(r.range).toMatchObject({ from: berlin(9), to: now });
  });
  it('with an hour still to come today, the weekday and hour are last week\'s', () => {
    const r = parseQuestionTime('what was on my screen on Wednesday at 4pm?', new Date(berlin(9, 10)), TZ);
    expect(r.range?.focus).toBe(berlin(2, 16));
  });
  it('the day before stays the day before at any hour', () => {
    for (const h of [1, 13, 23]) {
      expect(parseQuestionTime('what did I watch on Tuesday?', new Date(berlin(9, h)), TZ).range).toMatchObject({ from: berlin(8), to: berlin(9) });
    }
  });
});

describe('a time to come is read forward, as wide as it was said', () => {
  const SAT_10 = new Date(berlin(12, 10));
  it('"next Friday" asked on a Saturday is six days on, not the day before', () => {
    const r = parseQuestionTime('what do I have to hand in next Friday?', SAT_10, TZ);
    expect(r.range).toBeNull();
    expect(r.rest).toContain('Friday Fri 18 December');
    expect(parseQuestionTime('anything planned for next weekend?', SAT_10, TZ).rest).toContain('Saturday Sat 19 December');
  });

  it('"this Friday" is the Friday of this week, gone or to come', () => {
    const ahead = parseQuestionTime('is the dentist this Friday?', WED_10, TZ);
    expect(ahead.range).toBeNull();
    expect(ahead.rest).toContain('11 December');
    expect(parseQuestionTime('what did the plumber say this Monday?', WED_10, TZ).range).toMatchObject({ from: berlin(7), to: berlin(8) });
  });

  it('a quarter, a month, a year or a week to come is not one day of it', () => {
    const quarter = parseQuestionTime("what's the uptime goal for next quarter?", WED_10, TZ);
    expect(quarter.range).toBeNull();
    expect(quarter.rest).toContain('Q1 2027');
    const year = parseQuestionTime('how much does the subscription cost next year?', WED_10, TZ).rest;
    expect(year).toContain('2027');
    expect(year).not.toMatch(/January|Friday/);
    const month = parseQuestionTime('which bills go up next month?', WED_10, TZ).rest;
    expect(month).toContain('January');
    expect(month).not.toMatch(/Friday|Fri\b/);
    const week = parseQuestionTime('who is on call next week?', WED_10, TZ).rest;
    expect(week).toContain('next week');
    expect(week).not.toMatch(/December|Wednesday|Wed\b/);
  });
});
