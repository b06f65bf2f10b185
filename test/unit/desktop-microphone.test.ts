import { describe, expect, it, vi } from 'vitest';
import { RECORDER_CHUNK_CHANNEL, RECORDER_COMMAND_CHANNEL, RECORDER_STATE_CHANNEL } from '../../electron/desktop/policy/index.js';
import { electronModule, fakeRecorderPage, FakeBrowserWindow } from '../fakes/fake-electron.js';

vi.mock('electron', async () => {
  const m = await import('../fakes/fake-electron.js');
  return { ...m.electronModule, default: m.electronModule };
});

const { MicrophoneCapture } = await import('../../electron/desktop/main/microphone.js');
const { ipcMain } = electronModule;
const channels = { command: RECORDER_COMMAND_CHANNEL, chunk: RECORDER_CHUNK_CHANNEL, state: RECORDER_STATE_CHANNEL };

function pcm(samples: number[]): Uint8Array {
  const out = new Uint8Array(samples.length * 2);
  const view = new DataView(out.buffer);
  samples.forEach((s, i) => view.setInt16(i * 2, s, true));
  return out;
}

type RecorderWindow = ConstructorParameters<typeof MicrophoneCapture>[0] extends () => infer W ? W : never;
function recorderWindow(): RecorderWindow {
  const w = new FakeBrowserWindow({ show: false });
  void w.loadURL('app://engram/__pages/recorder.html');
  // The fake stands in for Electron's BrowserWindow (the parts MicrophoneCapture touches).
  return w as unknown as RecorderWindow;
}

async function drained(mic: InstanceType<typeof MicrophoneCapture>) {
  const got: Array<{ samples: number[]; at: number }> = [];
  for await (const c of mic.source.chunks()) got.push({ samples: [...c.samples], at: c.at });
  return got;
}

const chunk = (seq: number, at: number, samples: number[]) => ({ seq, started_at: at, duration_ms: 5000, sample_rate: 16_000, pcm: pcm(samples) });

describe('microphone capture (main side, fake Electron)', () => {
  it('starts the hidden recorder, takes PCM only from it, reports its errors', async () => {
    const problems: string[] = [];
    const mic = new MicrophoneCapture(recorderWindow, (m) => problems.push(m), 5000);
    mic.start();
    expect(mic.running).toBe(true);
    const win = FakeBrowserWindow.all.at(-1)!;
    fakeRecorderPage(win, channels, { lastChunk: chunk(1, 1_700_000_005_000, [7]), decodeMs: 5 });
    await new Promise((r) => setImmediate(r));
    expect(win.webContents.sent[0]).toEqual({ channel: RECORDER_COMMAND_CHANNEL, args: [{ type: 'start', timeslice_ms: 5000, device_id: null }] });

    ipcMain.emit(RECORDER_CHUNK_CHANNEL, { senderFrame: win.webContents.mainFrame }, chunk(0, 1_700_000_000_000, [100, -100, 32767]));
    // From another frame, or malformed: dropped.
    ipcMain.emit(RECORDER_CHUNK_CHANNEL, { senderFrame: { ...win.webContents.mainFrame, processId: 1 } }, chunk(9, 1_700_000_000_000, [1]));
    ipcMain.emit(RECORDER_CHUNK_CHANNEL, { senderFrame: win.webContents.mainFrame }, { ...chunk(2, 1, [1]), pcm: 'AAAA' });
    ipcMain.emit(RECORDER_STATE_CHANNEL, { senderFrame: win.webContents.mainFrame }, { state: 'error', message: 'Microphone access was denied.' });
    ipcMain.emit(RECORDER_STATE_CHANNEL, { senderFrame: { ...win.webContents.mainFrame, processId: 1 } }, { state: 'error', message: 'spoofed' });
    expect(problems).toEqual(['Microphone access was denied.']);
    await mic.dispose();
    expect(ipcMain.listenerCount(RECORDER_CHUNK_CHANNEL)).toBe(0);
  });

  it('keeps the segment that arrives after stop, then closes the recorder on its "stopped"', async () => {
    const mic = new MicrophoneCapture(recorderWindow, () => undefined, 10_000);
    mic.start();
    const win = FakeBrowserWindow.all.at(-1)!;
    const page = fakeRecorderPage(win, channels, { lastChunk: chunk(1, 1_700_000_010_000, [5, 6]), decodeMs: 40 });
    await new Promise((r) => setImmediate(r));
    ipcMain.emit(RECORDER_CHUNK_CHANNEL, { senderFrame: win.webContents.mainFrame }, chunk(0, 1_700_000_000_000, [1, 2]));

    const stopped = mic.stop();
    expect(mic.running).toBe(false);
    // The stopped window is not yet gone: its last segment is still on the way.
    expect(win.destroyed).toBe(false);
    // Meanwhile another page cannot pass itself off as the stopping recorder.
    ipcMain.emit(RECORDER_CHUNK_CHANNEL, { senderFrame: { ...win.webContents.mainFrame, processId: 2 } }, chunk(7, 1, [9]));
    await stopped;
    expect(page.stops).toBe(1);
    expect(win.destroyed).toBe(true);
    // A chunk after the window is gone is refused.
    ipcMain.emit(RECORDER_CHUNK_CHANNEL, { senderFrame: win.webContents.mainFrame }, chunk(8, 1, [9]));

    await mic.dispose();
    expect(await drained(mic)).toEqual([
      { samples: [1, 2], at: 1_700_000_000_000 },
      { samples: [5, 6], at: 1_700_000_010_000 },
    ]);
  });

  it('a recorder that never answers is closed after the drain timeout, releasing the microphone', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const mic = new MicrophoneCapture(recorderWindow, () => undefined, 10_000, 3_000);
      mic.start();
      const win = FakeBrowserWindow.all.at(-1)!;
      const page = fakeRecorderPage(win, channels, { lastChunk: chunk(0, 1, [1]), decodeMs: 0, answer: false });
      let done = false;
      void mic.stop().then(() => (done = true));
      await new Promise((r) => setImmediate(r));
      expect(page.stops).toBe(1);
      vi.advanceTimersByTime(2_999);
      await Promise.resolve();
      expect(win.destroyed).toBe(false);
      vi.advanceTimersByTime(1);
      await Promise.resolve();
      expect(win.destroyed).toBe(true);
      expect(done).toBe(true);
      await mic.dispose();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a start right after a stop opens a new recorder while the old one drains', async () => {
    const mic = new MicrophoneCapture(recorderWindow, () => undefined, 10_000);
    mic.start();
    const first = FakeBrowserWindow.all.at(-1)!;
    fakeRecorderPage(first, channels, { lastChunk: chunk(3, 1_700_000_030_000, [3]), decodeMs: 30 });
    await new Promise((r) => setImmediate(r));
    const stopping = mic.stop();
    mic.start();
    const second = FakeBrowserWindow.all.at(-1)!;
    expect(second).not.toBe(first);
    expect(mic.running).toBe(true);
    ipcMain.emit(RECORDER_CHUNK_CHANNEL, { senderFrame: second.webContents.mainFrame }, chunk(0, 1_700_000_040_000, [4]));
    await stopping;
    expect(first.destroyed).toBe(true);
    expect(second.destroyed).toBe(false);
    fakeRecorderPage(second, channels, { lastChunk: chunk(1, 1_700_000_050_000, [5]), decodeMs: 5 });
    await mic.dispose();
    expect((await drained(mic)).map((c) => c.samples)).toEqual([[4], [3], [5]]);
  });
});
