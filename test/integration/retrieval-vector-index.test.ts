import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { openStore, StaticKeyProvider, type Embedder, type EngramStore } from '../../agents/store/index.js';
import { prng } from '../fixtures/prng.js';
import { BinaryCodes } from '../../agents/store/binary-codes.js';

const DIM = 256;

/** Deterministic vectors in [-0.5, 0.5): a seeded generator so failures reproduce. */
function rng(seed: number): () => number {
  const next = prng(seed);
  return () => next() - 0.5;
}
function unit(v: Float32Array): Float32Array {
  const n = Math.hypot(...v) || 1;
  return v.map((x) => x / n);
}
const cos = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);

/** An embedder whose vectors the test chooses (by text), like a precomputed import. */
class TableEmbedder implements Embedder {
  readonly id = 'table-256';
  readonly dimensions = DIM;
  readonly table = new Map<string, Float32Array>();
  async embed(texts: string[]): Promise<Float32Array[]> {
    return texts.map((t) => this.table.get(t) ?? unit(Float32Array.from({ length: DIM }, rng(t.length))));
  }
}

describe('vector index (int8 vectors, one-bit codes, exact rescoring)', () => {
  let dir: string;
  let key: Buffer;
  let store: EngramStore;
  const embedder = new TableEmbedder();
  const next = rng(7);
  const vectors = new Map<string, Float32Array>();

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'engram-vec-'));
    key = randomBytes(32);
    store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder });
    // Random vectors are nearly orthogonal: below the retriever's noise floor. This tests the index.
    store.retriever.weights.minSimilarity = -1;
    vectors.clear();
    store.transaction(() => {
      for (let i = 0; i < 1500; i++) {
        const v = unit(Float32Array.from({ length: DIM }, next));
        const m = store.memories.insert({ kind: 'semantic', text: `fact ${i}`, app: i % 2 ? 'Slack' : 'Mail', embedding: { embedder: embedder.id, vector: v } });
        vectors.set(m.id, v);
      }
    });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function exactTop(q: Float32Array, k: number, keep: (id: string) => boolean = () => true): string[] {
    return [...vectors.entries()]
      .filter(([id]) => keep(id))
      .map(([id, v]) => [id, cos(q, v)] as const)
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(([id]) => id);
  }

  it('finds the exact nearest neighbours, with similarities within int8 precision', async () => {
    let overlap = 0;
    for (let t = 0; t < 20; t++) {
      const q = unit(Float32Array.from({ length: DIM }, next));
      const hits = await store.search({ query: 'anything', mode: 'vector', queryEmbedding: q, limit: 10 });
      const want = exactTop(q, 10);
      overlap += hits.filter((h) => want.includes(h.memory.id)).length;
      for (const h of hits) expect(h.reasons.vector_similarity!).toBeCloseTo(cos(q, vectors.get(h.memory.id)!), 2);
    }
    // Codes only pick candidates (400+ of 1500 rescored exactly): the top 10 come out right.
    expect(overlap / 200).toBeGreaterThanOrEqual(0.98);
  });

  it('ranks memories with the same vector in the order they were written', async () => {
    const q = unit(Float32Array.from({ length: DIM }, next));
    const ids = store.transaction(() => ['twin a', 'twin b', 'twin c'].map((text) => store.memories.insert({ kind: 'semantic', text, embedding: { embedder: embedder.id, vector: q } }).id));
    const hits = await store.search({ query: 'anything', mode: 'vector', queryEmbedding: q, limit: 5 });
    // The index's order is the vector rank. The final order may differ by a hair: use decays from
    // created_at, so a twin written a millisecond later scores 1e-10 higher (CI caught exactly that).
    const twins = hits.filter((h) => ids.includes(h.memory.id)).sort((a, b) => a.reasons.vector_rank! - b.reasons.vector_rank!);
    expect(twins.map((h) => h.memory.id)).toEqual(ids);
    expect(twins.map((h) => h.reasons.vector_rank)).toEqual([1, 2, 3]);
  });

  it('searches only among the memories that pass a filter', async () => {
    const q = unit(Float32Array.from({ length: DIM }, next));
    const hits = await store.search({ query: 'anything', mode: 'vector', queryEmbedding: q, app: 'Slack', limit: 10 });
    expect(hits.every((h) => h.memory.app === 'Slack')).toBe(true);
    const want = exactTop(q, 10, (id) => store.memories.get(id)?.app === 'Slack');
    expect(hits.filter((h) => want.includes(h.memory.id)).length).toBeGreaterThanOrEqual(9);
  });

  it('forgets deleted vectors and sees writes made by another connection', async () => {
    const q = unit(Float32Array.from({ length: DIM }, next));
    const top = (await store.search({ query: 'x', mode: 'vector', queryEmbedding: q, limit: 1 }))[0]!.memory.id;
    store.memories.delete([top]);
    const after = await store.search({ query: 'x', mode: 'vector', queryEmbedding: q, limit: 5 });
    expect(after.map((h) => h.memory.id)).not.toContain(top);

    // Another process (the CLI while the app runs) adds a memory right on the query's direction.
    const other = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder });
    const added = other.memories.insert({ kind: 'semantic', text: 'from the other process', embedding: { embedder: embedder.id, vector: q } });
    await other.close();
    const seen = await store.search({ query: 'x', mode: 'vector', queryEmbedding: q, limit: 1 });
    expect(seen[0]!.memory.id).toBe(added.id);
    expect(seen[0]!.reasons.vector_similarity!).toBeGreaterThan(0.99);
  });

  it('leaves no vector or code behind a deleted memory, a wipe, or a store opened without an embedder', async () => {
    const count = (t: string) => store.db.prepare(`SELECT count(*) FROM ${t}`).pluck().get() as number;
    expect(count('memory_vec')).toBe(vectors.size);
    expect(count('memory_vec_codes')).toBe(vectors.size);
    const [first] = vectors.keys();
    store.memories.delete([first!]);
    expect(count('memory_vec')).toBe(vectors.size - 1);
    expect(count('memory_vec_codes')).toBe(vectors.size - 1);

    await store.close();
    const bare = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: null });
    const ids = bare.memories.list({ limit: 10 }).map((m) => m.id);
    bare.memories.delete(ids);
    const left = bare.db.prepare('SELECT count(*) FROM memory_vec').pluck().get() as number;
    expect(left).toBe(vectors.size - 1 - ids.length);
    bare.wipe();
    expect(bare.db.prepare('SELECT count(*) FROM memory_vec').pluck().get()).toBe(0);
    expect(bare.db.prepare('SELECT count(*) FROM memory_vec_codes').pluck().get()).toBe(0);
    await bare.close();
    store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder });
    store.retriever.weights.minSimilarity = -1;
    expect(await store.search({ query: 'fact', mode: 'vector', queryEmbedding: vectors.values().next().value! })).toEqual([]);
  });

  it('ignores a precomputed vector from another embedder and embeds the text instead', async () => {
    const v = unit(Float32Array.from({ length: DIM }, next));
    embedder.table.set('queued text', v);
    const m = store.memories.insert({ kind: 'semantic', text: 'queued text', embedding: { embedder: 'some-other-model', vector: unit(Float32Array.from({ length: DIM }, next)) } });
    expect(store.stats().pending_embeddings).toBe(1);
    await store.flushEmbeddings();
    const hits = await store.search({ query: 'x', mode: 'vector', queryEmbedding: v, limit: 1 });
    expect(hits[0]!.memory.id).toBe(m.id);
  });
});

describe('binary codes (the first pass)', () => {
  it('asked for more codes than it holds, returns every live code and never a deleted one', () => {
    const next = rng(11);
    for (const wasm of [true, false]) {
      const codes = new BinaryCodes(512, { wasm });
      for (let seq = 1; seq <= 10; seq++) codes.set(seq, BinaryCodes.encode(Float32Array.from({ length: 512 }, next)));
      for (const seq of [2, 5, 9]) codes.delete(seq);
      const got = codes.nearest(BinaryCodes.encode(Float32Array.from({ length: 512 }, next)), 20);
      expect(got.sort((a, b) => a - b)).toEqual([1, 3, 4, 6, 7, 8, 10]);
    }
  });

  it('with many codes, picks exactly the codes below the cut-off and the first ties by slot, whatever the layout', () => {
    // Enough codes for nearest() to bound the cut from a sample and pick in one pass; the layouts
    // include ones where the sample misleads (only a few sampled slots near the query).
    const dims = 64;
    const n = 20_000;
    const m = 400;
    const next = rng(64);
    const ham = (a: Uint32Array, b: Uint32Array) => a.reduce((s, x, i) => s + [...((x ^ b[i]!) >>> 0).toString(2)].filter((ch) => ch === '1').length, 0);
    const q = BinaryCodes.encode(Float32Array.from({ length: dims }, next));
    /** q with `flips` of its first bits flipped. */
    const away = (flips: number) => {
      const c = q.slice();
      for (let b = 0; b < flips; b++) c[b >>> 5]! ^= 1 << (b & 31);
      return c;
    };
    const layouts: [string, (seq: number) => Uint32Array][] = [
      ['random', () => BinaryCodes.encode(Float32Array.from({ length: dims }, next))],
      ['ties everywhere', (seq) => away(seq % 5)],
      ['near codes on every 4th slot, a few', (seq) => ((seq - 1) % 4 === 0 && seq <= 1000 ? away(0) : away(10 + (seq % 3)))],
      ['near codes off the sampled slots', (seq) => ((seq - 1) % 4 !== 0 ? away(1 + (seq % 2)) : away(20))],
      ['near codes at the end', (seq) => (seq > n - 300 ? away(1) : away(2 + (seq % 7)))],
    ];
    for (const [name, code] of layouts) {
      const codes = new BinaryCodes(dims);
      const all: Uint32Array[] = [];
      for (let seq = 1; seq <= n; seq++) {
        all.push(code(seq));
        codes.set(seq, all[seq - 1]!);
      }
      const d = all.map((c) => ham(q, c));
      const sorted = [...d].sort((a, b) => a - b);
      const cut = sorted[m - 1]!;
      const below = d.filter((x) => x < cut).length;
      const want = d.flatMap((x, i) => (x < cut ? [i + 1] : [])).concat(d.flatMap((x, i) => (x === cut ? [i + 1] : [])).slice(0, m - below));
      expect(codes.nearest(q, m).sort((a, b) => a - b), name).toEqual(want.sort((a, b) => a - b));
    }
  });

  for (const dims of [512, 100, 768, 1536]) {
    it(`WebAssembly and JavaScript scans agree and return the m nearest codes (${dims} dimensions)`, () => {
      const next = rng(dims);
      const wasm = new BinaryCodes(dims);
      const js = new BinaryCodes(dims, { wasm: false });
      expect(wasm.simd).toBe(true);
      const codes = new Map<number, Uint32Array>();
      for (let seq = 1; seq <= 3000; seq++) {
        const c = BinaryCodes.encode(Float32Array.from({ length: dims }, next));
        codes.set(seq, c);
        wasm.set(seq, c);
        js.set(seq, c);
      }
      for (let seq = 1; seq <= 3000; seq += 7) {
        wasm.delete(seq);
        js.delete(seq);
        codes.delete(seq);
      }
      const ham = (a: Uint32Array, b: Uint32Array) => a.reduce((s, x, i) => s + [...((x ^ b[i]!) >>> 0).toString(2)].filter((ch) => ch === '1').length, 0);
      for (let t = 0; t < 5; t++) {
        const q = BinaryCodes.encode(Float32Array.from({ length: dims }, next));
        const a = wasm.nearest(q, 50).sort((x, y) => x - y);
        const b = js.nearest(q, 50).sort((x, y) => x - y);
        expect(a).toEqual(b);
        expect(a).toHaveLength(50);
        expect(a.every((s) => codes.has(s))).toBe(true);
        // Nothing outside the result is strictly nearer than the farthest code inside it.
        const worst = Math.max(...a.map((s) => ham(q, codes.get(s)!)));
        const inside = new Set(a);
        for (const [s, c] of codes) if (!inside.has(s)) expect(ham(q, c)).toBeGreaterThanOrEqual(worst);
        const among = [...codes.keys()].filter((s) => s % 3 === 0);
        const sub = wasm.nearest(q, 20, among);
        expect(sub.every((s) => s % 3 === 0)).toBe(true);
        expect(sub).toHaveLength(20);
      }
    });
  }
});
