import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ExperienceMemory, jeffreysLowerBound } from '../../agents/experience/index.js';
import { BRAIN_SETTINGS_KEY } from '../../agents/meta/index.js';
import { openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';
import { MCP_OFF_MESSAGE, MCP_SETTINGS_KEY } from '../../electron/hosts/mcp/index.js';
import { seedStore, VAULT_CANARY } from '../fixtures/portability/seed-store.js';
import { engramMcpTransport } from '../helpers/mcp-client.js';

const HOUR = 3_600_000;
const TOOLS = [
  'search_memory',
  'recent_activity',
  'get_memory',
  'recommend_action',
  'recall_experiences',
  'recent_experiences',
  'record_experience',
  'record_failure',
  'supersede_experience',
  'reflect_experiences',
  'memory_stats',
];
const READ_ONLY_TOOLS = ['search_memory', 'recent_activity', 'get_memory', 'recommend_action', 'recall_experiences', 'recent_experiences', 'memory_stats'];
const DAY = 24 * HOUR;

interface Connected {
  client: Client;
  transport: StdioClientTransport;
  stderr: () => string;
}

async function connect(dir: string, key: Buffer): Promise<Connected> {
  const { transport, stderr } = engramMcpTransport(dir, key);
  const client = new Client({ name: 'engram-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, transport, stderr };
}

const text = (r: CallToolResult): string => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

describe('engram mcp over stdio, with the SDK client', { timeout: 120_000 }, () => {
  let dir: string;
  let key: Buffer;
  let store: EngramStore;
  let seeded: ReturnType<typeof seedStore>;
  let mcp: Connected;
  let leakedMessageMemory: string;
  let leakyEpisode: string;
  const everything: string[] = [];

  async function call(name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
    const r = (await mcp.client.callTool({ name, arguments: args })) as CallToolResult;
    everything.push(JSON.stringify(r));
    return r;
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'engram-mcp-'));
    key = randomBytes(32);
    store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: null });
    seeded = seedStore(store);
    const now = Date.now();
    store.memories.insert({ kind: 'episodic', title: 'Reviewed pull request 42', text: 'Reviewed pull request 42 (retry logic) in GitHub', app: 'Firefox', occurred_at: now - 2 * HOUR, ended_at: now - 1.5 * HOUR });
    store.memories.insert({ kind: 'episodic', title: 'Debugged the flaky login test', text: 'Debugged the flaky login test in VS Code', app: 'Code', occurred_at: now - 30 * HOUR });
    store.memories.insert({ kind: 'episodic', title: 'Planned the offsite', text: 'Planned the team offsite in a spreadsheet', app: 'Sheets', occurred_at: now - 10 * 24 * HOUR });
    // A chat message with the vault secret in it (chat text is not redacted), cited by a fact...
    const thread = store.threads.create('Credentials');
    const msg = store.messages.insert({ thread_id: thread.id, role: 'user', text: `the staging db password is ${VAULT_CANARY}, keep it`, raw: null });
    leakedMessageMemory = store.memories.insert({ kind: 'semantic', text: 'The user keeps the staging database password in Engram', provenance: [{ source_type: 'message', source_id: msg.id }] }).id;
    // ...and an episode whose text kept the secret (as if redaction had missed it).
    leakyEpisode = store.memories.insert({ kind: 'episodic', text: `Typed ${VAULT_CANARY} into the staging console`, occurred_at: now - 3 * HOUR }).id;

    const xp = new ExperienceMemory(store, { searchMode: 'bm25' });
    const task = 'start the vite dev server';
    for (let i = 0; i < 9; i++) xp.record({ task, action: 'kill the stale process on port 5173', outcome: 'success' });
    xp.record({ task, action: 'kill the stale process on port 5173', outcome: 'failure', reason: 'permission denied' });
    xp.record({ task, action: 'reboot the machine', outcome: 'success' });
    for (let i = 0; i < 3; i++) xp.recordFailure(task, 'change the port in vite.config.ts', 'the proxy still pointed at 5173');
    mcp = await connect(dir, key);
  });

  afterAll(async () => {
    await mcp?.client.close();
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists every tool, with read-only annotations on the read tools only', async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...TOOLS].sort());
    for (const t of tools) {
      expect(t.description?.length, t.name).toBeGreaterThan(20);
      expect(t.inputSchema.type).toBe('object');
      expect(t.outputSchema, t.name).toBeDefined();
      expect(t.annotations?.readOnlyHint, t.name).toBe(READ_ONLY_TOOLS.includes(t.name));
      expect(t.annotations?.destructiveHint, t.name).toBe(false);
    }
    expect(mcp.client.getServerVersion()?.name).toBe('engram');
    expect(mcp.client.getInstructions()).toMatch(/search_memory/);
  });

  it('search_memory finds facts by words, filters by kind and time window', async () => {
    const r = await call('search_memory', { query: 'manager Ana Lopez' });
    expect(r.isError).toBeFalsy();
    const data = r.structuredContent as { results: { memory: { id: string; kind: string; text: string } }[] };
    expect(data.results[0]!.memory.id).toBe(seeded.ids.semantic);
    expect(text(r)).toContain('Ana Lopez');
    // The superseded fact is not offered.
    expect(data.results.some((x) => x.memory.id === seeded.ids.superseded)).toBe(false);

    const onlyEpisodes = await call('search_memory', { query: 'deck Keynote Q3', kinds: ['episodic'] });
    const eps = (onlyEpisodes.structuredContent as typeof data).results;
    expect(eps.length).toBeGreaterThan(0);
    expect(eps.every((x) => x.memory.kind === 'episodic')).toBe(true);

    const recent = await call('search_memory', { query: 'pull request login test offsite', since: '2 days ago' });
    const ids = (recent.structuredContent as typeof data).results.map((x) => x.memory.text);
    expect(ids.some((t) => t.includes('pull request 42'))).toBe(true);
    expect(ids.some((t) => t.includes('flaky login'))).toBe(true);
    expect(ids.some((t) => t.includes('offsite'))).toBe(false);
    expect((recent.structuredContent as { time_window: { from: string } }).time_window.from).toMatch(/^\d{4}-/);

    const iso = await call('search_memory', { query: 'deck', time_range: '2026-11-20T00:00:00Z/2026-11-21T00:00:00Z' });
    expect((iso.structuredContent as typeof data).results.map((x) => x.memory.id)).toContain(seeded.ids.episodic);

    const none = await call('search_memory', { query: 'deck', until: '2001-01-01' });
    expect(none.isError).toBeFalsy();
    expect(text(none)).toMatch(/No memories match/);
  });

  it('search_memory brings the screen passage that matched, with the words marked', async () => {
    const o = store.observations.insert({
      kind: 'screen', frame_id: null, audio_id: null, display: '0', observed_at: Date.now() - HOUR, app: 'Chromium', title: 'Check-in — Northwind Air', url: null, caption: null,
      text: 'Northwind Air check-in\n\nBoarding closes 25 minutes before departure at gate B14 for flight NW 482.',
    });
    store.memories.insert({ kind: 'episodic', title: 'Browsed "Check-in — Northwind Air"', text: 'Browsed the check-in page', app: 'Chromium', occurred_at: Date.now() - HOUR, provenance: [{ source_type: 'observation', source_id: o.id }] });
    const r = await call('search_memory', { query: 'boarding gate' });
    const data = r.structuredContent as { results: { passages?: { marked: string; window_title: string | null }[] }[] };
    expect(data.results[0]!.passages?.[0]).toMatchObject({ window_title: 'Check-in — Northwind Air' });
    expect(data.results[0]!.passages?.[0]!.marked).toContain('**Boarding** closes 25 minutes before departure at **gate** B14');
    expect(text(r)).toMatch(/matched on screen: .*\*\*Boarding\*\* closes/);
  });

  it('recent_activity lists episodes of a window in time order (default: last 24 hours)', async () => {
    const day = await call('recent_activity');
    const events = (day.structuredContent as { events: { text: string }[] }).events.map((e) => e.text);
    expect(events.some((t) => t.includes('pull request 42'))).toBe(true);
    expect(events.some((t) => t.includes('flaky login'))).toBe(false);
    const two = await call('recent_activity', { time_range: 'last 2 days' });
    const list = (two.structuredContent as { events: { text: string; occurred_at: string }[] }).events;
    expect(list.map((e) => e.text).some((t) => t.includes('flaky login'))).toBe(true);
    const times = list.map((e) => Date.parse(e.occurred_at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const app = await call('recent_activity', { time_range: 'last 2 days', app: 'Code' });
    expect((app.structuredContent as { events: { app: string }[] }).events.map((e) => e.app)).toEqual(['Code']);
  });

  it('get_memory returns one memory with its sources and, on request, its history', async () => {
    const r = await call('get_memory', { id: seeded.ids.episodic! });
    const data = r.structuredContent as { memory: { id: string }; sources: { source_type: string; available: boolean; excerpt: string | null; app: string | null }[] };
    expect(data.memory.id).toBe(seeded.ids.episodic);
    expect(data.sources.map((s) => s.source_type).sort()).toEqual(['frame', 'observation']);
    expect(data.sources.every((s) => s.available)).toBe(true);
    expect(data.sources.find((s) => s.source_type === 'observation')!.excerpt).toBe('Q3 revenue slide draft');
    expect(text(r)).toContain('Sources:');

    const h = await call('get_memory', { id: seeded.ids.procedural!, include_history: true });
    const hist = (h.structuredContent as { history: { version: number; reason: string }[] }).history;
    expect(hist.map((x) => x.reason)).toEqual(['clarified', 'added npm ci']);

    const missing = await call('get_memory', { id: 'mem_0000000000aaaaaaaaaaaaaaaa' });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toMatch(/no memory mem_0000000000aaaaaaaaaaaaaaaa/);
  });

  it('never lets a knowledge-vault secret out: not the field, not a copy in text, not a quoted source', async () => {
    const s = await call('search_memory', { query: 'staging database password' });
    const vault = (s.structuredContent as { results: { memory: { id: string; kind: string; fields: Record<string, unknown> } }[] }).results.find((x) => x.memory.kind === 'knowledge_vault');
    expect(vault?.memory.id).toBe(seeded.ids.vault);
    expect(vault!.memory.fields.secret).toMatch(/withheld/);
    expect(vault!.memory.fields.masked).toBeUndefined();
    await call('get_memory', { id: seeded.ids.vault!, include_history: true });
    const fromMessage = await call('get_memory', { id: leakedMessageMemory });
    // Masked in the quote: by the store itself since a vault write re-scrubs what was kept (trust53), else by MCP's own withholding.
    expect(text(fromMessage)).toMatch(/staging db password is \[(?:redacted:password|withheld: knowledge-vault secret)\]/);
    await call('get_memory', { id: leakyEpisode });
    await call('recent_activity', { time_range: 'last 6 hours' });
    await call('search_memory', { query: 'staging console typed' });
    await call('search_memory', { query: VAULT_CANARY });
    for (const r of everything) expect(r.includes(VAULT_CANARY)).toBe(false);
    expect(everything.join('\n')).toContain('[withheld: knowledge-vault secret]');
  });

  it('recommend_action picks the reliable action and lists what only failed; recall_experiences filters to failures', async () => {
    const r = await call('recommend_action', { task: 'start the vite dev server' });
    const rec = (r.structuredContent as { recommendation: { action: string; confidence: number; successes: number; failures: number; tried_failed: { action: string }[] } }).recommendation;
    expect(rec.action).toBe('kill the stale process on port 5173');
    // 9 here plus the one in the seeded store.
    expect(rec.successes).toBe(10);
    expect(rec.failures).toBe(1);
    expect(rec.confidence).toBeGreaterThan(0.5);
    expect(rec.tried_failed.map((f) => f.action)).toEqual(['change the port in vite.config.ts']);
    expect(text(r)).toMatch(/Tried, failed: change the port/);

    const none = await call('recommend_action', { task: 'bake sourdough bread' });
    expect((none.structuredContent as { recommendation: null }).recommendation).toBeNull();

    const failures = await call('recall_experiences', { task: 'start the vite dev server', outcome: 'failure' });
    const xs = (failures.structuredContent as { experiences: { outcome: string; reason: string | null }[] }).experiences;
    expect(xs.length).toBe(4);
    expect(xs.every((x) => x.outcome === 'failure')).toBe(true);
    expect(xs.some((x) => x.reason === 'the proxy still pointed at 5173')).toBe(true);

    const latest = await call('recall_experiences', { limit: 3 });
    expect((latest.structuredContent as { experiences: unknown[] }).experiences).toHaveLength(3);
  });

  it('record_experience and record_failure write to the shared store, and recommendations follow', async () => {
    const ok = await call('record_experience', { task: 'publish the docs site', action: 'run npm run docs:deploy', outcome: 'success', reason: 'worked first time' });
    expect(ok.isError).toBeFalsy();
    const id = (ok.structuredContent as { id: string }).id;
    // Written by the server process, read here from the same data dir.
    const m = store.memories.get(id)!;
    expect(m.fields).toMatchObject({ entry_type: 'experience', task: 'publish the docs site', outcome: 'success' });

    const bad = await call('record_failure', { task: 'publish the docs site', action: 'push to gh-pages by hand', reason: 'the CNAME file was lost' });
    expect((bad.structuredContent as { outcome: string }).outcome).toBe('failure');
    const r = await call('recommend_action', { task: 'publish the docs site' });
    const rec = (r.structuredContent as { recommendation: { action: string; tried_failed: { action: string }[] } }).recommendation;
    expect(rec.action).toBe('run npm run docs:deploy');
    expect(rec.tried_failed.map((f) => f.action)).toContain('push to gh-pages by hand');
  });

  it('record_experience with supersedes, and supersede_experience, take an experience out of recommendations, kept in history', async () => {
    const first = await call('record_experience', { task: 'rotate the API token', action: 'paste the token in .env', outcome: 'success' });
    const wrongId = (first.structuredContent as { id: string }).id;
    const second = await call('record_experience', { task: 'rotate the API token', action: 'paste the token in .env', outcome: 'failure', reason: 'the service cached the old token', supersedes: wrongId });
    expect(second.isError).toBeFalsy();
    const secondData = second.structuredContent as { id: string; superseded: string | null };
    expect(secondData.superseded).toBe(wrongId);
    expect(text(second)).toContain(`${wrongId} is superseded by it`);
    expect(store.memories.get(wrongId)!.superseded_by).toBe(secondData.id);
    const none = await call('recommend_action', { task: 'rotate the API token' });
    expect((none.structuredContent as { recommendation: unknown }).recommendation).toBeNull();

    const ok = (await call('record_experience', { task: 'rotate the API token', action: 'restart the service after rotating', outcome: 'success' })).structuredContent as { id: string };
    const sup = await call('supersede_experience', { id: secondData.id, by: ok.id });
    expect(sup.isError).toBeFalsy();
    expect((sup.structuredContent as { experience: { id: string; superseded_by: string } }).experience).toMatchObject({ id: secondData.id, superseded_by: ok.id });
    expect(store.memories.history(secondData.id).length).toBeGreaterThan(0);
    const xs = (await call('recall_experiences', { task: 'rotate the API token' })).structuredContent as { experiences: { id: string }[] };
    expect(xs.experiences.map((e) => e.id)).toEqual([ok.id]);

    // Bad ids: one line each, and nothing written.
    const before = store.memories.count({ experiences: true, includeSuperseded: true });
    const bad = await call('record_experience', { task: 'rotate the API token', action: 'x', outcome: 'success', supersedes: 'mem_0000000000aaaaaaaaaaaaaaaa' });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toBe('no experience mem_0000000000aaaaaaaaaaaaaaaa');
    const self = await call('supersede_experience', { id: ok.id, by: ok.id });
    expect(text(self)).toBe('an experience cannot supersede itself');
    const notExp = await call('supersede_experience', { id: seeded.ids.semantic!, by: ok.id });
    expect(text(notExp)).toBe(`no experience ${seeded.ids.semantic}`);
    expect(store.memories.count({ experiences: true, includeSuperseded: true })).toBe(before);
  });

  it('recent_experiences lists the latest, newest first, by outcome and since', async () => {
    const r = await call('recent_experiences', { limit: 2 });
    const xs = (r.structuredContent as { experiences: { id: string; action: string; at: string }[] }).experiences;
    expect(xs).toHaveLength(2);
    expect(Date.parse(xs[0]!.at)).toBeGreaterThanOrEqual(Date.parse(xs[1]!.at));
    const latest = store.memories.list({ kinds: ['procedural'], experiences: true, order: 'newest', limit: 1 })[0]!;
    expect(xs[0]!.id).toBe(latest.id);
    const failures = (await call('recent_experiences', { outcome: 'failure', limit: 50 })).structuredContent as { experiences: { outcome: string }[] };
    expect(failures.experiences.length).toBeGreaterThan(0);
    expect(failures.experiences.every((e) => e.outcome === 'failure')).toBe(true);
    const future = await call('recent_experiences', { since: '2999-01-01' });
    expect((future.structuredContent as { experiences: unknown[] }).experiences).toEqual([]);
    expect(text(future)).toMatch(/No experiences recorded since 2999-01-01/);
    const words = await call('recent_experiences', { since: 'the day the music died' });
    expect(words.isError).toBe(true);
    expect(text(words)).toMatch(/cannot understand the time/);
  });

  it('reflect_experiences keeps a reflection that recall_experiences then shows; a second one supersedes it', async () => {
    const r = await call('reflect_experiences', { task: 'start the vite dev server', note: 'check for a stale process first' });
    expect(r.isError).toBeFalsy();
    const refl = (r.structuredContent as { reflection: { id: string; worked: string[]; failed: string[]; note: string; based_on: string[] } }).reflection;
    expect(refl.worked[0]).toMatch(/^kill the stale process on port 5173 — worked 10 of 11/);
    expect(refl.failed).toEqual(['change the port in vite.config.ts — failed 3 of 3 (the proxy still pointed at 5173)']);
    expect(refl.note).toBe('check for a stale process first');
    expect(store.memories.get(refl.id)!.fields.entry_type).toBe('reflection');

    const recall = await call('recall_experiences', { task: 'start the vite dev server' });
    const data = recall.structuredContent as { reflections: { id: string }[]; experiences: unknown[] };
    expect(data.reflections.map((x) => x.id)).toEqual([refl.id]);
    expect(data.experiences.length).toBeGreaterThan(0);
    expect(text(recall)).toMatch(/^Reflection on "start the vite dev server"/);
    expect(text(recall)).toContain('  note: check for a stale process first');

    const again = await call('reflect_experiences', { task: 'start the vite dev server' });
    expect((again.structuredContent as { superseded: string }).superseded).toBe(refl.id);
    const after = (await call('recall_experiences', { task: 'start the vite dev server' })).structuredContent as { reflections: { id: string }[] };
    expect(after.reflections.map((x) => x.id)).toEqual([(again.structuredContent as { reflection: { id: string } }).reflection.id]);

    const nothing = await call('reflect_experiences', { task: 'bake sourdough bread' });
    expect(nothing.isError).toBe(true);
    expect(text(nothing)).toBe('no experiences with tasks like "bake sourdough bread" to reflect on');
  });

  it('honours the half-life setting: it reorders, while counts and confidence stay exact', async () => {
    const xp = new ExperienceMemory(store, { searchMode: 'bm25' });
    const now = Date.now();
    for (let i = 0; i < 6; i++) xp.record({ task: 'print the quarterly report', action: 'use the old printer', outcome: 'success' }, [], now - 365 * DAY - i * 1000);
    for (let i = 0; i < 3; i++) xp.record({ task: 'print the quarterly report', action: 'use the new printer', outcome: 'success' }, [], now - DAY - i * 1000);
    type Rec = { action: string; successes: number; failures: number; confidence: number; alternatives: { action: string; successes: number; confidence: number }[] };
    const plain = (await call('recommend_action', { task: 'print the quarterly report' })).structuredContent as { recommendation: Rec; half_life_days: number | null };
    expect(plain.half_life_days).toBeNull();
    expect(plain.recommendation.action).toBe('use the old printer');
    store.settings.set(BRAIN_SETTINGS_KEY, { experience_half_life_days: 30 });
    try {
      // The running server reads the setting on each call.
      const aged = await call('recommend_action', { task: 'print the quarterly report' });
      const d = aged.structuredContent as { recommendation: Rec; half_life_days: number };
      expect(d.half_life_days).toBe(30);
      expect(d.recommendation.action).toBe('use the new printer');
      expect(d.recommendation.successes).toBe(3);
      const old = d.recommendation.alternatives.find((a) => a.action === 'use the old printer')!;
      expect(old.successes).toBe(6);
      expect(old.confidence).toBe(plain.recommendation.confidence);
      expect(old.confidence).toBeCloseTo(jeffreysLowerBound(6, 0), 6);
      expect(text(aged)).toMatch(/half-life 30 days/);
    } finally {
      store.settings.set(BRAIN_SETTINGS_KEY, {});
    }
  });

  it('recommend_action explores by Thompson sampling when asked, repeatably with a seed', async () => {
    const picks = new Set<string>();
    for (let seed = 0; seed < 10; seed++) {
      const a = (await call('recommend_action', { task: 'start the vite dev server', explore: true, seed })).structuredContent as { recommendation: { action: string; strategy: string } };
      const b = (await call('recommend_action', { task: 'start the vite dev server', explore: true, seed })).structuredContent as { recommendation: { action: string } };
      expect(a.recommendation.strategy).toBe('thompson');
      expect(b.recommendation.action).toBe(a.recommendation.action);
      picks.add(a.recommendation.action);
    }
    // The only-failed action is never drawn.
    expect(picks.has('change the port in vite.config.ts')).toBe(false);
    const weighted = await call('recommend_action', { task: 'start the vite dev server', weight_by_relevance: true });
    expect((weighted.structuredContent as { recommendation: { action: string } }).recommendation.action).toBe('kill the stale process on port 5173');
  });

  it('memory_stats matches the store', async () => {
    const r = await call('memory_stats');
    const d = r.structuredContent as { memories: Record<string, number>; sources: Record<string, number> };
    const s = store.stats().counts;
    expect(d.memories).toEqual({ core: s.core, episodic: s.episodic, semantic: s.semantic, procedural: s.procedural, resource: s.resource, knowledge_vault: s.knowledge_vault, experience: s.experience });
    expect(d.sources).toEqual({ frames: s.frames, observations: s.observations, messages: s.messages });
  });

  it('answers malformed arguments with an MCP error and keeps serving', async () => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['search_memory', { query: 5 }, /Input validation error/],
      ['search_memory', {}, /Input validation error/],
      ['search_memory', { query: 'x', limit: 10_000 }, /Input validation error/],
      ['search_memory', { query: 'x', kinds: ['gossip'] }, /Input validation error/],
      ['search_memory', { query: 'x', since: 'the day the music died' }, /cannot understand the time/],
      ['search_memory', { query: 'x', since: '2026-13-45' }, /not a valid ISO date/],
      ['search_memory', { query: 'x', since: '2026-01-02', until: '2026-01-01' }, /ends before it starts/],
      ['get_memory', { id: '../../etc/passwd' }, /Input validation error/],
      ['record_experience', { task: 'x', action: 'y', outcome: 'maybe' }, /Input validation error/],
      ['record_failure', { task: 'x', action: 'y' }, /Input validation error/],
      ['recall_experiences', { outcome: 'meh' }, /Input validation error/],
      ['recent_experiences', { limit: 0 }, /Input validation error/],
      ['supersede_experience', { id: 'x' }, /Input validation error/],
      ['reflect_experiences', { task: '' }, /Input validation error/],
      ['recommend_action', { task: 'x', seed: -1, explore: true }, /Input validation error/],
      ['recommend_action', { task: 'x', group_by: 'vibes' }, /Input validation error/],
      ['no_such_tool', {}, /not found/],
    ];
    for (const [name, args, msg] of cases) {
      const r = await call(name, args);
      expect(r.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
      expect(text(r), name).toMatch(msg);
      expect(text(r)).not.toMatch(/\n\s+at /);
    }
    // Arguments that are not an object at all: a protocol-level error, still no crash.
    await expect(mcp.client.request({ method: 'tools/call', params: { name: 'search_memory', arguments: 'nope' } } as never, (await import('@modelcontextprotocol/sdk/types.js')).CallToolResultSchema)).rejects.toThrow();
    const { tools } = await mcp.client.listTools();
    expect(tools).toHaveLength(TOOLS.length);
    expect((await call('memory_stats')).isError).toBeFalsy();
    expect(mcp.stderr()).not.toMatch(/\n\s+at /);
  });

  it('the setting turns the whole server off: calls are refused at once, and a new server will not start', async () => {
    store.settings.set(MCP_SETTINGS_KEY, { enabled: false });
    // Counted here, so the check does not depend on what earlier tests recorded.
    const experiencesBefore = store.memories.count({ experiences: true });
    try {
      const r = await call('search_memory', { query: 'manager' });
      expect(r.isError).toBe(true);
      expect(text(r)).toBe(MCP_OFF_MESSAGE);
      expect((await call('record_experience', { task: 't', action: 'a', outcome: 'success' })).isError).toBe(true);
      expect(store.memories.count({ experiences: true })).toBe(experiencesBefore);

      const { transport, stderr } = engramMcpTransport(dir, key);
      const client = new Client({ name: 'engram-test', version: '1.0.0' });
      await expect(client.connect(transport)).rejects.toThrow();
      await client.close().catch(() => undefined);
      expect(stderr().trim()).toBe(`engram: mcp: ${MCP_OFF_MESSAGE}`);
    } finally {
      store.settings.set(MCP_SETTINGS_KEY, { enabled: true });
    }
    expect((await call('memory_stats')).isError).toBeFalsy();
  });
});
