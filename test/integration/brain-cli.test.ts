/** The brain's CLI commands (recommend, record, dream) run against a real encrypted data dir. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { StaticKeyProvider, openStore } from '../../agents/store/index.js';
import { CliError, type Command } from '../../electron/hosts/cli/command.js';
import { RecommendJsonSchema, recommendCommand } from '../../electron/hosts/cli/commands/recommend.js';
import { recordCommand } from '../../electron/hosts/cli/commands/record.js';
import { recallCommand } from '../../electron/hosts/cli/commands/recall.js';
import { reflectCommand } from '../../electron/hosts/cli/commands/reflect.js';
import { dreamCommand } from '../../electron/hosts/cli/commands/dream.js';
import { experiencesCommand } from '../../electron/hosts/cli/commands/experiences.js';
import { runCommand } from '../helpers/run-command.js';

let dir: string;
const key = randomBytes(32);
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'engram-brain-cli-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cli = (cmd: Command, argv: string[]): Promise<{ code: number; out: string }> => runCommand(cmd, argv, { dataDir: dir, key });

describe('engram record / recommend', () => {
  it('records experiences and recommends the most reliable action', async () => {
    for (let i = 0; i < 4; i++) expect((await cli(recordCommand, ['--task', 'fix a failing npm install', '--action', 'npm install --legacy-peer-deps', '--outcome', 'success'])).code).toBe(0);
    const r = await cli(recordCommand, ['--task', 'fix a failing npm install', '--action', 'rm -rf node_modules', '--outcome', 'failure', '--reason', 'ERESOLVE again', '--json']);
    expect(JSON.parse(r.out)).toMatchObject({ task: 'fix a failing npm install', outcome: 'failure' });

    const j = await cli(recommendCommand, ['npm', 'install', 'fails', '--json']);
    const rec = RecommendJsonSchema.parse(JSON.parse(j.out))!;
    expect(Object.keys(rec).sort()).toEqual(['action', 'alternatives', 'confidence', 'experience_ids', 'failures', 'partials', 'strategy', 'successes', 'tried', 'tried_failed', 'variants', 'withheld']);
    expect(rec).toMatchObject({ action: 'npm install --legacy-peer-deps', successes: 4, failures: 0, partials: 0, strategy: 'lower_bound' });
    expect(rec).toMatchObject({ tried: true, withheld: [] });
    expect(rec.tried_failed).toEqual([{ action: 'rm -rf node_modules', failures: 1 }]);
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

  it('--explore draws by Thompson sampling, the same --seed giving the same answer', async () => {
    const task = 'warm the build cache';
    await cli(recordCommand, ['--task', task, '--action', 'restore the cache from S3', '--outcome', 'success']);
    await cli(recordCommand, ['--task', task, '--action', 'prebuild in the Dockerfile', '--outcome', 'success']);
    const seen = new Set<string>();
    for (let seed = 0; seed < 12; seed++) {
      const a = RecommendJsonSchema.parse(JSON.parse((await cli(recommendCommand, [task, '--explore', '--seed', String(seed), '--json'])).out))!;
      const b = RecommendJsonSchema.parse(JSON.parse((await cli(recommendCommand, [task, '--explore', '--seed', String(seed), '--json'])).out))!;
      expect(a.strategy).toBe('thompson');
      expect(b.action).toBe(a.action);
      seen.add(a.action);
    }
    // One success each: exploring picks either.
    expect(seen).toEqual(new Set(['restore the cache from S3', 'prebuild in the Dockerfile']));
    expect((await cli(recommendCommand, [task, '--explore', '--seed', '3'])).out).toContain('explored');
  });

  it('record --supersedes replaces an experience: the old one leaves recommendations, kept in history', async () => {
    const task = 'rotate the signing key';
    const wrong = JSON.parse((await cli(recordCommand, ['--task', task, '--action', 'edit the key file by hand', '--outcome', 'success', '--json'])).out) as { id: string };
    const before = RecommendJsonSchema.parse(JSON.parse((await cli(recommendCommand, [task, '--json'])).out))!;
    expect(before.action).toBe('edit the key file by hand');
    const fixed = await cli(recordCommand, ['--task', task, '--action', 'edit the key file by hand', '--outcome', 'failure', '--reason', 'the old key stayed cached', '--supersedes', wrong.id, '--json']);
    const out = JSON.parse(fixed.out) as { id: string; superseded: string };
    expect(out.superseded).toBe(wrong.id);
    expect((await cli(recommendCommand, [task, '--json'])).out).toBe('null\n');
    const store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: null });
    try {
      expect(store.memories.get(wrong.id)!.superseded_by).toBe(out.id);
      expect(store.memories.history(wrong.id).length).toBeGreaterThan(0);
    } finally {
      await store.close();
    }
  });

  it('reflect keeps what worked and failed; recall shows it before the experiences', async () => {
    const task = 'renew the TLS certificate';
    for (let i = 0; i < 2; i++) await cli(recordCommand, ['--task', task, '--action', 'run certbot renew', '--outcome', 'success']);
    await cli(recordCommand, ['--task', task, '--action', 'restart nginx only', '--outcome', 'failure', '--reason', 'certificate still expired']);
    const r = JSON.parse((await cli(reflectCommand, [task, '--note', 'certbot needs port 80 free', '--json'])).out) as { id: string; worked: string[]; failed: string[]; note: string; superseded: null };
    expect(r.worked).toEqual([expect.stringMatching(/^run certbot renew — worked 2 of 2/)]);
    expect(r.failed).toEqual(['restart nginx only — failed 1 of 1 (certificate still expired)']);
    expect(r.note).toBe('certbot needs port 80 free');
    const shown = (await cli(recallCommand, ['how to renew the TLS certificate'])).out;
    expect(shown).toMatch(/^reflection on "renew the TLS certificate"/);
    expect(shown).toContain('  failed: restart nginx only — failed 1 of 1 (certificate still expired)');
    expect(shown).toContain('[failure] renew the TLS certificate → restart nginx only (certificate still expired)');
    const again = JSON.parse((await cli(reflectCommand, [task, '--json'])).out) as { id: string; superseded: string };
    expect(again.superseded).toBe(r.id);
    const json = JSON.parse((await cli(recallCommand, [task, '--json'])).out) as { reflections: { id: string }[] };
    expect(json.reflections.map((x) => x.id)).toEqual([again.id]);
    // Without a task: the latest experiences.
    const latest = JSON.parse((await cli(recallCommand, ['--limit', '2', '--json'])).out) as { experiences: { action: string }[] };
    expect(latest.experiences.map((e) => e.action)).toEqual(['restart nginx only', 'run certbot renew']);
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
    await expect(cli(recommendCommand, ['x', '--seed', '4'])).rejects.toThrow(/--seed goes with --explore/);
    await expect(cli(recommendCommand, ['x', '--explore', '--seed', '1.5'])).rejects.toThrow(/--seed must be a whole number/);
    await expect(cli(recommendCommand, ['x', '--group', 'vibes'])).rejects.toThrow(/--group must be text or meaning/);
    await expect(cli(reflectCommand, [])).rejects.toThrow(/give the task/);
    // Through the handler map: a refused call is one line, and nothing is written.
    await expect(cli(recordCommand, ['--task', 't', '--action', 'a', '--outcome', 'success', '--supersedes', 'mem_0000000000aaaaaaaaaaaaaaaa'])).rejects.toThrow(/^no experience mem_0000000000aaaaaaaaaaaaaaaa$/);
    await expect(cli(reflectCommand, ['bake sourdough bread'])).rejects.toThrow(/^no experiences with tasks like "bake sourdough bread" to reflect on$/);
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
    expect(dry.changes).toEqual([
      { action: 'merge', kind: 'resource', before: [a.id, b.id], after: a.id, reason: 'duplicate resource', source: 'rules', diff: [`- [${b.id}] Pricing — y`, `~ [${a.id}] Pricing — x`], result: { title: 'Pricing', text: 'x' } },
    ]);
    const dryText = await cli(dreamCommand, ['--mode', 'resource', '--dry-run']);
    expect(dryText.out).toContain(`would change: 1 merged`);
    expect(dryText.out).toContain(`      - [${b.id}] Pricing — y\n      ~ [${a.id}] Pricing — x`);

    const check = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: null });
    expect(check.memories.get(b.id)!.superseded_by).toBeNull();
    await check.close();

    const text = await cli(dreamCommand, ['--mode', 'resource']);
    expect(text.out).toContain('changed: 1 merged');
    expect(text.out).toContain(`${a.id}, ${b.id} → ${a.id}`);
    await expect(cli(dreamCommand, ['--mode', 'everything'])).rejects.toThrow(/--mode must be one of/);
  });
});

describe('engram experiences', () => {
  it('prints what worked per task with counts and the confidence interval, as the window does', async () => {
    const own = mkdtempSync(join(tmpdir(), 'engram-experiences-cli-'));
    const run = (cmd: Command, argv: string[]) => runCommand(cmd, argv, { dataDir: own, key });
    try {
      expect((await run(experiencesCommand, [])).out).toContain('no experiences recorded yet');
      for (const outcome of ['success', 'success', 'failure']) await run(recordCommand, ['--task', 'rotate the API keys', '--action', 'run the rotation script', '--outcome', outcome]);
      await run(recordCommand, ['--task', 'rotate the API keys', '--action', 'edit the env file by hand', '--outcome', 'failure']);
      const text = (await run(experiencesCommand, [])).out;
      expect(text).toMatch(/^rotate the API keys {2}\(4 experiences, last /);
      expect(text).toMatch(/ {2}run the rotation script: 2 successes, 1 failure · works \d+%–\d+% of the time\n/);
      expect(text).toContain('  tried, failed: edit the env file by hand (0 successes, 1 failure)');
      const json = JSON.parse((await run(experiencesCommand, ['--json'])).out) as { tasks: { task: string; actions: { action: string; low: number; high: number }[] }[] };
      expect(json.tasks[0]!.actions[0]).toMatchObject({ action: 'run the rotation script' });
      expect(json.tasks[0]!.actions[0]!.low).toBeLessThan(json.tasks[0]!.actions[0]!.high);
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });
});
