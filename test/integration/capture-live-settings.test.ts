import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngramStore } from '../../agents/store/index.js';
import { startEngram, type Engram } from '../../electron/engine/index.js';
import { PushAudioSource, readCaptureSettings, writeCaptureSettings } from '../../electron/sensing/sources/index.js';
import { UnavailableWindowList, type ActiveWindowSource, type CapturedScreen, type DisplayInfo, type ScreenSource, type WindowInfo } from '../../electron/sensing/capture/index.js';
import { captureHealthLine, captureHealthOf, type CaptureHealth } from '../../shared/api/index.js';
import { WAYLAND_WINDOW_LIST_PROBLEM } from '../../electron/sensing/capture/default-screen-source.js';
import { startFakeTranscriber, type FakeTranscriber } from '../fakes/fake-transcriber.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';

// Every capture and audio setting takes effect at once, through the handler map the window uses
// (issue 29: "Record audio" off that left the recorder storing, capture off that left status
// "running", a transcriber URL that waited for a restart), and the capture health tells the truth
// where ticks keep nothing (macOS without Screen Recording, Wayland with default settings).

const DISPLAY: DisplayInfo = { id: 'screen', name: 'screen', width: 64, height: 48, x: 0, y: 0, primary: true };

class FakeScreen implements ScreenSource {
  readonly name = 'fake';
  grabs = 0;
  /** Plays macOS's Screen Recording: null means the source has nothing to ask (other OSes). */
  access?: () => Promise<{ granted: true } | { granted: false; message: string }>;
  async listDisplays() {
    return [DISPLAY];
  }
  async capture(): Promise<CapturedScreen[]> {
    this.grabs++;
    const data = Buffer.alloc(64 * 48 * 3, (this.grabs * 53) & 0xff);
    return [{ display: DISPLAY, captured_at: Date.now(), image: { format: 'raw', data, width: 64, height: 48, channels: 3 } }];
  }
}

class CountingWindows implements ActiveWindowSource {
  reads = 0;
  async active(): Promise<WindowInfo | null> {
    this.reads++;
    return { app: 'Terminal', title: 'notes', url: null, pid: 99, path: null, bounds: null };
  }
}

/** A second of a loud tone, then six of silence: one speech chunk, closed by the silence (5 s). */
function speech(): Int16Array {
  const rate = 16_000;
  const out = new Int16Array(rate * 7);
  for (let i = 0; i < rate; i++) out[i] = Math.round(9000 * Math.sin((2 * Math.PI * 220 * i) / rate) * (1 + 0.3 * Math.sin(i / 50)));
  return out;
}

async function until<T>(probe: () => T | null | undefined | false | Promise<T | null | undefined | false>, what: string, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('capture settings apply at once; the capture health tells the truth', () => {
  let store: EngramStore;
  let engram: Engram;
  let screen: FakeScreen;
  let windows: CountingWindows;
  let mic: PushAudioSource;
  let first: FakeTranscriber;
  let second: FakeTranscriber;
  const healths: CaptureHealth[] = [];

  beforeAll(async () => {
    first = await startFakeTranscriber({ apiKey: 'k', transcript: () => 'first server heard this' });
    second = await startFakeTranscriber({ apiKey: 'k', transcript: () => 'second server heard this' });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  async function start(opts: { windowList?: 'wayland' } = {}) {
    const s = readCaptureSettings(store);
    writeCaptureSettings(store, { ...s, interval_s: 3600, audio: { ...s.audio, enabled: false, transcriber_url: `${first.url}/v1` } });
    engram = await startEngram({
      store,
      host: 'headless',
      version: 't',
      env: { ENGRAM_TRANSCRIBER_KEY: 'k' },
      chat: false,
      capture: {
        screen,
        windows,
        microphone: mic,
        ocr: null,
        ...(opts.windowList === 'wayland' ? { windowList: new UnavailableWindowList(WAYLAND_WINDOW_LIST_PROBLEM) } : {}),
      },
      checkOutputs: true,
    });
    engram.api.events.subscribe((name, payload) => {
      if (name === 'capture.health') healths.push(payload as CaptureHealth);
    });
  }

  tempStoreEachTest('engram-live-', (t) => {
    store = t.store;
    screen = new FakeScreen();
    windows = new CountingWindows();
    mic = new PushAudioSource();
    healths.length = 0;
    return () => engram.close();
  }, { key: Buffer.alloc(32, 9) });

  const audioRows = () => store.audio.count();
  const heard = () => store.observations.list({}).filter((o) => o.kind === 'audio').map((o) => o.text);
  const update = (capture: Record<string, unknown>) => engram.client.call('settings.update', { patch: { capture } });

  it('"Record audio" on starts storing at once, off stops it at once; the status says which', async () => {
    await start();
    expect(engram.audioWanted()).toBe(false);
    // Seven seconds recorded while audio was off, handed over late (a recorder's last segment).
    mic.push(speech(), 16_000, Date.now() - 7_000);
    await new Promise((r) => setTimeout(r, 100));
    expect(audioRows()).toBe(0);

    await update({ audio: { enabled: true } });
    expect(engram.audioWanted()).toBe(true);
    expect((await engram.client.call('capture.status', {})).audio).toBe(true);
    mic.push(speech(), 16_000);
    await until(() => audioRows() === 1 && heard().length === 1, 'the speech stored and transcribed');
    // The speech recorded while audio was off (queued in the source) was never stored.
    expect(heard()).toEqual(['first server heard this']);

    await update({ audio: { enabled: false } });
    expect(engram.audioWanted()).toBe(false);
    await until(async () => !(await engram.client.call('capture.status', {})).audio, 'the audio run ended');
    mic.push(speech(), 16_000);
    await new Promise((r) => setTimeout(r, 200));
    expect(audioRows()).toBe(1);
  });

  it('a new transcriber URL is used for the next chunk, without a restart', async () => {
    await start();
    await update({ audio: { enabled: true } });
    mic.push(speech(), 16_000);
    await until(() => heard().length === 1, 'first transcript');
    await update({ audio: { transcriber_url: `${second.url}/v1` } });
    mic.push(speech(), 16_000);
    await until(() => heard().length === 2, 'second transcript');
    expect(heard().sort()).toEqual(['first server heard this', 'second server heard this']);
  });

  it('capture off: status stopped, health "not recording — off in Settings", microphone not wanted; on again: running', async () => {
    await start();
    await update({ audio: { enabled: true } });
    const off = await update({ enabled: false });
    expect(off.capture.enabled).toBe(false);
    const status = await engram.client.call('capture.status', {});
    expect(status.state).toBe('stopped');
    expect(engram.audioWanted()).toBe(false);
    const health = await engram.client.call('capture.health', {});
    expect(health).toMatchObject({ state: 'not_recording', reason: 'disabled', action: 'open_settings' });
    // The window heard it without asking.
    expect(healths.at(-1)).toMatchObject({ reason: 'disabled' });

    await update({ enabled: true });
    expect((await engram.client.call('capture.status', {})).state).toBe('running');
    expect(engram.audioWanted()).toBe(true);
    expect(healths.at(-1)).toMatchObject({ state: 'capturing' });
  });

  it('macOS without Screen Recording: the grant is asked first, nothing else is read, and the health says what to do', async () => {
    let asked = 0;
    screen.access = async () => {
      asked++;
      return { granted: false, message: 'Screen Recording is not allowed for Engram.' };
    };
    await start();
    const r = await engram.capture!.tick({ force: true });
    expect(r.reason).toBe('no_permission');
    expect(asked).toBe(1);
    // Before the fix the window list was read first, failed, and the status stayed "running".
    expect(windows.reads).toBe(0);
    expect(screen.grabs).toBe(0);
    const health = await engram.client.call('capture.health', {});
    expect(health).toMatchObject({ state: 'not_recording', reason: 'no_permission', title: 'Not recording — grant Screen Recording', action: 'open_screen_settings' });
    expect(captureHealthLine(health, 0, (t) => t)).not.toMatch(/^Capturing/);

    screen.access = async () => ({ granted: true });
    expect((await engram.capture!.tick({ force: true })).kept).toBe(true);
    expect((await engram.client.call('capture.health', {})).state).toBe('capturing');
  });

  it('Wayland with default settings keeps nothing, and nothing says "Capturing"', async () => {
    await start({ windowList: 'wayland' });
    const r = await engram.capture!.tick({ force: true });
    expect(r.reason).toBe('window_list_unavailable');
    expect(screen.grabs).toBe(0);
    const status = await engram.client.call('capture.status', {});
    const health = captureHealthOf(status);
    expect(health).toMatchObject({ state: 'not_recording', reason: 'wayland', action: 'open_privacy' });
    expect(captureHealthLine(health, status.frames_kept, (t) => t)).toBe('Not recording — Wayland hides the windows');
  });
});
