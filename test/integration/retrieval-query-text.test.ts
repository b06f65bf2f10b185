import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { openStore, StaticKeyProvider, HashEmbedder, queryTerms, queryEntities, type EngramStore } from '../../agents/store/index.js';

describe('query text', () => {
  it('turns a question into content terms: lower case, no stop words, no possessive s, no duplicates', () => {
    expect(queryTerms("What did Caroline's sister say about the Lisbon trip? The trip!")).toEqual(['caroline', 'sister', 'lisbon', 'trip']);
    expect(queryTerms('the a of')).toEqual([]);
    expect(queryTerms('Q3 2024 deck')).toEqual(['q3', '2024', 'deck']);
  });

  it('finds the names a question is about, not its sentence starter', () => {
    expect(queryEntities('What did Caroline research?')).toEqual(['Caroline']);
    expect(queryEntities("When did Melanie's kids visit Slack HQ?")).toEqual(['Melanie', 'Slack', 'HQ']);
    expect(queryEntities('where did I leave the keys')).toEqual([]);
  });
});

/** User input goes into FTS5 MATCH: nothing a user types may be read as query syntax or make search fail. */
describe('search never errors on hostile query text', () => {
  let dir: string;
  let store: EngramStore;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'engram-qtext-'));
    store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(randomBytes(32)), embedder: new HashEmbedder(64) });
    store.memories.insert({ kind: 'semantic', text: 'foo bar NEAR the OR operator and "quoted" words', segment: 's' });
    store.memories.insert({ kind: 'semantic', text: 'column:value and title: syntax and star* prefix', segment: 's' });
    await store.flushEmbeddings();
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const nasty = [
    '"foo" OR NEAR(',
    'NEAR(foo bar, 2)',
    'foo AND',
    'OR',
    'NOT foo',
    '"',
    '""""',
    "'",
    '*',
    'star*',
    '^foo',
    'title: foo',
    'context:foo',
    '{title body}: foo',
    '(((',
    ')',
    'foo - bar',
    '+foo',
    'a\u0000b',
    '🙂 emoji',
    'x'.repeat(5000),
    '\\',
    '%_',
  ];

  for (const mode of ['hybrid', 'bm25', 'vector'] as const) {
    it(`treats FTS syntax as plain words in ${mode} mode`, async () => {
      for (const q of nasty) {
        const hits = await store.search({ query: q, mode });
        expect(Array.isArray(hits)).toBe(true);
      }
      const near = await store.search({ query: '"foo" OR NEAR(', mode: 'bm25' });
      expect(near[0]?.memory.text).toContain('NEAR');
    });
  }

  it('any string at all is a valid query', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 80 }), async (q) => {
        const hits = await store.search({ query: q, mode: 'bm25' });
        expect(Array.isArray(hits)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
