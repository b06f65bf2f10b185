import { describe, expect, it } from 'vitest';
import { HashEmbedder, type EngramStore } from '../../agents/store/index.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 5, 1, 12);

describe('hybrid ranking', () => {
  let store: EngramStore;

  tempStoreEachTest('engram-rank-', (t) => {
    store = t.store;
  }, { embedder: new HashEmbedder(128) });

  it('ranks a used memory above an otherwise equal unused one, and says so in the reasons', async () => {
    const created = NOW - 40 * DAY;
    const a = store.memories.insert({ kind: 'semantic', text: 'The staging database password rotates every quarter', created_at: created });
    const b = store.memories.insert({ kind: 'semantic', text: 'The staging database password rotates every quarter', created_at: created });
    await store.flushEmbeddings();
    const before = await store.search({ query: 'staging database password', now: NOW });
    expect(before.map((h) => h.memory.id).sort()).toEqual([a.id, b.id].sort());
    expect(before[0]!.score).toBeCloseTo(before[1]!.score, 9);

    store.memories.markUsed([b.id], NOW - DAY);
    const after = await store.search({ query: 'staging database password', now: NOW });
    expect(after[0]!.memory.id).toBe(b.id);
    expect(after[0]!.score).toBeGreaterThan(after[1]!.score);
    expect(after[0]!.reasons.usage_weight).toBeGreaterThan(after[1]!.reasons.usage_weight);
  });

  it('lets unused memories fade but never drops them: decay only reorders', async () => {
    const old = store.memories.insert({ kind: 'episodic', text: 'Renewed the passport at the consulate', occurred_at: NOW - 900 * DAY, created_at: NOW - 900 * DAY });
    await store.flushEmbeddings();
    for (const mode of ['hybrid', 'bm25', 'vector'] as const) {
      const hits = await store.search({ query: 'passport consulate', mode, now: NOW + 3650 * DAY });
      expect(hits.map((h) => h.memory.id)).toContain(old.id);
      expect(hits[0]!.reasons.usage_weight).toBeGreaterThan(0);
    }
    expect(store.memories.count()).toBe(1);
    expect(store.memories.get(old.id)).not.toBeNull();
  });

  it('reports why each result ranked: list ranks, raw scores, boosts', async () => {
    store.memories.insert({ kind: 'semantic', text: 'Ana prefers the blue colour scheme for the quarterly deck' });
    store.memories.insert({ kind: 'semantic', text: 'The deck template lives in the shared drive' });
    await store.flushEmbeddings();
    const hits = await store.search({ query: 'quarterly deck colour', now: NOW });
    expect(hits.length).toBeGreaterThan(0);
    const top = hits[0]!;
    expect(top.memory.text).toContain('quarterly deck');
    expect(top.reasons.bm25_rank).toBe(1);
    expect(top.reasons.bm25_score).toBeGreaterThan(0);
    expect(top.reasons.vector_rank).not.toBeNull();
    expect(top.reasons.vector_similarity).toBeGreaterThan(0);
    for (const h of hits) {
      expect(Number.isFinite(h.score)).toBe(true);
      expect(h.reasons.context_boost).toBeGreaterThanOrEqual(0);
      expect(h.reasons.entity_boost).toBeGreaterThanOrEqual(0);
    }
    const bm25Only = await store.search({ query: 'quarterly deck colour', mode: 'bm25', now: NOW });
    expect(bm25Only[0]!.reasons.vector_rank).toBeNull();
    const vecOnly = await store.search({ query: 'quarterly deck colour', mode: 'vector', now: NOW });
    expect(vecOnly[0]!.reasons.bm25_rank).toBeNull();
  });

  it('finds a reply by the words of what it answers (segment context), with a context boost', async () => {
    const t = NOW - DAY;
    const seg = 'thread-1';
    store.memories.insert({ kind: 'episodic', text: 'Sam: Which hotel did you book for the Lisbon conference?', occurred_at: t, segment: seg });
    const reply = store.memories.insert({ kind: 'episodic', text: 'Me: The one by the river, Pestana, three nights.', occurred_at: t + 1000, segment: seg });
    // Same words as the reply but in no conversation about Lisbon: no context to inherit.
    const other = store.memories.insert({ kind: 'episodic', text: 'Me: The one by the river, three nights.', occurred_at: t, segment: 'thread-2' });
    store.memories.insert({ kind: 'episodic', text: 'Sam: Did the printer get fixed?', occurred_at: t - 1000, segment: 'thread-2' });
    await store.flushEmbeddings();
    const hits = await store.search({ query: 'hotel for the Lisbon conference', now: NOW });
    const ids = hits.map((h) => h.memory.id);
    expect(ids).toContain(reply.id);
    const r = hits.find((h) => h.memory.id === reply.id)!;
    expect(r.reasons.context_boost).toBeGreaterThan(0);
    expect(ids.indexOf(reply.id)).toBeLessThan(ids.includes(other.id) ? ids.indexOf(other.id) : Infinity);
  });

  it('finds an answer given after two asides (neighbours two steps away join the candidates)', async () => {
    const t = NOW - DAY;
    const seg = 'thread-3';
    store.memories.insert({ kind: 'episodic', text: 'Sam: Do you play any musical instruments these days?', occurred_at: t, segment: seg });
    // The first aside's FTS row holds the question (its context column); the answer is two steps past it.
    store.memories.insert({ kind: 'episodic', text: 'Sam: Sorry, my phone is dying, one sec.', occurred_at: t + 1000, segment: seg });
    store.memories.insert({ kind: 'episodic', text: 'Me: No rush, I am on the train anyway.', occurred_at: t + 2000, segment: seg });
    const answer = store.memories.insert({ kind: 'episodic', text: 'Me: Yes, the clarinet, every Sunday since school.', occurred_at: t + 3000, segment: seg });
    store.memories.insert({ kind: 'episodic', text: 'Me: Lunch was pasta with the team.', occurred_at: t + 4000, segment: seg });
    await store.flushEmbeddings();
    const hits = await store.search({ query: 'which musical instruments are played', now: NOW });
    const found = hits.find((h) => h.memory.id === answer.id);
    expect(found).toBeDefined();
    expect(found!.reasons.bm25_rank).toBeNull();
    expect(found!.reasons.context_boost).toBeGreaterThan(0);
  });

  it('boosts units about a person or app the query names', async () => {
    const ana = store.memories.insert({ kind: 'episodic', text: 'Ana said the budget review moves to Thursday' });
    const other = store.memories.insert({ kind: 'episodic', text: 'Someone said the budget review moves to Thursday' });
    await store.flushEmbeddings();
    const hits = await store.search({ query: 'What did Ana say about the budget review?', now: NOW });
    expect(hits[0]!.memory.id).toBe(ana.id);
    expect(hits[0]!.reasons.entity_boost).toBeGreaterThan(0);
    expect(hits.find((h) => h.memory.id === other.id)?.reasons.entity_boost).toBe(0);
    // "Ana" is a whole word: "Banana" is not her.
    const banana = store.memories.insert({ kind: 'semantic', text: 'Banana bread recipe for the budget review snacks' });
    await store.flushEmbeddings();
    const again = await store.search({ query: 'What did Ana say about the budget review?', now: NOW });
    expect(again.find((h) => h.memory.id === banana.id)?.reasons.entity_boost ?? 0).toBe(0);
  });

  it('ranks what a person did above what merely mentions them (the actor is the subject)', async () => {
    const t = NOW - DAY;
    const mention = store.memories.insert({ kind: 'episodic', text: 'Told Ana the marathon training plan looks hard', fields: { actor: 'Sam' }, occurred_at: t });
    const actor = store.memories.insert({ kind: 'episodic', text: 'Finished the marathon training plan week three', fields: { actor: 'Ana' }, occurred_at: t });
    await store.flushEmbeddings();
    const hits = await store.search({ query: 'How is Ana doing with the marathon training plan?', now: NOW });
    expect(hits[0]!.memory.id).toBe(actor.id);
    const m = hits.find((h) => h.memory.id === mention.id)!;
    expect(hits[0]!.reasons.entity_boost).toBeGreaterThan(m.reasons.entity_boost);
    expect(m.reasons.entity_boost).toBeGreaterThan(0);
  });

  it('returns nothing for a query that matches nothing, rather than the nearest noise', async () => {
    store.memories.insert({ kind: 'semantic', text: 'Bruno is the manager' });
    await store.flushEmbeddings();
    expect(await store.search({ query: 'xylophone quasar', now: NOW })).toEqual([]);
    expect(await store.search({ query: '   ', now: NOW })).toEqual([]);
  });

  it('a memory outside any segment (a vault entry) ranks as a one-item segment would, not below the neighbours of a long session', async () => {
    const t = NOW - 3 * DAY;
    const seg = 'thread-cabin';
    // A long conversation in which one turn names the cabin: its neighbours are lifted by the session.
    const turns = ['We drove up to the cabin on Friday', 'The lake was still frozen', 'Sam made pancakes', 'We played cards all evening', 'The roof needs fixing'];
    turns.forEach((text, i) => store.memories.insert({ kind: 'episodic', text, occurred_at: t + i * 1000, segment: seg }));
    const vault = store.memories.insert({ kind: 'knowledge_vault', title: 'Wi-Fi password for the cabin', text: 'Wi-Fi password for the cabin, told in chat', fields: { secret: 'hunter22', entry_type: 'credential', sensitivity: 'high' }, created_at: t });
    // The same entry inside a one-item segment: the two must score alike.
    const alone = store.memories.insert({ kind: 'knowledge_vault', title: 'Wi-Fi password for the cabin', text: 'Wi-Fi password for the cabin, told in chat', fields: { secret: 'hunter22', entry_type: 'credential', sensitivity: 'high' }, created_at: t, segment: 'thread-alone' });
    await store.flushEmbeddings();
    const hits = await store.search({ query: 'cabin wifi password', now: NOW });
    const score = (id: string) => hits.find((h) => h.memory.id === id)!.score;
    expect(score(vault.id)).toBeCloseTo(score(alone.id), 6);
    expect(hits.slice(0, 2).map((h) => h.memory.id).sort()).toEqual([vault.id, alone.id].sort());
  });

  it('a question about the user finds the user\'s core block though no word matches, and lifts it when words do', async () => {
    const human = store.memories.insert({ kind: 'core', title: 'human', text: '- Name: Lena Vogel\n- Lives in: Hamburg\n- Is vegetarian', fields: { label: 'human', limit: 5000 } });
    store.memories.insert({ kind: 'core', title: 'persona', text: '- The user asked: answer in German', fields: { label: 'persona', limit: 5000 } });
    store.memories.insert({ kind: 'episodic', text: 'Booked a table at a vegetarian restaurant in Porto', occurred_at: NOW - DAY, segment: 'seg-1' });
    store.memories.insert({ kind: 'episodic', text: 'Wohnungsbesichtigung verschoben', occurred_at: NOW - DAY, segment: 'seg-2' });
    await store.flushEmbeddings();
    // German, no word in common with the block: found because it asks about the user.
    const where = await store.search({ query: 'wo wohnt der Nutzer', now: NOW });
    expect(where.map((h) => h.memory.id)).toContain(human.id);
    expect(where.find((h) => h.memory.id === human.id)!.reasons.entity_boost).toBeGreaterThan(0);
    // Words match too: being about the user adds the self boost (the words alone leave the block last).
    const veg = await store.search({ query: 'is the user vegetarian', now: NOW });
    expect(veg.find((h) => h.memory.id === human.id)!.reasons.entity_boost).toBeCloseTo(0.6, 6);
    expect(veg.slice(0, 2).map((h) => h.memory.id)).toContain(human.id);
    // Not about the user: the block stays out, and the persona block never joins this way.
    const other = await store.search({ query: 'vegetarian restaurant Porto', now: NOW });
    expect(other[0]!.memory.kind).toBe('episodic');
    expect(other.find((h) => h.memory.id === human.id)?.reasons.entity_boost ?? 0).toBe(0);
    expect((await store.search({ query: 'where was I born', now: NOW })).map((h) => h.memory.title)).not.toContain('persona');
  });
});
