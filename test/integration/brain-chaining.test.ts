/**
 * Sub-agents that check before they write (MIRIX): with a model, a batch that touches existing
 * memories makes each touched kind's agent chain tool calls — search its own memories, then update,
 * merge, insert or skip — until it calls finish_memory_update or runs out of max_chaining_steps.
 * Fake-model transcripts over a real socket (fake Anthropic and fake OpenAI servers, real clients).
 */
import { describe, expect, it } from 'vitest';
import type { Memory, MemoryKind } from '../../shared/index.js';
import { HashEmbedder, type EngramStore, type NewMemory } from '../../agents/store/index.js';
import { AnthropicProvider, OpenAiProvider, type LlmProvider } from '../../agents/llm/index.js';
import { createBrain, type BrainSettingsInput, type IngestReport } from '../../agents/meta/index.js';
import { startFakeAnthropic, type FakeAnthropic, type RecordedRequest } from '../fakes/fake-anthropic-server.js';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/fake-openai-server.js';
import { changedParts, storeFingerprint } from '../reliability/store-fingerprint.js';
import { serverForFile } from '../helpers/server-for-file.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';

let fake: FakeAnthropic;
let fakeOpenAi: FakeOpenAi;
serverForFile(startFakeAnthropic, (s) => (fake = s), { resetEachTest: true });
serverForFile(() => startFakeOpenAi({ models: ['llama3.1:8b'] }), (s) => (fakeOpenAi = s), { resetEachTest: true });

const T0 = Date.parse('2025-03-10T09:00:00Z');
const MEMORY_TABLES = ['table:memories', 'table:memory_history', 'table:provenance'];

let store: EngramStore;
tempStoreEachTest('engram-chaining-', (t) => {
  store = t.store;
}, { embedder: new HashEmbedder(64) });

function anthropic(): AnthropicProvider {
  return new AnthropicProvider({ apiKey: 'test-key', baseURL: fake.url, usage: store.llmCalls, retry: { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 2 } });
}

/** One user message in a new thread; the brain ingests it with the given model. */
async function say(text: string, llm: LlmProvider, settings: BrainSettingsInput = {}): Promise<{ report: IngestReport; messageId: string }> {
  const thread = store.threads.create('notes', T0);
  const msg = store.messages.insert({ thread_id: thread.id, role: 'user', text, raw: { role: 'user', content: text }, created_at: T0 });
  const brain = createBrain({ store, llm, timeZone: 'UTC', settings });
  const report = await brain.ingestMessages(thread.id);
  return { report, messageId: msg.id };
}

function existing(m: Omit<NewMemory, 'provenance'>): Memory {
  return store.memories.insert({ ...m, provenance: [] });
}

const toolNames = (r: RecordedRequest): string[] => (r.body.tools ?? []).map((t) => t.name);
/** A reply both fake servers take. */
type ToolReply = { toolUses: Array<{ name: string; input: unknown }> };
const route = (...kinds: MemoryKind[]): ToolReply => ({ toolUses: [{ name: 'route_memories', input: { kinds } }] });
const call = (name: string, input: unknown): ToolReply => ({ toolUses: [{ name, input }] });
const finish = (summary = 'done'): ToolReply => call('finish_memory_update', { summary });

interface KindCase {
  kind: MemoryKind;
  memory: Omit<NewMemory, 'provenance'>;
  said: string;
  update: { name: string; input: Record<string, unknown> };
  expectChanged: (m: Memory) => void;
  ownTools: string[];
}

const CASES: KindCase[] = [
  {
    kind: 'episodic',
    memory: { kind: 'episodic', title: 'Reviewed the Atlas launch plan', text: 'Reviewed the Atlas launch plan', fields: { event_type: 'activity', actor: 'user' }, occurred_at: T0 - 3_600_000, ended_at: T0 - 1_800_000 },
    said: 'Reviewed the Atlas launch plan again with Bo and added the rollout dates.',
    update: { name: 'episodic_update', input: { details: 'Added the rollout dates with Bo.', end: '2025-03-10T09:00:00Z' } },
    expectChanged: (m) => {
      expect(m.details).toBe('Added the rollout dates with Bo.');
      expect(m.ended_at).toBe('2025-03-10T09:00:00.000Z');
    },
    ownTools: ['episodic_save', 'episodic_update'],
  },
  {
    kind: 'semantic',
    memory: { kind: 'semantic', title: 'Ana Lima', text: 'Ana Lima — person.', fields: { name: 'Ana Lima', source: 'chat' } },
    said: 'Ana Lima now leads the finance team in Lisbon.',
    update: { name: 'semantic_update', input: { summary: 'Ana Lima leads the finance team in Lisbon.' } },
    expectChanged: (m) => expect(m.text).toBe('Ana Lima leads the finance team in Lisbon.'),
    ownTools: ['semantic_save', 'semantic_update'],
  },
  {
    kind: 'procedural',
    memory: { kind: 'procedural', title: 'Deploy the staging server', text: 'Deploy the staging server: run the tests, then make deploy', fields: { entry_type: 'guide', steps: ['run the tests', 'make deploy'] } },
    said: 'To deploy the staging server now: run the tests, then make deploy-staging, then check the health page.',
    update: { name: 'procedural_update', input: { steps: ['run the tests', 'make deploy-staging', 'check the health page'] } },
    expectChanged: (m) => expect(m.fields.steps).toEqual(['run the tests', 'make deploy-staging', 'check the health page']),
    ownTools: ['procedural_save', 'procedural_update', 'experience_record'],
  },
  {
    kind: 'resource',
    memory: { kind: 'resource', title: 'budget.xlsx', text: 'The Q3 budget spreadsheet', fields: { resource_type: 'file', location: '/home/sam/budget.xlsx' } },
    said: 'I renamed the Q3 sheet in budget.xlsx to "Q3 final".',
    update: { name: 'resource_update', input: { summary: 'The Q3 budget spreadsheet; its Q3 sheet is now "Q3 final".' } },
    expectChanged: (m) => expect(m.text).toBe('The Q3 budget spreadsheet; its Q3 sheet is now "Q3 final".'),
    ownTools: ['resource_save', 'resource_update'],
  },
  {
    kind: 'knowledge_vault',
    memory: { kind: 'knowledge_vault', title: 'Office wifi password', text: 'Office wifi password', fields: { entry_type: 'password', sensitivity: 'medium', secret: 'hunter22-wifi', source: 'chat' } },
    said: 'The office wifi password is also written on the card by the door.',
    update: { name: 'vault_update', input: { caption: 'Office wifi password (also on the card by the door)' } },
    expectChanged: (m) => expect(m.text).toBe('Office wifi password (also on the card by the door)'),
    ownTools: ['vault_save', 'vault_update'],
  },
];

describe('chaining agents: search → update → finish, one per kind', () => {
  for (const c of CASES) {
    it(`${c.kind}: searches its own memories, updates the one it found (history kept), finishes`, async () => {
      const m = existing(c.memory);
      await store.flushEmbeddings();
      fake.enqueue(
        route(c.kind),
        call(`search_${c.kind}`, { query: c.memory.title }),
        call(c.update.name, { id: m.id, reason: 'the user said more', ...c.update.input }),
        finish('updated one memory'),
      );
      const { report, messageId } = await say(c.said, anthropic());

      expect(report.chains).toEqual([{ kind: c.kind, steps: 3, finished: true, stopped_by: 'finished' }]);
      expect(report.llm_calls).toBe(4); // routing + three chain steps; no combined extraction call
      expect(fake.requests).toHaveLength(4);
      // The chain offers the kind's own tools only, with its search, merge (not for core/vault) and finish.
      const merge = c.kind === 'knowledge_vault' ? [] : ['memory_merge'];
      expect(toolNames(fake.requests[1]!).sort()).toEqual([`search_${c.kind}`, ...c.ownTools, ...merge, 'request_heartbeat', 'finish_memory_update'].sort());
      // The search found the memory and the model was shown its id before it updated it.
      expect(JSON.stringify(fake.requests[2]!.body.messages)).toContain(m.id);
      if (c.kind === 'knowledge_vault') expect(fake.allText()).not.toContain('hunter22-wifi');

      const after = store.memories.get(m.id)!;
      expect(after.version).toBe(m.version + 1);
      c.expectChanged(after);
      const history = store.memories.history(m.id);
      expect(history.map((h) => h.reason)).toContain('the user said more');
      expect(store.memories.provenance(m.id).map((p) => p.source_id)).toEqual([messageId]);
      expect(store.memories.count({})).toBe(1);
    });
  }
});

describe('chaining agents: the other ways a chain ends', () => {
  it('core: a block near its limit is rewritten (core_rewrite), the old text kept in history', async () => {
    const lines = ['Name: Sam Reis', 'Lives in: Lisbon', 'Works at: Acme', 'Likes: long walks by the river on Sundays', 'Note: prefers tea to coffee in the mornings', 'Note: cycles to work when it is dry'];
    const block = existing({ kind: 'core', title: 'human', text: lines.map((l) => `- ${l}`).join('\n'), fields: { label: 'human', limit: 200 } });
    expect(block.text.length).toBeGreaterThan(160);
    fake.enqueue(
      route('core'),
      call('search_core', { query: 'human' }),
      call('core_rewrite', { label: 'human', text: 'Name: Sam Reis\nLives in: Porto\nWorks at: Acme\nLikes: river walks, tea', reason: 'moved to Porto; compressed' }),
      finish(),
    );
    const { report } = await say('I moved to Porto last week.', anthropic());
    expect(report.chains).toEqual([{ kind: 'core', steps: 3, finished: true, stopped_by: 'finished' }]);
    expect(toolNames(fake.requests[1]!).sort()).toEqual(['core_append', 'core_rewrite', 'finish_memory_update', 'request_heartbeat', 'search_core']);
    expect(fake.requests[1]!.body.system).toEqual(expect.arrayContaining([expect.objectContaining({ text: expect.stringContaining(`chars="${block.text.length}/200"`) })]));
    const after = store.memories.get(block.id)!;
    expect(after.text).toBe('- Name: Sam Reis\n- Lives in: Porto\n- Works at: Acme\n- Likes: river walks, tea');
    expect(store.memories.history(block.id)[0]!.snapshot.text).toBe(block.text);
  });

  it('a core block with room is not chained: the one extraction call appends to it', async () => {
    existing({ kind: 'core', title: 'human', text: '- Name: Sam Reis', fields: { label: 'human', limit: 5000 } });
    fake.enqueue(route('core'), call('core_append', { label: 'human', lines: ['Lives in: Porto'] }));
    const { report } = await say('I moved to Porto last week.', anthropic());
    expect(report.chains).toEqual([]);
    expect(toolNames(fake.requests[1]!)).not.toContain('finish_memory_update');
    expect(store.memories.list({ kinds: ['core'], limit: 5 })[0]!.text).toBe('- Name: Sam Reis\n- Lives in: Porto');
  });

  it('skip: the agent searches, finds it already known, and finishes without writing', async () => {
    const m = existing({ kind: 'resource', title: 'budget.xlsx', text: 'The Q3 budget spreadsheet', fields: { resource_type: 'file', location: '/home/sam/budget.xlsx' } });
    await store.flushEmbeddings();
    const before = storeFingerprint(store);
    fake.enqueue(route('resource'), call('search_resource', { query: 'budget.xlsx' }), finish('already known'));
    const { report } = await say('Opened budget.xlsx again.', anthropic());
    expect(report.chains).toEqual([{ kind: 'resource', steps: 2, finished: true, stopped_by: 'finished' }]);
    expect(report.memory_ids).toEqual([]);
    expect(store.memories.get(m.id)!.version).toBe(m.version);
    const changed = changedParts(before, storeFingerprint(store));
    for (const t of MEMORY_TABLES) expect(changed).not.toContain(t);
  });

  it('merge: two profiles of one person become one; the other is superseded, sources and history kept', async () => {
    const src = store.threads.create('earlier', T0 - 86_400_000);
    const m1 = store.messages.insert({ thread_id: src.id, role: 'user', text: 'Ana Lima is in finance', raw: null, created_at: T0 - 86_400_000 });
    const m2 = store.messages.insert({ thread_id: src.id, role: 'user', text: 'Ana Lima from Acme', raw: null, created_at: T0 - 86_400_000 });
    const a = store.memories.insert({ kind: 'semantic', title: 'Ana Lima', text: 'Ana Lima — person.', details: 'works in finance', fields: { name: 'Ana Lima' }, provenance: [{ source_type: 'message', source_id: m1.id }] });
    const b = store.memories.insert({ kind: 'semantic', title: 'Ana Lima (Acme)', text: 'Ana Lima of Acme', details: 'at Acme', fields: { name: 'Ana Lima (Acme)' }, provenance: [{ source_type: 'message', source_id: m2.id }] });
    const r = store.memories.insert({ kind: 'resource', title: 'Ana Lima notes', text: 'notes', fields: { resource_type: 'document' }, provenance: [] });
    fake.enqueue(
      route('semantic'),
      call('search_semantic', { query: 'Ana Lima' }),
      // Another kind is refused: this agent merges semantic memories only.
      call('memory_merge', { keep_id: r.id, merge_ids: [b.id], reason: 'wrong kind' }),
      call('memory_merge', { keep_id: a.id, merge_ids: [b.id], reason: 'same person' }),
      finish(),
    );
    const { report } = await say('Ana Lima from Acme called about the forecast.', anthropic());
    expect(report.chains[0]).toMatchObject({ kind: 'semantic', steps: 4, finished: true });
    expect(JSON.stringify(fake.requests[3]!.body.messages)).toContain('this agent merges semantic memories only');
    expect(store.memories.get(r.id)!.version).toBe(1);
    expect(store.memories.get(b.id)!.superseded_by).toBe(a.id);
    const kept = store.memories.get(a.id)!;
    expect(kept.details).toBe('works in finance\nat Acme');
    expect(store.memories.provenance(a.id).map((p) => p.source_id).sort()).toEqual([m1.id, m2.id].sort());
    expect(store.memories.history(a.id)[0]!.reason).toContain(`merged ${b.id}`);
  });

  it('max steps: a model that never finishes is stopped after max_chaining_steps calls and one "finish now" turn', async () => {
    existing({ kind: 'semantic', title: 'Ana Lima', text: 'Ana Lima — person.', fields: { name: 'Ana Lima' } });
    fake.setHandler((req) => (req.body.tool_choice && JSON.stringify(req.body.tool_choice).includes('route_memories') ? route('semantic') : call('search_semantic', { query: 'Ana Lima' })));
    const { report } = await say('Ana Lima now leads the finance team.', anthropic(), { max_chaining_steps: 2 });
    expect(report.chains).toEqual([{ kind: 'semantic', steps: 3, finished: false, stopped_by: 'step_limit' }]);
    expect(fake.requests).toHaveLength(4);
    expect(report.llm_calls).toBe(4);
    // The last turn: only finish_memory_update, forced, after the last step's results and the order.
    const last = fake.requests[3]!;
    expect(toolNames(last)).toEqual(['finish_memory_update']);
    expect(last.body.tool_choice).toMatchObject({ type: 'tool', name: 'finish_memory_update' });
    expect(JSON.stringify(last.body.messages.at(-1))).toContain('call finish_memory_update now');
    expect(JSON.stringify(last.body.messages.at(-1))).toContain('tool_result');
    // Default: 5.
    fake.reset();
    fake.setHandler((req) => (JSON.stringify(req.body.tool_choice ?? '').includes('route_memories') ? route('semantic') : call('search_semantic', { query: 'Ana' })));
    const again = await say('Ana Lima now leads the finance team.', anthropic());
    expect(again.report.chains[0]).toMatchObject({ steps: 6, finished: false, stopped_by: 'step_limit' });
  });

  it('heartbeat inside a chain: a step at the limit that asks for one gets one more step, then the finish turn (MIRIX)', async () => {
    const ana = existing({ kind: 'semantic', title: 'Ana Lima', text: 'Ana Lima — person.', fields: { name: 'Ana Lima' } });
    await store.flushEmbeddings();
    let step = 0;
    fake.setHandler((req) => {
      const choice = JSON.stringify(req.body.tool_choice ?? '');
      if (choice.includes('route_memories')) return route('semantic');
      if (choice.includes('finish_memory_update')) return finish('updated Ana');
      step++;
      // Steps 1 and 2 search and ask for a heartbeat; the granted step 3 writes.
      if (step <= 2) return { toolUses: [{ name: 'search_semantic', input: { query: 'Ana Lima' } }, { name: 'request_heartbeat', input: { reason: 'still to update Ana' } }] };
      return call('semantic_update', { id: ana.id, reason: 'the user said more', summary: 'Ana Lima leads the finance team.' });
    });
    const { report } = await say('Ana Lima now leads the finance team.', anthropic(), { max_chaining_steps: 2 });
    expect(toolNames(fake.requests[1]!)).toContain('request_heartbeat');
    // Two steps, the one granted by the heartbeat, and the finish turn (the granted step asked for none).
    expect(report.chains).toEqual([{ kind: 'semantic', steps: 4, finished: true, stopped_by: 'finished' }]);
    expect(store.memories.get(ana.id)!.text).toBe('Ana Lima leads the finance team.');
  });

  it('heartbeats inside a chain stop at the batch budget: the last turn is still "finish now"', async () => {
    existing({ kind: 'semantic', title: 'Ana Lima', text: 'Ana Lima — person.', fields: { name: 'Ana Lima' } });
    fake.setHandler((req) => {
      const choice = JSON.stringify(req.body.tool_choice ?? '');
      if (choice.includes('route_memories')) return route('semantic');
      if (choice.includes('finish_memory_update')) return finish();
      return { toolUses: [{ name: 'search_semantic', input: { query: 'Ana' } }, { name: 'request_heartbeat', input: {} }] };
    });
    const { report } = await say('Ana Lima now leads the finance team.', anthropic(), { max_chaining_steps: 2, chain_budget_calls: 5 });
    // A budget of 5: 4 steps (2 + 2 heartbeats), then the finish turn it kept back.
    expect(report.chains).toEqual([{ kind: 'semantic', steps: 5, finished: true, stopped_by: 'finished' }]);
    expect(fake.requests.at(-1)!.body.tool_choice).toMatchObject({ type: 'tool', name: 'finish_memory_update' });
  });

  it('at the step limit, an agent told to finish does: the chain ends finished', async () => {
    existing({ kind: 'semantic', title: 'Ana Lima', text: 'Ana Lima — person.', fields: { name: 'Ana Lima' } });
    fake.setHandler((req) => {
      const choice = JSON.stringify(req.body.tool_choice ?? '');
      if (choice.includes('route_memories')) return route('semantic');
      return choice.includes('finish_memory_update') ? finish('searched twice, nothing written') : call('search_semantic', { query: 'Ana Lima' });
    });
    const { report } = await say('Ana Lima now leads the finance team.', anthropic(), { max_chaining_steps: 2 });
    expect(report.chains).toEqual([{ kind: 'semantic', steps: 3, finished: true, stopped_by: 'finished' }]);
    expect(report.rules_fallbacks).toBe(0);
  });

  it('invalid tool arguments are refused with the reason, and the memories are unchanged', async () => {
    const m = existing({ kind: 'semantic', title: 'Ana Lima', text: 'Ana Lima — person.', fields: { name: 'Ana Lima' } });
    await store.flushEmbeddings();
    const before = storeFingerprint(store);
    fake.enqueue(
      route('semantic'),
      {
        toolUses: [
          { name: 'semantic_update', input: { id: m.id, summary: 'Ana Lima leads finance.' } }, // no reason
          { name: 'semantic_update', input: { id: 'mem_nope', reason: 'x', summary: 'Ana Lima leads finance.' } }, // unknown id
          { name: 'semantic_update', input: { id: m.id, reason: 'x', summary: 'Ana', sources: [7] } }, // too short, source not in batch
          { name: 'semantic_save', rawInput: '{"name": "Ana Lima", "summ' }, // broken JSON
          { name: 'resource_update', input: { id: m.id, reason: 'x', summary: 'not mine' } }, // another agent's tool
        ],
      },
      finish('gave up'),
    );
    const { report } = await say('Ana Lima now leads the finance team.', anthropic());
    expect(report.chains).toEqual([{ kind: 'semantic', steps: 2, finished: true, stopped_by: 'finished' }]);
    const told = JSON.stringify(fake.requests[2]!.body.messages);
    expect(told.match(/"is_error":true/g)).toHaveLength(5);
    expect(told).toContain('reason');
    expect(told).toContain('no semantic memory with id mem_nope');
    expect(told).toContain('unknown tool \\"resource_update\\"');
    expect(store.memories.get(m.id)).toEqual(m);
    expect(store.memories.count({})).toBe(1);
    const changed = changedParts(before, storeFingerprint(store));
    for (const t of MEMORY_TABLES) expect(changed).not.toContain(t);
  });

  it('the same transcript runs against an OpenAI-compatible server', async () => {
    const m = existing({ kind: 'semantic', title: 'Ana Lima', text: 'Ana Lima — person.', fields: { name: 'Ana Lima' } });
    fakeOpenAi.enqueue(
      route('semantic'),
      call('search_semantic', { query: 'Ana Lima' }),
      call('semantic_update', { id: m.id, reason: 'new role', summary: 'Ana Lima leads the finance team.' }),
      finish(),
    );
    const llm = new OpenAiProvider({ baseURL: fakeOpenAi.url, models: { chat: 'llama3.1:8b', extraction: 'llama3.1:8b' }, usage: store.llmCalls, retry: { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 2 } });
    const { report } = await say('Ana Lima now leads the finance team.', llm);
    expect(report.chains).toEqual([{ kind: 'semantic', steps: 3, finished: true, stopped_by: 'finished' }]);
    expect(store.memories.get(m.id)!.text).toBe('Ana Lima leads the finance team.');
    expect(JSON.stringify(fakeOpenAi.requests[2]!.body.messages)).toContain(m.id);
  });

  it('a batch about something new spends the one extraction call, no chain', async () => {
    existing({ kind: 'semantic', title: 'Ana Lima', text: 'Ana Lima — person.', fields: { name: 'Ana Lima' } });
    fake.enqueue(route('semantic'), call('semantic_save', { name: 'Bo Chen', summary: 'Bo Chen runs the Atlas rollout.' }));
    const { report } = await say('Bo Chen runs the Atlas rollout.', anthropic());
    expect(report.chains).toEqual([]);
    expect(report.llm_calls).toBe(2);
    expect(store.memories.count({})).toBe(2);
  });

  it('heartbeat: a kind of the extraction call asks for another step and gets a chain of its own (MIRIX)', async () => {
    const ana = existing({ kind: 'semantic', title: 'Ana Lima', text: 'Ana Lima — person.', fields: { name: 'Ana Lima' } });
    await store.flushEmbeddings();
    fake.enqueue(
      route('semantic'),
      // Not touched by name (the batch says "Ana"), so the one extraction call; it saves and asks for a step.
      { toolUses: [{ name: 'semantic_save', input: { name: 'Bo Chen', summary: 'Bo Chen runs the Atlas rollout.' } }, { name: 'request_heartbeat', input: { kinds: ['semantic'], reason: 'Ana may be known already' } }] },
      call('search_semantic', { query: 'Ana Lima' }),
      call('semantic_update', { id: ana.id, reason: 'new role', summary: 'Ana Lima leads the finance team.' }),
      finish('updated Ana'),
    );
    const { report } = await say('Bo Chen runs the Atlas rollout; Ana now leads finance.', anthropic());
    expect(toolNames(fake.requests[1]!)).toContain('request_heartbeat');
    expect(report.chains).toEqual([{ kind: 'semantic', steps: 3, finished: true, stopped_by: 'finished' }]);
    expect(report.llm_calls).toBe(5);
    expect(JSON.stringify(fake.requests[2]!.body)).toContain('You asked for this step (a heartbeat)');
    expect(store.memories.get(ana.id)!.text).toBe('Ana Lima leads the finance team.');
    expect(store.memories.count({})).toBe(2);
    // A heartbeat names only the call's own kinds: another is refused and nothing chains.
    fake.reset();
    fake.enqueue(route('semantic'), { toolUses: [{ name: 'request_heartbeat', input: { kinds: ['core'] } }] }, call('semantic_save', { name: 'Cy Diaz', summary: 'Cy Diaz joined the Atlas team.' }));
    const other = await say('Cy Diaz joined the Atlas team.', anthropic());
    expect(other.report.chains).toEqual([]);
    expect(JSON.stringify(fake.requests[2]!.body.messages)).toContain('invalid arguments');
  });

  it('cost cap: the chains of one batch stop at chain_budget_calls, the last with one "finish now" turn, all in the ledger', async () => {
    existing({ kind: 'semantic', title: 'Ana Lima', text: 'Ana Lima — person.', fields: { name: 'Ana Lima' } });
    existing({ kind: 'resource', title: 'budget.xlsx', text: 'The Q3 budget spreadsheet', fields: { resource_type: 'file', location: '/home/sam/budget.xlsx' } });
    fake.setHandler((req) => {
      const choice = JSON.stringify(req.body.tool_choice ?? '');
      if (choice.includes('route_memories')) return route('semantic', 'resource');
      const kind = toolNames(req).includes('search_semantic') ? 'semantic' : 'resource';
      return call(`search_${kind}`, { query: kind === 'semantic' ? 'Ana Lima' : 'budget.xlsx' });
    });
    const { report } = await say('Ana Lima sent budget.xlsx with the new numbers.', anthropic(), { max_chaining_steps: 5, chain_budget_calls: 5 });
    // 5 calls for both chains: the first keeps 2 back for the second (a step and its finish turn).
    expect(report.chains).toEqual([
      { kind: 'semantic', steps: 3, finished: false, stopped_by: 'cost_cap' },
      { kind: 'resource', steps: 2, finished: false, stopped_by: 'cost_cap' },
    ]);
    expect(report.llm_calls).toBe(6);
    const forced = fake.requests.filter((r) => JSON.stringify(r.body.tool_choice ?? '').includes('finish_memory_update'));
    expect(forced).toHaveLength(2);
    for (const f of forced) {
      expect(toolNames(f)).toEqual(['finish_memory_update']);
      expect(JSON.stringify(f.body.messages.at(-1))).toContain('call finish_memory_update now');
    }
    expect(store.llmCalls.summary().by_purpose.chaining?.calls).toBe(5);
  });
});
