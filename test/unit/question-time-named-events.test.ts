import { describe, expect, it } from 'vitest';
import { parseQuestionTime } from '../../shared/time/index.js';

// Asked on Wednesday 9 December 2026 at 10:00 UTC. An event named after its part of the day is a
// thing asked about: "parents' evening" must not turn into "this evening" (the question then
// searched today's date words and lost the event's name).
const NOW = new Date(Date.UTC(2026, 11, 9, 10));

describe('an event named after a part of the day is no time', () => {
  it.each([
    ["when is parents' evening for year 9?", 'parents’ evening'],
    ['when is quiz night at the Red Lion?', 'quiz night'],
    ['what time does the open morning at the sixth form start', 'open morning'],
    ["where is the ladies' night", 'night'],
    ['how much are tickets for comedy night', 'comedy night'],
  ])('%s', (q, name) => {
    const r = parseQuestionTime(q.replace('’', "'"), NOW, 'UTC');
    expect(r.range).toBeNull();
    expect(r.rest).toContain(name.replace('’', "'"));
    expect(r.rest).not.toMatch(/Wednesday|Wed 9 December/);
  });

  it('a part of the day after a day, "this" or "last" is still a time', () => {
    expect(parseQuestionTime('what did I look at on Friday evening?', NOW, 'UTC').range).toMatchObject({ from: Date.UTC(2026, 11, 4, 18), to: Date.UTC(2026, 11, 5) });
    expect(parseQuestionTime('what did I watch last night?', NOW, 'UTC').range).not.toBeNull();
    expect(parseQuestionTime('what time did I get home on Monday night?', NOW, 'UTC').range).toMatchObject({ from: Date.UTC(2026, 11, 7, 18), to: Date.UTC(2026, 11, 8, 6) });
    expect(parseQuestionTime('what did I read this evening', NOW, 'UTC').rest).toContain('Wed 9 December');
  });
});
