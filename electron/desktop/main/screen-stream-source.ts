import { desktopCapturer, ipcMain, type BrowserWindow, type IpcMainEvent } from 'electron';
import { CaptureError, type CapturedScreen, type DisplayInfo, type ScreenSource } from '../../engine/index.js';
import {
  checkSenderFrame,
  SCREEN_STREAM_COMMAND_CHANNEL,
  SCREEN_STREAM_ENDED,
  SCREEN_STREAM_FRAME_CHANNEL,
  SCREEN_STREAM_REFUSED,
  SCREEN_STREAM_STATE_CHANNEL,
  ScreenStreamFrameSchema,
  ScreenStreamStateSchema,
  type ScreenStreamCommand,
  type ScreenStreamFrame,
} from '../policy/index.js';
import { electronDisplays } from './desktop-capturer-source.js';

interface Waiter<T> {
  resolve: (v: T) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

export interface ScreenStreamSourceOptions {
  /** The hidden, sandboxed window whose preload holds the stream (createScreenStreamWindow). */
  createWindow: () => BrowserWindow;
  /** Called just before the desktop's picker is shown (the one-time notice). */
  onAsk?: () => void;
  openTimeoutMs?: number;
  grabTimeoutMs?: number;
}

/**
 * Wayland screen capture (see policy/screen-stream.ts): one getSources (the portal's picker, once),
 * that source opened as a video stream in a hidden window and kept open; every capture takes the
 * stream's current frame. A refused picker or a share stopped from the desktop stops capture
 * with a message, and the picker is not shown again until reset() (the tray's Resume): never a
 * picker per tick.
 */
export class ScreenStreamSource implements ScreenSource {
  readonly name = 'screen-stream';
  private window: BrowserWindow | null = null;
  private opening: Promise<void> | null = null;
  private displayId: string | null = null;
  /** Why capture stands still until reset(), or null. */
  private stopped: string | null = null;
  private nextId = 1;
  private openWaiter: Waiter<void> | null = null;
  private readonly grabs = new Map<number, Waiter<ScreenStreamFrame>>();
  private readonly onFrame = (event: IpcMainEvent, raw: unknown) => this.frame(event, raw);
  private readonly onState = (event: IpcMainEvent, raw: unknown) => this.state(event, raw);

  constructor(private readonly opts: ScreenStreamSourceOptions) {
    ipcMain.on(SCREEN_STREAM_FRAME_CHANNEL, this.onFrame);
    ipcMain.on(SCREEN_STREAM_STATE_CHANNEL, this.onState);
  }

  /** True while the hidden window holds the desktop stream (the permission policy allows it video). */
  get streaming(): boolean {
    return this.window !== null && !this.window.isDestroyed();
  }

  async listDisplays(): Promise<DisplayInfo[]> {
    return electronDisplays();
  }

  /** After a refusal or a stopped share: the next capture may ask once more. */
  reset(): void {
    this.stopped = null;
  }

  async capture(displayIds?: string[]): Promise<CapturedScreen[]> {
    if (this.stopped) throw new CaptureError('CAPTURE_FAILED', this.stopped);
    if (!this.streaming) await (this.opening ??= this.open().finally(() => (this.opening = null)));
    const frame = await this.grab();
    const displays = electronDisplays();
    // The portal says which monitor was chosen only sometimes (display_id is often empty).
    const display = displays.find((d) => d.id === this.displayId) ?? displays.find((d) => d.primary) ?? displays[0];
    if (!display) throw new CaptureError('NO_DISPLAY', 'No display found.');
    if (displayIds && !displayIds.includes(display.id)) {
      throw new CaptureError('CAPTURE_FAILED', 'The screen chosen in the desktop’s dialog is not one of the screens selected for capture.');
    }
    const data = Buffer.from(frame.rgba.buffer, frame.rgba.byteOffset, frame.rgba.byteLength);
    return [{ display: { ...display, width: frame.width, height: frame.height }, image: { format: 'raw', data, width: frame.width, height: frame.height, channels: 4 }, captured_at: Date.now() }];
  }

  async close(): Promise<void> {
    ipcMain.removeListener(SCREEN_STREAM_FRAME_CHANNEL, this.onFrame);
    ipcMain.removeListener(SCREEN_STREAM_STATE_CHANNEL, this.onState);
    this.shut(new CaptureError('CAPTURE_FAILED', 'Capture was closed.'));
  }

  private async open(): Promise<void> {
    this.opts.onAsk?.();
    let sources: Electron.DesktopCapturerSource[];
    try {
      // The one call that shows the portal's picker; no thumbnails are needed from it.
      sources = await desktopCapturer.getSources({ types: ['screen'], thumbnailSize: { width: 0, height: 0 }, fetchWindowIcons: false });
    } catch (err) {
      this.stopped = SCREEN_STREAM_REFUSED;
      throw new CaptureError('CAPTURE_FAILED', SCREEN_STREAM_REFUSED, { cause: err });
    }
    const source = sources[0];
    if (!source) {
      this.stopped = SCREEN_STREAM_REFUSED;
      throw new CaptureError('CAPTURE_FAILED', SCREEN_STREAM_REFUSED);
    }
    this.displayId = source.display_id || null;
    const win = this.opts.createWindow();
    this.window = win;
    win.on('closed', () => {
      if (this.window === win) this.shut(new CaptureError('CAPTURE_FAILED', 'The screen stream window closed.'));
    });
    const opened = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('timed out')), this.opts.openTimeoutMs ?? 15_000);
      this.openWaiter = { resolve, reject, timer };
    });
    win.webContents.once('did-finish-load', () => this.send({ type: 'open', source_id: source.id }));
    try {
      await opened;
    } catch (err) {
      // Not asked again by itself: a stream that cannot open would otherwise mean a picker per tick.
      this.stopped = `The screen chosen in the desktop’s dialog could not be recorded (${err instanceof Error ? err.message : String(err)}). Choose Resume in the tray menu to try again.`;
      this.shut(new CaptureError('CAPTURE_FAILED', this.stopped));
      throw new CaptureError('CAPTURE_FAILED', this.stopped, { cause: err });
    } finally {
      if (this.openWaiter) clearTimeout(this.openWaiter.timer);
      this.openWaiter = null;
    }
  }

  private grab(): Promise<ScreenStreamFrame> {
    const id = this.nextId++;
    return new Promise<ScreenStreamFrame>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.grabs.delete(id);
        reject(new CaptureError('CAPTURE_FAILED', 'The screen stream gave no frame in time.'));
      }, this.opts.grabTimeoutMs ?? 10_000);
      this.grabs.set(id, { resolve, reject, timer });
      this.send({ type: 'grab', id });
    });
  }

  /** Drops the stream and its window, failing whatever waits on it. */
  private shut(err: Error): void {
    const win = this.window;
    this.window = null;
    this.openWaiter?.reject(err);
    for (const [id, w] of this.grabs) {
      clearTimeout(w.timer);
      w.reject(err);
      this.grabs.delete(id);
    }
    if (win && !win.isDestroyed()) {
      this.sendTo(win, { type: 'close' });
      win.destroy();
    }
  }

  private trusted(event: IpcMainEvent): boolean {
    const win = this.window;
    return !!win && !win.isDestroyed() && checkSenderFrame(event.senderFrame, [win.webContents.mainFrame]).ok;
  }

  private frame(event: IpcMainEvent, raw: unknown): void {
    if (!this.trusted(event)) return;
    const parsed = ScreenStreamFrameSchema.safeParse(raw);
    if (!parsed.success) return;
    const waiter = this.grabs.get(parsed.data.id);
    if (!waiter) return;
    this.grabs.delete(parsed.data.id);
    clearTimeout(waiter.timer);
    waiter.resolve(parsed.data);
  }

  private state(event: IpcMainEvent, raw: unknown): void {
    if (!this.trusted(event)) return;
    const parsed = ScreenStreamStateSchema.safeParse(raw);
    if (!parsed.success) return;
    const s = parsed.data;
    if (s.state === 'open') {
      this.openWaiter?.resolve();
      return;
    }
    if (s.state === 'ended') {
      this.stopped = SCREEN_STREAM_ENDED;
      this.shut(new CaptureError('CAPTURE_FAILED', SCREEN_STREAM_ENDED));
      return;
    }
    const message = s.message ?? 'The screen stream failed.';
    if (s.id !== null) {
      const waiter = this.grabs.get(s.id);
      if (!waiter) return;
      this.grabs.delete(s.id);
      clearTimeout(waiter.timer);
      waiter.reject(new CaptureError('CAPTURE_FAILED', message));
      return;
    }
    this.openWaiter?.reject(new Error(message));
  }

  private send(command: ScreenStreamCommand): void {
    if (this.window && !this.window.isDestroyed()) this.sendTo(this.window, command);
  }

  private sendTo(win: BrowserWindow, command: ScreenStreamCommand): void {
    win.webContents.send(SCREEN_STREAM_COMMAND_CHANNEL, command);
  }
}
