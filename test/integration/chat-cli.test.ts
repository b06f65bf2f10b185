import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { HashEmbedder, openStore, StaticKeyProvider } from '../../agents/store/index.js';
import type { CliContext } from '../../electron/hosts/cli/command.js';
import { parseCommandArgs } from '../../electron/hosts/cli/args.js';
import { askCommand } from '../../electron/hosts/cli/commands/ask.js';
import { chatCommand } from '../../electron/hosts/cli/commands/chat.js';
import { revealCommand } from '../../electron/hosts/cli/commands/reveal.js';
import { startFakeAnthropic, type FakeAnthropic } from '../fakes/fake-anthropic-server.js';
import { harnessCommand } from '../helpers/harness-bundle.js';
import { ChatLeadExplainSchema } from '../../shared/api/index.js';

const DAY = 86_400_000;
const key = randomBytes(32);
const root = mkdtempSync(join(tmpdir(), 'engram-chat-cli-'));
const dir = join(root, 'data');
let ids: { recent: string; old: string; ana: string; vault: string };
let fake: FakeAnthropic;

beforeAll(async () => {
  fake = await startFakeAnthropic();
  const store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: new HashEmbedder(64) });
  const now = Date.now();
  ids = {
    recent: store.memories.insert({ kind: 'episodic', title: 'MirixDB migration call', text: 'Discussed the MirixDB migration plan with Ana: orders table first.', app: 'Zoom', occurred_at: now - 2 * DAY, ended_at: now - 2 * DAY + 3_600_000 }).id,
    old: store.memories.insert({ kind: 'episodic', title: 'MirixDB rollback review', text: 'Reviewed the MirixDB migration rollback script with Tom.', app: 'Code', occurred_at: now - 6 * DAY }).id,
    ana: store.memories.insert({ kind: 'semantic', title: 'Ana Lopez', text: 'Ana Lopez is the manager of the platform team.', created_at: now - 20 * DAY }).id,
    vault: store.memories.insert({ kind: 'knowledge_vault', title: 'Bank PIN', text: 'PIN of the Northbank debit card', fields: { sensitivity: 'high', secret: '4921', entry_type: 'pin' } }).id,
  };
  await store.flushEmbeddings();
  await store.close();
});
afterAll(async () => {
  await fake.close();
  rmSync(root, { recursive: true, force: true });
});
beforeEach(() => fake.reset());

function context(opts: { env?: NodeJS.ProcessEnv; stdin?: string[]; dataDir?: string } = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const dataDir = opts.dataDir ?? dir;
  const ctx: CliContext = {
    dataDir,
    json: false,
    env: { ...opts.env },
    signal: new AbortController().signal,
    io: { stdout: (t) => void out.push(t), stderr: (t) => void err.push(t), isTty: false, stdin: Readable.from(opts.stdin ?? []) },
    storeSource: () => () => openStore({ dataDir, keyProvider: new StaticKeyProvider(key), embedder: new HashEmbedder(64) }),
  };
  return { ctx, out, err };
}

async function run(cmd: typeof askCommand, argv: string[], c: ReturnType<typeof context>) {
  return cmd.run(parseCommandArgs(argv, cmd.options, cmd.allowPositionals ?? false, cmd.name), c.ctx);
}

describe('engram ask', () => {
  it('--json prints answer, citations, retrieved and the time range; "last 4 days" leaves out 6 days ago', async () => {
    const c = context();
    const code = await run(askCommand, ['What did we discuss about the MirixDB migration in the last 4 days?', '--json', '--offline'], c);
    expect(code).toBe(0);
    expect(c.out).toHaveLength(1);
    const j = JSON.parse(c.out[0]!) as {
      answer: string;
      citations: { n: number; memory_id: string; kind: string }[];
      retrieved: { n: number; memory_id: string; kind: string }[];
      time_range: { from: string; to: string } | null;
      status: string;
      mode: string;
    };
    expect(j.answer).toMatch(/No language model is configured[^\n]*$/);
    expect(j.citations).toContainEqual({ n: expect.any(Number), memory_id: ids.recent, kind: 'episodic' });
    expect(j.retrieved.map((r) => r.memory_id)).not.toContain(ids.old);
    expect(j.citations.map((r) => r.memory_id)).not.toContain(ids.old);
    const span = Date.parse(j.time_range!.to) - Date.parse(j.time_range!.from);
    expect(Math.abs(span - 4 * DAY)).toBeLessThan(60_000);
    expect(j).toMatchObject({ status: 'complete', mode: 'offline' });
  });

  it('--explain adds why the answer leads with its line (zod-checked), and only when asked', async () => {
    const c = context();
    expect(await run(askCommand, ['Who manages the platform team?', '--json', '--offline', '--explain'], c)).toBe(0);
    const j = JSON.parse(c.out[0]!) as { answer: string; explain?: unknown };
    const ex = ChatLeadExplainSchema.parse(j.explain);
    expect(ex.feature_names.length).toBeGreaterThan(10);
    expect(ex.lead.length).toBeGreaterThan(0);
    expect(j.answer.startsWith(ex.chosen === null ? ex.lead : '')).toBe(true);
    const plain = context();
    expect(await run(askCommand, ['Who manages the platform team?', '--json', '--offline'], plain)).toBe(0);
    expect(JSON.parse(plain.out[0]!)).not.toHaveProperty('explain');
  });

  it('streams the model answer to the terminal, then lists the cited sources', async () => {
    fake.setHandler((req) => {
      const sys = (req.body.system as { text: string }[]).map((b) => b.text).join('\n');
      // With a model, the question's topics are extracted first (active retrieval, on by default).
      if (sys.includes('into search topics')) return { text: '{"topics": ["Ana"]}' };
      const n = /\[(\d+)\] fact · .*Ana Lopez/.exec(sys)![1];
      return { text: `Ana Lopez manages the platform team [${n}].`, chunkSize: 5 };
    });
    const c = context({ env: { ANTHROPIC_API_KEY: 'test-key', ENGRAM_ANTHROPIC_BASE_URL: fake.url } });
    const code = await run(askCommand, ['Who is Ana?'], c);
    expect(code).toBe(0);
    const answerChunks = c.out.slice(0, c.out.findIndex((t) => t.startsWith('\n') || t.includes('Sources')));
    expect(answerChunks.length).toBeGreaterThan(3);
    const text = c.out.join('');
    expect(text).toMatch(/^Ana Lopez manages the platform team \[\d+\]\.\n/);
    expect(text).toContain(`Sources:\n  [`);
    expect(text).toContain(`(${ids.ana})`);
    // The topics, then one answer streamed; any other call is the meta-agent learning from the turn.
    expect(fake.requests.filter((r) => r.stream)).toHaveLength(1);
    expect(fake.requests[0]!.stream).not.toBe(true);
    expect(fake.requests[1]!.stream).toBe(true);
  });

  it('keeps a partial answer when the model fails mid-stream: exit 1 and the reason on stderr', async () => {
    // The topics first (active retrieval), then the answer that breaks off.
    fake.enqueue({ text: '{"topics": ["Ana"]}' });
    fake.enqueue({ text: 'Ana Lopez manages the platform team and she also', chunkSize: 4, streamError: { afterEvents: 6, type: 'overloaded_error' } });
    const c = context({ env: { ANTHROPIC_API_KEY: 'test-key', ENGRAM_ANTHROPIC_BASE_URL: fake.url } });
    const code = await run(askCommand, ['Who is Ana?'], c);
    expect(code).toBe(1);
    expect(c.out.join('')).toMatch(/^Ana/);
    expect(c.err.join('')).toMatch(/^engram: the model stopped mid-answer \(.+\); the partial answer is kept\n/);
    // The fake is not scripted for the meta-agent's routing call and answers it in prose ('ok'): that
    // batch goes to the offline rules (issue 30), so learning from the turn does not fail and the
    // partial answer's line is all stderr says.
    expect(c.err.join('')).toMatch(/^engram: the model stopped mid-answer \(.+\); the partial answer is kept\n$/);
    expect(fake.requests.some((r) => !r.stream && Array.isArray(r.body.tools) && r.body.tools.length > 0)).toBe(true);
  });

  it('never sends a high-sensitivity vault item and tells the user it exists', async () => {
    fake.setHandler(() => ({ text: 'That is in your vault; reveal it locally.' }));
    const c = context({ env: { ANTHROPIC_API_KEY: 'test-key', ENGRAM_ANTHROPIC_BASE_URL: fake.url } });
    await run(askCommand, ['What is my Northbank debit card PIN?'], c);
    expect(fake.allText()).not.toContain('4921');
    expect(fake.allText()).not.toContain('PIN of the Northbank debit card');
    expect(c.out.join('')).toContain(`Withheld from the model (high sensitivity): "Bank PIN" (${ids.vault}); reveal it with: engram reveal ${ids.vault}`);
  });

  it('refuses an empty question before touching the data dir, and a 1 MB question from stdin clearly', async () => {
    const fresh = join(root, 'never-created');
    const c = context({ dataDir: fresh });
    await expect(run(askCommand, ['  '], c)).rejects.toThrow('ask: give a question');
    expect(existsSync(fresh)).toBe(false);

    const big = context({ stdin: ['x'.repeat(1_048_576)] });
    await expect(run(askCommand, ['-'], big)).rejects.toThrow(
      'ask: the question is 1,048,576 characters long; the limit is 16,000: shorten it or ask about one part',
    );
  });
});

describe('engram chat', () => {
  it('answers each piped line in one conversation, with /threads and /title', async () => {
    const c = context({ stdin: ['Who is Ana?\n', '\n', 'And the MirixDB migration?\n', '/title Ana and MirixDB\n', '/threads\n', '/quit\n', 'never asked\n'] });
    const code = await run(chatCommand, ['--offline'], c);
    expect(code).toBe(0);
    const text = c.out.join('');
    expect(text.match(/No language model is configured/g)).toHaveLength(2);
    expect(text).toContain('Renamed to "Ana and MirixDB".');
    expect(text).toMatch(/ {2}1\. Ana and MirixDB {2}\(.*\)  ← current/);
    expect(text).not.toContain('never asked');
    // Every turn was handed to the meta-agent before the command returned.
    const store = await openStore({ dataDir: c.ctx.dataDir, keyProvider: new StaticKeyProvider(key), embedder: new HashEmbedder(64) });
    try {
      const thread = store.threads.list().find((t) => t.title === 'Ana and MirixDB')!;
      expect(store.messages.list(thread.id).map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
      expect(store.messages.listUnprocessed(1000).filter((m) => m.thread_id === thread.id)).toEqual([]);
    } finally {
      await store.close();
    }
  });

  it('runs as a real process with stdin piped in', async () => {
    const child = spawn(process.execPath, [...harnessCommand('test/fixtures/chat/cli-driver.ts'), dir, 'chat', '--offline'], {
      env: { ...process.env, ENGRAM_KEY: key.toString('hex') },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdin.end(`Who is Ana?\n${'y'.repeat(20_000)}\nWhat did we discuss about the MirixDB migration in the last 4 days?\n`);
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toContain('engram: the question is 20,000 characters long; the limit is 16,000');
    expect(code).toBe(0);
    expect(stdout).toContain('Ana Lopez is the manager of the platform team.');
    expect(stdout).toContain('Discussed the MirixDB migration plan with Ana');
    // The 6-day-old rollback is outside "the last 4 days" (the first answer, about Ana, may list it:
    // the graph ties it to Ana through MirixDB).
    expect(stdout).toContain('What you did (last 4 days');
    expect(stdout.slice(stdout.indexOf('What you did (last 4 days'))).not.toContain('rollback script');
  }, 60_000);
});

describe('engram reveal', () => {
  it('prints the vault value locally and counts the reveal; refuses other kinds and unknown ids in one line', async () => {
    const c = context();
    expect(await run(revealCommand, [ids.vault], c)).toBe(0);
    expect(c.out.join('')).toBe('4921\n');
    const j = context();
    expect(await run(revealCommand, [ids.vault, '--json'], j)).toBe(0);
    expect(JSON.parse(j.out.join(''))).toEqual({ id: ids.vault, title: 'Bank PIN', secret: '4921' });
    const store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: null });
    try {
      expect(store.counters.get('vault.reveals')).toBeGreaterThanOrEqual(2);
    } finally {
      await store.close();
    }
    await expect(run(revealCommand, [ids.ana], context())).rejects.toThrow(/^reveal: .* is a semantic memory; only knowledge-vault items/);
    await expect(run(revealCommand, ['mem_nope'], context())).rejects.toThrow(/^reveal: no memory mem_nope$/);
    await expect(run(revealCommand, [], context())).rejects.toThrow(/^reveal: give one memory ID/);
  });
});
