import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { DB_FILE_NAME, type EngramStore, openStore, StaticKeyProvider } from '../../agents/store/index.js';
import { readCaptureSettings, writeCaptureSettings } from '../../electron/sensing/capture/index.js';
import { BUILTIN_PAGE_CHANNEL, RECORDER_CHUNK_CHANNEL, RECORDER_COMMAND_CHANNEL, RECORDER_STATE_CHANNEL } from '../../electron/desktop/policy/index.js';
import { electronModule, fake, FakeBrowserWindow, fakeRecorderPage } from '../fakes/fake-electron.js';

/** For tests that run the desktop composition root under the fake Electron (test/integration/desktop-main-*). */
export async function until<T>(probe: () => T | undefined | null | false, what: string, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * The open window whose page URL ends with `suffix`. The main window waits for the key, the store and
 * the engine to start: seconds on a loaded machine (a shared 2-core test box took over 15 s), so the
 * wait is generous; the test timeout still bounds it.
 */
export const windowAt = (suffix: string, ms = 45_000) => until(() => FakeBrowserWindow.all.find((w) => !w.destroyed && w.webContents.mainFrame.url.endsWith(suffix)), `window ${suffix}`, ms);

/** Half a second of room noise, then two seconds of a loud tone: speech to the segmenter. */
export function speech(): Uint8Array {
  const rate = 16_000;
  const samples = new Int16Array(rate * 2.5);
  for (let i = 0; i < samples.length; i++) samples[i] = i < rate / 2 ? ((i * 7919) % 61) - 30 : Math.round(12_000 * Math.sin((2 * Math.PI * 220 * i) / rate));
  return new Uint8Array(samples.buffer);
}

/** The one run of the app a test file drives; its folders exist once the file's beforeAll has run. */
export interface DesktopRun {
  base: string;
  dataDir: string;
  readonly key: Buffer;
}

interface DesktopRunOptions {
  /** A store made before the app starts (as the CLI would have), capturing once an hour without OCR, so a run takes one frame. */
  seeded?: boolean;
  /** Where the data folder is under the run's temp folder (default `data`). */
  dataDir?: (base: string) => string;
  /** Environment beside the data folder, the key, no embedder and a private XDG_CONFIG_HOME; `undefined` removes a variable. */
  env?: (run: DesktopRun) => Record<string, string | undefined>;
  /** After the folders exist, before main.ts is imported. */
  before?: (run: DesktopRun) => void | Promise<void>;
  /** Before the environment is restored and the folders removed. */
  after?: () => void;
}

/**
 * Starts the desktop composition root once for the calling file, through its entry (launch.ts): main.ts starts the app when imported,
 * so each test of the file is the next step of that run. The file itself must still mock 'electron'
 * (vi.mock is hoisted per test file).
 */
export function runDesktopMain(tempPrefix: string, options: DesktopRunOptions = {}): DesktopRun {
  const run: DesktopRun = { base: '', dataDir: '', key: randomBytes(32) };
  const savedEnv = { ...process.env };
  beforeAll(async () => {
    run.base = mkdtempSync(path.join(os.tmpdir(), tempPrefix));
    run.dataDir = options.dataDir?.(run.base) ?? path.join(run.base, 'data');
    if (options.seeded) {
      const seed = await openStore({ dataDir: run.dataDir, keyProvider: new StaticKeyProvider(run.key), embedder: null });
      const s = readCaptureSettings(seed);
      writeCaptureSettings(seed, { ...s, interval_s: 3600, ocr: { ...s.ocr, enabled: false } });
      await seed.close();
    }
    await options.before?.(run);
    const env = { ENGRAM_DATA_DIR: run.dataDir, ENGRAM_EMBEDDER: 'none', ENGRAM_KEY: run.key.toString('hex'), XDG_CONFIG_HOME: path.join(run.base, 'config'), ...options.env?.(run) };
    for (const [name, value] of Object.entries(env)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    // The app's entry, as Electron loads it: not packaged here, so it goes on to main.ts in this process.
    await import('../../electron/desktop/main/launch.js');
  });
  afterAll(() => {
    options.after?.();
    process.env = savedEnv;
    rmSync(run.base, { recursive: true, force: true });
  });
  return run;
}

/** Accepts the consent page's question the way its button does; the answer is the page channel's reply. */
export async function acceptConsent(input: { audio: boolean; start_at_login: boolean } = { audio: false, start_at_login: false }): Promise<unknown> {
  const consent = await windowAt('/__pages/consent.html');
  return electronModule.ipcMain.invoke(BUILTIN_PAGE_CHANNEL, consent.webContents.mainFrame, { action: 'consent.accept', input });
}

/** The code the app exits with, once it has exited. */
export async function exitCode(): Promise<number> {
  await until(() => fake.exitCode !== null, 'exit');
  return fake.exitCode!;
}

/** Opens the run's store again after the app closed it (proof that it was closed cleanly), for `check`. */
export async function reopenStore(run: DesktopRun, check: (store: EngramStore) => void): Promise<void> {
  const again = await openStore({ dataDir: run.dataDir, keyProvider: new StaticKeyProvider(run.key), embedder: null });
  try {
    check(again);
  } finally {
    await again.close();
  }
}

/** The hidden recorder's window, once it was told to start recording. */
export async function startedRecorder(): Promise<FakeBrowserWindow> {
  const recorder = await windowAt('/__pages/recorder.html');
  await until(() => recorder.webContents.sent.some((m) => m.channel === RECORDER_COMMAND_CHANNEL && (m.args[0] as { type: string }).type === 'start'), 'recorder started');
  return recorder;
}

/** The recorder page holding ten seconds' old speech as its last, unsent segment: a stop must bring it in. */
export function recorderWithLastSegment(recorder: FakeBrowserWindow): ReturnType<typeof fakeRecorderPage> {
  return fakeRecorderPage(
    recorder,
    { command: RECORDER_COMMAND_CHANNEL, chunk: RECORDER_CHUNK_CHANNEL, state: RECORDER_STATE_CHANNEL },
    { lastChunk: { seq: 0, started_at: Date.now() - 10_000, duration_ms: 2500, sample_rate: 16_000, pcm: speech() }, decodeMs: 60 },
  );
}

/** Whether the store's write-ahead log is still there: SQLite removes it when the last connection closes cleanly. */
export const walLeft = (run: DesktopRun): boolean => existsSync(path.join(run.dataDir, `${DB_FILE_NAME}-wal`));
