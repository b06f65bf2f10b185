import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openEngram } from '../../electron/engine/index.js';
import { startCore } from '../../electron/desktop/main/core.js';

// The memory agents' room loads only when the test lets it: a core whose start waited for the
// brain would never answer here.
const brainRoom = vi.hoisted(() => {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  return { gate, open, loaded: false };
});
vi.mock('../../agents/meta/index.js', async (original) => {
  await brainRoom.gate;
  brainRoom.loaded = true;
  return original();
});

/**
 * The desktop app's first IPC answer (issue 34's cold start): the core answers the window while the
 * memory agents are still loading; they start a moment later, with capture and consolidation on.
 */
describe('the desktop core answers before its memory agents have loaded', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'engram-core-start-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers app.info with capture and consolidation while the brain room is still loading', async () => {
    const store = await openEngram({ dataDir: dir, keyProvider: { kind: 'static', getKey: async () => randomBytes(32) }, embedder: 'none', env: {} });
    const core = await startCore({
      store,
      version: 'early',
      screen: { name: 'none', listDisplays: async () => [], capture: async () => [] },
      idle: { state: () => 'active' },
      microphone: { name: 'none', chunks: async function* () {} },
      selfPids: [process.pid],
      keyDescription: 'static',
      sandbox: { on: true, detail: 'test' },
      startAtLogin: { enabled: () => false, set: async () => undefined },
      onProblem: () => undefined,
      log: () => undefined,
    });
    const info = await core.client.call('app.info', {});
    expect(info.features.capture).toBe(true);
    expect(info.features.consolidation).toBe(true);
    expect(brainRoom.loaded).toBe(false);
    brainRoom.open();
    await vi.waitFor(() => expect(brainRoom.loaded).toBe(true), { timeout: 20_000 });
    await core.close();
    await store.close();
  });
});
