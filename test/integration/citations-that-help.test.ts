import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, StaticKeyProvider, HashEmbedder, type EngramStore } from '../../agents/store/index.js';
import { startEngram, type Engram } from '../../electron/engine/index.js';
import type { ChatCitation } from '../../shared/api/index.js';
import { cliInProcess } from '../bench/in-process-cli.js';
import { startFakeAnthropic, type FakeAnthropic } from '../fakes/fake-anthropic-server.js';

/**
 * Citations that help (issue 35), end to end: through chat.send on the engine's in-process client
 * and through `engram ask`, with a model that marks every memory it was shown and offline. Beside
 * the one fact that answers sit memories that mention the subject (deploy notes) and a day of noise
 * a user would delete (labels, statement lines, a recipe); the cited set is judged against that
 * key, written here by hand, not by the filter's own rule.
 */

const QUESTION = 'What is the staging VPN profile called?';
// The key: the answer; memories about its subject (they may be cited); one that only shares a word
// of the question (it may be cited, never before the answer); noise that must never be cited.
const ANSWER = { kind: 'semantic', title: 'Staging VPN profile', text: 'The staging VPN profile is called orca-west.' } as const;
const ABOUT = Array.from({ length: 5 }, (_, i) => `Deploy ${i + 1} to staging went over the VPN profile at ${9 + i}:15`);
const NEAR = ['Profile photo updated on the intranet'];
const NOISE = [
  'Inbox — Starred — Drafts — Sent', 'Save · Cancel · Export · Share', 'Statement 03/2026: coffee 4.20, rent 950.00',
  'Lemon tart recipe: butter, sugar, lemons', 'Route: 12 min via Ring Road', 'Weekly planning doc opened',
  'Pull request 482: bump dependencies', 'Standup notes: nothing blocking', 'Quarterly report draft v3',
  'Calendar: dentist on Friday', 'Music: Focus playlist', 'Photos: 14 new items', 'Grocery list: milk, eggs, bread',
  'Terminal: npm run build', 'Notes: ideas for the offsite',
];
const KINDS = ['episodic', 'resource', 'semantic'] as const;

interface Seeded {
  answer: string;
  about: Set<string>;
  near: Set<string>;
  noise: Set<string>;
  /** What each memory says, to name a wrong citation. */
  text: Map<string, string>;
}

async function seed(store: EngramStore): Promise<Seeded> {
  const answer = store.memories.insert({ ...ANSWER }).id;
  const about = ABOUT.map((t, i) => store.memories.insert({ kind: KINDS[i % 2]!, title: t.slice(0, 32), text: t, fields: i % 2 === 0 ? { event_type: 'deploy' } : undefined }).id);
  const noise = NOISE.map((t, i) => store.memories.insert({ kind: KINDS[i % 3]!, title: t.slice(0, 32), text: t, fields: i % 3 === 0 ? { event_type: 'message' } : undefined }).id);
  // Inserted last: the newest events, which retrieval adds as background to a question without a window.
  const near = NEAR.map((t) => store.memories.insert({ kind: 'episodic', title: t, text: t, fields: { event_type: 'message' } }).id);
  await store.flushEmbeddings();
  const text = new Map([[answer, ANSWER.text], ...about.map((id, i) => [id, ABOUT[i]!] as const), ...near.map((id, i) => [id, NEAR[i]!] as const), ...noise.map((id, i) => [id, NOISE[i]!] as const)]);
  return { answer, about: new Set(about), near: new Set(near), noise: new Set(noise), text };
}

/** A model that marks every memory the prompt numbered, as weak models do: [1] [2] … after the answer. */
function citeEverything(fake: FakeAnthropic): void {
  fake.setHandler((req) => {
    const prompt = JSON.stringify(req.body);
    const numbers = [...new Set([...prompt.matchAll(/\[(\d{1,3})\]/g)].map((m) => Number(m[1])))].sort((a, b) => a - b);
    return { text: `The staging VPN profile is called orca-west. Sources: ${numbers.map((n) => `[${n}]`).join(' ')}` };
  });
}

/**
 * The cited set helps: the answer among it (first when `answerFirst`), nothing of the noise, at most
 * six, each kind together. Offline, which memory leads follows the answer's own first sentence (the
 * fact sentence picks it, not this filter), so there only its presence is asked.
 */
function expectHelpful(citations: readonly ChatCitation[], s: Seeded, numbered: number, answerFirst: boolean): void {
  const ids = citations.map((c) => c.memory_id);
  const said = ids.map((id) => s.text.get(id)).join(' | ');
  if (answerFirst) expect(ids[0], `cited: ${said}`).toBe(s.answer);
  else expect(ids, `cited: ${said}`).toContain(s.answer);
  expect(ids.filter((id) => s.noise.has(id)).map((id) => s.text.get(id)), 'noise was cited').toEqual([]);
  for (const id of ids) expect(id === s.answer || s.about.has(id) || s.near.has(id), `${s.text.get(id)} is neither the answer nor about it`).toBe(true);
  expect(citations.length).toBeLessThanOrEqual(6);
  expect(new Set(ids).size).toBe(ids.length);
  const kinds = citations.map((c) => c.kind);
  expect(kinds.filter((k, i) => i === 0 || kinds[i - 1] !== k), `kinds out of their groups: ${kinds.join(' ')}`).toEqual([...new Set(kinds)]);
  // The filter had something to remove: the prompt showed more than it cites.
  expect(numbered).toBeGreaterThan(citations.length);
}

let fake: FakeAnthropic;
beforeAll(async () => {
  fake = await startFakeAnthropic();
  citeEverything(fake);
});
afterAll(async () => {
  await fake.close();
});

describe('citations that help, through chat.send', () => {
  let dir: string;
  let store: EngramStore;
  let seeded: Seeded;
  let online: Engram;
  let offline: Engram;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'engram-cite-send-'));
    store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(randomBytes(32)), embedder: new HashEmbedder(256) });
    seeded = await seed(store);
    const env = { ANTHROPIC_API_KEY: 'test-key', ENGRAM_ANTHROPIC_BASE_URL: fake.url };
    online = await startEngram({ store, host: 'headless', version: 't', env, chat: { topics: false } });
    offline = await startEngram({ store, host: 'headless', version: 't', env: {}, chat: { topics: false } });
  });
  afterAll(async () => {
    await online?.close();
    await offline?.close();
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function send(engram: Engram): Promise<{ citations: ChatCitation[]; numbered: number; mode: string }> {
    let numbered = 0;
    const off = engram.client.on('chat.retrieval', (e) => void (numbered = Math.max(numbered, e.memories.length)));
    try {
      const turn = await engram.client.call('chat.send', { text: QUESTION });
      return { citations: turn.citations, numbered, mode: turn.mode };
    } finally {
      off();
    }
  }

  it('a model that marks everything it was shown: only the memories that help are cited', async () => {
    const turn = await send(online);
    expect(turn.mode).toBe('llm');
    expectHelpful(turn.citations, seeded, turn.numbered, true);
  });

  it('offline: the same rule for the answer assembled from memories', async () => {
    const turn = await send(offline);
    expect(turn.mode).toBe('offline');
    expectHelpful(turn.citations, seeded, turn.numbered, false);
  });
});

describe('citations that help, through engram ask', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let seeded: Seeded;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'engram-cite-ask-'));
    const key = randomBytes(32);
    // ENGRAM_EMBEDDER=hash is HashEmbedder(256): the CLI searches the vectors seeded here.
    const store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: new HashEmbedder(256) });
    seeded = await seed(store);
    await store.close();
    env = { ENGRAM_KEY: key.toString('hex'), ENGRAM_EMBEDDER: 'hash', PATH: process.env.PATH ?? '', ANTHROPIC_API_KEY: 'test-key', ENGRAM_ANTHROPIC_BASE_URL: fake.url };
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  async function ask(...flags: string[]): Promise<{ citations: ChatCitation[]; retrieved: unknown[] }> {
    const r = await cliInProcess(['--data-dir', dir, 'ask', QUESTION, '--json', '--no-topics', ...flags], env);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    return JSON.parse(r.out) as { citations: ChatCitation[]; retrieved: unknown[] };
  }

  it('with a model that marks everything: only the memories that help are cited', async () => {
    const out = await ask();
    expectHelpful(out.citations, seeded, out.retrieved.length, true);
  });

  it('--offline: the same', async () => {
    const out = await ask('--offline');
    expectHelpful(out.citations, seeded, out.retrieved.length, false);
  });
});
