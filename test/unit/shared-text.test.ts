import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorLine, hasIssues, issueLine, oneLine } from '../../shared/text/index.js';

describe('oneLine', () => {
  it('folds whitespace runs, newlines included, and trims', () => {
    expect(oneLine('  a\n\tb   c \r\n')).toBe('a b c');
  });
  it('cuts to max characters with the ellipsis as the last one, and leaves shorter text whole', () => {
    expect(oneLine('abcdefghij', 5)).toBe('abcd…');
    expect(oneLine('abcdefghij', 5)).toHaveLength(5);
    expect(oneLine('abc', 5)).toBe('abc');
    expect(oneLine('abcde', 5)).toBe('abcde');
  });
});

describe('errorLine', () => {
  it('gives the first line of an error, of a message-carrying object, or of anything thrown', () => {
    expect(errorLine(new Error('disk full\n    at write (fs.js:1)'))).toBe('disk full');
    expect(errorLine({ message: 'busy\nmore' })).toBe('busy');
    expect(errorLine('plain text')).toBe('plain text');
    expect(errorLine(42)).toBe('42');
    expect(errorLine(new Error(''))).toBe('error');
  });
});

describe('issueLine', () => {
  const schema = z.object({ patch: z.object({ text: z.string().min(3), n: z.number() }) });
  const err = schema.safeParse({ patch: { text: 'a', n: 'x' } }).error!;

  it('says where and what for the first issue of a real zod error', () => {
    expect(issueLine(err)).toMatch(/^patch\.text: .+/);
    expect(issueLine(err)).not.toContain(';');
  });
  it('lists up to max issues, joined by "; "', () => {
    const line = issueLine(err, 8);
    expect(line.split('; ')).toHaveLength(2);
    expect(line).toMatch(/patch\.n: /);
  });
  it('gives the bare message for an issue at the top, and a fallback when there are none', () => {
    expect(issueLine({ issues: [{ path: [], message: 'Expected object' }] })).toBe('Expected object');
    expect(issueLine({ issues: [] })).toBe('invalid input');
  });
  it('keeps hostile keys and messages to one bounded line', () => {
    const long = `k${'x'.repeat(500)}\nsecond`;
    const line = issueLine({ issues: [{ path: [long], message: `bad\n${'y'.repeat(900)}` }] });
    expect(line).not.toContain('\n');
    expect(line.length).toBeLessThanOrEqual(200 + 2 + 300);
  });
  it('knows an issue-carrying error from anything else', () => {
    expect(hasIssues(err)).toBe(true);
    expect(hasIssues(new Error('x'))).toBe(false);
    expect(hasIssues(null)).toBe(false);
  });
});
