import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { openStore, StaticKeyProvider } from '../../agents/store/index.js';
import { runCli } from '../../electron/hosts/cli/main.js';

/** `engram directives` through the in-process client (no model key in the environment: offline), list, synthesize, delete, bad input. */

describe('engram directives', () => {
  let dir: string;
  const key = randomBytes(32);
  const env = { ENGRAM_KEY: key.toString('hex'), PATH: process.env.PATH ?? '' };

  async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
    let out = '';
    let err = '';
    const code = await runCli([...argv, '--data-dir', dir], { stdout: (t) => (out += t), stderr: (t) => (err += t), isTty: false, stdin: Readable.from([]) }, env);
    return { code, out, err };
  }

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'engram-cli-directives-'));
    const store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key) });
    const t = store.threads.create('nginx', 1_000);
    const say = (role: 'user' | 'assistant', text: string, at: number) => store.messages.insert({ thread_id: t.id, role, text, raw: {}, created_at: at });
    say('user', 'how do I restart nginx?', 1_000);
    say('assistant', 'Some long background…\nsudo systemctl restart nginx', 2_000);
    say('user', 'Always give me the command first.', 3_000);
    await store.close();
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('lists nothing, synthesises a proposal from the conversation, accepts it, lists with the evidence, deletes for good', async () => {
    const empty = await cli('directives');
    expect(empty.code).toBe(0);
    expect(empty.out).toMatch(/no directives yet/);

    const syn = await cli('directives', 'synthesize', '--json');
    expect(syn.code).toBe(0);
    type Listed = { id: string; text: string; status: string; evidence: { quote: string }[] };
    const r = JSON.parse(syn.out) as { report: { created: string[]; mode: string }; directives: Listed[]; proposals: Listed[] };
    expect(r.report.mode).toBe('offline');
    // A review proposes; nothing shapes answers before the user accepts it.
    expect(r.directives).toEqual([]);
    expect(r.proposals.map((d) => [d.text, d.status])).toEqual([['Give the command first, then any explanation.', 'proposed']]);
    const id = r.proposals[0]!.id;
    const waiting = await cli('directives');
    expect(waiting.out).toMatch(/proposed, waiting for you/);
    expect(waiting.out).toContain(`  ${id}  Give the command first, then any explanation.`);

    expect((await cli('directives', 'accept', id)).out).toBe(`accepted ${id}: Give the command first, then any explanation.\n`);
    const list = await cli('directives', 'list');
    expect(list.out).not.toMatch(/proposed, waiting/);
    expect(list.out).toContain(`${id}  Give the command first, then any explanation.`);
    expect(list.out).toMatch(/why: explicit "Always give me the command first\."/);

    expect((await cli('directives', 'delete', id)).out).toBe(`deleted ${id}\n`);
    await cli('directives', 'synthesize');
    expect(JSON.parse((await cli('directives', 'list', '--json')).out).directives).toEqual([]);
    // Deleting it twice: a clear one-line error, exit code non-zero.
    const again = await cli('directives', 'delete', id);
    expect(again.code).not.toBe(0);
    expect(again.err.trim().split('\n')).toHaveLength(1);
    expect(again.err).toMatch(/no longer exists/);
  });

  it('refuses an unknown action or a missing id in one line', async () => {
    const bad = await cli('directives', 'frobnicate');
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/unknown action "frobnicate"/);
    const noId = await cli('directives', 'delete');
    expect(noId.code).toBe(2);
    expect(noId.err).toMatch(/delete needs the directive id/);
    expect((await cli('directives', 'accept')).err).toMatch(/accept needs the directive id/);
  });

  it('rejects a proposal: it never shapes answers and the same feedback does not propose it again', async () => {
    const r = JSON.parse((await cli('directives', 'synthesize', '--json')).out) as { proposals: { id: string }[] };
    const id = r.proposals[0]!.id;
    expect((await cli('directives', 'reject', id)).out).toBe(`rejected ${id}\n`);
    await cli('directives', 'synthesize');
    const after = JSON.parse((await cli('directives', 'list', '--json')).out) as { directives: unknown[]; proposals: unknown[] };
    expect(after).toMatchObject({ directives: [], proposals: [] });
    // Accepting what was rejected: one clear line, non-zero.
    const late = await cli('directives', 'accept', id);
    expect(late.code).not.toBe(0);
    expect(late.err.trim().split('\n')).toHaveLength(1);
    expect(late.err).toMatch(/no longer exists/);
  });
});
