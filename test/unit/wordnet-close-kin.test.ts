import { describe, expect, it } from 'vitest';
import { closeKin, wordKin } from '../../agents/runtime/index.js';
import { kinTerms } from '../../agents/store/kin-terms.js';

// Words chosen for this test, apart from the benchmark days: what a store's search may add to a
// question's words, and what it must not (what a thing is a kind of, its kinds, its neighbours).
describe('close kin: the same thing in other words', () => {
  it('gives synonyms of the commonest sense and the noun an adjective measures', () => {
    expect(closeKin('heavy')).toContain('weight');
    expect(closeKin('holiday')).toContain('vacation');
    expect(closeKin('apartment')).toContain('flat');
    expect(closeKin('salary')).toContain('wage');
    expect(closeKin('lawyer')).toContain('attorney');
    expect(closeKin('repairs')).toContain('mend');
  });

  it('gives none of what wordKin reaches further for: kinds, parents, their other kinds', () => {
    expect(wordKin('dentist')).toContain('nurse');
    expect(closeKin('dentist')).not.toContain('nurse');
    expect(wordKin('holiday')).toContain('easter');
    expect(closeKin('holiday')).not.toContain('easter');
    expect(closeKin('doctor')).not.toContain('cardiologist');
  });

  it('gives nothing for a word mostly used as a verb, and reads no adjective into a noun', () => {
    expect(closeKin('move').size).toBe(0);
    expect(closeKin('number')).not.toContain('asleep');
    expect(closeKin('keys')).not.toContain('identify');
  });

  it('knows nothing of unknown words and numbers', () => {
    expect(closeKin('zzxqv').size).toBe(0);
    expect(closeKin('4711').size).toBe(0);
  });
});

describe('kin as search terms', () => {
  it('leaves out short words, the question’s own words, and caps how many', () => {
    expect(kinTerms(['big', 'car'])).toEqual([]);
    const k = kinTerms(['apartment', 'flat']);
    expect(k).not.toContain('flat');
    expect(kinTerms(['repair', 'salary', 'lawyer', 'holiday', 'heavy', 'apartment']).length).toBeLessThanOrEqual(16);
    for (const t of kinTerms(['repair'])) expect(t).toMatch(/^[a-z]{3,}$/);
    // A plural's singular is no kin: the stemmer meets it, and counting it again would weigh the word twice.
    expect(closeKin('keys')).toContain('key');
    expect(kinTerms(['keys'])).not.toContain('key');
    expect(kinTerms(['repairs'])).not.toContain('repair');
  });
});
