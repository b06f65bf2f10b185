import { describe, expect, it } from 'vitest';
import { HashEmbedder, type EngramStore } from '../../agents/store/index.js';
import { OfflineProvider } from '../../agents/llm/index.js';
import { ChatService } from '../../agents/chat/index.js';
import { citeRelevant } from '../../agents/chat/cited-memories.js';
import type { NumberedMemory } from '../../agents/chat/retrieval-types.js';
import type { Memory } from '../../shared/index.js';
import { storeRecommender } from '../helpers/experience-recommender.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';

/** Citations that help (issue 35): at most six, each holding a question term, the answer or the entity asked about, grouped by kind. */
describe('chat citations', () => {
  let store: EngramStore;

  tempStoreEachTest('engram-cite-', (t) => {
    store = t.store;
  }, { embedder: new HashEmbedder(64) });

  it('a one-fact question cites the fact, not a day of noise', async () => {
    const fact = store.memories.insert({ kind: 'semantic', title: 'Staging VPN profile', text: 'The staging VPN profile is called orca-west.' });
    // A day of what a user would delete: page titles, button labels, statement lines, and near misses.
    const noise = [
      'Inbox — Starred — Drafts — Sent', 'Save · Cancel · Export · Share', 'Statement 03/2026: coffee 4.20, rent 950.00',
      'Lemon tart recipe: butter, sugar, lemons', 'Route: 12 min via Ring Road', 'Weekly planning doc opened',
      'Pull request 482: bump dependencies', 'Standup notes: nothing blocking', 'Quarterly report draft v3', 'Calendar: dentist on Friday',
      'Music: Focus playlist', 'Photos: 14 new items', 'Settings page opened', 'Docs: API reference page', 'Build 1932 passed',
      'Travel booking confirmation for May', 'Slack: lunch at noon?', 'Grocery list: milk, eggs', 'Terminal: npm run build', 'Notes: ideas for the offsite',
      'Profile photo updated', 'VPN client update available', 'The production cluster lives in eu-central',
      ...Array.from({ length: 14 }, (_, i) => `Staging deploy ${i + 1} finished at ${9 + (i % 8)}:15`),
    ];
    noise.forEach((t, i) => store.memories.insert({ kind: i % 3 === 0 ? 'episodic' : i % 3 === 1 ? 'resource' : 'semantic', title: t.slice(0, 40), text: t, fields: i % 3 === 0 ? { event_type: 'message' } : undefined }));
    await store.flushEmbeddings();
    const chat = new ChatService({ store, llm: new OfflineProvider(), recommender: storeRecommender(store), now: () => Date.UTC(2026, 2, 10, 12) });
    const turn = await chat.ask({ text: 'What is the staging VPN profile called?' });
    const cited = turn.citations.map((c) => store.memories.get(c.memory_id)!);
    expect(cited.map((m) => m.id)).toContain(fact.id);
    expect(cited.length).toBeLessThanOrEqual(6);
    for (const m of cited) expect(`${m.title} ${m.text}`.toLowerCase()).toMatch(/staging|vpn|profile|orca-west/);
    // The fact that answers comes first, not after a run of deploy notes.
    expect(turn.citations[0]!.memory_id).toBe(fact.id);
  });

  it('keeps at most six, the most relevant, grouped by kind; a model mark on an unrelated memory is dropped', () => {
    const mem = (n: number, kind: 'semantic' | 'episodic' | 'resource', text: string): NumberedMemory => ({
      n,
      source: 'search' as const,
      score: 1,
      line: text,
      memory: { id: `mem_${n}`, kind, title: '', text } as Memory,
    });
    const numbered = [
      mem(1, 'episodic', 'Talked about the orca-west staging profile'),
      mem(2, 'semantic', 'The staging VPN profile is called orca-west'),
      mem(3, 'resource', 'Save · Cancel · Export'),
      mem(4, 'episodic', 'Staging deploy at noon'),
      mem(5, 'semantic', 'VPN profiles live in the vault'),
      mem(6, 'resource', 'VPN setup guide for staging'),
      mem(7, 'episodic', 'Staging was down for an hour'),
      mem(8, 'semantic', 'Staging uses eu-west'),
      mem(9, 'episodic', 'Ana asked about staging'),
    ];
    const all = numbered.map((m) => ({ n: m.n, memory_id: m.memory.id, kind: m.memory.kind }));
    const out = citeRelevant(all, { numbered, question: 'What is the staging VPN profile called?', answer: 'It is called orca-west [2].', entities: [], window: false });
    expect(out).toHaveLength(6);
    expect(out.map((c) => c.n)).not.toContain(3);
    // Best first: the fact (question terms and the answer), so semantic leads, then its kind-mates; episodic next; resource last.
    const kinds = out.map((c) => c.kind);
    expect(kinds.filter((k, i) => i === 0 || kinds[i - 1] !== k)).toEqual([...new Set(kinds)]);
    expect(out[0]!.n).toBe(2);
    // The entity asked about counts even without a question term in the memory.
    const ana = citeRelevant([{ n: 9, memory_id: 'mem_9', kind: 'episodic' }, { n: 3, memory_id: 'mem_3', kind: 'resource' }], { numbered, question: 'who is she?', answer: 'Someone you know.', entities: ['Ana'], window: false });
    expect(ana.map((c) => c.n)).toEqual([9]);
  });

  it('an event found by time alone is cited for a question about its window, not as background to one without', () => {
    const background: NumberedMemory[] = [
      { n: 1, source: 'search', score: 1, line: '', memory: { id: 'mem_1', kind: 'semantic', title: '', text: 'The staging VPN profile is called orca-west' } as Memory },
      { n: 2, source: 'recent', score: null, line: '', memory: { id: 'mem_2', kind: 'episodic', title: '', text: 'Calendar: dentist on Friday' } as Memory },
    ];
    const marks = background.map((m) => ({ n: m.n, memory_id: m.memory.id, kind: m.memory.kind }));
    const ask = (question: string, window: boolean) => citeRelevant(marks, { numbered: background, question, answer: 'See [1] and [2].', entities: [], window }).map((c) => c.n);
    // Without a window, the newest events retrieval adds are background: one holding nothing asked is not cited.
    expect(ask('What is the staging VPN profile called?', false)).toEqual([1]);
    // "What did I do this morning?": the events of the morning are the answer, whatever their words.
    expect(ask('What did I do this morning?', true)).toEqual([2]);
  });
});
