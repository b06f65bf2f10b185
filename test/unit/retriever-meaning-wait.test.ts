import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StaticKeyProvider, openStore, type EngramStore } from '../../agents/store/index.js';
import { StalledEmbedder } from '../fakes/stalled-embedder.js';

// The retriever's meaning wait (issue 34): a one-shot command answers by keywords while the query's
// vector loads; the vector still lands, so the next search of the same process is the full hybrid.
describe('Retriever.meaningWaitMs', () => {
  let dir = '';
  let store: EngramStore | null = null;
  afterEach(async () => {
    await store?.close({ leaveEmbeddings: true });
    rmSync(dir, { recursive: true, force: true });
  });

  async function open(embedder: StalledEmbedder): Promise<EngramStore> {
    dir = mkdtempSync(join(tmpdir(), 'engram-meaning-wait-'));
    store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(randomBytes(32)), embedder });
    store.memories.insert({ kind: 'semantic', title: 'Budget review', text: 'Ana moved the Q3 budget review to Thursday' });
    return store;
  }

  /** Flushes memory vectors, answering for the stalled embedder until nothing is left. */
  async function flushReleasing(s: EngramStore, embedder: StalledEmbedder): Promise<void> {
    let done = false;
    const flushed = s.flushMemoryEmbeddings().then(() => (done = true));
    while (!done) {
      await new Promise((r) => setTimeout(r, 5));
      embedder.release();
    }
    await flushed;
  }

  it('answers by keywords when the vector is late, without queueing more queries, then uses the vector once it lands', async () => {
    const embedder = new StalledEmbedder();
    const s = await open(embedder);
    s.retriever.meaningWaitMs = 20;
    let told = 0;
    const first = await s.search({ query: 'budget review', onKeywordOnly: () => told++ });
    expect(first.map((r) => r.memory.title)).toEqual(['Budget review']);
    expect(told).toBe(1);
    // While that vector is still on its way, another query does not wait, nor pile onto the encoder.
    const asked = embedder.asked.filter((a) => a.opts.query).length;
    await s.search({ query: 'Thursday', onKeywordOnly: () => told++ });
    expect(told).toBe(2);
    expect(embedder.asked.filter((a) => a.opts.query).length).toBe(asked);
    embedder.release();
    await new Promise((r) => setImmediate(r));
    await s.search({ query: 'budget review', onKeywordOnly: () => told++ });
    expect(told).toBe(2);
    expect(s.retriever.keywordOnlySearches).toBe(2);
  });

  it('does not start a cold encoder for a one-shot wait (it would load in seconds), and asks one that can answer in time', async () => {
    const cold = Object.assign(new StalledEmbedder(), { coldFor: () => true });
    const s = await open(cold);
    s.retriever.meaningWaitMs = 20;
    let told = 0;
    const hits = await s.search({ query: 'budget review', onKeywordOnly: () => told++ });
    expect(hits.map((r) => r.memory.title)).toEqual(['Budget review']);
    expect(told).toBe(1);
    expect(cold.asked.filter((a) => a.opts.query)).toEqual([]);
    await s.close({ leaveEmbeddings: true });
    rmSync(dir, { recursive: true, force: true });

    // Warm (its model loaded, or a query table): the vector comes in time and the search is the full hybrid.
    const warm = Object.assign(new StalledEmbedder(), { coldFor: () => false });
    const w = await open(warm);
    w.retriever.meaningWaitMs = 1_000;
    const pending = w.search({ query: 'budget review', onKeywordOnly: () => told++ });
    await new Promise((r) => setTimeout(r, 10));
    warm.release();
    expect((await pending).map((r) => r.memory.title)).toEqual(['Budget review']);
    expect(told).toBe(1);
    expect(warm.asked.some((a) => a.opts.query && a.texts[0] === 'budget review')).toBe(true);
  });

  it('a one-shot command leaves a write\'s vector pending rather than start a cold encoder; flush still embeds it', async () => {
    const cold = Object.assign(new StalledEmbedder(), { coldFor: () => true });
    const s = await open(cold);
    await flushReleasing(s, cold);
    const before = cold.asked.length;
    s.retriever.meaningWaitMs = 20;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      s.memories.insert({ kind: 'semantic', title: 'Staging VPN', text: 'The staging VPN needs the eng-staging profile' });
      // Past the queue's settle time: a batch would have started by now.
      vi.advanceTimersByTime(5_000);
    } finally {
      vi.useRealTimers();
    }
    await new Promise((r) => setImmediate(r));
    expect(cold.asked.length).toBe(before);
    expect(s.stats().pending_embeddings).toBe(1);
    await flushReleasing(s, cold);
    expect(cold.asked.slice(before).map((a) => a.texts.length)).toEqual([1]);
    expect(s.stats().pending_embeddings).toBe(0);
  });

  it('a wait given at open holds from the open\'s own kick: what is pending stays so until the wait is lifted', async () => {
    dir = mkdtempSync(join(tmpdir(), 'engram-meaning-wait-'));
    const key = new StaticKeyProvider(randomBytes(32));
    const plain = await openStore({ dataDir: dir, keyProvider: key, embedder: null });
    plain.memories.insert({ kind: 'semantic', title: 'Budget review', text: 'Ana moved the Q3 budget review to Thursday' });
    await plain.close();
    const cold = Object.assign(new StalledEmbedder(), { coldFor: () => true });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const s = await openStore({ dataDir: dir, keyProvider: key, embedder: cold, meaningWaitMs: 20 }).finally(() => {
      // Past the settle time of the open's kick: without the wait a batch would have asked by now.
      vi.advanceTimersByTime(5_000);
      vi.useRealTimers();
    });
    store = s;
    await new Promise((r) => setImmediate(r));
    expect(cold.asked).toEqual([]);
    expect(s.retriever.meaningWaitMs).toBe(20);
    expect(s.stats().pending_embeddings).toBe(1);
    // The command turned out to wait for meaning (engram ask with a model): the pending rows go now.
    s.retriever.meaningWaitMs = null;
    s.resumeEmbedding();
    while (s.stats().pending_embeddings > 0) {
      await new Promise((r) => setTimeout(r, 20));
      cold.release();
    }
    expect(cold.asked.map((a) => a.texts)).toEqual([[expect.stringContaining('budget review')]]);
  });

  it('waits as long as it takes by default (null): the app and serve keep the full hybrid', async () => {
    const embedder = new StalledEmbedder();
    const s = await open(embedder);
    let done = false;
    const p = s.search({ query: 'budget review' }).then((r) => ((done = true), r));
    await new Promise((r) => setTimeout(r, 50));
    expect(done).toBe(false);
    embedder.release();
    expect((await p).length).toBe(1);
    expect(s.retriever.keywordOnlySearches).toBe(0);
  });
});
