import Database from 'better-sqlite3-multiple-ciphers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sharedWords, STRICT } from '../bench/store-quality.js';

/**
 * The store bench's strict quality questions (test/bench/store-quality.ts) share only everyday
 * words with their notes, as the store's tokenizer sees them: the check that keeps them so must
 * see a kept name, a stemmed form, and a question sharing nothing.
 */
describe('the quality set’s strict questions', () => {
  let db: Database.Database;
  beforeEach(() => {
    db = new Database(':memory:');
  });
  afterEach(() => db.close());

  it('share at least one everyday word with their note and nothing else', () => {
    const shared = sharedWords(db);
    expect(shared).toHaveLength(STRICT.length);
    expect(shared.filter((p) => p.uncommon.length > 0)).toEqual([]);
    expect(shared.filter((p) => p.everyday.length === 0)).toEqual([]);
  });

  it('a name kept, a word in another form, or a word of another pair’s note only is told apart', () => {
    const shared = sharedWords(db, [
      { note: 'Booked a cleaning with Dr. Patel on Monday', ask: 'when is my booking with Patel' },
      { note: 'The plumber fixed the leaking pipes in the kitchen', ask: 'who fixes pipe leaks, call' },
      { note: 'Team lunch at the noodle bar', ask: 'where does the plumber have lunch with colleagues' },
    ]);
    expect(shared).toEqual([
      { ask: 'when is my booking with Patel', everyday: ['booking'], uncommon: ['patel'] },
      { ask: 'who fixes pipe leaks, call', everyday: [], uncommon: ['fixes', 'pipe', 'leaks'] },
      { ask: 'where does the plumber have lunch with colleagues', everyday: [], uncommon: ['lunch'] },
    ]);
    // The check leaves no table behind.
    expect(db.prepare("SELECT count(*) FROM temp.sqlite_master WHERE name LIKE 'strict_check%'").pluck().get()).toBe(0);
  });
});
