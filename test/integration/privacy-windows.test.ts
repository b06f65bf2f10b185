import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnthropicProvider } from '../../agents/llm/index.js';
import { createBrain } from '../../agents/meta/index.js';
import { HashEmbedder, openStore, StaticKeyProvider, type EngramStore, type ObservationRecord } from '../../agents/store/index.js';
import { portabilityExporter } from '../../electron/api/index.js';
import {
  CaptureService,
  GetWindowsActiveWindowSource,
  X11ScreenSource,
  X11WindowList,
  WindowListError,
  type WindowList,
  type WindowSnapshot,
} from '../../electron/sensing/capture/index.js';
import { prepareForOcr, TesseractPool } from '../../electron/sensing/perception/index.js';
import { CaptureSettingsSchema, type CaptureSettingsInput } from '../../shared/settings/index.js';
import { startFakeAnthropic, type FakeAnthropic } from '../fakes/fake-anthropic-server.js';
// @ts-expect-error: a plain .mjs helper without types
import { startDisplay } from '../../scripts/xvfb.mjs';

/**
 * The privacy gate per window, on a real X server (npm test starts Xvfb + openbox): xterm windows
 * with known titles, classes and text stand for a private browsing window, a password manager and
 * Engram's own windows. Each shows a canary word; none may reach a stored frame, an observation,
 * the search index, an export or a model request, while the focused window's text does.
 */
const FOCUS = 'heron harbour lighthouse';
const CANARY = { private: 'walrus', vault: 'pelican', engramTitle: 'mongoose', engramPid: 'narwhal', under: 'wombat', right: 'flamingo', race: 'porcupine' };
const EXCLUDED_TITLES = ['Bank statement - Private Browsing', 'Vault of secrets', 'Timeline · Engram - Chromium'];

type Display = { display: string; stop(): void };
const started: ChildProcess[] = [];

function xterm(display: string, title: string, text: string, geometry: string, opts: { cls?: string } = {}): ChildProcess {
  const args = ['-T', title, '-fa', 'Monospace', '-fs', '14', '-geometry', geometry, '+sb', '-bg', 'white', '-fg', 'black'];
  if (opts.cls) args.push('-class', opts.cls);
  args.push('-e', 'sh', '-c', `printf '${text}\\n'; sleep 600`);
  const child = spawn('xterm', args, { env: { ...process.env, DISPLAY: display }, stdio: 'ignore' });
  started.push(child);
  execFileSync('xdotool', ['search', '--sync', '--name', `^${title.replace(/[()]/g, '.')}$`], { env: { ...process.env, DISPLAY: display }, timeout: 20_000 });
  return child;
}
function focus(display: string, title: string): void {
  execFileSync('xdotool', ['search', '--name', `^${title}$`, 'windowactivate', '--sync'], { env: { ...process.env, DISPLAY: display }, timeout: 10_000 });
  execFileSync('sleep', ['1']);
}
function closeAll(): void {
  for (const c of started.splice(0)) c.kill();
  execFileSync('sleep', ['0.5']);
}

async function ocrStoredFrame(store: EngramStore, ocr: TesseractPool, frameId: string): Promise<string> {
  const webp = store.frames.readImage(frameId);
  const { data, info } = await sharp(webp).greyscale().raw().toBuffer({ resolveWithObject: true });
  return (await ocr.recognize(prepareForOcr(data, info.width, info.height))).text;
}

function settings(extra: CaptureSettingsInput = {}) {
  return CaptureSettingsSchema.parse(extra);
}

describe('privacy gate per window under X', () => {
  let dir: string;
  let store: EngramStore;
  let ocr: TesseractPool;
  const DISPLAY = process.env.DISPLAY;

  beforeAll(async () => {
    if (!DISPLAY) throw new Error('this test needs an X display: run it through scripts/test.mjs, or set DISPLAY to an Xvfb with openbox');
    dir = mkdtempSync(join(tmpdir(), 'engram-privacy-'));
    store = await openStore({ dataDir: join(dir, 'data'), keyProvider: new StaticKeyProvider(Buffer.alloc(32, 7)), embedder: new HashEmbedder(256) });
    ocr = new TesseractPool({ cachePath: join(dir, 'ocr-cache'), workers: 1, idleStopMs: 30_000 });
  });
  afterAll(async () => {
    closeAll();
    await ocr?.stop();
    await store?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('side by side: a private window, a password manager and Engram\'s own windows are masked, unfocused; the focused window is read', async () => {
    xterm(DISPLAY!, EXCLUDED_TITLES[0]!, `account ${CANARY.private} balance`, '34x6+0+0');
    xterm(DISPLAY!, EXCLUDED_TITLES[1]!, `entry ${CANARY.vault} login`, '34x6+420+0', { cls: 'KeePassXC' });
    xterm(DISPLAY!, EXCLUDED_TITLES[2]!, `memory ${CANARY.engramTitle} notes`, '34x6+840+0');
    const own = xterm(DISPLAY!, 'engram-own', `window ${CANARY.engramPid} chat`, '34x6+0+330');
    xterm(DISPLAY!, 'notes', FOCUS, '40x6+420+330');
    focus(DISPLAY!, 'notes');

    const svc = new CaptureService({
      store,
      screen: new X11ScreenSource(),
      windows: new GetWindowsActiveWindowSource(),
      ocr,
      self: { pids: [own.pid!], apps: ['engram'] },
      settings: settings(),
    });
    const r = await svc.tick();
    expect(r.kept).toBe(true);
    expect(r.displays[0]!.masked).toBe(4);
    const [obsId] = await r.observations;
    const status = svc.status();
    await svc.close();
    closeAll();

    const obs = store.observations.get(obsId!)!;
    expect(obs.title).toBe('notes');
    expect(obs.text).toContain('heron');
    const canaries = [CANARY.private, CANARY.vault, CANARY.engramTitle, CANARY.engramPid];
    const leaks = (text: string) => [...canaries, ...EXCLUDED_TITLES, 'Private Browsing', 'KeePassXC'].filter((c) => text.toLowerCase().includes(c.toLowerCase()));
    expect(leaks(obs.text)).toEqual([]);

    // The stored frame, decrypted and read again: the excluded windows are solid fills.
    const frame = store.frames.get(r.frame_ids[0]!)!;
    expect([frame.title, frame.app]).toEqual(['notes', 'XTerm']);
    const reread = await ocrStoredFrame(store, ocr, frame.id);
    expect(reread).toContain('heron');
    expect(leaks(reread)).toEqual([]);

    // Counters by reason, and nothing else about the windows.
    expect(status.privacy.windows_hidden).toMatchObject({ excluded_title: 1, excluded_app: 1, engram_window: 2 });
    expect(status.privacy.frames_masked).toBe(1);
    expect(status.privacy.window_list).toBe('ok');

    // Memories (offline rules) and search, then a model that sees what the brain sends it.
    const offline = createBrain({ store, subscribe: false });
    offline.ingestObservations([obs]);
    await offline.flush();
    await offline.stop();
    for (const c of canaries) expect((await store.search({ query: c, limit: 5 })).length, c).toBe(0);
    expect((await store.search({ query: 'heron lighthouse', limit: 5 })).length).toBeGreaterThan(0);

    const fake: FakeAnthropic = await startFakeAnthropic();
    try {
      const llm = new AnthropicProvider({ apiKey: 'test-key', baseURL: fake.url, retry: { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 1 } });
      const online = createBrain({ store, llm, subscribe: false });
      online.ingestObservations([{ ...obs, id: obs.id } as ObservationRecord]);
      await online.flush();
      await online.stop();
      expect(fake.requests.length).toBeGreaterThan(0);
      expect(fake.allText()).toContain('heron');
      expect(leaks(fake.allText())).toEqual([]);
    } finally {
      await fake.close();
    }

    const exported = await portabilityExporter(store).run({ format: 'json', onProgress: () => undefined });
    const text = readFileSync(exported.path, 'utf8');
    expect(text).toContain('heron');
    expect(leaks(text)).toEqual([]);
  });

  it('overlap: the excluded window\'s visible part is masked, the normal window on top of it is read', async () => {
    xterm(DISPLAY!, 'Private Browsing - bank', `${CANARY.under} ${CANARY.under} ${CANARY.under}\\n${CANARY.under}`, '90x16+0+0');
    xterm(DISPLAY!, 'editor', 'kingfisher meadow', '36x4+200+120');
    focus(DISPLAY!, 'editor');
    const svc = new CaptureService({ store, screen: new X11ScreenSource(), windows: new GetWindowsActiveWindowSource(), ocr, settings: settings() });
    const r = await svc.tick({ force: true });
    const [obsId] = await r.observations;
    await svc.close();
    closeAll();
    expect(r.displays[0]!.masked).toBe(1);
    const obs = store.observations.get(obsId!)!;
    expect(obs.text).toContain('kingfisher');
    expect(obs.text).not.toContain(CANARY.under);
    expect(await ocrStoredFrame(store, ocr, r.frame_ids[0]!)).not.toContain(CANARY.under);
  });

  it('the race: an excluded window mapped between the window read and the grab drops the frame', async () => {
    xterm(DISPLAY!, 'plain', 'quiet plain window', '36x4+0+0');
    const real = new X11WindowList({ display: DISPLAY });
    let calls = 0;
    const racing: WindowList = {
      name: 'racing',
      list: async (): Promise<WindowSnapshot> => {
        const snap = await real.list();
        // Right after the first read, a private window opens: the grab will see it, the read did not.
        if (calls++ === 0) {
          xterm(DISPLAY!, 'Incognito - porcupine', `${CANARY.race} ${CANARY.race}`, '36x4+400+200');
          execFileSync('sleep', ['0.5']);
        }
        return snap;
      },
    };
    const svc = new CaptureService({ store, screen: new X11ScreenSource(), windows: new GetWindowsActiveWindowSource(), windowList: racing, ocr: null, settings: settings() });
    const framesBefore = store.frames.list({ limit: 1000 }).length;
    const r = await svc.tick({ force: true });
    expect(r).toMatchObject({ kept: false, reason: 'window_changed' });
    expect(store.frames.list({ limit: 1000 }).length).toBe(framesBefore);
    expect(svc.status().privacy.frames_dropped_race).toBe(1);
    // The next tick reads a settled desktop: kept, with the private window masked.
    focus(DISPLAY!, 'plain');
    const next = await svc.tick({ force: true });
    expect(next.kept).toBe(true);
    expect(next.displays[0]!.masked).toBe(1);
    await svc.close();
    await real.close();
    closeAll();
  });

  it('fail closed: windows that cannot be listed keep no frame and say why; the fallback is the user\'s choice', async () => {
    xterm(DISPLAY!, 'plain', 'quiet plain window', '36x4+0+0');
    const broken: WindowList = {
      name: 'broken',
      list: async () => {
        throw new WindowListError('the X server refused the window list (injected)');
      },
    };
    const framesBefore = store.frames.list({ limit: 1000 }).length;
    const closed = new CaptureService({ store, screen: new X11ScreenSource(), windows: new GetWindowsActiveWindowSource(), windowList: broken, ocr: null, settings: settings() });
    const r = await closed.tick({ force: true });
    expect(r).toMatchObject({ kept: false, reason: 'window_list_unavailable', detail: 'the X server refused the window list (injected)' });
    const s = closed.status();
    expect(s.privacy).toMatchObject({ window_list: 'unavailable', problem: 'the X server refused the window list (injected)' });
    expect(s.message).toContain('injected');
    expect(store.frames.list({ limit: 1000 }).length).toBe(framesBefore);
    await closed.close();

    const anyway = new CaptureService({
      store,
      screen: new X11ScreenSource(),
      windows: new GetWindowsActiveWindowSource(),
      windowList: broken,
      ocr: null,
      settings: settings({ privacy: { window_list_failure: 'active_window_only' } }),
    });
    const kept = await anyway.tick({ force: true });
    expect(kept.kept).toBe(true);
    expect(anyway.status().privacy.window_list).toBe('degraded');
    await anyway.close();
    closeAll();
  });
});

describe('two monitors on one X screen', () => {
  let d: Display;
  let dir: string;
  let store: EngramStore;
  let ocr: TesseractPool;

  beforeAll(async () => {
    d = (await startDisplay({ width: 2560, height: 800 })) as Display;
    const env = { ...process.env, DISPLAY: d.display };
    execFileSync('xrandr', ['--setmonitor', 'left', '1280/338x800/211+0+0', 'screen'], { env });
    execFileSync('xrandr', ['--setmonitor', 'right', '1280/338x800/211+1280+0', 'none'], { env });
    dir = mkdtempSync(join(tmpdir(), 'engram-privacy-2m-'));
    store = await openStore({ dataDir: join(dir, 'data'), keyProvider: new StaticKeyProvider(Buffer.alloc(32, 5)), embedder: null });
    ocr = new TesseractPool({ cachePath: join(dir, 'ocr-cache'), workers: 1, idleStopMs: 30_000 });
  });
  afterAll(async () => {
    closeAll();
    await ocr?.stop();
    await store?.close();
    d?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('an excluded window on the second monitor is masked in that monitor\'s frame', async () => {
    xterm(d.display, 'Private Browsing - right', `${CANARY.right} ${CANARY.right}`, '40x6+1500+100');
    xterm(d.display, 'left notes', 'otter river stones', '40x6+100+100');
    focus(d.display, 'left notes');
    const screen = new X11ScreenSource({ display: d.display });
    const svc = new CaptureService({ store, screen, windows: new GetWindowsActiveWindowSource(), ocr, settings: settings() });
    const r = await svc.tick({ force: true });
    const ids = await r.observations;
    await svc.close();
    expect(r.displays.map((x) => [x.display, x.outcome, x.masked])).toEqual([
      ['left', 'kept', 0],
      ['right', 'kept', 1],
    ]);
    const texts = ids.map((id) => store.observations.get(id)!.text).join('\n');
    expect(texts).toContain('otter');
    expect(texts).not.toContain(CANARY.right);
    const right = store.frames.list({ limit: 10 }).find((f) => f.display === 'right')!;
    expect(await ocrStoredFrame(store, ocr, right.id)).not.toContain(CANARY.right);
  });
});
