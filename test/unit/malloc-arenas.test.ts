import { describe, expect, it } from 'vitest';
import { capturesLong, exitCodeOf, wantsArenaCap } from '../../electron/hosts/cli/malloc-arenas.js';

describe('which commands start again with the malloc arena cap', () => {
  const yes = () => true;
  it('only the captures that last: capture --watch and serve --capture', () => {
    expect(capturesLong(['capture', '--watch'])).toBe(true);
    expect(capturesLong(['--data-dir', '/tmp/x', 'capture', '--interval', '2', '--watch'])).toBe(true);
    expect(capturesLong(['--json', 'serve', '--port', '0', '--capture'])).toBe(true);
    expect(capturesLong(['capture', '--once'])).toBe(false);
    expect(capturesLong(['serve'])).toBe(false);
    expect(capturesLong(['search', '--watch'])).toBe(false);
    expect(capturesLong(['capture', '--watch', '--help'])).toBe(false);
    // A data dir named like a command is the option's value, not the command.
    expect(capturesLong(['--data-dir', 'capture', 'stats', '--watch'])).toBe(false);
    expect(capturesLong([])).toBe(false);
  });
  it('not when MALLOC_ARENA_MAX is already there, when turned off, or without glibc', () => {
    expect(wantsArenaCap(['capture', '--watch'], {}, yes)).toBe(true);
    expect(wantsArenaCap(['capture', '--watch'], { MALLOC_ARENA_MAX: '8' }, yes)).toBe(false);
    expect(wantsArenaCap(['capture', '--watch'], { ENGRAM_MALLOC_ARENAS: 'default' }, yes)).toBe(false);
    expect(wantsArenaCap(['capture', '--watch'], {}, () => false)).toBe(false);
    // The child itself never starts another, even if the variable were lost on the way.
    expect(wantsArenaCap(['capture', '--watch'], { ENGRAM_ARENA_CAPPED: '1' }, yes)).toBe(false);
    // One-shot commands never pay for a second start, and do not even ask about glibc.
    expect(wantsArenaCap(['stats'], {}, () => { throw new Error('asked'); })).toBe(false);
  });
  it('gives the child\'s exit code, a signal as 128 + n', () => {
    expect(exitCodeOf({ code: 3, signal: null })).toBe(3);
    expect(exitCodeOf({ code: null, signal: 'SIGTERM' })).toBe(143);
    expect(exitCodeOf({ code: null, signal: 'SIGKILL' })).toBe(137);
  });
});
