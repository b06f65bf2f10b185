import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LLM_SETTINGS } from '../../agents/llm/index.js';
import { StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';
import { WavStreamSource, modelConfigFrom, startEngram, type CaptureSources, type Engram } from '../../electron/engine/index.js';
import { CaptureSettingsSchema } from '../../shared/settings/index.js';
import { ChangingScreen, FixedWindow, TextOcr } from '../fakes/fake-screen-stack.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';

const AWS = 'AKIAIOSFODNN7EXAMPLE';
const KEY = Buffer.alloc(32, 7);

/** A settings reader over a plain object, as the store's settings answer. */
function settingsOf(values: Record<string, unknown>) {
  return {
    get<T>(key: string, schema: { safeParse(v: unknown): { success: boolean; data?: T } }, fallback: T): T {
      if (!(key in values)) return fallback;
      const r = schema.safeParse(values[key]);
      return r.success ? (r.data as T) : fallback;
    },
  };
}

describe('modelConfigFrom: the one choice of model, from settings and environment', () => {
  it('uses the key saved in settings first, with ENGRAM_ANTHROPIC_BASE_URL over the saved base URL', () => {
    const c = modelConfigFrom(settingsOf({ [LLM_SETTINGS.apiKey]: ' sk-ant-stored-key ', [LLM_SETTINGS.baseUrl]: 'http://saved' }), { ANTHROPIC_API_KEY: 'sk-env', ENGRAM_ANTHROPIC_BASE_URL: 'http://forced' });
    expect(c).toMatchObject({ provider: 'anthropic', apiKey: 'sk-ant-stored-key', keySource: 'store', baseURL: 'http://forced', timeoutMs: 60_000 });
    expect(modelConfigFrom(settingsOf({ [LLM_SETTINGS.apiKey]: 'sk-ant-stored-key', [LLM_SETTINGS.baseUrl]: 'http://saved' }), {})).toMatchObject({ baseURL: 'http://saved' });
  });

  it('falls back to $ANTHROPIC_API_KEY (and $ANTHROPIC_BASE_URL), else offline; --offline wins over any key', () => {
    expect(modelConfigFrom(settingsOf({}), { ANTHROPIC_API_KEY: ' sk-env ', ANTHROPIC_BASE_URL: 'http://sdk-base' })).toMatchObject({ provider: 'anthropic', apiKey: 'sk-env', keySource: 'env', baseURL: 'http://sdk-base' });
    expect(modelConfigFrom(settingsOf({ [LLM_SETTINGS.chatModel]: 'claude-x' }), { ANTHROPIC_API_KEY: '  ' })).toEqual({ provider: 'offline' });
    expect(modelConfigFrom(settingsOf({ [LLM_SETTINGS.apiKey]: 'sk-ant-stored-key' }), { ANTHROPIC_API_KEY: 'sk-env' }, { offline: true })).toEqual({ provider: 'offline' });
  });

  it('offline chosen in Settings wins over every saved or environment key, of either provider', () => {
    const keys = { [LLM_SETTINGS.apiKey]: 'sk-ant-stored-key', [LLM_SETTINGS.openaiApiKey]: 'sk-openai-stored', [LLM_SETTINGS.baseUrl]: 'http://127.0.0.1:11434/v1' };
    const env = { ANTHROPIC_API_KEY: 'sk-env', OPENAI_API_KEY: 'sk-oa-env', ENGRAM_LLM_BASE_URL: 'http://127.0.0.1:8080/v1' };
    expect(modelConfigFrom(settingsOf({ ...keys, [LLM_SETTINGS.provider]: 'offline' }), env)).toEqual({ provider: 'offline' });
    expect(modelConfigFrom(settingsOf({ ...keys, [LLM_SETTINGS.provider]: 'openai' }), env)).toMatchObject({ provider: 'openai', apiKey: 'sk-openai-stored' });
  });
});

describe('startEngram: one composition behind every host', () => {
  let dir: string;
  let store: EngramStore;
  let engram: Engram | null = null;

  tempStoreEachTest('engram-engine-', (t) => {
    store = t.store;
    dir = t.dir;
    return async () => {
      await engram?.close();
      engram = null;
    };
  }, { key: KEY });

  /** The engine as the desktop app starts it, with capture (as given) and the brain, on the test's store. */
  const desktopEngine = (capture: CaptureSources) => startEngram({ store, host: 'electron', version: 't', env: {}, brain: true, capture });
  const vaultSecrets = () => store.memories.list({ kinds: ['knowledge_vault'] }).map((m) => store.memories.get(m.id, { reveal: true })?.fields['secret']);

  it('with nothing selected: the handler map answers, no capture, no brain, chat on; the given store stays open after close', async () => {
    engram = await startEngram({ store, host: 'headless', version: 't', env: {} });
    const info = await engram.api.dispatch('app.info', {});
    expect(info).toMatchObject({ ok: true, output: { host: 'headless', offline: true, features: { capture: false, chat: true, consolidation: false, export: true } } });
    expect(engram.capture).toBeNull();
    expect(await engram.brain()).toBeNull();
    expect(await engram.chat()).not.toBeNull();
    await engram.close();
    engram = null;
    expect(store.stats().counts).toBeDefined();
  });

  it('reads $ANTHROPIC_API_KEY for the window as for the CLI: online, key shown as from the environment', async () => {
    engram = await startEngram({ store, host: 'electron', version: 't', env: { ANTHROPIC_API_KEY: 'sk-ant-from-the-environment-0000' }, chat: false });
    expect(engram.model().online).toBe(true);
    expect(await engram.api.dispatch('app.info', {})).toMatchObject({ ok: true, output: { offline: false, features: { chat: false } } });
    expect(await engram.api.dispatch('secrets.status', {})).toMatchObject({ ok: true, output: { anthropic: { set: true, source: 'env' } } });
  });

  it('shows the provider the environment chose while none is chosen in Settings, and the chosen one after', async () => {
    engram = await startEngram({ store, host: 'electron', version: 't', env: { OPENAI_API_KEY: 'sk-openai-from-the-environment-0' }, chat: false });
    expect(engram.model().name).toBe('openai-compatible');
    expect(await engram.api.dispatch('settings.get', {})).toMatchObject({ ok: true, output: { llm: { provider: 'openai' } } });
    expect(await engram.api.dispatch('secrets.status', {})).toMatchObject({ ok: true, output: { openai: { set: true, source: 'env' } } });
    expect(await engram.api.dispatch('settings.update', { patch: { llm: { provider: 'offline' } } })).toMatchObject({ ok: true, output: { llm: { provider: 'offline' } } });
    expect(await engram.api.dispatch('app.info', {})).toMatchObject({ ok: true, output: { offline: true } });
  });

  it('hands redacted secrets to the vault by itself, with the brain off: the host only passes sources', async () => {
    const screen = new ChangingScreen();
    engram = await startEngram({ store, host: 'headless', version: 't', env: {}, capture: { screen, windows: new FixedWindow(), ocr: new TextOcr(`deploy with ${AWS} today`), start: false } });
    const tick = await engram.capture!.tick();
    expect(tick.kept).toBe(true);
    const [obsId] = await tick.observations;
    await engram.capture!.drain();
    expect(await engram.settle()).toBeNull();
    expect(store.observations.get(obsId!)!.text).not.toContain(AWS);
    expect(vaultSecrets()).toEqual([AWS]);
  });

  it('with capture and the brain: observations become memories, secrets reach the vault, consolidation runs with one summary', async () => {
    const screen = new ChangingScreen();
    engram = await desktopEngine({ screen, windows: new FixedWindow({ app: 'Code', title: 'budget.ts — engram', url: null, pid: 5, path: null, bounds: null }), ocr: new TextOcr(`token ${AWS} in budget.ts`), start: false });
    const brain = await engram.brain();
    expect(brain).not.toBeNull();
    for (let i = 0; i < 3; i++) await (await engram.capture!.tick()).observations;
    await engram.capture!.drain();
    await engram.settle();
    await brain!.flush();
    expect(vaultSecrets()).toContain(AWS);
    expect(store.memories.count({ kinds: ['episodic'] })).toBeGreaterThan(0);
    expect((await engram.api.dispatch('app.info', {})).ok && true).toBe(true);
    // A dry run through the handler map: its summary says what would change; the memories stay as they are.
    const rows = JSON.stringify(store.memories.list({ limit: 500, includeSuperseded: true }));
    expect(await engram.api.dispatch('consolidation.run', { dry_run: true })).toMatchObject({ ok: true, output: { started: true } });
    await expect.poll(() => engram!.api.progress.snapshot().find((t) => t.id === 'consolidation')?.state).toBe('done');
    expect(engram.api.progress.snapshot().find((t) => t.id === 'consolidation')?.detail).toMatch(/^would change: \d+ merged/);
    expect(JSON.stringify(store.memories.list({ limit: 500, includeSuperseded: true }))).toBe(rows);
    const run = await engram.api.dispatch('consolidation.run', {});
    expect(run).toMatchObject({ ok: true, output: { started: true } });
    // The dry run left the task 'done': wait for this run's own summary.
    await expect.poll(() => engram!.api.progress.snapshot().find((t) => t.id === 'consolidation')?.detail ?? '').toMatch(/^changed: /);
    expect(engram.api.progress.snapshot().find((t) => t.id === 'consolidation')?.state).toBe('done');
    expect(engram.api.progress.snapshot().find((t) => t.id === 'consolidation')?.detail).toMatch(/^changed: \d+ merged, \d+ superseded, \d+ rolled up, .* examined$/);
  });

  it('a host that starts the brain and records audio itself does both through requests (brain.start, capture.audio)', async () => {
    engram = await startEngram({ store, host: 'headless', version: 't', env: {}, brain: { start: 'manual' } });
    expect((await engram.brain())!.status().running).toBe(false);
    expect(await engram.client.call('brain.start', {})).toEqual({ started: true });
    expect((await engram.brain())!.status().running).toBe(true);
    await engram.close();
    // Where the engine starts the brain, nobody starts it twice.
    engram = await startEngram({ store, host: 'headless', version: 't', env: {}, brain: true });
    await expect(engram.client.call('brain.start', {})).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    await engram.close();

    const hostCapture = (audioStream?: CaptureSources['audioStream']) =>
      startEngram({ store, host: 'headless', version: 't', env: {}, capture: { screen: new ChangingScreen(), windows: new FixedWindow(), ocr: null, start: false, ...(audioStream ? { audioStream } : {}) } });
    engram = await hostCapture();
    await expect(engram.client.call('capture.audio', {})).rejects.toMatchObject({ code: 'UNAVAILABLE', message: 'no audio stream was given with this capture' });
    await engram.close();
    // An unreadable stream is the host's one line (UNAVAILABLE, the capture error's words), not an internal error.
    const notWav = join(store.dataDir, 'not-a.wav');
    writeFileSync(notWav, 'plain text, no RIFF header');
    engram = await hostCapture({ source: new WavStreamSource(notWav), signal: new AbortController().signal });
    const err = await engram.client.call('capture.audio', {}).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'UNAVAILABLE', message: 'not a WAV file (expected RIFF/WAVE)' });
  });

  it('close() stops everything it started: capture ticking, the brain listening, the API feeds, the screen', async () => {
    const screen = new ChangingScreen();
    // The store listens to nothing on its own public bus (its passage queue is kicked by the
    // observation repo): every listener is the engine's, and close() must take them all away.
    const names = ['observation', 'memory', 'frame', 'forget'] as const;
    const listeners = () => names.map((n) => store.events.listenerCount(n));
    expect(listeners()).toEqual([0, 0, 0, 0]);
    engram = await desktopEngine({ screen, windows: new FixedWindow(), ocr: new TextOcr('plain words'), settings: CaptureSettingsSchema.parse({ interval_s: 0.5 }) });
    await expect.poll(() => screen.grabs).toBeGreaterThan(0);
    expect(store.events.listenerCount('observation')).toBeGreaterThan(0);
    const capture = engram.capture!;
    await engram.close();
    engram = null;
    expect(capture.status().state).toBe('stopped');
    expect(screen.closed).toBe(true);
    expect(listeners()).toEqual([0, 0, 0, 0]);
    const grabs = screen.grabs;
    await new Promise((r) => setTimeout(r, 1200));
    expect(screen.grabs).toBe(grabs);
  });

  it('lazy: the brain loads after the delay; close() before it never starts one', async () => {
    expect(store.events.listenerCount('observation')).toBe(0);
    engram = await startEngram({ store, host: 'headless', version: 't', env: {}, brain: { delayMs: 30 }, lazy: true });
    const brain = await engram.brain();
    expect(brain?.status().running).toBe(true);
    await engram.close();

    engram = await startEngram({ store, host: 'headless', version: 't', env: {}, brain: { delayMs: 60_000 }, lazy: true });
    const t0 = Date.now();
    await engram.close();
    expect(await engram.brain()).toBeNull();
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(store.events.listenerCount('observation')).toBe(0);
    engram = null;
  });

  it('opens the store itself when given a data dir, and closes it on close()', async () => {
    const own = join(dir, 'own');
    engram = await startEngram({ store: { dataDir: own, keyProvider: new StaticKeyProvider(KEY), embedder: 'none' }, host: 'headless', version: 't', env: {} });
    // The store is the engine's alone: seen through the handler map, which fails once it is closed.
    const client = engram.client;
    expect((await client.call('app.info', {})).data_dir).toBe(own);
    await engram.close();
    engram = null;
    await expect(client.call('store.stats', {})).rejects.toThrow();
  });
});
