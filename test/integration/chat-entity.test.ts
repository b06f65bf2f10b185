import { describe, expect, it } from 'vitest';
import { HashEmbedder, type EngramStore } from '../../agents/store/index.js';
import { buildGraph } from '../../agents/graph/index.js';
import { AnthropicProvider, OfflineProvider, OpenAiProvider } from '../../agents/llm/index.js';
import { ChatService } from '../../agents/chat/index.js';
import { quoteObserved } from '../../shared/memory/index.js';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/fake-openai-server.js';
import { startFakeAnthropic, type FakeAnthropic, type RecordedRequest } from '../fakes/fake-anthropic-server.js';
import { storeRecommender } from '../helpers/experience-recommender.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';
import { serverForFile } from '../helpers/server-for-file.js';

const TZ = 'Europe/Paris';
const NOW = Date.parse('2026-03-12T13:00:00Z');
const DAY = 86_400_000;

interface Seeded {
  leads: string;
  checklist: string;
  freeze: string;
  weather: string;
}

/** Priya leads Orion; Lena's freeze note never names Priya; the weather names nobody. */
function seed(store: EngramStore): Seeded {
  const ins = (m: Parameters<EngramStore['memories']['insert']>[0]) => store.memories.insert(m);
  const written = store.transaction(() => [
    ins({ kind: 'semantic', title: 'Priya Raman', text: 'Priya Raman leads the Orion rollout at Halden Labs.', fields: { name: 'Priya Raman' } }),
    ins({ kind: 'episodic', text: 'Priya Raman went through the Orion rollout checklist with Tomas Berg.', fields: { event_type: 'meeting', actor: 'Priya Raman' }, occurred_at: NOW - 3 * DAY }),
    ins({ kind: 'episodic', text: 'Lena Vogt pushed the Orion rollout freeze to the 14th after the audit.', fields: { event_type: 'message', actor: 'Lena Vogt' }, occurred_at: NOW - 2 * DAY }),
    ins({ kind: 'episodic', text: 'The weather was grey and mild all afternoon.', fields: { event_type: 'note' }, occurred_at: NOW - DAY }),
  ]);
  buildGraph(
    store,
    written.map((m) => ({ id: m.id, kind: m.kind, title: m.title, text: m.text, fields: m.fields, at: m.occurred_at ? Date.parse(m.occurred_at) : NOW - 4 * DAY })),
  );
  const [leads, checklist, freeze, weather] = written.map((m) => m.id) as [string, string, string, string];
  return { leads, checklist, freeze, weather };
}
let store: EngramStore;
let ids: Seeded;
tempStoreEachTest('engram-chat-entity-', async (t) => {
  store = t.store;
  ids = seed(store);
  await store.flushEmbeddings();
}, { embedder: new HashEmbedder(64) });

describe('offline "who is X" answered from the graph', () => {
  const offline = () => new ChatService({ store, llm: new OfflineProvider(), recommender: storeRecommender(store), now: () => NOW, timeZone: TZ });

  it('leads with what Engram knows the person as, who they are tied to, and the memories about them, cited', async () => {
    const turn = await offline().ask({ text: 'Who is Priya Raman?' });
    expect(turn.mode).toBe('offline');
    expect(turn.answer.split('\n')[0]).toMatch(/^Priya Raman is a person named in \d+ of your memories/);
    expect(turn.answer).toMatch(/Often together with: .*Orion/);
    expect(turn.answer).toMatch(/What your memories say about Priya Raman:\n- .*leads the Orion rollout.*\[\d+\]/);
    const cited = turn.citations.map((c) => c.memory_id);
    expect(cited).toContain(ids.leads);
    expect(cited).toContain(ids.checklist);
    // Each memory is listed once: the lead's are not repeated under "Related memories".
    const leadsLines = turn.answer.split('\n').filter((l) => l.includes('leads the Orion rollout'));
    expect(leadsLines).toHaveLength(1);
  });

  it('does not take a question for a value ("what is Priya Raman\'s phone number?") or an unknown name for a who-is', async () => {
    const value = await offline().ask({ text: "What is Priya Raman's phone number?" });
    expect(value.answer).not.toMatch(/is a person named in/);
    const unknown = await offline().ask({ text: 'Who is Marta Quill?' });
    expect(unknown.answer).not.toMatch(/named in \d+ of your memories/);
  });
});

describe('get_entity in the chat tool loop (real OpenAI-compatible client, fake server over a socket)', () => {
  let fake: FakeOpenAi;
  serverForFile(() => startFakeOpenAi({ models: ['llama3.1:8b'] }), (s) => (fake = s));

  const withModel = () =>
    new ChatService({
      store,
      llm: new OpenAiProvider({ baseURL: fake.url, models: { chat: 'llama3.1:8b' }, timeoutMs: 60_000, retry: { maxRetries: 1 }, sleep: async () => {}, usage: store.llmCalls }),
      recommender: storeRecommender(store),
      now: () => NOW,
      timeZone: TZ,
      topicExtraction: false,
      quotas: { perKind: 1, recentInWindow: 0, recentWithoutWindow: 0 },
    });

  it('returns the entity\'s facts and recent memories as numbered data the answer can cite; bad arguments come back as an error', async () => {
    fake.reset();
    const results: string[] = [];
    fake.setHandler((req) => {
      const tools = req.body.messages.filter((m) => m.role === 'tool').map((m) => String(m.content));
      results.splice(0, results.length, ...tools);
      if (tools.length === 0) return { toolUses: [{ name: 'get_entity', input: { name: 'P' } }] };
      if (tools.length === 1) return { toolUses: [{ name: 'get_entity', input: { name: 'priya', kind: 'person' } }] };
      const line = tools[1]!.split('\n').find((l) => /^\[\d+\] /.test(l) && l.includes('leads the Orion rollout'));
      if (!line) return { text: 'not found' };
      return { text: `Priya Raman leads the Orion rollout ${/^\[\d+\]/.exec(line)![0]}.` };
    });
    const turn = await withModel().ask({ text: "What's going on with Priya?" });
    expect(offered(fake)).toContain('get_entity');
    expect(results[0]).toMatch(/^Error:/);
    const profile = results[1]!;
    expect(profile).toMatch(/^<observed>\nPriya Raman \(person\): named in \d+ memories/);
    expect(profile).toMatch(/Tied to: .*Orion/);
    expect(profile).toContain('Facts (newest first):');
    expect(profile).toContain('Recent memories:');
    expect(profile).toContain('went through the Orion rollout checklist');
    expect(profile).not.toContain('weather');
    expect(turn.status).toBe('complete');
    expect(turn.citations.map((c) => c.memory_id)).toEqual([ids.leads]);
  });

  it('says plainly when no one by that name is known', async () => {
    fake.reset();
    let seen = '';
    fake.setHandler((req) => {
      const tools = req.body.messages.filter((m) => m.role === 'tool').map((m) => String(m.content));
      if (tools.length === 0) return { toolUses: [{ name: 'get_entity', input: { name: 'Marta Quill' } }] };
      seen = tools[0]!;
      return { text: 'I do not know Marta Quill.' };
    });
    await withModel().ask({ text: 'Who is Marta Quill?' });
    // Quoted as every tool result is (chat-prompt-trust): the name came from the model, maybe from a screen.
    expect(seen).toBe(quoteObserved('No person, project or organisation called "Marta Quill" is known.'));
  });
});

describe('get_entity in the chat tool loop (real Anthropic client, fake Messages API over a socket)', () => {
  let fake: FakeAnthropic;
  serverForFile(startFakeAnthropic, (s) => (fake = s));

  const withClaude = () =>
    new ChatService({
      store,
      llm: new AnthropicProvider({ apiKey: 'test-key', baseURL: fake.url, usage: store.llmCalls, retry: { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 2 } }),
      recommender: storeRecommender(store),
      now: () => NOW,
      timeZone: TZ,
      topicExtraction: false,
      quotas: { perKind: 1, recentInWindow: 0, recentWithoutWindow: 0 },
    });

  it('offers get_entity as an Anthropic tool, sends the profile back as a tool_result block, rejects bad arguments with is_error', async () => {
    fake.reset();
    let results: AnthropicToolResult[] = [];
    fake.setHandler((req) => {
      results = anthropicToolResults(req);
      if (results.length === 0) return { toolUses: [{ name: 'get_entity', input: { name: 'P' } }] };
      if (results.length === 1) return { toolUses: [{ name: 'get_entity', input: { name: 'priya', kind: 'person' } }] };
      const line = results[1]!.text.split('\n').find((l) => /^\[\d+\] /.test(l) && l.includes('leads the Orion rollout'));
      if (!line) return { text: 'not found' };
      return { text: `Priya Raman leads the Orion rollout ${/^\[\d+\]/.exec(line)![0]}.` };
    });
    const turn = await withClaude().ask({ text: "What's going on with Priya?" });
    expect((fake.requests[0]?.body.tools ?? []).map((t) => t.name)).toContain('get_entity');
    const schema = fake.requests[0]!.body.tools!.find((t) => t.name === 'get_entity')!.input_schema as { properties?: Record<string, unknown> };
    expect(Object.keys(schema.properties ?? {})).toEqual(expect.arrayContaining(['name', 'kind']));
    expect(results[0]!.isError).toBe(true);
    const profile = results[1]!;
    expect(profile.isError).toBe(false);
    expect(profile.text).toMatch(/^<observed>\nPriya Raman \(person\): named in \d+ memories/);
    expect(profile.text).toMatch(/Tied to: .*Orion/);
    expect(profile.text).toContain('Recent memories:');
    expect(profile.text).toContain('went through the Orion rollout checklist');
    expect(profile.text).not.toContain('weather');
    expect(turn.status).toBe('complete');
    expect(turn.citations.map((c) => c.memory_id)).toEqual([ids.leads]);
  });

  it('says plainly when no one by that name is known', async () => {
    fake.reset();
    let seen: AnthropicToolResult | undefined;
    fake.setHandler((req) => {
      const results = anthropicToolResults(req);
      if (results.length === 0) return { toolUses: [{ name: 'get_entity', input: { name: 'Marta Quill' } }] };
      seen = results[0];
      return { text: 'I do not know Marta Quill.' };
    });
    await withClaude().ask({ text: 'Who is Marta Quill?' });
    expect(seen).toEqual({ text: quoteObserved('No person, project or organisation called "Marta Quill" is known.'), isError: false });
  });
});

interface AnthropicToolResult {
  text: string;
  isError: boolean;
}

/** The tool_result blocks of a Messages request, in order (their content may be a string or text blocks). */
function anthropicToolResults(req: RecordedRequest): AnthropicToolResult[] {
  const out: AnthropicToolResult[] = [];
  for (const m of req.body.messages) {
    if (!Array.isArray(m.content)) continue;
    for (const b of m.content as Array<{ type?: string; content?: unknown; is_error?: boolean }>) {
      if (b.type !== 'tool_result') continue;
      const text = typeof b.content === 'string' ? b.content : Array.isArray(b.content) ? (b.content as Array<{ text?: string }>).map((c) => c.text ?? '').join('') : '';
      out.push({ text, isError: b.is_error === true });
    }
  }
  return out;
}

function offered(f: FakeOpenAi): string[] {
  return (f.requests[0]?.body.tools ?? []).map((t) => (t as { function: { name: string } }).function.name);
}
