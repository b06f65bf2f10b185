import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DB_FILE_NAME, openStore, StaticKeyProvider } from '../../agents/store/index.js';
import { readCaptureSettings, writeCaptureSettings } from '../../electron/sensing/capture/index.js';
import { RECORDER_CHUNK_CHANNEL, RECORDER_COMMAND_CHANNEL, RECORDER_STATE_CHANNEL, BUILTIN_PAGE_CHANNEL } from '../../electron/desktop/policy/index.js';
import { electronModule, endWindowsSession, fake, fakeRecorderPage } from '../fakes/fake-electron.js';
import { speech, until, windowAt } from '../helpers/desktop-main-run.js';

// Windows logoff through the composition root (fake Electron): no before-quit/will-quit, only the
// windows' query-session-end/session-end. The recorder's last segment, capture and the store must
// still be closed cleanly, and close-to-tray must not stand in the way.
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
  base = mkdtempSync(path.join(os.tmpdir(), 'engram-session-end-'));
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

// One run of the app per file: main.ts starts it once, when imported, and each test is the next
// step of that run (consent before the main window, Quit last). The order is declared here, so
// npm test's shuffle keeps it; the files still run in any order among the others.
describe('Windows logoff (fake Electron)', { shuffle: false }, () => {
  it('starts with audio on: the hidden recorder records while capture runs', async () => {
    const consent = await windowAt('/__pages/consent.html');
    expect(await ipcMain.invoke(BUILTIN_PAGE_CHANNEL, consent.webContents.mainFrame, { action: 'consent.accept', input: { audio: true, start_at_login: false } })).toEqual({ ok: true, output: null });
    await windowAt('app://engram/index.html');
    const recorder = await windowAt('/__pages/recorder.html');
    await until(() => recorder.webContents.sent.some((m) => m.channel === RECORDER_COMMAND_CHANNEL && (m.args[0] as { type: string }).type === 'start'), 'recorder started');
    await until(() => fake.captures >= 1, 'first frame');
  });

  it('logoff is held only until the last audio segment is kept and the store closed, then the app exits 0', async () => {
    const recorder = await windowAt('/__pages/recorder.html');
    const main = await windowAt('app://engram/index.html');
    const page = fakeRecorderPage(
      recorder,
      { command: RECORDER_COMMAND_CHANNEL, chunk: RECORDER_CHUNK_CHANNEL, state: RECORDER_STATE_CHANNEL },
      { lastChunk: { seq: 0, started_at: LAST_SEGMENT_AT, duration_ms: 2500, sample_rate: 16_000, pcm: speech() }, decodeMs: 60 },
    );
    // Held (Windows waits for a busy app) until the shutdown is done; then Engram exits by itself.
    expect(endWindowsSession(['logoff'])).toEqual({ prevented: true });
    // A close now closes: close-to-tray no longer turns it into a hide that would keep us running.
    main.userClose();
    expect(main.destroyed).toBe(true);
    await until(() => fake.exitCode !== null, 'exit');
    expect(fake.exitCode).toBe(0);
    expect(page.stops).toBe(1);
    expect(recorder.destroyed).toBe(true);
    // Closed cleanly: SQLite removes the WAL when the last connection closes.
    expect(existsSync(path.join(dataDir, `${DB_FILE_NAME}-wal`))).toBe(false);
    const again = await openStore({ dataDir, keyProvider: new StaticKeyProvider(key), embedder: null });
    try {
      expect(again.frames.list({ limit: 10 }).length).toBeGreaterThanOrEqual(1);
      // The segment that arrived after the recorder was told to stop is in the store.
      expect(again.audio.count()).toBe(1);
    } finally {
      await again.close();
    }
  });
});
