/** The brain's CLI commands (recommend, record, dream) run against a real encrypted data dir. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { HashEmbedder, StaticKeyProvider, openStore } from '../../agents/store/index.js';
import { parseCommandArgs } from '../../electron/hosts/cli/args.js';
import { CliError, type CliContext, type Command } from '../../electron/hosts/cli/command.js';
import { RecommendJsonSchema, recommendCommand } from '../../electron/hosts/cli/commands/recommend.js';
import { recordCommand } from '../../electron/hosts/cli/commands/record.js';
import { dreamCommand } from '../../electron/hosts/cli/commands/dream.js';

let dir: string;
const key = randomBytes(32);
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'engram-brain-cli-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(cmd: Command, argv: string[]): Promise<{ code: number; out: string }> {
  let out = '';
  const ctx: CliContext = {
    dataDir: dir,
    json: false,
    io: { stdout: (t) => void (out += t), stderr: (t) => void (out += t), isTty: false, stdin: new PassThrough() },
    openStore: () => openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: new HashEmbedder(64) }),
    signal: new AbortController().signal,
    env: {},
  };
  const args = parseCommandArgs(argv, cmd.options, cmd.allowPositionals ?? false, cmd.name);
  return { code: await cmd.run(args, ctx), out };
}

describe('engram record / recommend', () => {
  it('records experiences and recommends the most reliable action', async () => {
    for (let i = 0; i < 4; i++) expect((await cli(recordCommand, ['--task', 'fix a failing npm install', '--action', 'npm install --legacy-peer-deps', '--outcome', 'success'])).code).toBe(0);
    const r = await cli(recordCommand, ['--task', 'fix a failing npm install', '--action', 'rm -rf node_modules', '--outcome', 'failure', '--reason', 'ERESOLVE again', '--json']);
    expect(JSON.parse(r.out)).toMatchObject({ task: 'fix a failing npm install', outcome: 'failure' });

    const j = await cli(recommendCommand, ['npm', 'install', 'fails', '--json']);
    const rec = RecommendJsonSchema.parse(JSON.parse(j.out))!;
    expect(Object.keys(rec).sort()).toEqual(['action', 'confidence', 'experience_ids', 'failures', 'successes']);
    expect(rec).toMatchObject({ action: 'npm install --legacy-peer-deps', successes: 4, failures: 0 });
    expect(rec.experience_ids).toHaveLength(4);
    expect(rec.confidence).toBeGreaterThan(0.5);

    const text = await cli(recommendCommand, ['fix a failing npm install']);
    expect(text.out).toContain('npm install --legacy-peer-deps');
    expect(text.out).toContain('4 successes, 0 failures');
    expect(text.out).toContain('tried, failed: rm -rf node_modules (1 failure)');
  });

  it('prints null when nothing qualifies, and says why', async () => {
    await cli(recordCommand, ['--task', 'connect to the staging VPN', '--action', 'default profile', '--outcome', 'failure']);
    expect((await cli(recommendCommand, ['connect to the staging VPN', '--json'])).out).toBe('null\n');
    expect((await cli(recommendCommand, ['connect to the staging VPN'])).out).toContain('tried, failed: default profile');
    expect((await cli(recommendCommand, ['renew my passport', '--json'])).out).toBe('null\n');
  });

  it('rejects bad input with one line and writes nothing', async () => {
    const store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: null });
    const before = store.memories.count({});
    await store.close();
    await expect(cli(recordCommand, ['--task', 't', '--action', 'a', '--outcome', 'maybe'])).rejects.toThrow(/--outcome must be success, failure or partial/);
    await expect(cli(recordCommand, ['--task', 't', '--action', 'a', '--outcome', 'success', '--score', '7'])).rejects.toThrow(/--score must be a number from 0 to 1/);
    await expect(cli(recordCommand, ['--task', 't'])).rejects.toThrow(CliError);
    await expect(cli(recordCommand, ['--task', 't', '--bogus'])).rejects.toThrow(/bogus/);
    await expect(cli(recommendCommand, [])).rejects.toThrow(/give the task/);
    const after = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: null });
    expect(after.memories.count({})).toBe(before);
    await after.close();
  });
});

describe('engram dream', () => {
  it('reports in JSON, changes nothing on --dry-run, then applies', async () => {
    const store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: null });
    const a = store.memories.insert({ kind: 'resource', title: 'Pricing', text: 'x', fields: { resource_type: 'url', location: 'https://stripe.com/pricing' }, created_at: 1000 });
    const b = store.memories.insert({ kind: 'resource', title: 'Pricing', text: 'y', fields: { resource_type: 'url', location: 'https://stripe.com/pricing/' }, created_at: 2000 });
    await store.close();

    const dry = JSON.parse((await cli(dreamCommand, ['--mode', 'resource', '--dry-run', '--json'])).out);
    expect(dry).toMatchObject({ mode: 'resource', dry_run: true, counts: { merged: 1 } });
    expect(dry.changes).toEqual([{ action: 'merge', kind: 'resource', before: [a.id, b.id], after: a.id, reason: 'duplicate resource' }]);

    const check = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: null });
    expect(check.memories.get(b.id)!.superseded_by).toBeNull();
    await check.close();

    const text = await cli(dreamCommand, ['--mode', 'resource']);
    expect(text.out).toContain('changed: 1 merged');
    expect(text.out).toContain(`${a.id}, ${b.id} → ${a.id}`);
    await expect(cli(dreamCommand, ['--mode', 'everything'])).rejects.toThrow(/--mode must be one of/);
  });
});
