import { describe, expect, it } from 'vitest';
import { momentHref, questionWords } from '../../renderer/src/lib/moment-link.js';

describe('questionWords: what a citation highlights on the screenshot', () => {
  it('keeps the words that name things and drops the filler', () => {
    expect(questionWords('When did I read about logical replication in PostgreSQL?')).toBe('read logical replication PostgreSQL');
    expect(questionWords('what was the booking reference for the Lisbon flight')).toBe('booking reference Lisbon flight');
  });
  it('keeps each word once, CJK runs whole, and stays within what frames.words takes', () => {
    expect(questionWords('Budget budget BUDGET')).toBe('Budget');
    expect(questionWords('预算 在哪里?')).toBe('预算 在哪里');
    expect(questionWords(`${'harbourqwerty '.repeat(3)}${Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ')}`).length).toBeLessThanOrEqual(200);
    expect(questionWords('is it?')).toBe('');
  });
  it('links a moment with or without words', () => {
    expect(momentHref('obs_1', '')).toBe('#/moment/obs_1');
    expect(momentHref('obs_1', 'logical replication')).toBe('#/moment/obs_1/logical%20replication');
  });
});
