import { afterAll, describe, expect, it } from 'vitest';
import { HashEmbedder, openStore, StaticKeyProvider, UseEmbedder, type Embedder, type EngramStore } from '../../agents/store/index.js';
import { storeFolderPerTest } from '../helpers/temp-store.js';

type EmbedOptions = Parameters<Embedder['embed']>[1];

/** Passes through to a real embedder and counts the texts it was asked for. */
class Counting implements Embedder {
  texts: string[] = [];
  constructor(private readonly inner: Embedder) {}
  get id(): string {
    return this.inner.id;
  }
  get dimensions(): number {
    return this.inner.dimensions;
  }
  embed(texts: string[], opts?: EmbedOptions): Promise<Float32Array[]> {
    this.texts.push(...texts);
    return this.inner.embed(texts, opts);
  }
}

const NOTES = [
  'Booked the dentist for Thursday at 9, the clinic on Rua Augusta.',
  'Ana wants the quarterly budget review moved to the week after the offsite.',
  'The spare key to the bike lock is in the blue drawer in the hallway.',
];

/**
 * Changing the embedder (its id or its dimensions) re-embeds every memory with the new one: the
 * vector index is keyed by the embedder, so no vector of the old model is ever compared with a
 * query of the new one. Switching back costs no model call: vectors stay cached by embedder and text.
 */
describe('switching the embedder of an existing store', () => {
  const folder = storeFolderPerTest('engram-embswitch-');
  const use = new UseEmbedder();
  const open = (embedder: Embedder) => openStore({ dataDir: folder.dir, keyProvider: new StaticKeyProvider(folder.key), embedder });
  const vectorSizes = (s: EngramStore) => s.db.prepare('SELECT DISTINCT length(vector) FROM memory_vec').pluck().all();
  const count = (s: EngramStore, sql: string) => s.db.prepare(sql).pluck().get() as number;
  afterAll(() => use.close());

  it('a store embedded with USE lite re-embeds every memory with the new embedder, and back from the cache', async () => {
    const first = new Counting(use);
    const a = await open(first);
    const ids = NOTES.map((text) => a.memories.insert({ kind: 'semantic', text }).id);
    await a.flushEmbeddings();
    expect(first.texts).toHaveLength(NOTES.length);
    expect(vectorSizes(a)).toEqual([use.dimensions]); // int8: one byte per dimension
    await a.close();

    const next = new Counting(new HashEmbedder(64));
    const b = await open(next);
    try {
      await b.flushEmbeddings();
      // Every memory went to the new embedder once; every stored vector is the new one's.
      expect([...next.texts].sort()).toEqual([...NOTES].sort());
      expect(vectorSizes(b)).toEqual([64]);
      expect(count(b, 'SELECT count(*) FROM memory_vec')).toBe(NOTES.length);
      expect(count(b, 'SELECT count(*) FROM memories WHERE embedded = 0')).toBe(0);
      const hits = await b.search({ query: 'spare key bike lock drawer', mode: 'vector', limit: 1 });
      expect(hits[0]?.memory.id).toBe(ids[2]);
    } finally {
      await b.close();
    }

    const again = new Counting(use);
    const c = await open(again);
    try {
      await c.flushEmbeddings();
      expect(again.texts).toEqual([]); // from the embedding cache, no model call
      expect(vectorSizes(c)).toEqual([use.dimensions]);
      expect(count(c, 'SELECT count(*) FROM memories WHERE embedded = 0')).toBe(0);
      const hits = await c.search({ query: 'when is my dental appointment', mode: 'vector', limit: 1 });
      expect(hits[0]?.memory.id).toBe(ids[0]);
    } finally {
      await c.close();
    }
  });
});
