import { describe, expect, it } from 'vitest';
import { measureMeaningWithin } from '../../agents/chat/label-meaning.js';
import { StalledEmbedder } from '../fakes/stalled-embedder.js';

// Offline `engram ask` waits for the query's vector only so long (Retriever.meaningWaitMs); matching a
// screen's labels by meaning must not then wait for the encoder's whole cold load either.
const pairs = [{ phrase: 'first day at work', label: 'Start date' }];

describe('label meaning under a one-shot command', () => {
  it('gives up after the wait when the encoder is still loading, and the answer reads words alone', async () => {
    const embedder = new StalledEmbedder();
    const meaning = await measureMeaningWithin(embedder, pairs, 20);
    expect(meaning).toBeUndefined();
    // It did ask: a vector that lands later still fills the cache for the next question.
    expect(embedder.asked.map((a) => a.texts)).toEqual([['first day at work', 'Start date']]);
    embedder.release();
  });

  it('does not start a cold encoder under a one-shot wait, and does where no wait is set', async () => {
    // A cold encoder (its worker not started) loads in seconds: a one-shot ask would pay the start for nothing.
    // Texts no other case embeds: vectors are cached per embedder id for the life of the process.
    const unseen = [{ phrase: 'when my lease runs out', label: 'Tenancy ends' }];
    const cold = Object.assign(new StalledEmbedder(), { coldFor: () => true });
    expect(await measureMeaningWithin(cold, unseen, 150)).toBeUndefined();
    expect(cold.asked).toEqual([]);
    const pending = measureMeaningWithin(cold, unseen, null);
    expect(cold.asked).toHaveLength(1);
    cold.release();
    expect((await pending)?.('when my lease runs out', 'Tenancy ends')).toBeCloseTo(1, 5);
  });

  it('waits as long as it takes where no wait is set (the app, serve, MCP)', async () => {
    const embedder = new StalledEmbedder();
    const pending = measureMeaningWithin(embedder, [{ phrase: 'leaving the office', label: 'End date' }], null);
    await new Promise((r) => setTimeout(r, 30));
    embedder.release();
    const meaning = await pending;
    expect(meaning?.('leaving the office', 'End date')).toBeCloseTo(1, 5);
  });
});
