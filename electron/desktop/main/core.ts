import {
  storeFailureOf,
  type OpenedStore,
  CaptureError,
  startEngram,
  runOwnSyncthing,
  type AudioSource,
  type EngineOptions,
  type EngineProblem,
  type EngramApi,
  type IdleSource,
  type LoadSource,
  type PowerSource,
  type ScreenSource,
  type StartAtLoginControl,
} from '../../engine/index.js';
import type { ApiClient } from '../../../shared/api/index.js';
import { KeyWrapError, type Problem } from '../policy/index.js';

/** A failure from any service, as the one-line problem the tray and notifications show. */
export function problemOf(err: unknown): Problem {
  const message = err instanceof Error ? err.message.split('\n')[0]! : String(err);
  if (err instanceof CaptureError) {
    if (err.code === 'OCR') return { source: 'ocr', message };
    if (err.code === 'BAD_AUDIO' || err.code === 'TRANSCRIBER') return { source: 'audio', message };
    return { source: 'capture', message };
  }
  if (err instanceof KeyWrapError) return { source: 'key', message };
  const stored = storeFailureOf(err);
  if (stored) return { source: stored.code === 'WRONG_KEY' ? 'key' : 'storage', message };
  return { source: 'capture', message };
}

/** An engine problem as the tray shows it: the brain's failures are the model's. */
function engineProblem(p: EngineProblem): Problem {
  if (p.source === 'brain') return { source: 'model', message: p.error instanceof Error ? p.error.message.split('\n')[0]! : String(p.error) };
  return problemOf(p.error);
}

export interface CoreOptions {
  /** The store main opened (openEngram); main closes it after the core. */
  store: OpenedStore;
  /** The first run's microphone choice, kept as Settings' "Record audio" before capture starts. */
  recordAudio?: boolean;
  version: string;
  screen: ScreenSource;
  idle: IdleSource;
  /** Battery or AC, from powerMonitor: on battery capture slows down (capture.battery_saver). */
  power?: PowerSource;
  /** How busy the machine is: OCR backs off first, then capture. */
  load?: LoadSource;
  /** The microphone source; used only when audio capture is enabled in settings. */
  microphone: AudioSource;
  /** Engram's own process, so the privacy gate skips frames with our window in front. */
  selfPids: number[];
  keyDescription: string;
  /** Where the sync key is kept: the OS keychain (safeStorage), else the key file. */
  syncKeys?: EngineOptions['syncKeys'];
  sandbox: { on: boolean; detail: string };
  startAtLogin: StartAtLoginControl;
  openScreenSettings?: () => Promise<boolean>;
  openPath?: (path: string) => Promise<string>;
  onProblem: (problem: Problem) => void;
  log: (line: string) => void;
}

export interface Core {
  api: EngramApi;
  /** The engine's in-process client: the tray pauses, resumes and reads capture through it, like the window. */
  client: ApiClient;
  /** Whether the microphone should run now (Settings' "Record audio", capture on and running). */
  audioWanted(): boolean;
  close(): Promise<void>;
}

/**
 * The desktop host's engine: capture from Electron's sources (desktopCapturer, powerMonitor idle,
 * the microphone), the brain, chat, and the one API the window talks to. The store belongs to main.
 */
export async function startCore(opts: CoreOptions): Promise<Core> {
  const engram = await startEngram({
    store: opts.store,
    ...(opts.recordAudio !== undefined ? { recordAudio: opts.recordAudio } : {}),
    host: 'electron',
    version: opts.version,
    capture: { screen: opts.screen, idle: opts.idle, ...(opts.power ? { power: opts.power } : {}), ...(opts.load ? { load: opts.load } : {}), microphone: opts.microphone, selfPids: opts.selfPids },
    brain: true,
    // The window's first IPC answer does not wait for the memory agents (~0.15-0.18 s of CPU to load
    // and start): they start DEFERRED_BRAIN_MS later and take up what capture stored meanwhile;
    // chat is built with the first question.
    lazy: true,
    sync: true,
    keyDescription: opts.keyDescription,
    ...(opts.syncKeys ? { syncKeys: opts.syncKeys } : {}),
    sandbox: opts.sandbox,
    startAtLogin: opts.startAtLogin,
    ...(opts.openScreenSettings ? { openScreenSettings: opts.openScreenSettings } : {}),
    ...(opts.openPath ? { openPath: opts.openPath } : {}),
    log: opts.log,
    onProblem: (p) => opts.onProblem(engineProblem(p)),
  });
  const { features } = await engram.client.call('app.info', {});
  if (!features.capture || !features.consolidation) throw new Error('the engine started without capture or brain');
  // Engram's own Syncthing, when the user chose it and sync is on; stopped on quit, never left behind.
  const syncthing = runOwnSyncthing(engram.client, opts.log);
  const close = async () => {
    await syncthing.stop();
    await engram.close();
  };
  return { api: engram.api, client: engram.client, audioWanted: () => engram.audioWanted(), close };
}
