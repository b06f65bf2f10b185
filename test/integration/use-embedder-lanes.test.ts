import { afterAll, describe, expect, it } from 'vitest';
import { UseEmbedder } from '../../agents/store/index.js';

/**
 * The real embedder serves questions and memories before screen passages: a page of passages
 * embedding in the background must not hold up the vector a search is waiting for.
 */
describe('UseEmbedder lanes', () => {
  const embedder = new UseEmbedder();
  afterAll(() => embedder.close());

  it('a foreground request overtakes queued background work, and pieces give the same vectors as one batch', async () => {
    // Cold until its worker has answered once: a one-shot search does not start it for a short wait.
    expect(embedder.coldFor({ query: true })).toBe(true);
    await embedder.embed(['warm the model up']);
    expect(embedder.coldFor({ query: true })).toBe(false);
    const texts = Array.from({ length: 40 }, (_, i) => `Line ${i} of a long screen: the quarterly budget review for team ${i % 7}`);
    const done: string[] = [];
    const background = embedder.embed(texts, { background: true }).then((v) => {
      done.push('background');
      return v;
    });
    const foreground = embedder.embed(['how much did the hotel cost']).then((v) => {
      done.push('foreground');
      return v;
    });
    const [bg] = await Promise.all([background, foreground]);
    expect(done).toEqual(['foreground', 'background']);
    expect(bg).toHaveLength(40);
    const whole = await embedder.embed(texts.slice(0, 10));
    for (let i = 0; i < 10; i++) {
      let dot = 0;
      for (let d = 0; d < whole[i]!.length; d++) dot += whole[i]![d]! * bg[i]![d]!;
      expect(dot).toBeGreaterThan(0.999);
    }
  });

  it('a closed embedder rejects what was waiting, and starts again on the next request', async () => {
    const waiting = expect(embedder.embed(['one', 'two'], { background: true })).rejects.toThrow(/stopped/);
    await embedder.close();
    await waiting;
    expect(embedder.coldFor()).toBe(true);
    const [v] = await embedder.embed(['after the restart']);
    expect(v).toHaveLength(512);
  });
});
