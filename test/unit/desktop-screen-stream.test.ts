import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  SCREEN_STREAM_COMMAND_CHANNEL,
  SCREEN_STREAM_ENDED,
  SCREEN_STREAM_FRAME_CHANNEL,
  SCREEN_STREAM_REFUSED,
  SCREEN_STREAM_STATE_CHANNEL,
  ScreenStreamFrameSchema,
  usesScreenStream,
} from '../../electron/desktop/policy/index.js';
import { StreamGrabber, type StreamGrabberEnv, type VideoTrackLike } from '../../electron/desktop/preload/stream-grabber.js';
import { electronModule, fake, fakeScreenStreamPage, FakeBrowserWindow } from '../fakes/fake-electron.js';

vi.mock('electron', async () => {
  const m = await import('../fakes/fake-electron.js');
  return { ...m.electronModule, default: m.electronModule };
});

const { ScreenStreamSource } = await import('../../electron/desktop/main/screen-stream-source.js');
const channels = { command: SCREEN_STREAM_COMMAND_CHANNEL, frame: SCREEN_STREAM_FRAME_CHANNEL, state: SCREEN_STREAM_STATE_CHANNEL };

type StreamWindow = ConstructorParameters<typeof ScreenStreamSource>[0] extends { createWindow: () => infer W } ? W : never;

/** A source whose every hidden window plays the stream page; returns the pages as they open. */
function setup(opts: { grabTimeoutMs?: number; page?: boolean } = {}) {
  const pages: Array<ReturnType<typeof fakeScreenStreamPage>> = [];
  const windows: FakeBrowserWindow[] = [];
  let asks = 0;
  const source = new ScreenStreamSource({
    createWindow: () => {
      const w = new FakeBrowserWindow({ show: false });
      windows.push(w);
      if (opts.page !== false) pages.push(fakeScreenStreamPage(w, channels, { width: 8, height: 4 }));
      void w.loadURL('app://engram/__pages/screen-stream.html');
      return w as unknown as StreamWindow;
    },
    onAsk: () => asks++,
    grabTimeoutMs: opts.grabTimeoutMs ?? 2_000,
  });
  return { source, pages, windows, asks: () => asks };
}

afterEach(() => {
  fake.portal = null;
});

describe('Wayland: one picker, one stream, frames from it', () => {
  it('is used on Wayland sessions only (and can be forced either way)', () => {
    expect(usesScreenStream('linux', { XDG_SESSION_TYPE: 'wayland' })).toBe(true);
    expect(usesScreenStream('linux', { WAYLAND_DISPLAY: 'wayland-0' })).toBe(true);
    expect(usesScreenStream('linux', { XDG_SESSION_TYPE: 'x11', DISPLAY: ':0' })).toBe(false);
    expect(usesScreenStream('linux', { WAYLAND_DISPLAY: 'wayland-0', ENGRAM_SCREEN_STREAM: '0' })).toBe(false);
    expect(usesScreenStream('darwin', { WAYLAND_DISPLAY: 'wayland-0' })).toBe(false);
    expect(usesScreenStream('win32', {})).toBe(false);
  });

  it('many captures ask the portal once and read every frame from the one stream', async () => {
    fake.portal = { pickers: 0, answer: 'pick' };
    const s = setup();
    const shots = [];
    for (let i = 0; i < 4; i++) shots.push(...(await s.source.capture()));
    expect(fake.portal.pickers).toBe(1);
    expect(s.asks()).toBe(1);
    expect(s.windows).toHaveLength(1);
    expect(s.pages[0]!.opened).toEqual(['screen:1:0']);
    expect(s.pages[0]!.grabs).toBe(4);
    expect(shots.map((c) => [c.image.width, c.image.height, c.image.format === 'raw' ? c.image.data[0] : -1])).toEqual([
      [8, 4, 1],
      [8, 4, 2],
      [8, 4, 3],
      [8, 4, 4],
    ]);
    // The portal did not say which monitor: the primary display stands for it.
    expect(shots[0]!.display).toMatchObject({ id: '1', primary: true, width: 8, height: 4 });
    expect(s.source.streaming).toBe(true);
    await s.source.close();
    expect(s.windows[0]!.destroyed).toBe(true);
  });

  it('a share stopped from the desktop stops capture without asking again, until reset (Resume)', async () => {
    fake.portal = { pickers: 0, answer: 'pick' };
    const s = setup();
    await s.source.capture();
    s.pages[0]!.endShare();
    expect(s.windows[0]!.destroyed).toBe(true);
    expect(s.source.streaming).toBe(false);
    for (let i = 0; i < 3; i++) await expect(s.source.capture()).rejects.toThrow(SCREEN_STREAM_ENDED);
    expect(fake.portal.pickers).toBe(1);
    s.source.reset();
    expect(await s.source.capture()).toHaveLength(1);
    expect(fake.portal.pickers).toBe(2);
    await s.source.close();
  });

  it('a cancelled picker is not shown again on the next ticks', async () => {
    fake.portal = { pickers: 0, answer: 'cancel' };
    const s = setup();
    for (let i = 0; i < 3; i++) await expect(s.source.capture()).rejects.toThrow(SCREEN_STREAM_REFUSED);
    expect(fake.portal.pickers).toBe(1);
    expect(s.windows).toHaveLength(0);
    fake.portal.answer = 'pick';
    s.source.reset();
    expect(await s.source.capture()).toHaveLength(1);
    expect(fake.portal.pickers).toBe(2);
    await s.source.close();
  });

  it('takes frames only from its own window: a foreign frame is ignored and the grab times out', async () => {
    fake.portal = { pickers: 0, answer: 'pick' };
    const s = setup({ grabTimeoutMs: 200 });
    await s.source.capture();
    const win = s.windows[0]!;
    // Replace the page with one whose answers come from another frame.
    win.webContents.onMessage = (channel, raw) => {
      const c = raw as { type: string; id?: number };
      if (channel !== SCREEN_STREAM_COMMAND_CHANNEL || c.type !== 'grab') return;
      electronModule.ipcMain.emit(SCREEN_STREAM_FRAME_CHANNEL, { senderFrame: { ...win.webContents.mainFrame, processId: 4242 } }, { id: c.id, width: 1, height: 1, rgba: new Uint8Array(4) });
    };
    await expect(s.source.capture()).rejects.toThrow(/no frame in time/);
    await s.source.close();
  });

  it('a frame whose bytes do not match its size is refused by the schema', () => {
    expect(ScreenStreamFrameSchema.safeParse({ id: 1, width: 2, height: 2, rgba: new Uint8Array(16) }).success).toBe(true);
    expect(ScreenStreamFrameSchema.safeParse({ id: 1, width: 2, height: 2, rgba: new Uint8Array(15) }).success).toBe(false);
    expect(ScreenStreamFrameSchema.safeParse({ id: 1, width: 100_000, height: 1, rgba: new Uint8Array(400_000) }).success).toBe(false);
  });
});

describe('stream grabber (the hidden page, browser APIs injected)', () => {
  function env(overrides: Partial<StreamGrabberEnv> = {}) {
    const log: unknown[] = [];
    const ended: Array<() => void> = [];
    const track: VideoTrackLike & { stopped: number } = { stopped: 0, stop() {
      this.stopped++;
    }, addEventListener: (_t, l) => ended.push(l) };
    const e: StreamGrabberEnv = {
      getUserMedia: async (constraints) => {
        log.push(['getUserMedia', constraints]);
        return { getVideoTracks: () => [track] };
      },
      grabFrame: async () => ({ width: 1, height: 1, rgba: new Uint8Array([1, 2, 3, 255]) }),
      sendFrame: (f) => log.push(['frame', f.id, [...f.rgba]]),
      sendState: (st) => log.push(['state', st.state, st.id]),
      ...overrides,
    };
    return { e, log, track, ended };
  }

  it('opens the picked desktop source once, answers grabs, reports the end of the share', async () => {
    const t = env();
    const g = new StreamGrabber(t.e);
    await g.open('screen:1:0');
    await g.open('screen:1:0');
    await g.grab(7);
    t.ended.forEach((l) => l());
    await g.grab(8);
    expect(t.log).toEqual([
      ['getUserMedia', { audio: false, video: { mandatory: { chromeMediaSource: 'desktop', chromeMediaSourceId: 'screen:1:0' } } }],
      ['state', 'open', null],
      ['frame', 7, [1, 2, 3, 255]],
      ['state', 'ended', null],
      ['state', 'error', 8],
    ]);
  });

  it('a refused stream and a failed grab are reported, not thrown', async () => {
    const refused = env({
      getUserMedia: async () => {
        throw Object.assign(new Error('denied'), { name: 'NotAllowedError' });
      },
    });
    await new StreamGrabber(refused.e).open('screen:1:0');
    expect(refused.log).toEqual([['state', 'error', null]]);
    const broken = env({
      grabFrame: async () => {
        throw new Error('no frame');
      },
    });
    const g = new StreamGrabber(broken.e);
    await g.open('screen:1:0');
    await g.grab(3);
    expect(broken.log.slice(1)).toEqual([
      ['state', 'open', null],
      ['state', 'error', 3],
    ]);
    g.close();
    expect(broken.track.stopped).toBe(1);
  });
});
