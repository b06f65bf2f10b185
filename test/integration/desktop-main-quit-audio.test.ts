import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DB_FILE_NAME, openStore, StaticKeyProvider } from '../../agents/store/index.js';
import { readCaptureSettings, writeCaptureSettings } from '../../electron/sensing/capture/index.js';
import { RECORDER_CHUNK_CHANNEL, RECORDER_COMMAND_CHANNEL, RECORDER_STATE_CHANNEL, BUILTIN_PAGE_CHANNEL } from '../../electron/desktop/policy/index.js';
import { electronModule, fake, fakeRecorderPage } from '../fakes/fake-electron.js';
import { speech, until, windowAt } from '../helpers/desktop-main-run.js';

// Quit with the microphone on, through the composition root (fake Electron, which quits as Electron
// does: before-quit, then every window closes, then will-quit). Issue 29, item 7: the seconds since
// the last segment are in the hidden recorder's window, so the quit must be held before it closes.
vi.mock('electron', async () => {
  const m = await import('../fakes/fake-electron.js');
  return { ...m.electronModule, default: m.electronModule };
});

const { ipcMain } = electronModule;
let base: string;
let dataDir: string;
const key = randomBytes(32);
const savedEnv = { ...process.env };

const LAST_SEGMENT_AT = Date.now() - 10_000;

beforeAll(async () => {
  base = mkdtempSync(path.join(os.tmpdir(), 'engram-quit-audio-'));
  dataDir = path.join(base, 'data');
  const seed = await openStore({ dataDir, keyProvider: new StaticKeyProvider(key), embedder: null });
  const s = readCaptureSettings(seed);
  writeCaptureSettings(seed, { ...s, interval_s: 3600, ocr: { ...s.ocr, enabled: false } });
  await seed.close();
  Object.assign(process.env, { ENGRAM_DATA_DIR: dataDir, ENGRAM_EMBEDDER: 'none', ENGRAM_KEY: key.toString('hex'), XDG_CONFIG_HOME: path.join(base, 'config') });
  await import('../../electron/desktop/main/main.js');
});

afterAll(() => {
  process.env = savedEnv;
  rmSync(base, { recursive: true, force: true });
});

describe('Quit with audio on (fake Electron)', { shuffle: false }, () => {
  it('starts with audio on: the hidden recorder records while capture runs', async () => {
    const consent = await windowAt('/__pages/consent.html');
    await ipcMain.invoke(BUILTIN_PAGE_CHANNEL, consent.webContents.mainFrame, { action: 'consent.accept', input: { audio: true, start_at_login: false } });
    await windowAt('app://engram/index.html');
    const recorder = await windowAt('/__pages/recorder.html');
    await until(() => recorder.webContents.sent.some((m) => m.channel === RECORDER_COMMAND_CHANNEL && (m.args[0] as { type: string }).type === 'start'), 'recorder started');
    await until(() => fake.captures >= 1, 'first frame');
  });

  it('Quit keeps the segment in progress: the windows stay open until it is stored, then exit 0', async () => {
    const recorder = await windowAt('/__pages/recorder.html');
    const page = fakeRecorderPage(
      recorder,
      { command: RECORDER_COMMAND_CHANNEL, chunk: RECORDER_CHUNK_CHANNEL, state: RECORDER_STATE_CHANNEL },
      { lastChunk: { seq: 0, started_at: LAST_SEGMENT_AT, duration_ms: 2500, sample_rate: 16_000, pcm: speech() }, decodeMs: 60 },
    );
    electronModule.app.quit();
    // Held at before-quit: nothing was closed under the recorder.
    expect(recorder.destroyed).toBe(false);
    await until(() => fake.exitCode !== null, 'exit');
    expect(fake.exitCode).toBe(0);
    expect(page.stops).toBe(1);
    expect(existsSync(path.join(dataDir, `${DB_FILE_NAME}-wal`))).toBe(false);
    const again = await openStore({ dataDir, keyProvider: new StaticKeyProvider(key), embedder: null });
    try {
      expect(again.audio.count()).toBe(1);
    } finally {
      await again.close();
    }
  });
});
