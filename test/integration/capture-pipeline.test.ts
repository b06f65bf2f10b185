import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EngramStore } from '../../agents/store/index.js';
import {
  applyRetention,
  CapturePipeline,
  CaptureScheduler,
  CaptureService,
  type ActiveWindowSource,
  type CapturedScreen,
  type DisplayInfo,
  type ScreenSource,
  type SecretsEvent,
  type WindowInfo,
  type WindowList,
  WindowListError,
} from '../../electron/sensing/capture/index.js';
import type { OcrEngine, OcrImage, OcrResult } from '../../electron/sensing/perception/index.js';
import { CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, type CaptureSettingsInput } from '../../shared/settings/index.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';

const W = 640;
const H = 400;
const DISPLAY: DisplayInfo = { id: 'screen', name: 'screen', width: W, height: H, x: 0, y: 0, primary: true };

/** A screen whose content the test sets; counts grabs. */
class FakeScreen implements ScreenSource {
  readonly name = 'fake';
  grabs = 0;
  shade = 40;
  /** A short dark stripe (a new line of text) at this row, when set. */
  extra: number | null = null;
  drawn = true;
  hint: boolean | null = null;
  async listDisplays() {
    return [DISPLAY];
  }
  async capture(): Promise<CapturedScreen[]> {
    this.grabs++;
    const data = Buffer.alloc(W * H * 3, 250);
    // A block of "text" whose brightness is the content: changing shade changes the screen.
    for (let y = 50; y < 250; y++) data.fill(this.shade, (y * W + 40) * 3, (y * W + 400) * 3);
    if (this.extra !== null) for (let y = this.extra; y < this.extra + 10; y++) data.fill(0, (y * W + 40) * 3, (y * W + 200) * 3);
    return [{ display: DISPLAY, captured_at: Date.now(), image: { format: 'raw', data, width: W, height: H, channels: 3 } }];
  }
  changedSinceLastCapture?(): boolean;
}

class FakeWindows implements ActiveWindowSource {
  win: WindowInfo | null = { app: 'Terminal', title: 'notes', url: null, pid: 99, path: null, bounds: null };
  async active() {
    return this.win;
  }
}

/** OCR that "reads" whatever text the test put on screen. */
class FakeOcr implements OcrEngine {
  activeWorkers = 0;
  text = 'hello';
  images: OcrImage[] = [];
  async recognize(image: OcrImage): Promise<OcrResult> {
    this.images.push(image);
    return { text: this.text, confidence: 90, lines: [{ text: this.text, confidence: 90, bbox: { x0: 0, y0: 0, x1: image.width, y1: image.height } }] };
  }
  async stop() {}
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? filesUnder(join(dir, n)) : [join(dir, n)]));
}

describe('capture pipeline (fake screen, real encrypted store)', () => {
  let dir: string;
  let store: EngramStore;
  let screen: FakeScreen;
  let windows: FakeWindows;
  let ocr: FakeOcr;
  let now: number;
  const clock = () => now;

  tempStoreEachTest('engram-capture-', (t) => {
    store = t.store;
    dir = t.dir;
    screen = new FakeScreen();
    windows = new FakeWindows();
    ocr = new FakeOcr();
    now = Date.parse('2026-03-02T10:00:00Z');
  }, { key: Buffer.alloc(32, 3) });

  const pipeline = (settings = {}) =>
    new CapturePipeline({ store, screen, windows, ocr, clock, settings: CaptureSettingsSchema.parse({ force_after_s: 60, ...settings }), self: { pids: [1], apps: ['engram'] } });

  it('keeps a changed screen as an encrypted frame and a redacted observation; secrets go out separately', async () => {
    const p = pipeline();
    const secrets: SecretsEvent[] = [];
    p.on('secrets', (e: SecretsEvent) => secrets.push(e));
    ocr.text = 'Invoice paid with 4111 1111 1111 1111 using key AKIAIOSFODNN7EXAMPLE canary-zebra-4417';
    const r = await p.tick();
    expect(r).toMatchObject({ kept: true, reason: 'kept' });
    const [obsId] = await r.observations;
    const obs = store.observations.get(obsId!)!;
    expect(obs).toMatchObject({ kind: 'screen', frame_id: r.frame_ids[0], app: 'Terminal', title: 'notes', display: 'screen' });
    expect(obs.text).toBe('Invoice paid with [redacted:card] using key [redacted:aws_key] canary-zebra-4417');
    expect(secrets[0]!.secrets.map((s) => s.kind)).toEqual(['card', 'aws_key']);
    const frame = store.frames.get(r.frame_ids[0]!)!;
    expect(frame.width).toBe(W);
    expect(frame.phash).toMatch(/^[0-9a-f]{16}$/);
    // The image is WebP inside, and nothing on disk is plaintext: no WebP header, no card number, no canary.
    expect((await store.frames.readImage(frame.id)).toString('ascii', 8, 12)).toBe('WEBP');
    for (const f of filesUnder(dir)) {
      const bytes = readFileSync(f);
      expect(bytes.includes(Buffer.from('WEBP')), f).toBe(false);
      expect(bytes.includes(Buffer.from('canary-zebra-4417')), f).toBe(false);
      expect(bytes.includes(Buffer.from('4111 1111')), f).toBe(false);
    }
    expect(store.counters.get('capture.frames_kept')).toBe(1);
  });

  it('a frame kept while the previous one is still being read is read incrementally against it, not whole', async () => {
    // OCR slower than the screen changes (a busy machine): the first read is held until both frames are kept.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const images: OcrImage[] = [];
    const slow: OcrEngine = {
      activeWorkers: 1,
      async stop() {},
      async recognize(image: OcrImage): Promise<OcrResult> {
        images.push(image);
        if (images.length === 1) {
          await held;
          return { text: 'the block', confidence: 90, lines: [{ text: 'the block', confidence: 90, bbox: { x0: 40, y0: 50, x1: 400, y1: 250 } }] };
        }
        return { text: 'a new line', confidence: 90, lines: [{ text: 'a new line', confidence: 90, bbox: { x0: 40, y0: 2, x1: 200, y1: image.height - 2 } }] };
      },
    };
    const p = new CapturePipeline({ store, screen, windows, ocr: slow, clock, settings: CaptureSettingsSchema.parse({ force_after_s: 60 }), self: { pids: [1], apps: ['engram'] } });
    const first = await p.tick();
    screen.extra = 300;
    now += 3_000;
    const second = await p.tick();
    expect([first.kept, second.kept]).toEqual([true, true]);
    // Time for the second frame to reach OCR if it did not wait for the first one's text.
    for (let i = 0; i < 20 && images.length < 2; i++) await new Promise((r) => setTimeout(r, 50));
    release();
    const [, obs2] = [...(await first.observations), ...(await second.observations)];
    expect(images).toHaveLength(2);
    expect(images[1]!.layout).toBe('block');
    expect(images[1]!.height).toBeLessThan(H / 4);
    expect(store.observations.get(obs2!)!.text).toBe('the block\na new line');
    await p.close();
  });

  it('redaction switches decide what is taken out of screen text; a change in the stored settings applies from the next frame', async () => {
    const screenText = 'Card 4111 1111 1111 1111, mail ana@acme.com, key AKIAIOSFODNN7EXAMPLE';
    ocr.text = screenText;
    // No settings override: the pipeline reads the stored settings, as in the app.
    const p = new CapturePipeline({ store, screen, windows, ocr, clock, self: { pids: [1], apps: ['engram'] } });
    const secrets: SecretsEvent[] = [];
    p.on('secrets', (e: SecretsEvent) => secrets.push(e));
    const textOf = async (): Promise<string> => {
      screen.shade += 60;
      now += 5000;
      const [id] = await (await p.tick()).observations;
      return store.observations.get(id!)!.text;
    };

    // Defaults: the card and the key go, the email address stays.
    expect(await textOf()).toBe('Card [redacted:card], mail ana@acme.com, key [redacted:aws_key]');
    expect(secrets.pop()!.secrets.map((s) => s.kind)).toEqual(['card', 'aws_key']);

    // Card redaction off, email redaction on: the card stays in the text and leaves no secret; the email goes.
    store.settings.set(CAPTURE_SETTINGS_KEY, CaptureSettingsSchema.parse({ redaction: { cards: false, emails: true } }));
    expect(await textOf()).toBe('Card 4111 1111 1111 1111, mail [redacted:email], key [redacted:aws_key]');
    expect(secrets.pop()!.secrets.map((s) => [s.kind, s.value])).toEqual([
      ['email', 'ana@acme.com'],
      ['aws_key', 'AKIAIOSFODNN7EXAMPLE'],
    ]);

    // Back on: redacted again.
    store.settings.set(CAPTURE_SETTINGS_KEY, CaptureSettingsSchema.parse({ redaction: { cards: true } }));
    expect(await textOf()).toBe('Card [redacted:card], mail ana@acme.com, key [redacted:aws_key]');

    // A pipeline with a settings override (CLI flags, tests) uses the override's switches.
    const fixed = pipeline({ redaction: { secrets: false } });
    screen.shade += 60;
    const [id] = await (await fixed.tick()).observations;
    expect(store.observations.get(id!)!.text).toBe('Card [redacted:card], mail ana@acme.com, key AKIAIOSFODNN7EXAMPLE');
  });

  it('skips an unchanged screen, then forces one capture after force_after_s of skips (once per still period)', async () => {
    const p = pipeline();
    expect((await p.tick()).kept).toBe(true);
    await p.drain(); // the first frame's text is read before the still period starts
    now += 3000;
    const same = await p.tick();
    expect(same).toMatchObject({ kept: false, reason: 'unchanged' });
    now += 30_000;
    expect((await p.tick()).reason).toBe('unchanged');
    now += 31_000; // 61 s into the still period
    const forced = await p.tick();
    expect(forced).toMatchObject({ kept: true, forced: true });
    now += 61_000;
    expect((await p.tick()).reason).toBe('unchanged');
    screen.shade = 120;
    now += 3000;
    expect((await p.tick())).toMatchObject({ kept: true, forced: false });
    await p.drain();
    expect(store.frames.list({}).length).toBe(3);
    expect(store.counters.get('capture.frames_skipped')).toBe(3);
    // A forced frame of a still screen reuses the text read before: no second OCR of the same pixels.
    expect(ocr.images.length).toBe(2);
  });

  it('when the window system says nothing was drawn, no pixels are grabbed at all', async () => {
    const p = pipeline();
    await p.tick();
    screen.changedSinceLastCapture = () => false;
    const grabs = screen.grabs;
    now += 3000;
    expect((await p.tick()).reason).toBe('unchanged');
    expect(screen.grabs).toBe(grabs);
    now += 61_000;
    expect((await p.tick()).forced).toBe(true);
    expect(screen.grabs).toBe(grabs + 1);
  });

  it('an excluded app, a private window or Engram itself: no frame file, no observation, only a counter', async () => {
    const p = pipeline();
    for (const win of [
      { app: 'KeePassXC', title: 'Passwords.kdbx' },
      { app: 'firefox', title: 'Mozilla Firefox Private Browsing' },
      { app: 'Electron', title: 'Engram', pid: 1 },
    ]) {
      windows.win = { url: null, pid: 5, path: null, bounds: null, ...win };
      screen.shade += 30;
      const r = await p.tick();
      expect(r.kept).toBe(false);
      expect(['excluded_app', 'excluded_title', 'engram_window']).toContain(r.reason);
    }
    await p.drain();
    expect(store.frames.list({})).toHaveLength(0);
    expect(store.observations.list({})).toHaveLength(0);
    expect(filesUnder(dir).filter((f) => !/\.(db|db-wal|db-shm|key)$|engram\.key|backup/.test(f))).toEqual([]);
    expect(store.counters.get('capture.frames_gated')).toBe(3);
  });

  it('window list unavailable, "active window only" chosen: a missing or failed window in front keeps nothing (issue 29 item 5)', async () => {
    const broken: WindowList = {
      name: 'broken',
      list: async () => {
        throw new WindowListError('no window list (injected)');
      },
    };
    const fallback = (settings: CaptureSettingsInput['privacy'] = {}) =>
      new CapturePipeline({ store, screen, windows, ocr, clock, windowList: broken, settings: CaptureSettingsSchema.parse({ privacy: { window_list_failure: 'active_window_only', ...settings } }), self: { pids: [1], apps: ['engram'] } });
    const p = fallback();
    // get-windows' failures read as "no active window" (null): that is no window to check.
    windows.win = null;
    expect(await p.tick({ force: true })).toMatchObject({ kept: false, reason: 'window_list_unavailable' });
    expect(p.windowListHealth().state).toBe('unavailable');
    // A source that throws.
    const throwing = new CapturePipeline({ store, screen, windows: { active: async () => Promise.reject(new Error('xprop died')) }, ocr, clock, windowList: broken, settings: CaptureSettingsSchema.parse({ privacy: { window_list_failure: 'active_window_only' } }) });
    screen.shade += 30;
    expect(await throwing.tick({ force: true })).toMatchObject({ kept: false, reason: 'window_list_unavailable' });
    expect(store.frames.list({})).toHaveLength(0);
    // A known window in front that no rule excludes: kept, and the state says degraded.
    windows.win = { app: 'Terminal', title: 'notes', url: null, pid: 99, path: null, bounds: null };
    screen.shade += 30;
    expect((await p.tick({ force: true })).kept).toBe(true);
    expect(p.windowListHealth().state).toBe('degraded');
    // With URL rules, a browser in front whose URL is unknown is excluded.
    const withUrls = fallback({ excluded_url_patterns: ['bank\\.example'] });
    windows.win = { app: 'Firefox', title: 'Statement', url: null, pid: 99, path: null, bounds: null };
    screen.shade += 30;
    expect(await withUrls.tick({ force: true })).toMatchObject({ kept: false, reason: 'excluded_url' });
    await Promise.all([p.close(), throwing.close(), withUrls.close()]);
    expect(store.frames.list({})).toHaveLength(1);
  });

  it('a pause keeps audio recorded before it, even when its last segment arrives after, and refuses what came later', () => {
    const svc = new CaptureService({ store, screen, windows, ocr, clock });
    const pausedAt = now;
    svc.pause();
    const p = svc.pipeline;
    expect(p.pausedAt(pausedAt - 5_000)).toBe(false);
    // The recorder's last segment ends a moment after the pause that stopped it.
    expect(p.pausedAt(pausedAt + 1_000)).toBe(false);
    expect(p.pausedAt(pausedAt + 10_000)).toBe(true);
    // Paused by another process (found in the stored settings): nothing recorded counts as before it.
    expect(new CapturePipeline({ store, screen, windows, ocr: null, clock }).pausedAt(pausedAt - 60_000)).toBe(true);
    svc.resume();
    expect(p.pausedAt(pausedAt + 10_000)).toBe(false);
  });

  it('service: pause (timed) stores nothing and no grab happens; resume captures again; status reports it', async () => {
    const svc = new CaptureService({ store, screen, windows, ocr, clock });
    const st = svc.pause(15);
    expect(st.state).toBe('paused');
    expect(st.paused_until).toBe(new Date(now + 15 * 60_000).toISOString());
    const r = await svc.tick();
    expect(r).toMatchObject({ kept: false, reason: 'paused' });
    expect(screen.grabs).toBe(0);
    expect(store.frames.list({})).toHaveLength(0);
    // The pause is a stored setting: another pipeline on the same store sees it.
    expect(pipeline().currentSettings.privacy.paused).toBe(false); // override settings ignore the store
    expect(new CapturePipeline({ store, screen, windows, ocr: null, clock }).isPaused()).toBe(true);
    // A timed pause ends by itself.
    now += 16 * 60_000;
    expect((await svc.tick()).kept).toBe(true);
    svc.pause();
    expect((await svc.tick()).reason).toBe('paused');
    const resumed = svc.resume();
    expect(resumed.paused_until).toBeNull();
    screen.shade = 200;
    expect((await svc.tick()).kept).toBe(true);
    await svc.drain();
    const s = svc.status();
    expect(s).toMatchObject({ frames_kept: 2, frames_gated: 2, ocr_backlog: 0, audio: false });
    expect(s.last_frame_at).not.toBeNull();
    await svc.close();
  });

  it('idle: no grab until the forced capture is due; locked: never', async () => {
    let idle: 'active' | 'idle' | 'locked' = 'active';
    const p = new CapturePipeline({ store, screen, windows, ocr: null, clock, idle: { state: () => idle }, settings: CaptureSettingsSchema.parse({ force_after_s: 60 }) });
    expect((await p.tick()).kept).toBe(true);
    idle = 'idle';
    screen.shade = 90;
    const grabs = screen.grabs;
    now += 3000;
    expect(await p.tick()).toMatchObject({ kept: false, reason: 'idle' });
    expect(screen.grabs).toBe(grabs);
    now += 61_000;
    expect(await p.tick()).toMatchObject({ kept: true });
    idle = 'locked';
    screen.shade = 160;
    now += 200_000;
    expect(await p.tick()).toMatchObject({ kept: false, reason: 'locked' });
    expect(screen.grabs).toBe(grabs + 1);
  });

  it('captioning is off by default; when turned on, the captioner sees the frame and its caption is stored redacted', async () => {
    const calls: string[] = [];
    const captioner = { caption: async (req: { image: Buffer; text: string }) => (calls.push(req.text), `A terminal; card 4111 1111 1111 1111 visible (${req.image.length} bytes)`) };
    const off = new CapturePipeline({ store, screen, windows, ocr, clock, captioner, settings: CaptureSettingsSchema.parse({}) });
    const [id1] = await (await off.tick()).observations;
    expect(calls).toHaveLength(0);
    expect(store.observations.get(id1!)!.caption).toBeNull();
    const on = new CapturePipeline({ store, screen, windows, ocr, clock, captioner, settings: CaptureSettingsSchema.parse({ captioning: { enabled: true } }) });
    const [id2] = await (await on.tick()).observations;
    expect(calls).toEqual(['hello']);
    expect(store.observations.get(id2!)!.caption).toMatch(/^A terminal; card \[redacted:card\] visible \(\d+ bytes\)$/);
  });

  it('window titles and URLs are kept redacted (frame, observation, caption request), the URL without credentials or query values (issue 28)', async () => {
    const token = 'ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8';
    windows.win = {
      app: 'Terminal',
      title: `export GITHUB_TOKEN=${token} — bash`,
      url: 'https://ana:Hunt3r2xQ@git.example.com/repo?token=abc123def456&tab=1',
      pid: 99,
      path: null,
      bounds: null,
    };
    const titles: (string | null | undefined)[] = [];
    const captioner = { caption: async (req: { title?: string | null }) => (titles.push(req.title), 'a terminal') };
    const p = new CapturePipeline({ store, screen, windows, ocr, clock, captioner, settings: CaptureSettingsSchema.parse({ captioning: { enabled: true } }) });
    const r = await p.tick();
    const [obsId] = await r.observations;
    const title = 'export GITHUB_TOKEN=[redacted:github_token] — bash';
    const url = 'https://git.example.com/repo?token=&tab=';
    expect(store.observations.get(obsId!)).toMatchObject({ title, url });
    expect(store.frames.get(r.frame_ids[0]!)).toMatchObject({ title, url });
    expect(titles).toEqual([title]);
  });

  it('the scheduler ticks at the interval, never two at once, and stops cleanly', async () => {
    let running = 0;
    let maxRunning = 0;
    let ticks = 0;
    const sched = new CaptureScheduler(
      async () => {
        running++;
        maxRunning = Math.max(maxRunning, running);
        ticks++;
        await new Promise((r) => setTimeout(r, 150));
        running--;
      },
      () => 100,
    );
    sched.start();
    // Three ticks take ~450 ms here, but a loaded machine fires every timer late (a fixed 700 ms
    // counted 2 with timers 120 ms late): wait for the ticks, not for a time.
    await expect.poll(() => ticks, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    await sched.stop();
    const after = ticks;
    await new Promise((r) => setTimeout(r, 300));
    expect(ticks).toBe(after);
    expect(maxRunning).toBe(1);
    expect(sched.isRunning).toBe(false);
  });

  it('retention recycles the oldest frames past the age limit and keeps their observations', async () => {
    const p = pipeline();
    const r1 = await p.tick();
    await p.drain();
    const obs = await r1.observations;
    const removed = applyRetention(store, { max_gb: 10, max_age_days: 1 }, Date.now() + 2 * 86_400_000);
    expect(removed.frames).toBe(1);
    expect(store.frames.list({})).toHaveLength(0);
    expect(store.observations.get(obs[0]!)).not.toBeNull();
  });
});
