import { describe, expect, it, vi } from 'vitest';
import { RECORDER_CHUNK_CHANNEL, RECORDER_COMMAND_CHANNEL, RECORDER_STATE_CHANNEL } from '../../electron/desktop/policy/index.js';
import { electronModule, FakeBrowserWindow } from '../fakes/fake-electron.js';

vi.mock('electron', async () => {
  const m = await import('../fakes/fake-electron.js');
  return { ...m.electronModule, default: m.electronModule };
});

const { MicrophoneCapture } = await import('../../electron/desktop/main/microphone.js');
const { ipcMain } = electronModule;

function pcm(samples: number[]): Uint8Array {
  const out = new Uint8Array(samples.length * 2);
  const view = new DataView(out.buffer);
  samples.forEach((s, i) => view.setInt16(i * 2, s, true));
  return out;
}

describe('microphone capture (main side, fake Electron)', () => {
  it('starts the hidden recorder, takes PCM only from it, reports its errors, and stops it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const problems: string[] = [];
    type RecorderWindow = ConstructorParameters<typeof MicrophoneCapture>[0] extends () => infer W ? W : never;
    const mic = new MicrophoneCapture(() => {
      const w = new FakeBrowserWindow({ show: false });
      void w.loadURL('app://engram/__shell/recorder.html');
      // The fake stands in for Electron's BrowserWindow (the parts MicrophoneCapture touches).
      return w as unknown as RecorderWindow;
    }, (m) => problems.push(m), 5000);
    mic.start();
    expect(mic.running).toBe(true);
    const win = FakeBrowserWindow.all.at(-1)!;
    await new Promise((r) => setImmediate(r));
    expect(win.webContents.sent).toEqual([{ channel: RECORDER_COMMAND_CHANNEL, args: [{ type: 'start', timeslice_ms: 5000, device_id: null }] }]);

    const chunk = { seq: 0, started_at: 1_700_000_000_000, duration_ms: 5000, sample_rate: 16_000, pcm: pcm([100, -100, 32767]) };
    ipcMain.emit(RECORDER_CHUNK_CHANNEL, { senderFrame: win.webContents.mainFrame }, chunk);
    // From another frame, or malformed: dropped.
    ipcMain.emit(RECORDER_CHUNK_CHANNEL, { senderFrame: { ...win.webContents.mainFrame, processId: 1 } }, { ...chunk, seq: 1 });
    ipcMain.emit(RECORDER_CHUNK_CHANNEL, { senderFrame: win.webContents.mainFrame }, { ...chunk, pcm: 'AAAA' });
    ipcMain.emit(RECORDER_STATE_CHANNEL, { senderFrame: win.webContents.mainFrame }, { state: 'error', message: 'Microphone access was denied.' });
    ipcMain.emit(RECORDER_STATE_CHANNEL, { senderFrame: { ...win.webContents.mainFrame, processId: 1 } }, { state: 'error', message: 'spoofed' });
    expect(problems).toEqual(['Microphone access was denied.']);

    mic.stop();
    expect(win.webContents.sent.at(-1)).toEqual({ channel: RECORDER_COMMAND_CHANNEL, args: [{ type: 'stop' }] });
    expect(mic.running).toBe(false);
    vi.advanceTimersByTime(1500);
    expect(win.destroyed).toBe(true);
    vi.useRealTimers();

    mic.dispose();
    const got: Array<{ samples: number[]; at: number }> = [];
    for await (const c of mic.source.chunks()) got.push({ samples: [...c.samples], at: c.at });
    expect(got).toEqual([{ samples: [100, -100, 32767], at: 1_700_000_000_000 }]);
    expect(ipcMain.listenerCount(RECORDER_CHUNK_CHANNEL)).toBe(0);
  });
});
