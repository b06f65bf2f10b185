import { describe, expect, it } from 'vitest';
import { onFirstUse, onFirstUseSync } from '../../shared/first-use/index.js';

describe('onFirstUse: a costly module loads on its first use, once', () => {
  it('loads nothing until asked, then once for every caller', async () => {
    let loads = 0;
    const lib = onFirstUse(async () => ({ n: ++loads }));
    expect(loads).toBe(0);
    expect(lib.loaded()).toBeNull();
    const [a, b] = await Promise.all([lib.get(), lib.get()]);
    expect(loads).toBe(1);
    expect(a).toBe(b);
    expect(lib.loaded()).toBe(a);
    expect(await lib.get()).toBe(a);
    expect(loads).toBe(1);
  });

  it('tries a failed load again on the next call, and is not loaded meanwhile', async () => {
    let calls = 0;
    const lib = onFirstUse(async () => {
      calls++;
      if (calls === 1) throw new Error('not installed yet');
      return 'ok';
    });
    await expect(lib.get()).rejects.toThrow('not installed yet');
    expect(lib.loaded()).toBeNull();
    expect(await lib.get()).toBe('ok');
    expect(lib.loaded()).toBe('ok');
    expect(calls).toBe(2);
  });
});

describe('onFirstUseSync: the same, inside a synchronous call', () => {
  it('loads nothing until asked, then once', () => {
    let loads = 0;
    const lib = onFirstUseSync(() => ({ n: ++loads }));
    expect(loads).toBe(0);
    const a = lib();
    expect(lib()).toBe(a);
    expect(loads).toBe(1);
  });

  it('tries a failed load again on the next call', () => {
    let calls = 0;
    const lib = onFirstUseSync(() => {
      calls++;
      if (calls === 1) throw new Error('not installed yet');
      return 'ok';
    });
    expect(() => lib()).toThrow('not installed yet');
    expect(lib()).toBe('ok');
    expect(lib()).toBe('ok');
    expect(calls).toBe(2);
  });
});
