import { afterEach, describe, expect, it } from 'vitest';
import type { EngramStore } from '../../agents/store/index.js';
import { startEngram, type Engram } from '../../electron/engine/index.js';
import { hostFailureOf } from '../../shared/api/index.js';
import { freshStores } from '../helpers/temp-store.js';

// The requests hosts use instead of holding the store (issue 32): messages.add (engram add),
// mcp.status / mcp.setEnabled / mcp.sourceTypes (engram mcp and its tools), consolidation.dream
// (engram dream). Each refuses in one line where the engine cannot do it, and changes nothing then.
describe('requests that replace a host holding the store', () => {
  const fresh = freshStores('engram-host-req-');
  const engines: Engram[] = [];
  const start = async (store: EngramStore, brain: boolean) => {
    const e = await startEngram({ store, host: 'headless', version: 't', env: {}, chat: false, checkOutputs: true, ...(brain ? { brain: { start: 'manual', subscribe: false } } : {}) });
    engines.push(e);
    return e;
  };
  afterEach(async () => {
    for (const e of engines.splice(0)) await e.close();
  });

  it('messages.add stores the thread and its memories with the brain, and nothing without it', async () => {
    const store = await fresh();
    const bare = await start(store, false);
    const refused = await bare.client.call('messages.add', { title: 'Notes', messages: [{ role: 'user', content: 'My manager is Ana Lopez.' }] }).catch((e: unknown) => e);
    expect(hostFailureOf(refused)?.code).toBe('UNAVAILABLE');
    expect(store.threads.list()).toHaveLength(0);

    const withBrain = await start(store, true);
    const added = await withBrain.client.call('messages.add', {
      title: 'call me at password: hunter2hunter2',
      messages: [{ role: 'user', content: 'My manager is Ana Lopez. The VPN needs the staging profile.' }],
    });
    expect(added.message_ids).toHaveLength(1);
    expect(added.memory_ids.length).toBeGreaterThan(0);
    const thread = store.threads.list().find((t) => t.id === added.thread_id)!;
    // The title is kept as every thread title is: redacted.
    expect(thread.title).not.toContain('hunter2hunter2');

    // Where those memories came from, as the MCP tools label them.
    const { source_types } = await withBrain.client.call('mcp.sourceTypes', { ids: [added.memory_ids[0]!, 'mem_unknown'] });
    expect(source_types[added.memory_ids[0]!]).toContain('message');
    expect(source_types.mem_unknown).toEqual([]);
  });

  it('mcp.setEnabled switches every server off and on; mcp.status carries the redaction switches', async () => {
    const store = await fresh();
    const e = await start(store, false);
    expect(await e.client.call('mcp.status', {})).toMatchObject({ enabled: true, redaction: { secrets: true, emails: false } });
    expect((await e.client.call('mcp.setEnabled', { enabled: false })).enabled).toBe(false);
    expect((await e.client.call('mcp.status', {})).enabled).toBe(false);
    expect((await e.client.call('mcp.setEnabled', { enabled: true })).enabled).toBe(true);
  });

  it('consolidation.dream runs a whole mode with the brain, refuses an unknown mode, and is unavailable without it', async () => {
    const store = await fresh();
    const bare = await start(store, false);
    expect(hostFailureOf(await bare.client.call('consolidation.dream', { mode: 'resource' }).catch((x: unknown) => x))?.code).toBe('UNAVAILABLE');
    const e = await start(store, true);
    expect(hostFailureOf(await e.client.call('consolidation.dream', { mode: 'dreams' }).catch((x: unknown) => x))?.code).toBe('INVALID_INPUT');
    const report = await e.client.call('consolidation.dream', { mode: 'knowledge', dry_run: true, offline: true });
    expect(report).toMatchObject({ mode: 'knowledge_vault', dry_run: true, reviewer: 'rules', window: null, changes: [] });
  });
});
