import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { openStore, StaticKeyProvider } from '../../agents/store/index.js';
import { captureControlOf, createApi } from '../../electron/api/index.js';
import type { CaptureStatus } from '../../shared/api/index.js';
import {
  CapturePipeline,
  CaptureService,
  MASK_RGB,
  PrivacyGate,
  planMasks,
  WindowListError,
  type CapturedScreen,
  type DisplayInfo,
  type ListedWindow,
  type ScreenSource,
  type WindowList,
  type WindowSnapshot,
} from '../../electron/sensing/capture/index.js';
import { parseMonitors } from '../../electron/sensing/capture/randr-monitors.js';
import { CaptureSettingsSchema } from '../../shared/settings/index.js';

const display: DisplayInfo = { id: 'd0', name: 'd0', width: 400, height: 300, x: 0, y: 0, primary: true };
const gate = new PrivacyGate(CaptureSettingsSchema.parse({}).privacy, { pids: [999], apps: ['engram'] });
const exclusion = (w: ListedWindow) => gate.exclusion(w);

function win(id: string, title: string, x: number, y: number, width: number, height: number, extra: Partial<ListedWindow> = {}): ListedWindow {
  return { id, title, app: 'App', url: null, pid: 1, path: null, classes: [], bounds: { x, y, width, height }, ...extra };
}
const snap = (windows: ListedWindow[], stacked = true, active: ListedWindow | null = windows[windows.length - 1] ?? null): WindowSnapshot => ({ windows, stacked, active, complete: true });

describe('which parts of a display are masked', () => {
  it('every excluded window, focused or not, by title, app, class, pid or Engram\'s page title', () => {
    const ws = [
      win('1', 'Statement - Private Browsing', 0, 0, 100, 100),
      win('2', 'vault', 100, 0, 100, 100, { classes: ['keepassxc', 'KeePassXC'], app: 'whatever' }),
      win('3', 'Timeline · Engram - Chromium', 200, 0, 100, 100),
      win('4', 'own', 300, 0, 100, 100, { pid: 999 }),
      win('5', 'notes', 0, 150, 400, 150),
    ];
    const plan = planMasks(snap(ws), exclusion, display, display);
    expect(plan.hidden).toEqual(['excluded_title', 'excluded_app', 'engram_window', 'engram_window']);
    expect(plan.rects).toHaveLength(4);
    expect(plan.unmasked).toBeCloseTo(1 - (4 * 100 * 100) / (400 * 300));
  });

  it('occlusion: only the visible part when the stacking is known; the whole rectangle when it is not', () => {
    const under = win('1', 'Private Browsing', 0, 0, 200, 200);
    const over = win('2', 'editor', 100, 100, 200, 200);
    const known = planMasks(snap([under, over]), exclusion, display, display);
    expect(1 - known.unmasked).toBeCloseTo((200 * 200 - 100 * 100) / (400 * 300));
    const unknown = planMasks(snap([under, over], false), exclusion, display, display);
    expect(1 - unknown.unmasked).toBeCloseTo((200 * 200) / (400 * 300));
    // Fully covered: nothing of it is visible, nothing to hide, and it is not counted as shown.
    const covered = planMasks(snap([win('1', 'Private Browsing', 120, 120, 50, 50), over]), exclusion, display, display);
    expect(covered.hidden).toEqual([]);
  });

  it('HiDPI and second displays: rectangles are clipped to the display and scaled to its pixels', () => {
    const right: DisplayInfo = { id: 'r', name: 'r', width: 400, height: 300, x: 400, y: 0, primary: false };
    const w = win('1', 'Incognito', 350, 10, 100, 50);
    const plan = planMasks(snap([w]), exclusion, right, { width: 800, height: 600 });
    expect(plan.rects).toEqual([{ x: 0, y: 20, width: 100, height: 100 }]);
    expect(planMasks(snap([win('1', 'Incognito', 0, 0, 10, 10)]), exclusion, right, right).hidden).toEqual([]);
  });

  it('parses RandR monitors, including two on one output', () => {
    const out = 'Monitors: 2\n 0: +*left 1280/338x800/211+0+0  screen\n 1: +right 1280/338x800/211+1280+0  none\n';
    expect(parseMonitors(out)).toEqual([
      { id: 'left', name: 'left', primary: true, width: 1280, height: 800, x: 0, y: 0 },
      { id: 'right', name: 'right', primary: false, width: 1280, height: 800, x: 1280, y: 0 },
    ]);
  });
});

/** A screen of one colour, and a window list the test scripts. */
function rig(windows: () => WindowSnapshot | Error) {
  const shots: CapturedScreen[] = [];
  let shade = 0;
  const screen: ScreenSource = {
    name: 'flat',
    listDisplays: async () => [display],
    capture: async () => {
      shade = (shade + 40) % 256;
      const data = Buffer.alloc(400 * 300 * 3, shade);
      // A pattern, so every frame differs from the last.
      for (let i = 0; i < data.length; i += 97) data[i] = (i + shade) % 256;
      const shot: CapturedScreen = { display, captured_at: Date.now(), image: { format: 'raw', data, width: 400, height: 300, channels: 3 } };
      shots.push(shot);
      return [shot];
    },
  };
  const list: WindowList = {
    name: 'scripted',
    list: async () => {
      const s = windows();
      if (s instanceof Error) throw s;
      return s;
    },
  };
  return { screen, list, shots };
}

describe('the pipeline masks before anything is kept', () => {
  const open = async () => {
    const dir = mkdtempSync(join(tmpdir(), 'engram-mask-'));
    const store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(Buffer.alloc(32, 3)), embedder: null });
    return { dir, store, done: async () => (await store.close(), rmSync(dir, { recursive: true, force: true })) };
  };
  const noActive = { active: async () => null };

  it('the stored frame has the excluded window filled; its title is nowhere; the counters say why', async () => {
    const { store, done } = await open();
    const editor = win('2', 'editor', 200, 0, 200, 300);
    const { screen, list } = rig(() => snap([win('1', 'Bank - Private Browsing', 0, 0, 200, 150), editor], true, editor));
    const p = new CapturePipeline({ store, screen, windows: noActive, windowList: list, ocr: null, settings: CaptureSettingsSchema.parse({}) });
    const r = await p.tick();
    await r.observations;
    expect(r.kept).toBe(true);
    const webp = await store.frames.readImage(r.frame_ids[0]!);
    const { data, info } = await sharp(webp).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    // WebP is lossy: near the fill colour inside the window, not near it outside.
    const near = (px: number[]) => px.every((v, i) => Math.abs(v - MASK_RGB[i]!) <= 6);
    expect(near(at(50, 50))).toBe(true);
    expect(near(at(100, 140))).toBe(true);
    expect(near(at(300, 200))).toBe(false);
    const frame = store.frames.get(r.frame_ids[0]!)!;
    expect(frame.title).toBe('editor');
    expect(store.counters.get('capture.windows_hidden.excluded_title')).toBe(1);
    // The same window on the next frame is not counted again.
    await p.tick({ force: true });
    expect(store.counters.get('capture.windows_hidden.excluded_title')).toBe(1);
    expect(store.counters.get('capture.frames_masked')).toBe(2);
    await p.close();
    await done();
  });

  it('a display mostly covered by excluded windows keeps nothing; an excluded window in front keeps nothing', async () => {
    const { store, done } = await open();
    const small = win('2', 'editor', 0, 0, 60, 60);
    let front = false;
    const { screen, list } = rig(() => {
      const big = win('1', 'Incognito', 0, 0, 400, 300);
      return front ? snap([small, big], true, big) : snap([big, small], true, small);
    });
    const p = new CapturePipeline({ store, screen, windows: noActive, windowList: list, ocr: null, settings: CaptureSettingsSchema.parse({}) });
    expect(await p.tick()).toMatchObject({ kept: false, reason: 'mostly_hidden' });
    front = true;
    expect(await p.tick()).toMatchObject({ kept: false, reason: 'excluded_title' });
    expect(store.frames.list({ limit: 10 })).toHaveLength(0);
    expect(store.counters.get('capture.frames_mostly_hidden')).toBe(1);
    await p.close();
    await done();
  });

  it('a window that changes between the two reads drops the frame; an unreadable list keeps nothing (fail closed)', async () => {
    const { store, done } = await open();
    let n = 0;
    let fail = false;
    const editor = win('2', 'editor', 200, 0, 200, 300);
    const { screen, list } = rig(() => {
      if (fail) return new WindowListError('no window list (injected)');
      n++;
      // Read 2 (after the first grab) sees the private window moved.
      const x = n === 2 ? 10 : 0;
      return snap([win('1', 'Private Browsing', x, 0, 100, 100), editor], true, editor);
    });
    const p = new CapturePipeline({ store, screen, windows: noActive, windowList: list, ocr: null, settings: CaptureSettingsSchema.parse({}) });
    expect(await p.tick()).toMatchObject({ kept: false, reason: 'window_changed' });
    expect(store.counters.get('capture.frames_dropped_race')).toBe(1);
    fail = true;
    expect(await p.tick()).toMatchObject({ kept: false, reason: 'window_list_unavailable', detail: 'no window list (injected)' });
    expect(p.windowListHealth()).toMatchObject({ state: 'unavailable', problem: 'no window list (injected)' });
    expect(store.frames.list({ limit: 10 })).toHaveLength(0);
    await p.close();
    await done();
  });

  it('the captioning model sees only the masked frame: the excluded window filled, its title in no request; one in front is never sent', async () => {
    const { store, done } = await open();
    const sent: { image: Buffer; title: string | null; text: string }[] = [];
    const captioner = { caption: async (req: { image: Buffer; title: string | null; text: string }) => (sent.push(req), 'an editor beside a filled box') };
    const ocr = { activeWorkers: 0, recognize: async () => ({ text: 'draft of the quarterly plan', confidence: 90, lines: [] }), stop: async () => undefined };
    const editor = win('2', 'editor', 200, 0, 200, 300);
    const hidden = win('1', 'Payroll export - Private Browsing', 0, 0, 200, 150);
    let front = false;
    const { screen, list } = rig(() => (front ? snap([editor, hidden], true, hidden) : snap([hidden, editor], true, editor)));
    const p = new CapturePipeline({ store, screen, windows: noActive, windowList: list, ocr, captioner, settings: CaptureSettingsSchema.parse({ captioning: { enabled: true } }) });
    const r = await p.tick();
    await r.observations;
    expect(r.kept).toBe(true);
    expect(sent).toHaveLength(1);
    const { data, info } = await sharp(sent[0]!.image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([400, 300]);
    // Every pixel of the excluded window's rectangle is the fill (the frame was kept as lossy WebP: near it).
    let unfilled = 0;
    for (let y = 0; y < 150; y++) {
      for (let x = 0; x < 200; x++) {
        const i = (y * info.width + x) * 3;
        if (![0, 1, 2].every((c) => Math.abs(data[i + c]! - MASK_RGB[c]!) <= 8)) unfilled++;
      }
    }
    expect(unfilled).toBe(0);
    expect(sent[0]!.title).toBe('editor');
    expect(JSON.stringify({ ...sent[0], image: null })).not.toMatch(/Payroll|Private Browsing/);
    // The excluded window comes to the front: nothing is kept, so nothing goes to the model.
    front = true;
    expect(await p.tick({ force: true })).toMatchObject({ kept: false, reason: 'excluded_title' });
    expect(sent).toHaveLength(1);
    await p.close();
    await done();
  });

  it('a paused display is not grabbed; the others are', async () => {
    const { store, done } = await open();
    const { screen, list, shots } = rig(() => snap([], true, null));
    const p = new CapturePipeline({ store, screen, windows: noActive, windowList: list, ocr: null, settings: CaptureSettingsSchema.parse({ privacy: { paused_displays: ['d0'] } }) });
    expect(await p.tick()).toMatchObject({ kept: false, reason: 'display_paused' });
    expect(shots).toHaveLength(0);
    await p.close();
    await done();
  });
});

describe('the API: status with the gate\'s counters, a pause per display', () => {
  it('capture.status passes the contract with the privacy block; capture.pauseDisplay pauses one display and refuses an unknown one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'engram-mask-api-'));
    const store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(Buffer.alloc(32, 4)), embedder: null });
    const editor = win('2', 'editor', 200, 0, 200, 300);
    const { screen, list, shots } = rig(() => snap([win('1', 'Incognito', 0, 0, 100, 100), editor], true, editor));
    const service = new CaptureService({ store, screen, windows: { active: async () => null }, windowList: list, ocr: null });
    const api = createApi({ store, host: 'headless', version: 'test', capture: captureControlOf(service), checkOutputs: true });
    try {
      await service.tick();
      const call = async (name: string, input: unknown) => {
        const r = await api.dispatch(name, input);
        if (!r.ok) return r.error;
        return r.output as CaptureStatus;
      };
      const status = (await call('capture.status', {})) as CaptureStatus;
      expect(status.privacy).toMatchObject({ window_list: 'ok', windows_hidden: { excluded_title: 1 }, frames_masked: 1, displays: [{ id: 'd0', paused: false }] });
      expect(await call('capture.pauseDisplay', { display: 'nope', paused: true })).toMatchObject({ code: 'NOT_FOUND' });
      const paused = (await call('capture.pauseDisplay', { display: 'd0', paused: true })) as CaptureStatus;
      expect(paused.privacy!.displays).toEqual([{ id: 'd0', name: 'd0', paused: true }]);
      const grabs = shots.length;
      expect(await service.tick()).toMatchObject({ kept: false, reason: 'display_paused' });
      expect(shots.length).toBe(grabs);
      const resumed = (await call('capture.pauseDisplay', { display: 'd0', paused: false })) as CaptureStatus;
      expect(resumed.privacy!.displays[0]!.paused).toBe(false);
    } finally {
      api.dispose();
      await service.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
