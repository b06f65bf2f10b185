import Database from 'better-sqlite3-multiple-ciphers';
import { describe, expect, it } from 'vitest';
import { StatementCache } from '../../agents/store/statement-cache.js';

describe('StatementCache', () => {
  const db = new Database(':memory:');

  it('prepares a statement once per SQL text and gives it back after', () => {
    const cache = new StatementCache(db);
    const a = cache.get('SELECT 1 AS v');
    expect(cache.get('SELECT 1 AS v')).toBe(a);
    expect(cache.get('SELECT 2 AS v')).not.toBe(a);
    expect(a.get()).toEqual({ v: 1 });
  });

  it('keeps at most its bound, letting the oldest prepared go first', () => {
    const cache = new StatementCache(db, 2);
    const first = cache.get('SELECT 1');
    const second = cache.get('SELECT 2');
    cache.get('SELECT 3');
    // The second is still kept; the first was let go and is prepared anew.
    expect(cache.get('SELECT 2')).toBe(second);
    const again = cache.get('SELECT 1');
    expect(again).not.toBe(first);
    expect(again.pluck().get()).toBe(1);
  });
});
