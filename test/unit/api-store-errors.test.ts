import { describe, expect, it } from 'vitest';
import { StoreError, type StoreErrorCode } from '../../agents/store/index.js';
import { toApiError } from '../../electron/api/index.js';
import { ApiErrorSchema } from '../../shared/api/index.js';

/** Each store failure reaches the UI with a code it can act on (retry, restore, re-key), never INTERNAL. */
const CASES: [StoreErrorCode, string][] = [
  ['BUSY', 'BUSY'],
  ['MIGRATION_FAILED', 'MIGRATION_FAILED'],
  ['KEY_INVALID', 'WRONG_KEY'],
  ['NOT_ENGRAM', 'NOT_ENGRAM'],
  ['DAMAGED', 'DAMAGED'],
  ['WRONG_KEY', 'WRONG_KEY'],
  ['NEWER_SCHEMA', 'NEWER_SCHEMA'],
  ['DISK_FULL', 'DISK_FULL'],
  ['KEY_FILE_PERMS', 'FORBIDDEN'],
  ['KEY_CONFLICT', 'CONFLICT'],
  ['NOT_FOUND', 'NOT_FOUND'],
  ['INVALID_INPUT', 'INVALID_INPUT'],
  ['IO', 'IO'],
];

describe('store errors through the API', () => {
  for (const [storeCode, apiCode] of CASES) {
    it(`${storeCode} → ${apiCode}, message kept`, () => {
      const logged: string[] = [];
      const e = toApiError(new StoreError(storeCode, `the ${storeCode} line`), (l) => logged.push(l));
      expect(e).toEqual({ code: apiCode, message: `the ${storeCode} line` });
      expect(ApiErrorSchema.safeParse(e).success).toBe(true);
      expect(logged).toEqual([]);
    });
  }

  it('a store message quoting what the caller sent stays one line (an id with a newline)', () => {
    const e = toApiError(new StoreError('NOT_FOUND', 'no experience a\nb\r\n  c'));
    expect(e).toEqual({ code: 'NOT_FOUND', message: 'no experience a b c' });
  });

  it('anything unknown is INTERNAL with a generic line, the details only in the log', () => {
    const logged: string[] = [];
    const e = toApiError(new TypeError('x is undefined at secret place'), (l) => logged.push(l));
    expect(e.code).toBe('INTERNAL');
    expect(e.message).not.toContain('secret place');
    expect(logged.join('\n')).toContain('secret place');
  });
});
