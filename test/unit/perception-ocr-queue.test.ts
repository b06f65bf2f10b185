import { describe, expect, it } from 'vitest';
import { OcrQueue, prepareForOcr, type OcrEngine, type OcrImage, type OcrResult } from '../../electron/sensing/perception/index.js';

/** An OCR engine whose jobs finish when the test says so. */
class ManualEngine implements OcrEngine {
  activeWorkers = 0;
  waiting: { image: OcrImage; done: (r: OcrResult) => void; fail: (e: unknown) => void }[] = [];
  recognize(image: OcrImage): Promise<OcrResult> {
    return new Promise((done, fail) => this.waiting.push({ image, done, fail }));
  }
  async stop(): Promise<void> {}
  finishNext(text = 'ok'): void {
    this.waiting.shift()!.done({ text, confidence: 90, lines: [] });
  }
}

const img = (tag: number): OcrImage => ({ pgm: Buffer.from([tag]), width: 1, height: 1 });
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('bounded OCR queue', () => {
  it('keeps at most maxPending images in memory, defers the oldest, and reports the backlog', async () => {
    const engine = new ManualEngine();
    const results: number[] = [];
    const dropped: number[] = [];
    const reloaded: number[] = [];
    const q = new OcrQueue<number>({
      engine,
      maxPending: 2,
      maxDeferred: 1,
      concurrency: 1,
      onResult: (n) => void results.push(n),
      onDropped: (n) => void dropped.push(n),
    });
    for (let n = 1; n <= 6; n++) {
      q.push({ meta: n, image: img(n), reload: async () => (reloaded.push(n), img(n)) });
    }
    // 1 runs; 5 and 6 wait with pixels; 2,3,4 were deferred and the deferred list holds 1: 4 stays, 2 and 3 dropped.
    expect(q.stats()).toMatchObject({ running: 1, pending: 2, deferred: 1, backlog: 4, dropped: 2, deferredTotal: 3 });
    expect(dropped).toEqual([2, 3]);
    for (let i = 0; i < 4; i++) {
      engine.finishNext();
      await tick();
      await tick();
    }
    await q.idle();
    // Fresh frames first, then the deferred one, reloaded from storage.
    expect(results).toEqual([1, 5, 6, 4]);
    expect(reloaded).toEqual([4]);
    expect(q.stats()).toMatchObject({ backlog: 0, done: 4 });
  });

  it('a job that cannot be reloaded is dropped at once on overflow; an OCR failure is reported', async () => {
    const engine = new ManualEngine();
    const dropped: [number, string][] = [];
    const q = new OcrQueue<number>({ engine, maxPending: 1, concurrency: 1, onResult: () => undefined, onDropped: (n, why) => void dropped.push([n, why]) });
    q.push({ meta: 1, image: img(1), reload: null });
    q.push({ meta: 2, image: img(2), reload: null });
    q.push({ meta: 3, image: img(3), reload: null });
    expect(dropped).toEqual([[2, 'overflow']]);
    engine.waiting.shift()!.fail(new Error('worker crashed'));
    await tick();
    await tick();
    expect(dropped).toContainEqual([1, 'failed']);
    engine.finishNext();
    await q.idle();
    expect(q.stats()).toMatchObject({ failed: 1, done: 1, backlog: 0 });
  });
});

describe('light-on-dark preparation', () => {
  it('inverts dark tiles and not light ones', () => {
    const w = 48;
    const h = 24;
    const grey = new Uint8Array(w * h);
    // Left half: dark background with a light stroke; right half: light background with a dark stroke.
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) grey[y * w + x] = x < 24 ? (y === 10 ? 240 : 20) : y === 10 ? 20 : 235;
    const p = prepareForOcr(grey, w, h, { tile: 24 });
    const px = p.pgm.subarray(p.pgm.length - w * h);
    expect(p.pgm.toString('latin1', 0, 2)).toBe('P5');
    // Each half's background is then stretched to white, its ink by the same factor (255/235).
    expect(px[0]).toBe(255); // dark background became light
    expect(px[10 * w + 5]).toBe(16); // its light text became dark (15)
    expect(px[30]).toBe(255); // light half not inverted
    expect(px[10 * w + 30]).toBe(22); // its dark text stays dark (20)
    expect(p.invertedShare).toBeCloseTo(0.5);
  });
});
