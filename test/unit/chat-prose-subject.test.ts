import { describe, expect, it } from 'vitest';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { clausesOf } from '../../agents/chat/prose-clause.js';
import { formerValue } from '../../agents/chat/sentence-span.js';
import { spansOf } from '../../agents/chat/span-kinds.js';
import { screenMemory } from '../helpers/screen-memory.js';

// Made-up team chats and a shop notice, apart from the benchmark days. One message says two things,
// or one thing and what it used to be: the clause whose own subject is the asked thing decides, and
// a value the thing was moved from is not the one it has now. Each question's sibling value (the
// other meeting's day, the other door's code, the day before the change) must not be stated.
const fmt = new TimeFormatter('UTC');
const AT = '2026-11-17T09:05:00.000Z';
const chat = (line: string) => ['#product', 'Ola Nordmann 09:00', line].join('\n');
const first = (q: string, text: string) => factSentence(q, screenMemory('lines', text, '#product — Teamly', AT, { fullSnippet: true }), fmt)!.text.split(' — seen')[0]!;

describe("the sentence's own subject decides", () => {
  it('a comma or "and" before a new subject begins another clause', () => {
    expect(clausesOf('The review was pushed to Thursday, the demo is still on Monday as planned.')).toEqual(['The review was pushed to Thursday', 'the demo is still on Monday as planned.']);
    expect(clausesOf('the gate code for the car park is 4471 and the door code is 2290')).toEqual(['the gate code for the car park is 4471', 'the door code is 2290']);
    // A few words of setting before the comma stay with the clause they set.
    expect(clausesOf('On Friday, the demo is at 3 in the big room')).toHaveLength(1);
  });

  it('each meeting its own day, said after a comma', () => {
    const text = chat('The review was pushed to Thursday, the demo is still on Monday as planned.');
    const demo = first('When is the demo?', text);
    expect(demo).toMatch(/the demo is still on Monday/);
    expect(demo).not.toMatch(/Thursday/);
    const review = first("What day is the review on now?", text);
    expect(review).toMatch(/Thursday/);
    expect(review).not.toMatch(/Monday/);
  });

  it('each door its own code, said after "and"', () => {
    const text = chat('the gate code for the car park is 4471 and the door code is 2290, see you later');
    expect(first("What's the code for the door?", text)).toMatch(/2290/);
    expect(first("What's the code for the door?", text)).not.toMatch(/4471/);
    expect(first("What's the code for the car park gate?", text)).not.toMatch(/2290/);
  });
});

describe('a value the thing was moved from is not its value', () => {
  it('reads the old value of a change and of "instead of"', () => {
    const s = 'Marta moved the demo from Tuesday to Friday';
    const [tue, fri] = spansOf('when', s);
    expect(formerValue(tue!, s, [tue!, fri!])).toBe(true);
    expect(formerValue(fri!, s, [tue!, fri!])).toBe(false);
    // A range of opening hours is no change: its start is still a value.
    const hours = 'The corner shop is open from 9:00 to 17:30 on weekdays';
    const [open, close] = spansOf('clock', hours);
    expect(formerValue(open!, hours, [open!, close!])).toBe(false);
    const g = 'We now board at Gate 23 instead of Gate 12';
    const gates = spansOf('place', g);
    expect(gates.map((x) => formerValue(x, g, gates))).toEqual([false, true]);
  });

  it('states the day the demo was moved to', () => {
    const f = first('When is the demo?', chat('Marta moved the demo from Tuesday to Friday, sorry for the churn everyone.'));
    expect(f).toMatch(/^Friday — Ola Nordmann \(09:00\): Marta moved the demo/);
    expect(first('When does the corner shop open?', chat('The corner shop is open from 9:00 to 17:30 on weekdays, closed Sundays.'))).toMatch(/^9:00 — /);
  });
});
