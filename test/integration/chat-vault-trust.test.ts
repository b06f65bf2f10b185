/**
 * A vault value never reaches a chat model, whatever carries it (issue 28). The user keeps their
 * wifi password in the knowledge vault (medium sensitivity: the chat may say the entry exists); a
 * note, a screen moment and the user's own question quote the value without its label, where no
 * detector can see it is a secret. A model server that repeats everything it is shown runs over a
 * real socket: the value is in no request, first prompt, tool result or topic call.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OpenAiProvider } from '../../agents/llm/index.js';
import { ChatService } from '../../agents/chat/index.js';
import { createBrain } from '../../agents/meta/index.js';
import type { EngramStore } from '../../agents/store/index.js';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/fake-openai-server.js';
import { isRouting } from '../fixtures/agents/scripted-llm.js';
import { storeRecommender } from '../helpers/experience-recommender.js';
import { openTempStore, removeTempStore } from '../helpers/temp-store.js';

const WIFI = 'Harbour-Kestrel-7731';
const NOW = Date.UTC(2026, 10, 20, 12);

describe('vault values in chat prompts', () => {
  let fake: FakeOpenAi;
  let store: EngramStore;
  let dir: string;
  beforeEach(async () => {
    fake = await startFakeOpenAi({ models: ['parrot-1b'] });
    ({ store, dir } = await openTempStore('engram-chat-vault-'));
    store.memories.insert({ kind: 'knowledge_vault', title: 'Loft wifi', text: 'Password of the Loft-Mesh wifi', fields: { entry_type: 'password', sensitivity: 'medium', secret: WIFI, source: 'user' }, created_at: NOW - 9 * 86_400_000 });
    store.memories.insert({ kind: 'episodic', title: 'Joined the Loft-Mesh wifi', text: `Joined Loft-Mesh from the laptop in room 4417 with ${WIFI}; the printer is next`, app: 'Settings', occurred_at: NOW - 3_600_000 });
    // A PIN is an ordinary number elsewhere: masked where a label names it, never cut from a note.
    store.memories.insert({ kind: 'knowledge_vault', title: 'Door code', text: 'Loft door code', fields: { entry_type: 'password', sensitivity: 'medium', secret: '4417', source: 'user' }, created_at: NOW - 9 * 86_400_000 });
    store.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: 'main', observed_at: NOW - 3_000_000, app: 'Terminal', title: 'nmcli', url: null, text: `nmcli dev wifi connect Loft-Mesh ${WIFI}`, caption: null });
  });
  afterEach(async () => {
    await removeTempStore(store, dir);
    await fake.close();
  });

  const chat = (tools: boolean) =>
    new ChatService({
      store,
      llm: new OpenAiProvider({ baseURL: fake.url, models: { chat: 'parrot-1b' }, timeoutMs: 30_000, retry: { maxRetries: 0 }, sleep: async () => {}, usage: store.llmCalls }),
      recommender: storeRecommender(store),
      now: () => NOW,
      timeZone: 'UTC',
      tools,
    });

  it('a note quoting the value, the screen and the question: none sends it, with or without tools', async () => {
    fake.setHandler((req) => {
      const last = req.body.messages.at(-1);
      // The model looks at the screen of the last hour once, then repeats what it saw.
      if (req.body.tools?.length && last?.role !== 'tool') return { toolUses: [{ name: 'get_timeline', input: { since: new Date(NOW - 7_200_000).toISOString(), until: new Date(NOW).toISOString() } }] };
      return { text: `You saw: ${JSON.stringify(req.body.messages).slice(-2000)}` };
    });
    for (const tools of [true, false]) {
      const turn = await chat(tools).ask({ text: `Which wifi did I join with ${WIFI}?` });
      expect(turn.status).toBe('complete');
    }
    expect(fake.requests.length).toBeGreaterThanOrEqual(3);
    const sent = fake.allText();
    expect(sent).toContain('Loft-Mesh');
    expect(sent).toContain('[redacted:password]');
    expect(sent).toContain('room 4417');
    expect(sent).not.toContain(WIFI);
    expect(sent).not.toContain(WIFI.slice(0, 14));
  });

  it("the brain reading the user's chat: its routing and memory calls carry no vault value either", async () => {
    fake.setHandler((req) => {
      if (isRouting(req)) return { toolUses: [{ name: 'route_memories', input: { kinds: ['episodic', 'semantic'], reason: 'wifi' } }] };
      const finish = (req.body.tools ?? []).some((t) => t.function.name === 'finish_memory_update');
      return { text: 'Noted.', ...(finish ? { toolUses: [{ name: 'finish_memory_update', input: {} }] } : {}) };
    });
    const brain = createBrain({
      store,
      llm: new OpenAiProvider({ baseURL: fake.url, models: { chat: 'parrot-1b', extraction: 'parrot-1b' }, timeoutMs: 30_000, retry: { maxRetries: 0 }, sleep: async () => {}, usage: store.llmCalls }),
      timeZone: 'UTC',
      subscribe: false,
    });
    const t = store.threads.create('Printer setup', NOW);
    store.messages.insert({ thread_id: t.id, role: 'user', text: `The printer asks for the network key, I typed ${WIFI} and it joined Loft-Mesh. Remember the printer is on Loft-Mesh now.`, raw: {}, created_at: NOW });
    store.messages.insert({ thread_id: t.id, role: 'assistant', text: 'Noted: the printer is on Loft-Mesh.', raw: {}, created_at: NOW + 1_000 });
    await brain.ingestMessages(t.id);
    await brain.stop();
    expect(fake.requests.some((r) => isRouting(r))).toBe(true);
    const sent = fake.allText();
    expect(sent).toContain('printer is on Loft-Mesh');
    expect(sent).not.toContain(WIFI);
    expect(sent).not.toContain(WIFI.slice(0, 14));
  });
  it('entries of kinds no detector knows (a network, an address, a note) are cut too; their ordinary words are not', async () => {
    // A Wi-Fi network kept as its own kind, an address, a free-form note holding a recovery code:
    // quoted on screen and in a note without a label, where no detector sees a secret.
    const NET = 'Tern Lagoon 5582';
    const HOME = '14 Kestrel Lane, Flat 3B';
    const CODE = 'q7m4-zx2p-kl9w';
    const vault = (title: string, entry_type: string, secret: string, sensitivity = 'medium') =>
      store.memories.insert({ kind: 'knowledge_vault', title, text: title, fields: { entry_type, sensitivity, secret, source: 'user' }, created_at: NOW - 9 * 86_400_000 });
    vault('Guest wifi', 'network', NET);
    vault('Home', 'address', HOME, 'low');
    vault('Backup codes', 'note', CODE);
    // Too plain to be cut anywhere: a word, a street name, a short number; the number is cut only
    // where the text gives it as the value its entry names ("locker 5582", leak51).
    vault('Street', 'address', 'Kestrel Lane');
    vault('Locker', 'note', '5582');
    store.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: 'main', observed_at: NOW - 2_000_000, app: 'Notes', title: 'guests', url: null, text: `Guests: network GuestNet, key ${NET}. Parcel to ${HOME}. Codes ${CODE}. Kestrel Lane is closed, locker 5582. Bus 5582 stops here.`, caption: null });
    store.memories.insert({ kind: 'episodic', title: 'Wrote the guest note', text: `Wrote the guest note: GuestNet ${NET}, codes ${CODE.toUpperCase()}, parcel to 14 Kestrel Lane,\nFlat 3B`, app: 'Notes', occurred_at: NOW - 1_900_000 });
    fake.setHandler((req) => {
      const last = req.body.messages.at(-1);
      if (req.body.tools?.length && last?.role !== 'tool') return { toolUses: [{ name: 'get_timeline', input: { since: new Date(NOW - 7_200_000).toISOString(), until: new Date(NOW).toISOString() } }] };
      return { text: `You saw: ${JSON.stringify(req.body.messages).slice(-3000)}` };
    });
    const turn = await chat(true).ask({ text: `What did the guest note say about GuestNet? I think the key was ${NET}.` });
    expect(turn.status).toBe('complete');
    const sent = fake.allText();
    expect(sent).toContain('GuestNet');
    expect(sent).toContain('[redacted:password]');
    for (const v of [NET, HOME, CODE, CODE.toUpperCase(), 'Flat 3B']) expect(sent).not.toContain(v);
    expect(sent).toContain('Kestrel Lane is closed');
    expect(sent).toContain('locker [redacted:password]');
    expect(sent).not.toContain('locker 5582');
    expect(sent).toContain('Bus 5582 stops here');
  });
});
