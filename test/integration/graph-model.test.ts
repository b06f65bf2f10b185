/**
 * Model-mode graph extraction over both fake servers (Anthropic Messages and OpenAI-compatible):
 * the extraction call also offers graph_record; what the model names is checked (zod, then
 * participants and sources), resolved exactly as the offline builder's entities are, and tied to
 * the memories written from the same batch items. A refused or malformed call changes nothing.
 */
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AnthropicProvider, OpenAiProvider, type LlmProvider } from '../../agents/llm/index.js';
import { createBrain } from '../../agents/meta/index.js';
import { buildGraph } from '../../agents/graph/index.js';
import type { EngramStore } from '../../agents/store/index.js';
import { startFakeAnthropic, type FakeAnthropic } from '../fakes/fake-anthropic-server.js';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/fake-openai-server.js';
import { newBrainStore } from '../fixtures/agents/brain-harness.js';
import { isRouting, toolNamesOf, type ScriptedReply, type ScriptedRequest } from '../fixtures/agents/scripted-llm.js';
import { changedParts, storeFingerprint } from '../reliability/store-fingerprint.js';
import { serverForFile } from '../helpers/server-for-file.js';

const MODEL = 'qwen2.5:7b-instruct';
let anthropic: FakeAnthropic;
let openai: FakeOpenAi;
serverForFile(startFakeAnthropic, (s) => (anthropic = s));
serverForFile(() => startFakeOpenAi({ models: [MODEL] }), (s) => (openai = s));

const T0 = Date.UTC(2026, 10, 2, 9);
const LINES = [
  'Ana Souza: we launch Atlas on 14 March, Priya Raman confirmed the venue',
  'Priya Raman: the Lisbon venue is booked for the launch party',
];

interface Server {
  name: string;
  setHandler(h: (req: ScriptedRequest) => ScriptedReply): void;
  reset(): void;
  requests: ScriptedRequest[];
  llm(store: EngramStore): LlmProvider;
}
const servers = (): Server[] => [
  {
    name: 'Anthropic',
    setHandler: (h) => anthropic.setHandler(h as Parameters<FakeAnthropic['setHandler']>[0]),
    reset: () => anthropic.reset(),
    get requests() {
      return anthropic.requests as unknown as ScriptedRequest[];
    },
    llm: (store) => new AnthropicProvider({ apiKey: 'test-key', baseURL: anthropic.url, usage: store.llmCalls, retry: { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 2 } }),
  },
  {
    name: 'OpenAI-compatible',
    setHandler: (h) => openai.setHandler(h as Parameters<FakeOpenAi['setHandler']>[0]),
    reset: () => openai.reset(),
    get requests() {
      return openai.requests as unknown as ScriptedRequest[];
    },
    llm: (store) => new OpenAiProvider({ baseURL: openai.url, models: { chat: MODEL }, usage: store.llmCalls, retry: { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 2 } }),
  },
];

const GRAPH = {
  entities: [
    { name: 'Ana Souza', kind: 'person', sources: [1] },
    { name: 'Atlas launch', kind: 'project', sources: [1, 2] },
    { name: 'Priya Raman', kind: 'person' },
    { name: 'Lisbon', kind: 'place', sources: [2] },
  ],
  facts: [
    {
      relation: 'decided',
      statement: 'Ana Souza set the Atlas launch for 14 March; Priya Raman confirmed the venue.',
      participants: [
        { name: 'Ana Souza', role: 'decider' },
        { name: 'Atlas launch', role: 'project' },
        { name: 'Priya Raman', role: 'participant' },
      ],
      confidence: 0.9,
      sources: [1],
    },
  ],
};

/** The model: routes to episodic, then writes one episode per line and names the graph (or whatever `graph` says). */
function scripted(graph: unknown[]): (req: ScriptedRequest) => ScriptedReply {
  return (req) => {
    if (isRouting(req)) return { toolUses: [{ name: 'route_memories', input: { kinds: ['episodic'], reason: 'scripted' } }] };
    if (toolNamesOf(req).includes('graph_record')) {
      return {
        toolUses: [
          ...(graph.length === 1 && graph[0] === GRAPH
            ? [
                { name: 'episodic_save', input: { summary: 'Ana Souza set the Atlas launch for 14 March', sources: [1] } },
                { name: 'episodic_save', input: { summary: 'Priya Raman booked the Lisbon venue for the launch party', sources: [2] } },
              ]
            : // Episodes that name no one, so the offline builder adds nothing of its own: only graph_record could.
              [{ name: 'episodic_save', input: { summary: 'a launch date was set in chat', sources: [1, 2] } }]),
          ...graph.map((g) => (typeof g === 'string' ? { name: 'graph_record', rawInput: g } : { name: 'graph_record', input: g })),
        ],
      };
    }
    return { text: 'nothing to save' };
  };
}

async function ingest(store: EngramStore, llm: LlmProvider): Promise<void> {
  const obs = LINES.map((text, i) =>
    store.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: '0', observed_at: T0 + i * 1000, app: 'Slack', title: 'Slack — #atlas', url: null, text, caption: null }),
  );
  const brain = createBrain({ store, llm, timeZone: 'UTC' });
  brain.ingestObservations(obs);
  await brain.flush();
}

for (const server of servers()) {
  describe(`graph extraction with a model (${server.name} fake server)`, () => {
    it('the extraction call offers graph_record; entities resolve with what the graph knew, facts cite the memories of their items', async () => {
      const { store, dir } = await newBrainStore('engram-graph-model-');
      try {
        // Known before, offline: "Ana" alone. The model's "Ana Souza" is her, by the same resolution.
        const early = store.memories.insert({ kind: 'episodic', title: '', text: 'Ana will review the checklist.', fields: { event_type: 'message', actor: 'Ben Okafor' }, occurred_at: T0 - 86_400_000 });
        buildGraph(store, [{ id: early.id, kind: early.kind, title: early.title, text: early.text, fields: early.fields, at: T0 - 86_400_000 }]);
        store.graph.markRead([early.id]);
        const ana = store.graph.list({ query: 'ana' })[0]!;

        server.reset();
        server.setHandler(scripted([GRAPH]));
        await ingest(store, server.llm(store));

        const extraction = server.requests.filter((r) => toolNamesOf(r).includes('graph_record'));
        expect(extraction).toHaveLength(1);
        const episodes = store.memories.list({ kinds: ['episodic'], limit: 10 }).filter((m) => m.id !== early.id);
        expect(episodes).toHaveLength(2);
        const first = episodes.find((m) => m.title.startsWith('Ana Souza'))!;
        const second = episodes.find((m) => m.title.startsWith('Priya'))!;

        // One person: the lone "Ana" learned her full name.
        const souza = store.graph.list({ query: 'souza' });
        expect(souza).toHaveLength(1);
        expect(souza[0]!.id).toBe(ana.id);
        expect(souza[0]!.name).toBe('Ana Souza');

        const atlas = store.graph.list({ query: 'atlas launch', kind: 'project' });
        expect(atlas).toHaveLength(1);
        expect(store.graph.memoryIdsOf(atlas[0]!.id).map((r) => r.memory_id).sort()).toEqual([first.id, second.id].sort());
        expect(store.graph.list({ query: 'lisbon', kind: 'place' })[0]!.id).toBeDefined();
        expect(store.graph.memoryIdsOf(store.graph.list({ query: 'lisbon', kind: 'place' })[0]!.id).map((r) => r.memory_id)).toEqual([second.id]);

        const decided = store.graph.facts(ana.id).filter((f) => f.relation === 'decided');
        expect(decided).toHaveLength(1);
        expect(decided[0]!.sources).toEqual([first.id]);
        expect(decided[0]!.confidence).toBe(0.9);
        expect(decided[0]!.participants.map((p) => `${p.name}:${p.role}`).sort()).toEqual(['Ana Souza:decider', 'Atlas launch:project', 'Priya Raman:participant']);
      } finally {
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('a refused or malformed graph_record leaves the graph and the memories as they were, and the model is told why', async () => {
      const { store, dir } = await newBrainStore('engram-graph-model-bad-');
      try {
        server.reset();
        const bad = [
          // Not JSON at all.
          '{"entities": [{"name": "Ana Souza", "kind": "per',
          // A kind the graph does not have.
          { entities: [{ name: 'Ana Souza', kind: 'alien' }], facts: [] },
          // A participant that is not one of the entities named.
          { entities: [{ name: 'Ana Souza', kind: 'person' }, { name: 'Atlas launch', kind: 'project' }], facts: [{ relation: 'decided', statement: 'Ana Souza decided with Marco', participants: [{ name: 'Ana Souza', role: 'decider' }, { name: 'Marco Bianchi', role: 'participant' }] }] },
          // A source outside the batch.
          { entities: [{ name: 'Ana Souza', kind: 'person', sources: [9] }] },
        ];
        server.setHandler(scripted(bad));
        const before = storeFingerprint(store);
        await ingest(store, server.llm(store));
        const changed = changedParts(before, storeFingerprint(store));
        // The valid episode was written; the graph has nothing from the refused calls.
        expect(store.memories.list({ kinds: ['episodic'], limit: 10 }).map((m) => m.title)).toEqual(['a launch date was set in chat']);
        expect(changed.filter((p) => /entit|graph_history|fact/.test(p))).toEqual([]);
        expect(store.graph.counts()).toEqual({ entities: 0, facts: 0, mentions: 0 });
        const retry = JSON.stringify(server.requests.filter((r) => toolNamesOf(r).includes('graph_record'))[1]!.body.messages);
        expect(retry).toMatch(/kind/);
        expect(retry).toMatch(/Marco Bianchi\\?" is not in entities/);
        expect(retry).toMatch(/source 9 is not in this batch/);
      } finally {
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}
