/**
 * Consolidation with judgement (MIRIX Auto-Dream): with a model, dream reviews clusters of look-alike
 * memories and proposes merges, supersessions and rewrites through zod-checked tools; a dry run
 * prints them as a diff and changes nothing (store fingerprint); a real run applies them with history
 * and sources kept. Skill distillation from the last N sessions. The experience mode: what is new or
 * changed since the last run stopped (a checkpoint in settings, kept across restarts), episodes, facts
 * and vault entries together, with counts per kind. Fake-model transcripts over a real socket: the
 * brain with the Anthropic client, `engram dream` with the OpenAI-compatible one.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Memory } from '../../shared/index.js';
import { HashEmbedder, StaticKeyProvider, openStore, type EngramStore, type NewMemory } from '../../agents/store/index.js';
import { AnthropicProvider, LLM_SETTINGS } from '../../agents/llm/index.js';
import { createBrain } from '../../agents/meta/index.js';
import { modelGetter } from '../../electron/engine/index.js';
import { DREAM_CHECKPOINT_KEY, DreamCheckpointSchema, previewDream, readCheckpoint } from '../../agents/dream/index.js';
import type { Command } from '../../electron/hosts/cli/command.js';
import { dreamCommand } from '../../electron/hosts/cli/commands/dream.js';
import { startFakeAnthropic, type FakeAnthropic } from '../fakes/fake-anthropic-server.js';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/fake-openai-server.js';
import { changedParts, storeFingerprint } from '../reliability/store-fingerprint.js';
import { runCommand } from '../helpers/run-command.js';
import { serverForFile } from '../helpers/server-for-file.js';

let fake: FakeAnthropic;
let fakeOpenAi: FakeOpenAi;
serverForFile(startFakeAnthropic, (s) => (fake = s), { resetEachTest: true });
serverForFile(() => startFakeOpenAi({ models: ['local-model'] }), (s) => (fakeOpenAi = s), { resetEachTest: true });

const key = randomBytes(32);
let store: EngramStore;
let dir: string;
// Tests here reopen the store, so the one open at the end is the one closed.
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'engram-dream-review-'));
  store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: new HashEmbedder(64) });
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const DAY = 86_400_000;
const T0 = Date.parse('2025-03-01T09:00:00Z');

function source(text: string, at: number): { source_type: 'message'; source_id: string } {
  const thread = store.threads.create('notes', at);
  return { source_type: 'message', source_id: store.messages.insert({ thread_id: thread.id, role: 'user', text, raw: null, created_at: at }).id };
}

function mem(m: Omit<NewMemory, 'provenance'>, at: number): Memory {
  return store.memories.insert({ ...m, created_at: at, provenance: [source(m.text, at)] });
}

/** Three clusters the rules leave alone: one person twice, a moved date, a stale resource description. */
function seed(): Record<'ana1' | 'ana2' | 'launch1' | 'launch2' | 'budget' | 'budgetOld', Memory> {
  return {
    ana1: mem({ kind: 'semantic', title: 'Ana Lima', text: 'Ana Lima leads finance at Acme', details: 'from the org chart', fields: { name: 'Ana Lima' } }, T0),
    ana2: mem({ kind: 'semantic', title: 'Ana Lima (Acme finance)', text: 'Ana Lima, head of finance at Acme', details: 'signs the budgets', fields: { name: 'Ana Lima (Acme finance)' } }, T0 + DAY),
    launch1: mem({ kind: 'semantic', title: 'Atlas launch date', text: 'The Atlas launch is on 3 March', fields: { name: 'Atlas launch date' } }, T0),
    launch2: mem({ kind: 'semantic', title: 'Atlas launch moved', text: 'The Atlas launch moved to 17 March', fields: { name: 'Atlas launch moved' } }, T0 + 2 * DAY),
    budget: mem({ kind: 'resource', title: 'budget.xlsx', text: 'Q3 budget spreadsheet, draft, Q3 budget', fields: { resource_type: 'file', location: '/home/sam/budget.xlsx' } }, T0),
    budgetOld: mem({ kind: 'resource', title: 'budget-2024.xlsx', text: 'Q3 budget spreadsheet of last year', fields: { resource_type: 'file', location: '/home/sam/budget-2024.xlsx' } }, T0),
  };
}

type ToolReply = { toolUses: Array<{ name: string; input: unknown }> };
const idsIn = (text: string): string[] => [...text.matchAll(/"id":"([^"]+)"/g)].map((m) => m[1]!);
const userText = (body: { messages: Array<{ role: string; content?: unknown }> }): string => {
  const u = body.messages.find((m) => m.role === 'user');
  return typeof u?.content === 'string' ? u.content : JSON.stringify(u?.content ?? '');
};

/** A reviewer that judges each cluster the way a careful person would (it reads the memories it is shown). */
function reviewer(s: ReturnType<typeof seed>): (text: string) => ToolReply {
  return (text) => {
    const ids = idsIn(text);
    if (ids.includes(s.ana1.id)) return { toolUses: [{ name: 'propose_merge', input: { keep_id: s.ana1.id, merge_ids: [s.ana2.id], text: 'Ana Lima is head of finance at Acme', reason: 'the same person' } }] };
    if (ids.includes(s.launch1.id)) return { toolUses: [{ name: 'propose_supersede', input: { new_id: s.launch2.id, old_ids: [s.launch1.id], reason: 'the launch moved: newer date wins' } }] };
    if (ids.includes(s.budget.id)) return { toolUses: [{ name: 'propose_rewrite', input: { id: s.budget.id, text: 'The Q3 budget spreadsheet (draft)', reason: 'repeated words' } }] };
    return { toolUses: [{ name: 'no_change', input: { reason: 'different things' } }] };
  };
}

function anthropic(): AnthropicProvider {
  return new AnthropicProvider({ apiKey: 'test-key', baseURL: fake.url, usage: store.llmCalls, retry: { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 2 } });
}

describe('dream with a model: review of look-alike clusters', () => {
  it('dry run: proposes merge, supersede and rewrite as a diff, and changes nothing but the model-cost ledger', async () => {
    const s = seed();
    fake.setHandler((req) => reviewer(s)(userText(req.body)));
    const brain = createBrain({ store, llm: anthropic(), timeZone: 'UTC' });
    await store.flushEmbeddings();
    const before = storeFingerprint(store);
    const report = await brain.dream({ dryRun: true, now: T0 + 3 * DAY });
    // The calls were made and are billed: the ledger records them. Nothing else moved.
    expect(changedParts(before, storeFingerprint(store))).toEqual(['table:llm_calls']);
    expect(report).toMatchObject({ dry_run: true, reviewer: 'model', review_error: null, counts: { merged: 1, superseded: 1, rewritten: 1 } });
    expect(report.llm_calls).toBe(fake.requests.length);
    expect(fake.requests.length).toBeGreaterThanOrEqual(2);
    const model = report.changes.filter((c) => c.source === 'model');
    expect(model.map((c) => c.action).sort()).toEqual(['merge', 'rewrite', 'supersede']);
    const merge = model.find((c) => c.action === 'merge')!;
    expect(merge).toMatchObject({ kind: 'semantic', before: [s.ana1.id, s.ana2.id], after: s.ana1.id });
    expect(merge.diff).toEqual([
      `- [${s.ana1.id}] Ana Lima — Ana Lima leads finance at Acme`,
      `- [${s.ana2.id}] Ana Lima (Acme finance) — Ana Lima, head of finance at Acme`,
      `+ [${s.ana1.id}] Ana Lima — Ana Lima is head of finance at Acme`,
    ]);
    const rewrite = model.find((c) => c.action === 'rewrite')!;
    expect(rewrite.diff).toEqual([`- [${s.budget.id}] budget.xlsx — Q3 budget spreadsheet, draft, Q3 budget`, `+ [${s.budget.id}] budget.xlsx — The Q3 budget spreadsheet (draft)`]);
    // The model saw the memories by their ids and text, never a vault secret.
    expect(fake.allText()).toContain(s.ana2.id);
  });

  it('real run: applies them with history and sources kept', async () => {
    const s = seed();
    const anaSources = [s.ana1, s.ana2].flatMap((m) => store.memories.provenance(m.id).map((p) => p.source_id));
    expect(anaSources).toHaveLength(2);
    fake.setHandler((req) => reviewer(s)(userText(req.body)));
    const brain = createBrain({ store, llm: anthropic(), timeZone: 'UTC' });
    const report = await brain.dream({ now: T0 + 3 * DAY });
    expect(report).toMatchObject({ dry_run: false, reviewer: 'model', counts: { merged: 1, superseded: 1, rewritten: 1 } });

    const ana = store.memories.get(s.ana1.id)!;
    expect(ana.text).toBe('Ana Lima is head of finance at Acme');
    expect(ana.details).toBe('from the org chart\nsigns the budgets');
    expect(store.memories.get(s.ana2.id)!.superseded_by).toBe(s.ana1.id);
    // The kept memory cites its own source and the merged one's.
    expect(store.memories.provenance(s.ana1.id).map((p) => p.source_id).sort()).toEqual([...anaSources].sort());
    expect(store.memories.history(s.ana1.id)[0]).toMatchObject({ reason: 'dream review: the same person', snapshot: { text: 'Ana Lima leads finance at Acme' } });

    expect(store.memories.get(s.launch1.id)!.superseded_by).toBe(s.launch2.id);
    expect(store.memories.get(s.launch2.id)!.superseded_by).toBeNull();
    expect(store.memories.history(s.launch1.id)[0]!.reason).toContain('newer date wins');

    const budget = store.memories.get(s.budget.id)!;
    expect(budget.text).toBe('The Q3 budget spreadsheet (draft)');
    expect(store.memories.history(s.budget.id)[0]!.snapshot.text).toBe('Q3 budget spreadsheet, draft, Q3 budget');
    expect(store.memories.get(s.budgetOld.id)!.version).toBe(1);
    // The superseded ones are out of search, the survivors in.
    const hits = (await store.search({ query: 'Ana Lima finance Acme', kinds: ['semantic'], limit: 5, mode: 'bm25' })).map((r) => r.memory.id);
    expect(hits).toContain(s.ana1.id);
    expect(hits).not.toContain(s.ana2.id);
  });

  it('refuses proposals outside the cluster, across kinds it may not merge, or twice for one memory; nothing changes', async () => {
    const s = seed();
    const core = mem({ kind: 'core', title: 'human', text: '- Name: Sam', fields: { label: 'human', limit: 5000 } }, T0);
    fake.setHandler((req) => {
      const ids = idsIn(userText(req.body));
      if (ids.includes(s.ana1.id))
        return {
          toolUses: [
            { name: 'propose_merge', input: { keep_id: s.ana1.id, merge_ids: [s.budget.id], reason: 'outsider' } },
            { name: 'propose_merge', input: { keep_id: s.ana1.id, merge_ids: [s.ana1.id], reason: 'itself' } },
            { name: 'propose_rewrite', input: { id: s.ana1.id, reason: 'no text' } },
            { name: 'propose_supersede', input: { new_id: core.id, old_ids: [s.ana1.id], reason: 'x' } },
          ],
        };
      return { toolUses: [{ name: 'no_change', input: {} }] };
    });
    await store.flushEmbeddings();
    const before = storeFingerprint(store);
    const report = await createBrain({ store, llm: anthropic(), timeZone: 'UTC' }).dream({ mode: 'semantic', now: T0 + 3 * DAY });
    expect(report.changes.filter((c) => c.source === 'model')).toEqual([]);
    const retry = fake.requests.find((r) => JSON.stringify(r.body.messages).includes('"is_error":true'))!;
    const told = JSON.stringify(retry.body.messages);
    expect(told).toContain(`${s.budget.id} is not in this cluster`);
    expect(told).toContain('keep_id is also in merge_ids');
    expect(told).toContain(`${core.id} is not in this cluster`);
    expect(changedParts(before, storeFingerprint(store))).toEqual(['table:llm_calls']);
  });

  it('offline (no model): today\'s rules only, no model call', async () => {
    seed();
    const report = await createBrain({ store, llm: modelGetter({ settings: store.settings, env: {} }), timeZone: 'UTC' }).dream({ now: T0 + 3 * DAY });
    expect(report).toMatchObject({ reviewer: 'rules', llm_calls: 0, counts: { merged: 0, superseded: 0, rewritten: 0 } });
    expect(fake.requests).toHaveLength(0);
    const forced = await createBrain({ store, llm: anthropic(), timeZone: 'UTC' }).dream({ offline: true, now: T0 + 3 * DAY });
    expect(forced.reviewer).toBe('rules');
    expect(fake.requests).toHaveLength(0);
  });

  it('the model going away mid-review keeps the rules\' changes and says so', async () => {
    seed();
    fake.setHandler(() => ({ status: 500 }));
    const report = await createBrain({ store, llm: anthropic(), timeZone: 'UTC' }).dream({ now: T0 + 3 * DAY });
    expect(report.review_error).toMatch(/the model's review stopped at core|semantic/);
    expect(report.reviewer).toBe('model');
  });
});

describe('dream with a model: procedural skill distillation from the last N sessions', () => {
  function sessions(): { episodes: Memory[]; old: Memory; exp: Memory } {
    const ep = (segment: string, title: string, at: number): Memory =>
      mem({ kind: 'episodic', title, text: title, fields: { event_type: 'activity', actor: 'user' }, occurred_at: at, ended_at: at + 600_000, segment }, at);
    const old = ep('seg-old', 'Edited the holiday photos', T0 - 20 * DAY);
    const episodes = [ep('seg-a', 'Ran npm install, ERESOLVE error', T0), ep('seg-a', 'Ran npm install --legacy-peer-deps, it worked', T0 + 700_000), ep('seg-b', 'Pinned node 20.11 and cleared the npm cache', T0 + DAY)];
    const exp = mem({ kind: 'procedural', title: 'fix npm install', text: 'fix npm install → --legacy-peer-deps: success', fields: { entry_type: 'experience', task: 'fix npm install', action: 'npm install --legacy-peer-deps', outcome: 'success' }, occurred_at: T0 + 800_000 }, T0 + 800_000);
    return { episodes, old, exp };
  }

  it('shows the last N sessions only; a dry run lists the skill; the run writes it citing its evidence\'s sources', async () => {
    const { episodes, old, exp } = sessions();
    const skill = { title: 'Fix a failing npm install', steps: ['Run npm install --legacy-peer-deps', 'If it still fails, pin node 20.11 and clear the npm cache'], evidence_ids: [episodes[1]!.id, episodes[2]!.id, exp.id], reason: 'worked twice' };
    fake.setHandler((req) => {
      const text = userText(req.body);
      if (text.includes('Session 1')) return { toolUses: [{ name: 'propose_skill', input: skill }] };
      return { toolUses: [{ name: 'no_change', input: {} }] };
    });
    const brain = createBrain({ store, llm: anthropic(), timeZone: 'UTC' });
    await store.flushEmbeddings();
    const before = storeFingerprint(store);
    const dry = await brain.dream({ mode: 'procedural', dryRun: true, lastNSessions: 2, now: T0 + 2 * DAY });
    expect(changedParts(before, storeFingerprint(store))).toEqual(['table:llm_calls']);
    const shown = userText(fake.requests.find((r) => userText(r.body).includes('Session 1'))!.body);
    expect(shown).toContain(episodes[0]!.id);
    expect(shown).toContain(exp.id);
    expect(shown).not.toContain(old.id); // the third session back is not shown
    expect(dry.counts.distilled).toBe(1);
    expect(dry.changes.find((c) => c.action === 'distill')).toMatchObject({ kind: 'procedural', after: null, source: 'model', diff: ['+ Fix a failing npm install', '+   1. Run npm install --legacy-peer-deps', '+   2. If it still fails, pin node 20.11 and clear the npm cache'] });

    // A dry run shows what the new procedure will say, as it is then written.
    const shownAfter = dry.changes.find((c) => c.action === 'distill')!.result;
    expect(shownAfter).toMatchObject({ title: 'Fix a failing npm install', text: expect.stringContaining('Run npm install --legacy-peer-deps') });

    const real = await brain.dream({ mode: 'procedural', lastNSessions: 2, now: T0 + 2 * DAY });
    const id = real.changes.find((c) => c.action === 'distill')!.after!;
    const written = store.memories.get(id)!;
    expect(written.text).toBe(shownAfter!.text);
    expect(written).toMatchObject({ kind: 'procedural', title: 'Fix a failing npm install', fields: expect.objectContaining({ entry_type: 'workflow', steps: skill.steps }) });
    const cited = store.memories.provenance(id).map((p) => p.source_id).sort();
    const expected = [episodes[1]!, episodes[2]!, exp].flatMap((m) => store.memories.provenance(m.id).map((p) => p.source_id)).sort();
    expect(cited).toEqual(expected);
  });

  it('a skill from a dry run kept across a restart applies as shown with no model call, and is STALE when an experience it draws on changed', async () => {
    const { episodes, exp } = sessions();
    const guide = mem({ kind: 'procedural', title: 'Clear the npm cache', text: 'Clear the npm cache: npm cache clean --force', fields: { entry_type: 'workflow', steps: ['npm cache clean --force', 'run npm install'] } }, T0 - DAY);
    const skills = [
      { title: 'Fix a failing npm install', steps: ['Run npm install --legacy-peer-deps', 'If it still fails, pin node 20.11'], evidence_ids: [episodes[1]!.id, exp.id], reason: 'worked twice' },
      // Same title as a guide the user has: it improves that one.
      { title: 'Clear the npm cache', steps: ['npm cache clean --force', 'delete node_modules', 'run npm install'], evidence_ids: [episodes[2]!.id, exp.id], reason: 'the cache step recurs' },
    ];
    fake.setHandler((req) => (userText(req.body).includes('Session 1') ? { toolUses: skills.map((input) => ({ name: 'propose_skill', input })) } : { toolUses: [{ name: 'no_change', input: {} }] }));
    const dryRun = async () => {
      const review = await previewDream(store, { mode: 'procedural', llm: anthropic(), lastNSessions: 2, now: T0 + 2 * DAY, timeZone: 'UTC' });
      const fresh = review.proposals.find((p) => p.action === 'distill' && p.after?.id === null)!;
      const improved = review.proposals.find((p) => p.action === 'distill' && p.after?.id === guide.id)!;
      expect(fresh && improved).toBeTruthy();
      // What a restart finds on disk: JSON, the rules run again offline, the model's changes as kept.
      const kept = JSON.parse(JSON.stringify(review.kept)) as unknown[];
      return { fresh, improved, reopen: () => previewDream(store, { mode: 'procedural', offline: true, now: T0 + 2 * DAY, timeZone: 'UTC', resume: { changes: review.proposals, kept } }) };
    };

    const first = await dryRun();
    const calls = fake.requests.length;
    const again = await first.reopen();
    expect(again.apply([first.fresh.id, first.improved.id]).applied).toEqual([first.fresh.id, first.improved.id]);
    expect(fake.requests.length).toBe(calls);
    const written = store.memories.list({ kinds: ['procedural'], experiences: false, limit: 50 }).find((m) => m.title === 'Fix a failing npm install')!;
    expect(written.text).toBe(first.fresh.after!.text);
    expect(written.fields).toMatchObject({ entry_type: 'workflow', steps: skills[0]!.steps });
    expect(store.memories.get(guide.id)!.text).toBe(first.improved.after!.text);
    expect(store.memories.get(guide.id)!.fields.steps).toEqual(skills[1]!.steps);

    // An experience the skill drew on, changed since the dry run: out of date, nothing written.
    store.memories.delete([written.id]);
    const second = await dryRun();
    store.memories.update(exp.id, { text: 'fix npm install → --legacy-peer-deps: failed' }, 'the outcome was wrong');
    const before = JSON.stringify(store.memories.list({ limit: 500, includeSuperseded: true }));
    const stale = await second.reopen();
    expect(() => stale.apply([second.fresh.id])).toThrow(`change ${second.fresh.id} (distill of procedural) is out of date: ${exp.id} changed since the dry run`);
    expect(JSON.stringify(store.memories.list({ limit: 500, includeSuperseded: true }))).toBe(before);
  });

  it('refuses a skill citing memories it was not shown', async () => {
    const { old, episodes } = sessions();
    fake.setHandler((req) =>
      userText(req.body).includes('Session 1')
        ? { toolUses: [{ name: 'propose_skill', input: { title: 'Photos', steps: ['a step', 'another'], evidence_ids: [old.id, episodes[0]!.id], reason: 'x' } }] }
        : { toolUses: [{ name: 'no_change', input: {} }] },
    );
    const r = await createBrain({ store, llm: anthropic(), timeZone: 'UTC' }).dream({ mode: 'procedural', lastNSessions: 2, now: T0 + 2 * DAY });
    expect(r.counts.distilled).toBe(0);
    expect(JSON.stringify(fake.requests.map((q) => q.body.messages))).toContain(`${old.id} is not one of the shown memories`);
  });
});

/** `engram <cmd> argv` on this test's data folder, its output captured. */
const cli = (cmd: Command, argv: string[]): Promise<{ code: number; out: string }> => runCommand(cmd, argv, { dataDir: dir, key });

describe('engram dream with a model (OpenAI-compatible server from the settings)', () => {
  it('--dry-run prints the diff and changes nothing; --model picks the model; the run applies', async () => {
    const s = seed();
    store.settings.set(LLM_SETTINGS.provider, 'openai');
    store.settings.set(LLM_SETTINGS.baseUrl, fakeOpenAi.url);
    store.settings.set(LLM_SETTINGS.extractionModel, 'local-model');
    // The engine reads new memories into the graph when it starts: do that first, so the
    // fingerprint compares what the dry run itself does.
    await createBrain({ store, llm: modelGetter({ settings: store.settings, env: {} }), timeZone: 'UTC' }).flush();
    await store.flushEmbeddings();
    await store.close();
    fakeOpenAi.setHandler((req) => reviewer(s)(userText(req.body)));

    const peek = async <T>(fn: (st: EngramStore) => T): Promise<T> => {
      const st = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: null });
      try {
        return fn(st);
      } finally {
        await st.close();
      }
    };
    const before = await peek(storeFingerprint);
    const dry = await cli(dreamCommand, ['--mode', 'semantic', '--dry-run', '--model', 'reviewer-xl']);
    expect(dry.code).toBe(0);
    expect(dry.out).toContain('would change: 1 merged, 1 superseded');
    expect(dry.out).toContain(`      - [${s.ana2.id}] Ana Lima (Acme finance) — Ana Lima, head of finance at Acme`);
    expect(dry.out).toContain(`      + [${s.ana1.id}] Ana Lima — Ana Lima is head of finance at Acme`);
    expect(dry.out).toContain(`      - [${s.launch1.id}] Atlas launch date — The Atlas launch is on 3 March`);
    expect(fakeOpenAi.requests.length).toBeGreaterThan(0);
    expect(fakeOpenAi.requests.every((r) => r.body.model === 'reviewer-xl')).toBe(true);
    expect(changedParts(before, await peek(storeFingerprint))).toEqual(['table:llm_calls']);

    const run = await cli(dreamCommand, ['--mode', 'semantic']);
    expect(run.out).toContain('changed: 1 merged, 1 superseded');
    await peek((st) => {
      expect(st.memories.get(s.ana2.id)!.superseded_by).toBe(s.ana1.id);
      expect(st.memories.get(s.launch1.id)!.superseded_by).toBe(s.launch2.id);
    });
    store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: null });
  });

  it('refuses --model and --last-n-sessions without a model, and bad values, changing nothing', async () => {
    await store.close();
    await expect(cli(dreamCommand, ['--model', 'x'])).rejects.toThrow(/need a model provider/);
    await expect(cli(dreamCommand, ['--last-n-sessions', '0'])).rejects.toThrow(/--last-n-sessions must be a whole number/);
    await expect(cli(dreamCommand, ['--offline', '--model', 'x'])).rejects.toThrow(/--offline runs the rules only/);
    await expect(cli(dreamCommand, ['--model', 'bad model; rm'])).rejects.toThrow(/--model must be a model name/);
    store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: null });
  });
});

// ---- The experience mode (MIRIX's `experience`): what is new since the last run, with a checkpoint ----

/** Old memories (before the window) and new ones (in it), as a user's last weeks would leave them. */
function seedWindow(now: number) {
  const old = now - 60 * DAY;
  const recent = now - 2 * DAY;
  return {
    // Old and alike among themselves: outside the window, so this mode leaves them to the others.
    oldDupA: mem({ kind: 'semantic', title: 'Ana Lima', text: 'Ana Lima — person.', fields: { name: 'Ana Lima' } }, old),
    oldDupB: mem({ kind: 'semantic', title: 'Ana Lima', text: 'Ana Lima — person.', fields: { name: 'ana lima' } }, old + 1000),
    // An old fact and a new one with another value: the new one wins.
    mgrOld: mem({ kind: 'semantic', title: "Ana is the user's manager", text: "Ana is the user's manager.", fields: { name: "fact:user's manager" }, occurred_at: old }, old),
    mgrNew: mem({ kind: 'semantic', title: "Bo is the user's manager", text: "Bo is the user's manager.", fields: { name: "fact:user's manager" }, occurred_at: recent }, recent),
    // The same episode twice (two captures of one moment), in the window.
    epA: mem({ kind: 'episodic', title: 'Code review of the billing service', text: 'Reviewed the billing service pull request', fields: { event_type: 'activity' }, app: 'Firefox', occurred_at: recent, ended_at: recent + 30 * 60_000 }, recent),
    epB: mem({ kind: 'episodic', title: 'Code review of the billing service', text: 'Billing service review', fields: { event_type: 'activity' }, app: 'Firefox', occurred_at: recent + 60_000, ended_at: recent + 20 * 60_000 }, recent + 60_000),
    // A meeting in the window that moved a date.
    meeting: mem({ kind: 'episodic', title: 'Atlas launch moved', text: 'Atlas launch moved to 17 March', fields: { event_type: 'meeting' }, app: 'Zoom', occurred_at: recent + 3600_000, ended_at: recent + 2 * 3600_000 }, recent + 3600_000),
    // An old fact the new episode outdates: only judgement can see it.
    launch: mem({ kind: 'semantic', title: 'Atlas launch', text: 'The Atlas launch is on 3 March', fields: { name: 'Atlas launch' } }, old),
    // A secret seen twice: one new vault entry duplicates an old one.
    keyOld: mem({ kind: 'knowledge_vault', title: 'Staging API key', text: 'api key', fields: { entry_type: 'api_key', source: 'Terminal', secret: 'sk-live-staging-0001' } }, old),
    keyNew: mem({ kind: 'knowledge_vault', title: 'Staging API key', text: 'api key', fields: { entry_type: 'api_key', source: 'Terminal', secret: 'sk-live-staging-0001' } }, recent),
  };
}

type Seeded = ReturnType<typeof seedWindow>;

describe('dream --mode experience, offline', () => {
  it('changes what the window holds (against all of each kind), leaves the rest, counts per kind, and keeps a checkpoint across a restart', async () => {
    const now = Date.now();
    const s = seedWindow(now);
    const report = await createBrain({ store, llm: modelGetter({ settings: store.settings, env: {} }), timeZone: 'UTC' }).dream({ mode: 'experience', now });
    expect(report.reviewer).toBe('rules');
    expect(report.window).toMatchObject({
      from: 'first run',
      checkpoint_saved: true,
      // In the window: mgrNew, epA, epB, meeting, keyNew (60-day-old memories are outside the first 30 days).
      kinds: {
        episodic: { total: 3, merged: 1, superseded: 0, rewritten: 0 },
        semantic: { total: 1, merged: 0, superseded: 1, rewritten: 0 },
        knowledge_vault: { total: 1, merged: 1, superseded: 0, rewritten: 0 },
      },
    });
    expect(store.memories.get(s.mgrOld.id)!.superseded_by).toBe(s.mgrNew.id);
    expect(store.memories.get(s.epB.id)!.superseded_by).toBe(s.epA.id);
    expect([s.keyOld.id, s.keyNew.id].map((id) => store.memories.get(id)!.superseded_by).filter(Boolean)).toHaveLength(1);
    // The old look-alike pair is outside the window: untouched.
    expect(store.memories.get(s.oldDupB.id)!.superseded_by).toBeNull();
    expect(store.memories.get(s.oldDupA.id)!.version).toBe(1);

    // The checkpoint is in settings: after a restart the next window starts where this run stopped.
    const cp = readCheckpoint(store)!;
    expect(Date.parse(cp.through)).toBeGreaterThanOrEqual(now);
    expect(cp).toMatchObject({ stopped: null, kinds: report.window!.kinds });
    // The checkpoint is the time of the run's own last write; what stands at that instant is not news.
    mem({ kind: 'semantic', title: 'Written at the checkpoint', text: 'At the boundary', fields: {} }, Date.parse(cp.through));
    await store.close();
    store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: new HashEmbedder(64) });
    const again = await createBrain({ store, llm: modelGetter({ settings: store.settings, env: {} }), timeZone: 'UTC' }).dream({ mode: 'experience', now: Date.now() });
    expect(again.window!.from).toBe('checkpoint');
    expect(again.window!.since).toBe(cp.through);
    expect(Object.values(again.window!.kinds).map((k) => k.total)).toEqual([0, 0, 0]);
    expect(again.changes.filter((c) => c.kind !== 'experience')).toEqual([]);

    // Something new after the checkpoint is the next window's news.
    const later = mem({ kind: 'semantic', title: "Cy is the user's manager", text: "Cy is the user's manager.", fields: { name: "fact:user's manager" }, occurred_at: Date.now() + 5 }, Date.now() + 5);
    const third = await createBrain({ store, llm: modelGetter({ settings: store.settings, env: {} }), timeZone: 'UTC' }).dream({ mode: 'experience', now: Date.now() + 10 });
    expect(third.window!.kinds.semantic).toEqual({ total: 1, merged: 0, superseded: 1, rewritten: 0 });
    expect(store.memories.get(s.mgrNew.id)!.superseded_by).toBe(later.id);
  });

  it('--since moves the start back: the 60-day-old look-alikes are then in it', async () => {
    const now = Date.now();
    const s = seedWindow(now);
    const report = await createBrain({ store, llm: modelGetter({ settings: store.settings, env: {} }), timeZone: 'UTC' }).dream({ mode: 'experience', now, since: now - 90 * DAY });
    expect(report.window).toMatchObject({ from: 'option', kinds: { semantic: { total: 5 } } });
    expect(store.memories.get(s.oldDupB.id)!.superseded_by ?? store.memories.get(s.oldDupA.id)!.superseded_by).not.toBeNull();
  });

  it('a dry run lists the changes with their diff and leaves the store and the checkpoint as they were', async () => {
    const now = Date.now();
    const s = seedWindow(now);
    await store.flushEmbeddings();
    const before = storeFingerprint(store);
    const report = await createBrain({ store, llm: modelGetter({ settings: store.settings, env: {} }), timeZone: 'UTC' }).dream({ mode: 'experience', now, dryRun: true });
    expect(changedParts(before, storeFingerprint(store))).toEqual([]);
    expect(store.settings.get(DREAM_CHECKPOINT_KEY, DreamCheckpointSchema.nullable(), null)).toBeNull();
    expect(report.window).toMatchObject({ checkpoint_saved: false, kinds: { semantic: { superseded: 1 } } });
    const sup = report.changes.find((c) => c.action === 'supersede')!;
    expect(sup.diff).toEqual([`- [${s.mgrOld.id}] Ana is the user's manager — Ana is the user's manager.`, `  [${s.mgrNew.id}] Bo is the user's manager — Bo is the user's manager.`]);
  });
});

describe('dream --mode experience with a model', () => {
  /** A reviewer that reads what it is shown: the moved launch date outdates the old fact. */
  function windowReviewer(s: Seeded, mixFirst: boolean) {
    let tried = false;
    return (text: string) => {
      if (!text.includes(s.launch.id)) return { toolUses: [{ name: 'no_change', input: {} }] };
      if (mixFirst && !tried) {
        tried = true;
        return { toolUses: [{ name: 'propose_merge', input: { keep_id: s.launch.id, merge_ids: [s.meeting.id], reason: 'same launch' } }] };
      }
      return { toolUses: [{ name: 'propose_rewrite', input: { id: s.launch.id, text: 'The Atlas launch is on 17 March (moved from 3 March)', evidence_ids: [s.meeting.id], reason: 'the planning meeting moved it' } }] };
    };
  }

  it('reviews episodes and facts together: a fact the new episode outdates is rewritten citing it; kinds are never merged together; no vault entry is shown', async () => {
    const now = Date.now();
    const s = seedWindow(now);
    const handler = windowReviewer(s, true);
    // Its first proposal (an episode merged into a fact) is refused; it then corrects itself.
    fake.setHandler((req) => handler(userText(req.body)));
    const report = await createBrain({ store, llm: anthropic(), timeZone: 'UTC' }).dream({ mode: 'experience', now });
    expect(report).toMatchObject({ reviewer: 'model', review_error: null });
    const shown = fake.requests.map((r) => userText(r.body)).find((t) => t.includes(s.launch.id))!;
    expect(shown).toContain('memories of semantic and episodic kinds that look alike');
    expect(shown).toContain(s.meeting.id);
    expect(fake.allText()).not.toContain('sk-live-staging-0001');
    expect(JSON.stringify(fake.requests.map((r) => r.body.messages))).toContain('are not merged or superseded together');

    const launch = store.memories.get(s.launch.id)!;
    expect(launch.text).toBe('The Atlas launch is on 17 March (moved from 3 March)');
    expect(launch.superseded_by).toBeNull();
    expect(store.memories.get(s.meeting.id)!.superseded_by).toBeNull();
    expect(store.memories.history(s.launch.id)[0]).toMatchObject({ snapshot: { text: 'The Atlas launch is on 3 March' } });
    // The episode's source now backs the fact too: forgetting it forgets what it taught.
    const epSources = store.memories.provenance(s.meeting.id).map((p) => p.source_id);
    expect(store.memories.provenance(s.launch.id).map((p) => p.source_id)).toEqual(expect.arrayContaining(epSources));
    expect(report.window!.kinds.semantic).toMatchObject({ rewritten: 1, superseded: 1 });
    expect(report.llm_calls).toBe(fake.requests.length);
  });

  it('the model going away keeps the rules\' changes and the checkpoint where it was', async () => {
    const now = Date.now();
    const s = seedWindow(now);
    fake.setHandler(() => ({ status: 500 }));
    const report = await createBrain({ store, llm: anthropic(), timeZone: 'UTC' }).dream({ mode: 'experience', now });
    expect(report.review_error).toMatch(/experience window/);
    expect(report.window!.checkpoint_saved).toBe(false);
    expect(store.memories.get(s.mgrOld.id)!.superseded_by).toBe(s.mgrNew.id);
    const cp = readCheckpoint(store)!;
    expect(cp.stopped).toMatch(/experience window/);
    expect(cp.through).toBe(report.window!.since);
  });
});

describe('engram dream --mode experience', () => {
  it('--dry-run prints the window, its counts per kind and the diff; --since only with this mode', async () => {
    const s = seedWindow(Date.now());
    await store.close();
    const dry = await cli(dreamCommand, ['--mode', 'experience', '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.out).toMatch(/window: \S+ → \S+ \(no earlier run: 30 days back\) · episodic 3 new or changed \(1 merged\) · semantic 1 new or changed \(1 superseded\) · knowledge_vault 1 new or changed \(1 merged\) · checkpoint unchanged \(dry run\)/);
    expect(dry.out).toContain(`      - [${s.mgrOld.id}] Ana is the user's manager — Ana is the user's manager.`);
    const since = await cli(dreamCommand, ['--mode', 'experience', '--dry-run', '--since', '90 days ago']);
    expect(since.out).toContain('(--since) · episodic 3 new or changed');
    await expect(cli(dreamCommand, ['--mode', 'semantic', '--since', 'yesterday'])).rejects.toThrow(/--since goes with --mode experience/);
    await expect(cli(dreamCommand, ['--mode', 'experience', '--since', 'blorp'])).rejects.toThrow(/cannot understand the time/);
    store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: new HashEmbedder(64) });
    expect(readCheckpoint(store)).toBeNull();
  });
});
