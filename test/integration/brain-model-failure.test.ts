/**
 * Local models that never stall memory (issue 30): a server that rejects tools (HTTP 400), a model
 * that ignores the tools it is offered, one that answers route_memories in prose, one that refuses:
 * each batch is still made into memories, by the offline rules, at once; the fallback is counted
 * per day with its reason (what Settings shows). An outage (5xx) still waits and retries. The real
 * `openai` client against the fake OpenAI-compatible server over 127.0.0.1.
 */
import { describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { HashEmbedder, type EngramStore } from '../../agents/store/index.js';
import { OfflineProvider, OpenAiProvider, type LlmProvider } from '../../agents/llm/index.js';
import { createBrain } from '../../agents/meta/index.js';
import { readFallbacks } from '../../shared/settings/index.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { createApi } from '../../electron/api/index.js';
import { startFakeOpenAi, type FakeOpenAi, type FakeOpenAiReply } from '../fakes/fake-openai-server.js';
import { SCENARIOS, type Scenario } from '../fixtures/agents/labelled-streams.js';
import { loadScenario } from '../fixtures/agents/load-scenarios.js';
import { ingestScenario, newBrainStore } from '../fixtures/agents/brain-harness.js';
import { isRouting } from '../fixtures/agents/scripted-llm.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';
import { serverForFile } from '../helpers/server-for-file.js';

const MODEL = 'gemma2:2b';
let fake: FakeOpenAi;
serverForFile(() => startFakeOpenAi({ models: [MODEL] }), (s) => (fake = s));

let store: EngramStore;
tempStoreEachTest('engram-model-failure-', (t) => {
  store = t.store;
  fake.reset();
}, { embedder: new HashEmbedder(64) });

function local(): OpenAiProvider {
  return new OpenAiProvider({ baseURL: fake.url, models: { chat: MODEL }, usage: store.llmCalls, retry: { maxRetries: 1, baseDelayMs: 1, maxDelayMs: 2 } });
}

const SPREADSHEET = SCENARIOS.find((s) => s.name === 'spreadsheet editing')!;
const ABOUT_ME = SCENARIOS.find((s) => s.name === 'telling about myself')!;

/** What the offline rules alone make of a scenario, in a store of its own: the titles by kind. */
async function rulesMake(sc: Scenario): Promise<string[]> {
  const own = await newBrainStore('engram-model-failure-rules-');
  try {
    await ingestScenario(own.store, createBrain({ store: own.store, llm: new OfflineProvider(), timeZone: 'UTC' }), sc);
    return titles(own.store);
  } finally {
    await own.store.close();
    rmSync(own.dir, { recursive: true, force: true });
  }
}

function titles(s: EngramStore): string[] {
  return s.memories
    .list({ limit: 100 })
    .map((m) => `${m.kind}: ${m.title}`)
    .sort();
}

/** The ways a small local model (or its server) fails a batch, as the fake server answers them. */
const FAILURES: Array<{ name: string; reply: (routing: boolean) => FakeOpenAiReply; reason: string }> = [
  {
    name: 'a server that rejects tools (HTTP 400)',
    reply: () => ({ status: 400, errorMessage: `registry.ollama.ai/library/${MODEL} does not support tools` }),
    reason: 'the server refused the request',
  },
  {
    name: 'a model that ignores the tools',
    reply: () => ({ text: 'ok' }),
    reason: 'the model did not call tools',
  },
  {
    name: 'a model that answers route_memories in prose',
    reply: () => ({ text: 'This batch shows the user editing a spreadsheet, so the episodic and resource agents should process it.' }),
    reason: 'the model did not call tools',
  },
  {
    name: 'a model whose tool arguments stay malformed',
    reply: () => ({ toolUses: [{ name: 'route_memories', rawInput: '{"kinds": [episodic' }] }),
    reason: "the model's tool calls were malformed",
  },
  {
    name: 'a model that refuses',
    reply: () => ({ text: '', finishReason: 'content_filter' }),
    reason: 'the model refused',
  },
];

describe('a model failure sends the batch to the offline rules at once', () => {
  for (const f of FAILURES) {
    it(`${f.name}: screen and chat batches become the rules' memories, counted with the reason`, async () => {
      fake.setHandler((req) => f.reply(isRouting(req)));
      const now = Date.parse('2025-03-10T09:30:00Z');
      const brain = createBrain({ store, llm: local(), timeZone: 'UTC', now: () => now });
      const screen = await ingestScenario(store, brain, SPREADSHEET);
      expect(screen).toMatchObject({ deferred: 0, rules_fallbacks: 1, observations: SPREADSHEET.observations!.length });
      const chat = await ingestScenario(store, brain, ABOUT_ME);
      expect(chat).toMatchObject({ deferred: 0, rules_fallbacks: 1 });
      expect(fake.requests.length).toBeGreaterThan(0);
      expect(store.observations.listUnprocessed(10)).toHaveLength(0);
      expect(store.messages.listUnprocessed(10)).toHaveLength(0);
      expect(titles(store)).toEqual([...(await rulesMake(SPREADSHEET)), ...(await rulesMake(ABOUT_ME))].sort());
      // Not an outage: nothing waits for a retry, and the brain does not call the model down.
      expect(brain.status().llm_degraded).toBe(false);
      const seen = readFallbacks(store, new TimeFormatter('UTC').dayKey(now));
      expect(seen).toMatchObject({ today: 2, total: 2 });
      expect(seen.last?.text).toBe(f.reason);
      expect(readFallbacks(store, new TimeFormatter('UTC').dayKey(now + 86_400_000)).today).toBe(0);
    });
  }

  it('Settings says how many batches fell back today, and why', async () => {
    fake.setHandler(() => ({ text: 'Sure! Here is what I think about this batch.' }));
    // Midday UTC: the same calendar day in the zone the handler reads it in (the machine's).
    let now = Date.parse('2025-03-10T12:00:00Z');
    const brain = createBrain({ store, llm: local(), timeZone: 'UTC', now: () => now });
    const api = createApi({ store, host: 'headless', version: 'test', checkOutputs: true, clock: () => now });
    try {
      const view = async () => {
        const r = await api.dispatch('settings.get', {});
        if (!r.ok) throw new Error(r.error.message);
        return (r.output as { model_fallbacks: unknown }).model_fallbacks;
      };
      expect(await view()).toEqual({ today: 0, reason: null, last_at: null });
      for (const sc of [SPREADSHEET, ABOUT_ME, SCENARIOS.find((s) => s.name === 'editing code')!]) await ingestScenario(store, brain, sc);
      expect(await view()).toEqual({ today: 3, reason: 'the model did not call tools', last_at: new Date(now).toISOString() });
      now += 86_400_000;
      expect(await view()).toMatchObject({ today: 0, reason: 'the model did not call tools' });
    } finally {
      api.dispose();
    }
  });

  it('a model that routes but then answers the extraction in prose: the rules take the batch', async () => {
    fake.setHandler((req) => (isRouting(req) ? { toolUses: [{ name: 'route_memories', input: { kinds: ['episodic', 'resource'] } }] } : { text: 'The user is editing a budget spreadsheet.' }));
    const brain = createBrain({ store, llm: local(), timeZone: 'UTC' });
    const r = await ingestScenario(store, brain, SPREADSHEET);
    expect(r.rules_fallbacks).toBe(1);
    expect(titles(store)).toEqual(await rulesMake(SPREADSHEET));
  });

  it('"nothing to save" is an answer, not a failure', async () => {
    fake.setHandler((req) => (isRouting(req) ? { toolUses: [{ name: 'route_memories', input: { kinds: ['episodic'] } }] } : { text: 'Nothing here is worth saving.' }));
    const brain = createBrain({ store, llm: local(), timeZone: 'UTC' });
    const r = await ingestScenario(store, brain, SPREADSHEET);
    expect(r.rules_fallbacks).toBe(0);
    expect(store.memories.count({})).toBe(0);
    expect(readFallbacks(store, new TimeFormatter('UTC').dayKey(Date.now())).total).toBe(0);
  });

  it('an outage still waits: a 503 leaves the batch queued and counts no fallback', async () => {
    fake.setHandler(() => ({ status: 503 }));
    const brain = createBrain({ store, llm: local(), timeZone: 'UTC' });
    const r = await ingestScenario(store, brain, SPREADSHEET);
    expect(r).toMatchObject({ deferred: 1, rules_fallbacks: 0 });
    expect(store.memories.count({})).toBe(0);
    expect(readFallbacks(store, new TimeFormatter('UTC').dayKey(Date.now())).total).toBe(0);
  });
});

describe('start-up with a model that cannot call tools', () => {
  it('recovery makes what the last run left into memories by the rules, and the timer then runs', async () => {
    fake.setHandler(() => ({ status: 400, errorMessage: 'tools are not supported by this model' }));
    const l = loadScenario(store, SPREADSHEET);
    let now = Date.parse('2025-03-10T09:30:00Z');
    const brain = createBrain({ store, llm: local(), timeZone: 'UTC', now: () => now, tickMs: 10 });
    const r = await brain.start();
    expect(r.observations).toBe(l.observations.length);
    expect(titles(store)).toEqual(await rulesMake(SPREADSHEET));
    // The session goes on: a new observation is flushed by the idle gap, from the timer.
    const later = loadScenario(store, SCENARIOS.find((s) => s.name === 'editing code')!);
    brain.ingestObservations(later.observations);
    now += 11 * 60_000;
    await expect.poll(() => store.observations.listUnprocessed(10).length).toBe(0);
    await brain.stop();
  });

  it('a recovery that throws does not keep the timer from starting', async () => {
    // A provider that breaks in a way no rule covers (a bug, not an answer): recovery rejects.
    let broken = true;
    const brokenThenOffline = (): LlmProvider =>
      broken
        ? {
            online: true,
            name: 'broken',
            models: { chat: 'x', extraction: 'x' },
            complete: () => Promise.reject(new TypeError('provider bug')),
            stream: () => Promise.reject(new TypeError('provider bug')),
          }
        : new OfflineProvider();
    loadScenario(store, SPREADSHEET);
    let now = Date.parse('2025-03-10T09:30:00Z');
    const brain = createBrain({ store, llm: brokenThenOffline, timeZone: 'UTC', now: () => now, tickMs: 10 });
    await expect(brain.start()).rejects.toThrow('provider bug');
    broken = false;
    const later = loadScenario(store, SCENARIOS.find((s) => s.name === 'editing code')!);
    brain.ingestObservations(later.observations);
    now += 11 * 60_000;
    await expect.poll(() => later.observations.every((o) => store.observations.get(o.id)?.processed_at != null)).toBe(true);
    await brain.stop();
  });
});
