import { describe, expect, it } from 'vitest';
import type { EngramStore } from '../../agents/store/index.js';
import { startEngram, type Engram } from '../../electron/engine/index.js';
import { ApiCallError, hostFailureOf } from '../../shared/api/index.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';

describe('the in-process client: the window handler map, called from the CLI and MCP', () => {
  let store: EngramStore;
  let engram: Engram;

  tempStoreEachTest('engram-client-', async (t) => {
    store = t.store;
    engram = await startEngram({ store, host: 'headless', version: 't', env: {}, chat: false });
    return () => engram.close();
  }, { key: Buffer.alloc(32, 4) });

  it('answers typed outputs, with the window masking: a vault value is masked in search, shown only by reveal', async () => {
    const vault = store.memories.insert({ kind: 'knowledge_vault', title: 'Staging password', text: 'Staging database password', fields: { secret: 'correct-horse-battery-staple', sensitivity: 'medium' } });
    store.memories.insert({ kind: 'semantic', text: 'Ana Lopez is my manager', app: 'Slack' });
    const { results } = await engram.client.call('memories.search', { query: 'staging database password', limit: 5 });
    const hit = results.find((r) => r.memory.id === vault.id)!;
    expect(hit.memory.fields).toMatchObject({ secret: '••••aple', masked: true });
    expect(JSON.stringify(results)).not.toContain('correct-horse');
    expect(await engram.client.call('memories.reveal', { id: vault.id })).toEqual({ secret: 'correct-horse-battery-staple' });
    // The filter added for the CLI and MCP: only memories from one app.
    const fromSlack = await engram.client.call('memories.search', { query: 'Ana manager password', app: 'Slack', limit: 5 });
    expect(fromSlack.results.map((r) => r.memory.app)).toEqual(['Slack']);
  });

  it('validates input with the same zod contract, and maps refusals to one line and an exit code', async () => {
    const bad = await engram.client.call('memories.search', { query: '   ', limit: 5 }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(ApiCallError);
    expect(hostFailureOf(bad)).toMatchObject({ code: 'INVALID_INPUT', exitCode: 2, expected: true });
    const missing = await engram.client.call('memories.get', { id: 'mem_nope' }).catch((e: unknown) => e);
    expect(hostFailureOf(missing)).toMatchObject({ code: 'NOT_FOUND', exitCode: 1, expected: true, line: 'That memory no longer exists.' });
    const noChat = await engram.client.call('chat.listThreads', {}).catch((e: unknown) => e);
    expect(hostFailureOf(noChat)).toMatchObject({ code: 'UNAVAILABLE', exitCode: 1, expected: false });
    expect(hostFailureOf(new Error('not an API failure'))).toBeNull();
  });

  it('store.stats matches the store, and pushed events reach in-process listeners', async () => {
    const m = store.memories.insert({ kind: 'episodic', text: 'Edited budget.xlsx', occurred_at: Date.parse('2026-03-01T10:00:00Z') });
    const stats = await engram.client.call('store.stats', {});
    const s = store.stats();
    expect(stats).toMatchObject({ data_dir: store.dataDir, key_kind: store.keyKind, counts: s.counts, pending_embeddings: s.pending_embeddings, newest_memory_at: '2026-03-01T10:00:00.000Z' });
    const changed: string[][] = [];
    const off = engram.client.on('memory.changed', (p) => changed.push(p.ids));
    expect(await engram.client.call('memories.delete', { ids: [m.id] })).toEqual({ deleted: 1 });
    off();
    expect(changed).toEqual([[m.id]]);
  });
});
