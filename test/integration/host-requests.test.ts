import { afterEach, describe, expect, it } from 'vitest';
import type { EngramStore } from '../../agents/store/index.js';
import { createApi } from '../../electron/api/index.js';
import { createBrowserSession, inProcessClient, startEngram, type Engram } from '../../electron/engine/index.js';
import { FakeCapture } from '../fakes/fake-capture.js';
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

// engram capture and engram serve --capture drive the capture they start through these requests
// (issue 32), not through the engine's capture service.
describe('the run of capture, for the host that drives it', () => {
  const fresh = freshStores('engram-host-capture-');

  it('start, tick, counts, stop and drain reach the driver, with capture.ticked after each tick; a host that does not drive capture is refused', async () => {
    const store = await fresh();
    const fake = new FakeCapture();
    const api = createApi({ store, host: 'headless', version: 't', capture: fake, captureDriver: fake, checkOutputs: true });
    const client = inProcessClient(api);
    try {
      const ticked: unknown[] = [];
      const off = client.on('capture.ticked', (c) => ticked.push(c));
      await client.call('capture.stop', {});
      expect((await client.call('capture.start', {})).state).toBe('running');
      expect(await client.call('capture.tick', {})).toEqual({ kept: false, reason: 'unchanged', detail: null, forced: false, frame_ids: [], observation_ids: [] });
      expect(await client.call('capture.counts', {})).toEqual({ kept: 0, skipped: 1, gated: 0 });
      expect(ticked).toEqual([{ kept: 0, skipped: 1, gated: 0 }]);
      expect((await client.call('capture.stop', {})).state).toBe('stopped');
      expect((await client.call('capture.drain', {})).state).toBe('stopped');
      off();
    } finally {
      api.dispose();
    }
    const plain = createApi({ store, host: 'headless', version: 't', capture: new FakeCapture(), checkOutputs: true });
    try {
      for (const name of ['capture.start', 'capture.tick', 'capture.stop', 'capture.drain', 'capture.counts'] as const)
        expect(hostFailureOf(await inProcessClient(plain).call(name, {}).catch((x: unknown) => x))?.code, name).toBe('UNAVAILABLE');
    } finally {
      plain.dispose();
    }
  });

  it('browser mode: the window cannot start or tick capture before the first-run consent; the session starts it through capture.start once given', async () => {
    const store = await fresh();
    const fake = new FakeCapture();
    fake.s = { ...fake.s, state: 'stopped' };
    const session = createBrowserSession({ dataDir: store.dataDir, captures: true, onQuit: () => undefined });
    const api = createApi({ store, host: 'headless', version: 't', capture: session.gate(fake), captureDriver: fake, session: session.session, checkOutputs: true });
    const client = inProcessClient(api);
    try {
      await session.attach({ start: () => client.call('capture.start', {}), stop: () => client.call('capture.stop', {}), drain: () => client.call('capture.drain', {}) });
      expect(session.capturing()).toBe(false);
      for (const name of ['capture.start', 'capture.tick'] as const) {
        const refused = hostFailureOf(await client.call(name, {}).catch((x: unknown) => x));
        expect(refused?.code, name).toBe('CONFLICT');
        expect(refused?.line).toMatch(/welcome page/);
      }
      expect(fake.counts().skipped).toBe(0);
      expect(fake.s.state).toBe('stopped');
      await client.call('consent.accept', {});
      expect(session.capturing()).toBe(true);
      expect(fake.s.state).toBe('running');
      await client.call('consent.withdraw', {});
      expect(fake.s.state).toBe('stopped');
    } finally {
      api.dispose();
    }
  });
});
