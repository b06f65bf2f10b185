import { describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { EngramStore } from '../../agents/store/index.js';
import { startEngram, type Engram } from '../../electron/engine/index.js';
import { VaultGuard } from '../../electron/engine/vault-guard.js';
import { createEngramMcpServer } from '../../electron/hosts/mcp/index.js';
import type { ApiClient } from '../../shared/api/index.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';
import { connectInProcess } from '../helpers/mcp-client.js';

const SECRET = 'sk-live-4f9a8b7c6d5e';

describe('MCP tools in process, over the handler map', () => {
  let store: EngramStore;
  let failing: string | null;
  const asked: string[] = [];
  let client: Client;
  let engram: Engram;
  const logs: string[] = [];

  tempStoreEachTest('engram-mcp-unit-', async (t) => {
    store = t.store;
    failing = null;
    asked.length = 0;
    engram = await startEngram({ store, host: 'headless', version: '0.0.0-test', env: {}, chat: false, checkOutputs: true });
    // The engine's own client, watched: which requests the tools make, and one made to fail unexpectedly.
    const client0 = engram.client;
    const watched: ApiClient = {
      ...client0,
      call: (async (name: string, input: unknown) => {
        asked.push(name);
        if (name === failing) throw new Error('model exploded\n    at somewhere (x.js:1:1)');
        return (client0.call as (n: string, i: unknown) => Promise<unknown>)(name, input);
      }) as ApiClient['call'],
    };
    client = await connectInProcess(createEngramMcpServer({ client: watched, vault: engram.vault, now: () => new Date('2026-11-26T12:00:00Z'), log: (l) => logs.push(l) }, '0.0.0-test'), 'unit');
    return async () => {
      await client.close();
      await engram.close();
    };
  });

  const call = async (name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult;

  it('recommend_action asks experiences.recommend and renders its recommendation', async () => {
    for (let i = 0; i < 5; i++) await call('record_experience', { task: 'docker build hangs', action: 'restart the docker daemon', outcome: 'success' });
    await call('record_failure', { task: 'docker build hangs', action: 'prune images', reason: 'still hangs' });
    await call('record_failure', { task: 'docker build hangs', action: 'prune images', reason: 'still hangs' });
    asked.length = 0;
    const r = await call('recommend_action', { task: 'docker build hangs' });
    // Every tool call also reads the server's switch and redaction (mcp.status, before and after the answer).
    expect(asked).toEqual(['mcp.status', 'experiences.recommend', 'mcp.status']);
    expect(r.structuredContent).toMatchObject({ recommendation: { action: 'restart the docker daemon', successes: 5, failures: 0, strategy: 'lower_bound', tried_failed: [{ action: 'prune images', failures: 2 }] }, half_life_days: null });
    expect((r.content[0] as { text: string }).text).toMatch(/^Recommended: restart the docker daemon\nconfidence 0\.\d\d \(5 successes, 0 failures;/);
    expect((r.content[0] as { text: string }).text).toContain('Tried, failed: prune images (2 failures)');
  });

  it('an unexpected exception becomes a one-line tool error and is logged', async () => {
    failing = 'experiences.recommend';
    const r = await call('recommend_action', { task: 'x' });
    expect(r.isError).toBe(true);
    expect((r.content[0] as { text: string }).text).toBe('recommend_action failed: model exploded');
    expect(logs.at(-1)).toBe('recommend_action: unexpected error: model exploded');
  });

  it('recall without a task lists the latest experiences, filtered by outcome', async () => {
    await call('record_experience', { task: 'deploy', action: 'a', outcome: 'success' });
    await call('record_failure', { task: 'deploy', action: 'b', reason: 'timeout' });
    const r = await call('recall_experiences', { outcome: 'failure' });
    expect((r.structuredContent as { experiences: { action: string; reason: string }[] }).experiences).toEqual([
      expect.objectContaining({ action: 'b', outcome: 'failure', reason: 'timeout' }),
    ]);
  });

  it('the vault guard cuts vault values out of every string, longest first', () => {
    store.memories.insert({ kind: 'knowledge_vault', text: 'API key', fields: { secret: SECRET, sensitivity: 'medium' } });
    store.memories.insert({ kind: 'knowledge_vault', text: 'short one', fields: { secret: 'abc' } });
    const s = new VaultGuard(store);
    expect(s.text(`key=${SECRET};`)).toBe('key=[withheld: knowledge-vault secret];');
    expect(s.deep({ a: [`x ${SECRET}`], b: { c: SECRET }, n: 3 })).toEqual({ a: ['x [withheld: knowledge-vault secret]'], b: { c: '[withheld: knowledge-vault secret]' }, n: 3 });
    // Too short to cut safely out of prose (the vault field itself is still dropped).
    expect(s.text('abcdef')).toBe('abcdef');
  });
});
