import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';
import { startEngram, type Engram } from '../../electron/engine/index.js';
import { createEngramMcpServer } from '../../electron/hosts/mcp/index.js';
import { runCli } from '../../electron/hosts/cli/main.js';
import { connectInProcess } from '../helpers/mcp-client.js';

const DAY = 86_400_000;

/**
 * Issue 30: every kind of use moves a memory's last use (the window's opens, the timeline's detail,
 * the graph, MCP reads, edits), and archived memories are found and restored only on request, in
 * the API, over MCP and in the CLI.
 */
describe('use and the archive through the handler map, MCP and the CLI', () => {
  let dir: string;
  let store: EngramStore;
  let engram: Engram;
  const key = randomBytes(32);
  const ids: Record<string, string> = {};
  const old = Date.now() - 400 * DAY;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'engram-use-'));
    store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: null });
    const add = (title: string, text: string) => store.memories.insert({ kind: 'semantic', title, text, fields: { name: title }, created_at: old, provenance: [] }).id;
    ids.a = add('Lighthouse keeper rota', 'The lighthouse keeper rota changes on Mondays.');
    ids.b = add('Lighthouse lamp', 'The lighthouse lamp is a 1000 W halogen.');
    ids.c = add('Lighthouse tours', 'Lighthouse tours start at noon.');
    engram = await startEngram({ store, host: 'headless', version: '0.0.0-test', env: {}, chat: false, checkOutputs: true });
  });
  afterEach(async () => {
    await engram.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const lastUse = (id: string) => store.memories.get(id)!.last_accessed_at;

  it('memories.used from each of the window\'s sources moves last use, counted by source; an edit is a use', async () => {
    for (const via of ['search', 'open', 'timeline', 'graph'] as const) {
      store.memories.markUsed([ids.a!], old);
      const before = Date.now();
      expect(await engram.client.call('memories.used', { ids: [ids.a!, 'mem_00000000000000000000000000'], via })).toEqual({ recorded: 1 });
      expect(Date.parse(lastUse(ids.a!)!), via).toBeGreaterThanOrEqual(before);
      expect(store.counters.get(`memory.used.${via}`), via).toBe(1);
    }
    expect(await engram.client.request('memories.used', { ids: [ids.a!], via: 'gossip' as 'mcp' })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(lastUse(ids.b!)).toBeNull();
    await engram.client.call('memories.update', { id: ids.b!, patch: { text: 'The lighthouse lamp is a 1000 W halogen bulb.' } });
    expect(lastUse(ids.b!)).not.toBeNull();
  });

  it('Settings → Brain sets the archive age through brain.updateSettings, checked by zod; 0 turns it off', async () => {
    expect((await engram.client.call('brain.settings', {})).archive_after_days).toBe(180);
    expect((await engram.client.call('brain.updateSettings', { patch: { archive_after_days: 30 } })).archive_after_days).toBe(30);
    expect((await engram.client.call('brain.updateSettings', { patch: { archive_after_days: 0 } })).archive_after_days).toBe(0);
    for (const bad of [-1, 2.5, 100_000]) {
      expect(await engram.client.request('brain.updateSettings', { patch: { archive_after_days: bad } }), String(bad)).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    }
    expect((await engram.client.call('brain.settings', {})).archive_after_days).toBe(0);
  });

  it('an MCP client\'s search and get count as use', async () => {
    const client = await connectInProcess(createEngramMcpServer({ client: engram.client, vault: engram.vault, now: () => new Date(), log: () => undefined }, '0.0.0-test'), 'use-test');
    try {
      await client.callTool({ name: 'search_memory', arguments: { query: 'lighthouse lamp halogen', limit: 1 } });
      expect(lastUse(ids.b!)).not.toBeNull();
      expect(lastUse(ids.c!)).toBeNull();
      await client.callTool({ name: 'get_memory', arguments: { id: ids.c! } });
      expect(lastUse(ids.c!)).not.toBeNull();
      expect(store.counters.get('memory.used.mcp')).toBe(2);
    } finally {
      await client.close();
    }
  });

  it('search, list and counts skip archived memories unless asked; memories.restore brings one back as a use', async () => {
    store.memories.markUsed([ids.a!]);
    expect(store.memories.archiveUnused(Date.now() - 180 * DAY)).toEqual(expect.arrayContaining([ids.b, ids.c]));
    const found = async (include_archived?: boolean) =>
      (await engram.client.call('memories.search', { query: 'lighthouse', include_archived })).results.map((r) => r.memory.id).sort();
    expect(await found()).toEqual([ids.a]);
    expect(await found(true)).toEqual([ids.a, ids.b, ids.c].sort());
    const listed = await engram.client.call('memories.list', { tab: 'semantic' });
    expect([listed.items.map((m) => m.id), listed.total]).toEqual([[ids.a], 1]);
    const all = await engram.client.call('memories.list', { tab: 'semantic', include_archived: true });
    expect(all.items.filter((m) => m.archived_at).map((m) => m.id).sort()).toEqual([ids.b, ids.c].sort());
    const byQuery = await engram.client.call('memories.list', { tab: 'semantic', query: 'lighthouse tours', include_archived: true });
    expect(byQuery.items.map((m) => m.id)).toContain(ids.c);
    expect((await engram.client.call('memories.counts', {})).counts.semantic).toBe(1);

    expect(await engram.client.call('memories.restore', { ids: [ids.b!] })).toEqual({ restored: 1 });
    expect(store.memories.get(ids.b!)).toMatchObject({ archived_at: null, access_count: 1 });
    expect(await found()).toEqual([ids.a, ids.b].sort());
  });

  it('engram search --include-archived finds archived memories, marked; engram restore brings them back', async () => {
    store.memories.archiveUnused(Date.now() - 180 * DAY);
    await engram.close();
    await store.close();
    const env = { ENGRAM_KEY: key.toString('hex'), ENGRAM_EMBEDDER: 'none', PATH: process.env.PATH ?? '' };
    const cli = async (...argv: string[]) => {
      let out = '';
      let err = '';
      const code = await runCli(['--data-dir', dir, ...argv], { stdout: (t) => (out += t), stderr: (t) => (err += t), isTty: false, stdin: Readable.from([]) }, env);
      return { code, out, err };
    };
    expect((await cli('search', 'lighthouse')).out).toBe('no memories match\n');
    const withArchive = await cli('search', 'lighthouse', '--include-archived');
    expect(withArchive.code).toBe(0);
    expect(withArchive.out.match(/\[archived\] Lighthouse/g)).toHaveLength(3);
    const json = JSON.parse((await cli('search', 'lighthouse tours', '--include-archived', '--json')).out) as { id: string; archived_at: string | null }[];
    expect(json[0]).toMatchObject({ id: ids.c, archived_at: expect.any(String) });

    expect(await cli('restore', ids.c!)).toMatchObject({ code: 0, out: 'restored 1 memory\n' });
    expect(await cli('restore', ids.c!, '--json')).toMatchObject({ code: 0, out: '{"restored":0}\n' });
    const bad = await cli('restore', 'not an id at all but far too long to be one'.repeat(4));
    expect(bad.code).not.toBe(0);
    expect(bad.err.trim().split('\n')).toHaveLength(1);
    const back = JSON.parse((await cli('search', 'lighthouse', '--json')).out) as { id: string }[];
    expect(back.map((r) => r.id)).toEqual([ids.c]);
    // Reopen for afterEach.
    store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: null });
    engram = await startEngram({ store, host: 'headless', version: '0.0.0-test', env: {}, chat: false, checkOutputs: true });
  });
});
