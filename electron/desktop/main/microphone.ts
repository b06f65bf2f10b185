import { ipcMain, type BrowserWindow, type IpcMainEvent } from 'electron';
import { PushAudioSource } from '../../sensing/capture/index.js';
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
 */
export class MicrophoneCapture {
  readonly source = new PushAudioSource();
  private window: BrowserWindow | null = null;
  private readonly onChunk = (event: IpcMainEvent, raw: unknown) => this.chunk(event, raw);
  private readonly onState = (event: IpcMainEvent, raw: unknown) => this.state(event, raw);

  constructor(
    private readonly createWindow: () => BrowserWindow,
    private readonly onProblem: (message: string) => void,
    private readonly timesliceMs = 10_000,
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
    });
  }

  stop(): void {
    const win = this.window;
    this.window = null;
    if (!win || win.isDestroyed()) return;
    this.sendTo(win, { type: 'stop' });
    // Give the last segment a moment to arrive, then release the microphone with the window.
    setTimeout(() => {
      if (!win.isDestroyed()) win.destroy();
    }, 1500);
  }

  dispose(): void {
    this.stop();
    ipcMain.removeListener(RECORDER_CHUNK_CHANNEL, this.onChunk);
    ipcMain.removeListener(RECORDER_STATE_CHANNEL, this.onState);
    this.source.end();
  }

  private trusted(event: IpcMainEvent): boolean {
    const win = this.window;
    return !!win && !win.isDestroyed() && checkSenderFrame(event.senderFrame, [win.webContents.mainFrame]).ok;
  }

  private chunk(event: IpcMainEvent, raw: unknown): void {
    if (!this.trusted(event)) return;
    const parsed = RecorderChunkSchema.safeParse(raw);
    if (!parsed.success) return;
    this.source.push(pcmSamples(parsed.data.pcm), parsed.data.sample_rate, parsed.data.started_at);
  }

  private state(event: IpcMainEvent, raw: unknown): void {
    if (!this.trusted(event)) return;
    const parsed = RecorderStateSchema.safeParse(raw);
    if (!parsed.success) return;
    const s: RecorderState = parsed.data;
    if (s.state === 'error' && s.message) this.onProblem(s.message);
  }

  private send(command: RecorderCommand): void {
    if (this.window && !this.window.isDestroyed()) this.sendTo(this.window, command);
  }

  private sendTo(win: BrowserWindow, command: RecorderCommand): void {
    win.webContents.send(RECORDER_COMMAND_CHANNEL, command);
  }
}
