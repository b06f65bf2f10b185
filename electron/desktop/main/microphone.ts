import { ipcMain, type BrowserWindow, type IpcMainEvent } from 'electron';
import { PushAudioSource } from '../../engine/index.js';
import {
  checkSenderFrame,
  pcmSamples,
  RECORDER_CHUNK_CHANNEL,
  RECORDER_COMMAND_CHANNEL,
  RECORDER_STATE_CHANNEL,
  RecorderChunkSchema,
  RecorderStateSchema,
  type RecorderCommand,
  type RecorderState,
} from '../policy/index.js';

/**
 * Microphone capture: a hidden, sandboxed window records with MediaRecorder and sends PCM over
 * IPC; here it is checked (sender frame, schema) and pushed into the capture service's audio
 * source. The window exists only while audio capture is on.
 *
 * Stopping is a hand-over, not a cut: the recorder's last segment is decoded after `stop` and
 * arrives a moment later, followed by its 'stopped' state. Until then the stopped window stays
 * trusted (its last segment is kept); the window is destroyed on 'stopped', or after
 * `drainTimeoutMs` if the recorder never answers, so the microphone is always released.
 */
export class MicrophoneCapture {
  readonly source = new PushAudioSource();
  private window: BrowserWindow | null = null;
  /** Stopped windows whose last segment may still arrive, with what finishes each. */
  private readonly draining = new Map<BrowserWindow, { done: Promise<void>; finish: () => void }>();
  private readonly onChunk = (event: IpcMainEvent, raw: unknown) => this.chunk(event, raw);
  private readonly onState = (event: IpcMainEvent, raw: unknown) => this.state(event, raw);

  constructor(
    private readonly createWindow: () => BrowserWindow,
    private readonly onProblem: (message: string) => void,
    private readonly timesliceMs = 10_000,
    private readonly drainTimeoutMs = 5_000,
  ) {
    ipcMain.on(RECORDER_CHUNK_CHANNEL, this.onChunk);
    ipcMain.on(RECORDER_STATE_CHANNEL, this.onState);
  }

  get running(): boolean {
    return this.window !== null && !this.window.isDestroyed();
  }

  start(): void {
    if (this.running) return;
    const win = this.createWindow();
    this.window = win;
    win.webContents.once('did-finish-load', () => this.send({ type: 'start', timeslice_ms: this.timesliceMs, device_id: null }));
    win.on('closed', () => {
      if (this.window === win) this.window = null;
      this.draining.get(win)?.finish();
    });
  }

  /** Stops recording; resolves once the last segment was handed over (or the recorder timed out). */
  stop(): Promise<void> {
    const win = this.window;
    this.window = null;
    if (!win || win.isDestroyed()) return Promise.resolve();
    const pending = this.draining.get(win);
    if (pending) return pending.done;
    let finish!: () => void;
    const done = new Promise<void>((resolve) => {
      const timer = setTimeout(() => finish(), this.drainTimeoutMs);
      finish = () => {
        clearTimeout(timer);
        this.draining.delete(win);
        if (!win.isDestroyed()) win.destroy();
        resolve();
      };
    });
    this.draining.set(win, { done, finish });
    this.sendTo(win, { type: 'stop' });
    return done;
  }

  /** Stops (keeping the last segment), then ends the audio source. */
  async dispose(): Promise<void> {
    await this.stop();
    await Promise.all([...this.draining.values()].map((d) => d.done));
    ipcMain.removeListener(RECORDER_CHUNK_CHANNEL, this.onChunk);
    ipcMain.removeListener(RECORDER_STATE_CHANNEL, this.onState);
    this.source.end();
  }

  /** The recorder window (current, or stopped and still draining) that sent this message, if any. */
  private senderWindow(event: IpcMainEvent): BrowserWindow | null {
    const candidates = [this.window, ...this.draining.keys()].filter((w): w is BrowserWindow => w !== null && !w.isDestroyed());
    return candidates.find((w) => checkSenderFrame(event.senderFrame, [w.webContents.mainFrame]).ok) ?? null;
  }

  private chunk(event: IpcMainEvent, raw: unknown): void {
    if (!this.senderWindow(event)) return;
    const parsed = RecorderChunkSchema.safeParse(raw);
    if (!parsed.success) return;
    this.source.push(pcmSamples(parsed.data.pcm), parsed.data.sample_rate, parsed.data.started_at);
  }

  private state(event: IpcMainEvent, raw: unknown): void {
    const win = this.senderWindow(event);
    if (!win) return;
    const parsed = RecorderStateSchema.safeParse(raw);
    if (!parsed.success) return;
    const s: RecorderState = parsed.data;
    if (s.state === 'error' && s.message) this.onProblem(s.message);
    // 'stopped' comes after the last segment: the window can go, and the microphone with it.
    if (s.state !== 'recording') this.draining.get(win)?.finish();
  }

  private send(command: RecorderCommand): void {
    if (this.window && !this.window.isDestroyed()) this.sendTo(this.window, command);
  }

  private sendTo(win: BrowserWindow, command: RecorderCommand): void {
    win.webContents.send(RECORDER_COMMAND_CHANNEL, command);
  }
}
