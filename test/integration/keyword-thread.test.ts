import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';
import type { Bm25Row } from '../../agents/store/common-terms.js';
import { KeywordSplit } from '../../agents/store/keyword-split.js';
import { Retriever } from '../../agents/store/retriever.js';
import { prng } from '../fixtures/prng.js';

const SELECT = `SELECT rowid AS seq, bm25(memory_fts, 2.0, 1.0, 0.3) AS s FROM memory_fts WHERE memory_fts MATCH ?`;

/** Polls (no fixed sleep) until `ok`, yielding to the event loop between tries. */
async function until(ok: () => boolean): Promise<void> {
  while (!ok()) await new Promise((r) => setTimeout(r, 5));
}

/**
 * A large keyword index's BM25 statements split by rowid with a thread (keyword-split.ts): the
 * merged halves must be the whole statement's rows, in its order, ties and all. The store's texts
 * come from a few words in rows of few lengths, so many rows tie on score.
 */
describe('BM25 statements split with the keyword thread (KeywordSplit)', () => {
  let dir: string;
  let key: Buffer;
  let store: EngramStore;
  let split: KeywordSplit;
  const words = 'amber birch cedar delta ember fjord grove harbor island juniper'.split(' ');

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'engram-kwthread-'));
    key = randomBytes(32);
    store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key) });
    const next = prng(3);
    const pick = () => words[Math.floor(next() * words.length)]!;
    store.transaction(() => {
      for (let i = 0; i < 1500; i++) {
        // "kiwi" in one row of 37: a rare word beside the common ones.
        const text = `${Array.from({ length: 3 + (i % 3) }, pick).join(' ')}${i % 37 ? '' : ' kiwi'}`;
        store.memories.insert({ kind: i % 4 ? 'episodic' : 'semantic', text, segment: `s${Math.floor(i / 6)}`, occurred_at: Date.UTC(2026, 0, 1) + i * 60_000 });
      }
    });
    // A second split on the store's database, from the first row (the store's own starts at 250,000).
    split = new KeywordSplit(store.db, 'memory_fts', { key, cacheMiB: 8, minRows: 1, spare: () => true });
    split.runner(SELECT, 1);
    await until(() => split.threadStatements?.state === 'ready');
  });
  afterEach(async () => {
    await split.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives the whole statement’s rows and scores, in its order, ties by rowid', async () => {
    const whole = store.db.prepare(`${SELECT} ORDER BY s LIMIT ?`).raw();
    const matches = ['"amber"', '"amber" OR "cedar"', '"delta" OR "ember" OR "fjord"', '"grove" AND "harbor"', '"island" OR "nowhere"', '"nowhere"'];
    let ties = 0;
    for (const m of matches) {
      for (const limit of [1, 7, 60, 500, 5000]) {
        const want = whole.all(m, limit) as Bm25Row[];
        for (let i = 1; i < want.length; i++) if (want[i]![1] === want[i - 1]![1]) ties++;
        const run = split.runner(SELECT, 1);
        expect(run).not.toBeNull();
        expect((await run!([{ match: m, whole: false }], limit))[0], `${m} limit ${limit}`).toEqual(want);
      }
    }
    // The rows tie a lot (their order among equals is the test), and the thread did its part.
    expect(ties).toBeGreaterThan(1000);
    expect(split.threadStatements!.answered + split.threadStatements!.takenBack).toBe(matches.length * 5);
    expect(split.threadStatements!.answered).toBeGreaterThan(0);
    expect(split.threadStatements!.halves).toBe(matches.length * 5);
  });

  it('runs an ask marked whole as one statement, beside halved ones in the same batch, each as the whole statement gives it', async () => {
    const whole = store.db.prepare(`${SELECT} ORDER BY s LIMIT ?`).raw();
    const before = split.threadStatements!;
    const asks = [
      { match: '"delta" OR "kiwi"', whole: false },
      { match: '("kiwi") AND ("delta" OR "amber")', whole: true },
      { match: '"amber" OR "cedar"', whole: true },
      { match: '"grove"', whole: false },
    ];
    for (let round = 0; round < 20; round++) {
      const limit = [5, 60, 500][round % 3]!;
      const got = await split.runner(SELECT, 1)!(asks, limit);
      expect(got).toEqual(asks.map((a) => whole.all(a.match, limit)));
    }
    const after = split.threadStatements!;
    // One statement sent per ask, whole or half; a lower half run here only for the asks not whole.
    expect(after.answered + after.takenBack - before.answered - before.takenBack).toBe(20 * asks.length);
    expect(after.halves - before.halves).toBe(20 * 2);
  });

  it('ranks the hybrid search as it does unsplit, scores and reasons included', async () => {
    const threaded = new Retriever(store.db, store.memories, null, () => null);
    threaded.keywordSplit = split;
    threaded.commonTerms.limits = { ...threaded.commonTerms.limits, floor: 100 };
    store.retriever.commonTerms.limits = { ...threaded.commonTerms.limits };
    const before = split.threadStatements!.answered + split.threadStatements!.takenBack;
    const now = Date.UTC(2026, 1, 1);
    for (let i = 0; i < 30; i++) {
      const q = { query: `${words[i % 10]} ${i % 2 ? 'kiwi' : words[(i * 3 + 1) % 10]} ${i % 4 ? '' : words[(i * 7 + 2) % 10]}`, limit: 10, now };
      const want = await store.search(q);
      expect(want.length).toBeGreaterThan(0);
      expect(await threaded.search(q)).toEqual(want);
    }
    // Every search's statements went through the split: one each, and two for a rare word beside common ones.
    expect(split.threadStatements!.answered + split.threadStatements!.takenBack).toBe(before + 45);
    expect(threaded.commonTerms.splits).toBe(30);
  });

  it('is not split inside a transaction, below its row count, or once closed', async () => {
    expect(split.runner(SELECT, 1)).not.toBeNull();
    store.transaction(() => expect(split.runner(SELECT, 1)).toBeNull());
    const small = new KeywordSplit(store.db, 'memory_fts', { key, cacheMiB: 8, minRows: 2000, spare: () => true });
    expect(small.runner(SELECT, 1500)).toBeNull();
    expect(small.threadStatements).toBeNull();
    // A busy machine (no core to spare) keeps the statement whole.
    const busy = new KeywordSplit(store.db, 'memory_fts', { key, cacheMiB: 8, minRows: 1, spare: () => false });
    expect(busy.runner(SELECT, 1500)).toBeNull();
    expect(busy.threadStatements).toBeNull();
    await split.close();
    expect(split.runner(SELECT, 1)).toBeNull();
    expect(split.threadStatements).toBeNull();
  });
});
