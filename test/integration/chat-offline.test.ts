import { describe, expect, it } from 'vitest';
import { HashEmbedder, type EngramStore } from '../../agents/store/index.js';
import { OfflineProvider } from '../../agents/llm/index.js';
import { ChatError, ChatService, NO_MODEL_SENTENCE, type StoredTurn, type TurnRetrieval } from '../../agents/chat/index.js';
import { FIXTURE_TZ, NOW, SECRET, SECRET_CAPTION, seedChatFixture, type ChatFixtureIds } from '../fixtures/chat/chat-fixture.js';
import { storeRecommender } from '../helpers/experience-recommender.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';

describe('chat offline (no model configured)', () => {
  let store: EngramStore;
  let ids: ChatFixtureIds;
  let chat: ChatService;
  let stored: StoredTurn[];

  tempStoreEachTest('engram-chat-', async (t) => {
    store = t.store;
    ids = seedChatFixture(store);
    await store.flushEmbeddings();
    stored = [];
    chat = new ChatService({
      store,
      llm: new OfflineProvider(),
      recommender: storeRecommender(store),
      now: () => NOW,
      timeZone: FIXTURE_TZ,
      onTurnStored: (t) => stored.push(t),
    });
  }, { embedder: new HashEmbedder(64) });

  it('answers "what was I doing yesterday at 3pm" with the event at that moment first, cited', async () => {
    let retrieval: TurnRetrieval | null = null;
    const tokens: string[] = [];
    const turn = await chat.ask({ text: 'What was I doing yesterday at 3pm?' }, { retrieval: (r) => (retrieval = r), token: (t) => tokens.push(t) });

    expect(turn.mode).toBe('offline');
    expect(turn.status).toBe('complete');
    // The answer leads with what answers; the note that no model wrote it comes last.
    expect(turn.answer.endsWith(NO_MODEL_SENTENCE)).toBe(true);
    expect(tokens.join('')).toBe(turn.answer);
    expect(retrieval).not.toBeNull();
    expect(turn.retrieval.timeRange?.focus).toBe(Date.UTC(2025, 5, 11, 13, 0));

    // The first cited memory is the Keynote session running at 15:00, and its [n] is in the text.
    const first = turn.citations[0]!;
    expect(first.memory_id).toBe(ids.keynoteDeck);
    expect(turn.answer).toMatch(/At Wed 11 Jun 2025 15:00 you were:\n- 14:30–15:20 · Keynote: .*Q3 planning deck.*\[\d+\]/);
    expect(turn.answer).toContain(`[${first.n}]`);
    // Events of the window only: the 09:00 standup and the 6-day-old review are outside it.
    const cited = turn.citations.map((c) => c.memory_id);
    expect(cited).not.toContain(ids.standup);
    expect(cited).not.toContain(ids.mirixRollback);
    // Each citation names a memory that was numbered for this turn.
    for (const c of turn.citations) {
      const n = turn.retrieval.numbered.find((m) => m.n === c.n);
      expect(n?.memory.id).toBe(c.memory_id);
    }
  });

  it('finds the flight confirmation seen yesterday and cites the email and the booking link', async () => {
    const turn = await chat.ask({ text: 'Where was that flight confirmation I saw yesterday?' });
    const cited = turn.citations.map((c) => c.memory_id);
    expect(cited).toContain(ids.flightEmail);
    expect(cited).toContain(ids.flightResource);
    expect(turn.answer).toContain('https://www.lufthansa.com/booking/ABC123');
    // "yesterday" is 11 June in Paris: nothing from other days is cited.
    expect(cited).not.toContain(ids.mirixCall);
  });

  it('groups by kind with core blocks excluded from citations and a time window honoured', async () => {
    const turn = await chat.ask({ text: 'What did we discuss about the MirixDB migration in the last 4 days?' });
    const cited = turn.citations.map((c) => c.memory_id);
    expect(cited).toContain(ids.mirixCall);
    expect(cited).toContain(ids.mirixFact);
    expect(cited).not.toContain(ids.mirixRollback); // 6 days old
    expect(turn.answer).toMatch(/Facts:\n- MirixDB is the new internal database .*\[\d+\]/);
    expect(turn.retrieval.timeRange).toMatchObject({ from: NOW - 4 * 86_400_000, to: NOW, label: 'last 4 days' });
  });

  it('never shows a high-sensitivity vault item, but says a matching one exists', async () => {
    const turn = await chat.ask({ text: 'What is my Lufthansa password?' });
    expect(turn.retrieval.withheld.map((m) => m.id)).toEqual([ids.vaultHigh]);
    expect(turn.retrieval.numbered.map((m) => m.memory.id)).not.toContain(ids.vaultHigh);
    expect(turn.answer).not.toContain(SECRET);
    expect(turn.answer).toContain('reveal it locally in Engram');
    // The stored message keeps only the id of the withheld item, not its caption.
    const msg = store.messages.get(turn.assistantMessageId)!;
    expect(JSON.stringify(msg)).not.toContain(SECRET_CAPTION);
    expect(JSON.stringify(msg)).not.toContain(SECRET);
    // Background events (no time asked about) are not listed as if they answered the question.
    expect(turn.citations.map((c) => c.memory_id)).not.toContain(ids.standup);
  });

  it('stores both messages, bumps usage of cited memories and hands the turn to the meta-agent', async () => {
    const before = store.memories.get(ids.keynoteDeck)!.access_count;
    const turn = await chat.ask({ text: 'What was I doing yesterday at 3pm?' });
    const msgs = store.messages.list(turn.threadId);
    expect(msgs.map((m) => [m.role, m.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'complete'],
    ]);
    expect(store.memories.get(ids.keynoteDeck)!.access_count).toBe(before + 1);
    await new Promise((r) => setTimeout(r, 10));
    expect(stored).toEqual([{ threadId: turn.threadId, userMessageId: turn.userMessageId, assistantMessageId: turn.assistantMessageId }]);
    expect(store.threads.get(turn.threadId)!.title).toBe('What was I doing yesterday at 3pm?');

    const views = chat.threadMessages(turn.threadId);
    expect(views[1]).toMatchObject({ role: 'assistant', mode: 'offline', error: null, citations: turn.citations });
  });

  it('continues a thread and deletes it with its messages', async () => {
    const a = await chat.ask({ text: 'Who is Ana?' });
    const b = await chat.ask({ threadId: a.threadId, text: 'And what did she say about MirixDB?' });
    expect(b.threadId).toBe(a.threadId);
    expect(store.messages.list(a.threadId)).toHaveLength(4);
    expect(chat.listThreads().map((t) => t.id)).toEqual([a.threadId]);
    expect(chat.deleteThread(a.threadId)).toBe(true);
    expect(store.messages.list(a.threadId)).toHaveLength(0);
    expect(chat.listThreads()).toEqual([]);
  });

  it('refuses an empty question and a 1 MB question clearly, storing nothing', async () => {
    await expect(chat.ask({ text: '   ' })).rejects.toMatchObject({ code: 'EMPTY_QUESTION' });
    const huge = 'why '.repeat(262_144);
    const err = await chat.ask({ text: huge }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ChatError);
    expect((err as ChatError).code).toBe('TOO_LARGE');
    expect((err as ChatError).message).toBe('the question is 1,048,576 characters long; the limit is 16,000: shorten it or ask about one part');
    expect(store.threads.list()).toEqual([]);
    await expect(chat.ask({ threadId: 'thr_missing', text: 'hello' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(store.messages.count()).toBe(0);
  });

  it('says plainly when nothing matches', async () => {
    const turn = await chat.ask({ text: 'What did I learn about quantum chromodynamics in March?' });
    expect(turn.citations).toEqual([]);
    expect(turn.answer).toContain('I found nothing in your memories about "quantum chromodynamics"');
  });
});
