import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { openStore, StaticKeyProvider, type Embedder, type EngramStore } from '../../agents/store/index.js';
import { Retriever } from '../../agents/store/retriever.js';
import { MEMORY_VECTORS, VectorIndex } from '../../agents/store/vector-index.js';
import type { PendingSearch, VectorHit } from '../../agents/store/vector-thread.js';
import { prng } from '../fixtures/prng.js';

const DIM = 128;

function unit(v: Float32Array): Float32Array {
  const n = Math.hypot(...v) || 1;
  return v.map((x) => x / n);
}

class TableEmbedder implements Embedder {
  readonly id = 'table-128';
  readonly dimensions = DIM;
  async embed(texts: string[]): Promise<Float32Array[]> {
    return texts.map(() => new Float32Array(DIM));
  }
}

/** Polls (no fixed sleep) until `ok`, yielding to the event loop between tries. */
async function until(ok: () => boolean): Promise<void> {
  while (!ok()) await new Promise((r) => setTimeout(r, 5));
}

describe('vector search on a thread of its own (VectorThread)', () => {
  let dir: string;
  let key: Buffer;
  let store: EngramStore;
  let index: VectorIndex;
  const embedder = new TableEmbedder();
  const next = prng(11);
  const random = () => unit(Float32Array.from({ length: DIM }, () => next() - 0.5));
  const words = 'amber birch cedar delta ember fjord grove harbor'.split(' ');

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'engram-vthread-'));
    key = randomBytes(32);
    store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder });
    store.transaction(() => {
      for (let i = 0; i < 1200; i++) {
        const text = `${words[i % 8]} ${words[(i * 3) % 8]} note ${i}`;
        store.memories.insert({ kind: 'semantic', text, segment: `s${Math.floor(i / 10)}`, embedding: { embedder: embedder.id, vector: random() } });
      }
    });
    // A second index on the store's database, threaded from the first code (the store's own starts at 20,000).
    index = new VectorIndex(store.db, embedder.id, DIM, MEMORY_VECTORS, { key, maxCacheMiB: 8, minCodes: 1, spare: () => true });
    const v = random();
    await until(() => index.searchSoon(v, 5) !== null);
  });
  afterEach(async () => {
    await index.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The thread's answer to a search, or null when the search was taken back before it started. */
  async function fromThread(v: Float32Array, k: number): Promise<VectorHit[] | null> {
    const pending: PendingSearch | null = index.searchSoon(v, k);
    expect(pending).not.toBeNull();
    // Time for the thread to start it (if it has not, it is taken back: both are right, and the caller asks again).
    await new Promise((r) => setTimeout(r, 5));
    const answered = index.threadSearches!.answered;
    const taken = pending!.take();
    if (!taken) return null;
    expect(index.threadSearches!.answered).toBe(answered + 1);
    return taken;
  }

  /** Asks until the thread itself answered `n` searches, comparing each answer with the index's own. */
  async function compare(n: number, query: () => Float32Array, k = 20): Promise<void> {
    for (let got = 0; got < n; ) {
      const v = query();
      const hits = await fromThread(v, k);
      if (!hits) continue;
      expect(hits).toEqual(index.search(v, k));
      got++;
    }
  }

  it('finds what the index finds, hit for hit and similarity for similarity', async () => {
    await compare(15, random);
  });

  it('holds every vector in memory while they fit, and finds the same', async () => {
    await compare(5, random);
    // 1,200 vectors of 128 bytes, within the 8 MiB the thread may take.
    expect(index.threadSearches!.held).toBe(1200);
  });

  it('reads rows instead when the vectors do not fit, and back to rows once they outgrow the budget', async () => {
    // 1,200 vectors of 128 bytes are 150 KiB: 0.1 MiB holds none of them, 0.16 MiB holds them until 1,311.
    const small = new VectorIndex(store.db, embedder.id, DIM, MEMORY_VECTORS, { key, maxCacheMiB: 0.1, minCodes: 1, spare: () => true });
    const fits = new VectorIndex(store.db, embedder.id, DIM, MEMORY_VECTORS, { key, maxCacheMiB: 0.16, minCodes: 1, spare: () => true });
    try {
      const answer = async (ix: VectorIndex, v: Float32Array): Promise<VectorHit[]> => {
        for (;;) {
          const pending = ix.searchSoon(v, 10);
          if (!pending) {
            await new Promise((r) => setTimeout(r, 5));
            continue;
          }
          await new Promise((r) => setTimeout(r, 5));
          const hits = await pending.take();
          if (hits) return hits;
        }
      };
      let v = random();
      expect(await answer(small, v)).toEqual(small.search(v, 10));
      expect(small.threadSearches!.held).toBe(0);
      expect(await answer(fits, v)).toEqual(fits.search(v, 10));
      expect(fits.threadSearches!.held).toBe(1200);
      // 200 more vectors (rows of their own): past the budget, the thread lets go of them all.
      for (let i = 0; i < 200; i++) fits.upsert(1_000_000 + i, random());
      v = random();
      expect(await answer(fits, v)).toEqual(fits.search(v, 10));
      expect(fits.threadSearches!.held).toBe(0);
    } finally {
      await small.close();
      await fits.close();
    }
  });

  it('follows the index through writes, deletes and slots reused', async () => {
    const target = random();
    const seqs = store.db.prepare('SELECT seq FROM memories ORDER BY seq LIMIT 40').pluck().all() as number[];
    // Deletes free slots; the writes after them reuse the slots in the index's order.
    for (const seq of seqs.slice(0, 20)) index.delete(seq);
    for (const seq of seqs.slice(20, 30)) index.upsert(seq, random());
    for (const seq of seqs.slice(0, 10)) index.upsert(seq, random());
    index.upsert(seqs[5]!, target);
    await compare(10, random);
    const hits = await (async () => {
      for (;;) {
        const h = await fromThread(target, 5);
        if (h) return h;
      }
    })();
    expect(hits[0]!.seq).toBe(seqs[5]);
    expect(hits[0]!.similarity).toBeGreaterThan(0.99);
  });

  it('starts again from the index after it reloaded (another connection wrote)', async () => {
    const target = random();
    const other = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder });
    const added = other.memories.insert({ kind: 'semantic', text: 'from the other process', embedding: { embedder: embedder.id, vector: target } });
    await other.close();
    for (;;) {
      const hits = await fromThread(target, 3);
      if (!hits) continue;
      expect(hits[0]!.seq).toBe(store.db.prepare('SELECT seq FROM memories WHERE id = ?').pluck().get(added.id));
      expect(hits).toEqual(index.search(target, 3));
      break;
    }
  });

  it('ranks the hybrid search as it does without the thread', async () => {
    const threaded = new Retriever(store.db, store.memories, embedder, () => index);
    const queries = Array.from({ length: 30 }, (_, i) => ({ query: `${words[i % 8]} ${words[(i * 5 + 1) % 8]}`, queryEmbedding: random(), limit: 10, now: Date.now() }));
    const before = index.threadSearches!.answered;
    for (const q of queries) {
      const want = (await store.search(q)).map((h) => [h.memory.id, h.score]);
      expect((await threaded.search(q)).map((h) => [h.memory.id, h.score])).toEqual(want);
    }
    // Some of them went through the thread (the rest were taken back before it started them).
    await until(() => index.threadSearches!.answered > before || index.threadSearches!.takenBack > 0);
    expect(index.threadSearches!.answered + index.threadSearches!.takenBack).toBeGreaterThanOrEqual(before + 30);
  });

  it('leaves searches to the main thread once its thread stopped', async () => {
    const v = random();
    const pending = index.searchSoon(v, 10)!;
    await (index as unknown as { thread: { close(): Promise<void> } }).thread.close();
    // Answered just before it stopped, or rejected: either way nothing is left waiting.
    await pending.take()?.catch(() => undefined);
    expect(index.searchSoon(v, 10)).toBeNull();
    const threaded = new Retriever(store.db, store.memories, embedder, () => index);
    const q = { query: 'amber cedar', queryEmbedding: v, limit: 10, now: Date.now() };
    expect((await threaded.search(q)).map((h) => h.memory.id)).toEqual((await store.search(q)).map((h) => h.memory.id));
  });
});
