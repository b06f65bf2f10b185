import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { encoderOnce } from '../../agents/store/load-encoder.js';
import { startWorker } from '../../agents/runtime/index.js';

/**
 * `embedding failed: Backend 'wasm' has not yet been initialized` (~2 in 170 cold `engram ask`s in
 * the screen bench): the encoder's files were read before tfjs's wasm backend finished starting.
 */
describe('loading the sentence encoder', () => {
  it('waits for the wasm backend even when the model files are read first', async () => {
    const w = startWorker(new URL('../fixtures/agents/encoder-race-worker.js', import.meta.url));
    try {
      const [msg] = (await once(w, 'message')) as [{ dimensions?: number; error?: string }];
      expect(msg).toEqual({ dimensions: 512 });
    } finally {
      await w.terminate();
    }
  });

  it('a failed load is not kept: the next request loads again', async () => {
    let calls = 0;
    const model = { embed: async () => [new Float32Array(1)] };
    const get = encoderOnce(async () => {
      calls++;
      if (calls === 1) throw new Error('first load failed');
      return model;
    });
    await expect(get()).rejects.toThrow('first load failed');
    expect(await get()).toBe(model);
    expect(await get()).toBe(model);
    expect(calls).toBe(2);
  });
});
