import type { EngramStore } from '../../agents/store/index.js';
import type { SyncKeyStore } from '../../agents/sync/index.js';
import type { ChatService } from '../../agents/chat/index.js';
import type { LlmProvider } from '../../agents/llm/index.js';
import type { DreamMode } from '../../agents/dream/index.js';
import type { CaptureAudioReport, CaptureCounts, CaptureStatus, CaptureTick, ConsentStatus, DreamReportDto, ConsolidationKind, ExportSummaryDto, StartAtLogin, SynthesisReportDto, SyncthingInstanceStatus, SyncthingStartInput } from '../../shared/api/index.js';
import type { ConsolidationPreviewDto } from '../../shared/api/index.js';
import type { ExportKind } from '../../shared/index.js';
import type { ApiEventBus } from './event-bus.js';
import type { ProgressTracker } from './progress-tracker.js';

/**
 * Small seams the handlers program against, so a host can run with or without each service
 * (the headless host without capture, tests with fakes, the desktop app with everything).
 */

/** What the UI may ask of capture. CaptureService (electron/sensing/capture) fits it through captureControlOf(). */
export interface CaptureControl {
  status(): CaptureStatus;
  pause(minutes?: number): CaptureStatus | Promise<CaptureStatus>;
  resume(): CaptureStatus | Promise<CaptureStatus>;
  /** Pauses or resumes one display; optional for hosts whose capture predates per-display pause. */
  pauseDisplay?(display: string, paused: boolean): CaptureStatus | Promise<CaptureStatus>;
  /** Re-read capture settings from the store after the UI changed them. */
  reloadSettings?(): void;
}

/**
 * The run of capture, for a host that starts and stops it itself (engram capture, engram serve
 * --capture). CaptureService fits it through captureDriverOf(); elsewhere it is absent.
 */
export interface CaptureDriver {
  start(): void;
  /** One tick; resolves once its frames' text is read and stored. */
  tick(): Promise<CaptureTick>;
  stop(): Promise<void>;
  drain(): Promise<void>;
  counts(): CaptureCounts;
  /** Called after each tick; returns the unsubscribe. */
  onTick(listener: () => void): () => void;
  /** Records the audio stream the host gave with its sources (engram capture --audio); absent without one. */
  audio?(): Promise<CaptureAudioReport>;
}

/** Where the Anthropic key is kept. Default: the encrypted store's settings; the desktop app may wrap it with safeStorage. */
export interface SecretStore {
  get(): string | null;
  set(value: string): void;
  clear(): void;
  /** 'env' when the key comes from the environment (then it cannot be changed from the UI). */
  source(): 'store' | 'env' | null;
}

/** Start at login, which only the desktop app can register with the OS. */
export interface StartAtLoginControl {
  /** The OS's word where it can be read back (macOS 13+, Windows), else the saved choice. */
  enabled(): boolean | Promise<boolean>;
  /** Where the OS disagrees with the choice (approval pending, disabled in Task Manager), or null. */
  attention?(): StartAtLogin['attention'] | Promise<StartAtLogin['attention']>;
  /** Opens the OS's own list of login items; false where there is none. */
  openSettings?(): Promise<boolean>;
  /** Registers or removes the login item now and records the choice. */
  set(enabled: boolean): Promise<void>;
}

export interface ProgressReporter {
  (done: number | null, total: number | null, detail?: string | null): void;
}

/** Consolidation ("dream"), run on demand from the UI. */
export interface Consolidator {
  run(opts: { kinds?: ConsolidationKind[]; dryRun?: boolean; onProgress: ProgressReporter; signal?: AbortSignal }): Promise<{ summary: string }>;
  /** A dry run kept for review (the latest replaces the one before). */
  preview?(opts: { kinds?: ConsolidationKind[]; onProgress: ProgressReporter }): Promise<ConsolidationPreviewDto>;
  /** Applies the accepted changes of that dry run (kept across restarts); throws DreamApplyError when it cannot, changing nothing. */
  apply?(opts: { previewId: string; accept: string[] }): Promise<{ applied: number; summary: string }>;
  /** The dry run kept for review (this session's or one kept before a restart), or null. */
  pending?(): (ConsolidationPreviewDto & { created_at: string }) | null;
  /** Drops the kept dry run; false when `previewId` is not the kept one. */
  discard?(previewId: string): boolean;
  /** A whole run, reported in full (engram dream); `mode` is one of the dream modes, checked by the caller. */
  dream?(opts: DreamRun): Promise<DreamReportDto>;
}

/** What `consolidation.dream` asks of a run. */
export interface DreamRun {
  mode: DreamMode;
  dryRun: boolean;
  offline: boolean;
  model?: string;
  lastNSessions?: number;
  /** Epoch ms: the experience window's start instead of its checkpoint. */
  since?: number;
}

/** Turns feedback into behavioural directives now (the brain's queue and model when it runs). */
export interface DirectiveReviewer {
  synthesize(): Promise<SynthesisReportDto>;
}

/** One export as the handler map asks for it; where it is written is the exporter's (the host's) choice. */
export interface ExportJob {
  format: 'json' | 'markdown' | 'archive';
  /** Epoch ms: only memories (and sources) from then on. */
  since?: number;
  kinds?: ExportKind[];
  includeSecrets: boolean;
  onProgress: ProgressReporter;
}

/** Export of memories: the window's writes a file in the data dir, the CLI's to --out or standard output. */
export interface Exporter {
  run(job: ExportJob): Promise<ExportSummaryDto>;
}

/** Turns decrypted frame bytes into what the UI shows. Runs in memory only: nothing is written to disk. */
export interface FrameImageCodec {
  render(image: Buffer, opts: { maxWidth: number; quality: number }): Promise<{ data: Buffer; mime: string; width: number; height: number }>;
}

/**
 * A host whose window drives the session itself (browser mode): first-run consent asked in the
 * window, and Quit. The desktop app asks for consent before its window opens and quits from the tray.
 */
export interface HostSession {
  consent(): Promise<ConsentStatus>;
  /** Records consent (the same record the desktop app uses) and starts capture. */
  acceptConsent(): Promise<ConsentStatus>;
  /** Stops capture and removes the record; the window asks again. */
  withdrawConsent(): Promise<ConsentStatus>;
  /** Begins a clean shutdown; the answer is sent before the host goes away. */
  quit(): void;
}

/** Engram's own Syncthing instance for the sync folder (the engine's, over electron/syncthing). Failures are thrown as ApiCallError. */
export interface SyncthingControl {
  status(): Promise<SyncthingInstanceStatus>;
  start(input: SyncthingStartInput): Promise<SyncthingInstanceStatus>;
  stop(): Promise<SyncthingInstanceStatus>;
  addDevice(deviceId: string, opts: { address?: string; name?: string }): Promise<SyncthingInstanceStatus>;
}

export interface ApiDeps {
  store: EngramStore;
  host: 'electron' | 'headless';
  version: string;
  events: ApiEventBus;
  progress: ProgressTracker;
  capture?: CaptureControl | null;
  /** The run of capture, for a host that drives it (capture.start, tick, stop, drain, counts); absent: UNAVAILABLE. */
  captureDriver?: CaptureDriver | null;
  /** Desktop app: opens a checked local file or folder with its default app (shell.openPath: '' or why it failed). Absent: refused. */
  openPath?: (path: string) => Promise<string>;
  /** Opens the OS's Screen Recording settings (the macOS desktop app); absent where a host cannot. */
  openScreenSettings?: () => Promise<boolean>;
  session?: HostSession | null;
  chat?: ChatService | null;
  /** Builds the chat service on the first chat request instead (its date and model libraries load then). */
  chatLoader?: (() => Promise<ChatService>) | null;
  secrets?: SecretStore;
  /** Where the OpenAI-compatible server's key is kept (default: the encrypted store's settings). */
  openaiSecrets?: SecretStore;
  /** The model in use, re-chosen on each call (the engine's): whether answers come from a model, and whose ('anthropic', 'openai-compatible', 'offline'). */
  model?: () => LlmProvider;
  /** The OpenAI-compatible server's address the environment sets ($ENGRAM_LLM_BASE_URL), shown while none is saved. */
  envBaseUrl?: string | null;
  consolidator?: Consolidator | null;
  directives?: DirectiveReviewer | null;
  /** Has the brain turn a stored thread's messages into memories (messages.add); absent: refused. */
  ingest?: ((threadId: string) => Promise<{ memory_ids: string[]; deferred: number }>) | null;
  /** Starts a brain the host starts by hand (brain.start: engram capture); absent where the engine starts it. */
  startBrain?: (() => Promise<void>) | null;
  exporter?: Exporter | null;
  /** Requests may name files on this machine (import.file, backup.write): the CLI, whose user typed them. Never a window. */
  fileAccess?: boolean;
  images?: FrameImageCodec;
  /** Overrides the "Key" line of the encryption status (e.g. "OS keychain (safeStorage)"). */
  keyDescription?: string;
  /** Desktop app: whether Chromium's sandbox is on (the Privacy screen says so when it is not). */
  sandbox?: { on: boolean; detail: string };
  /** Desktop app: the login item. Absent elsewhere: the Settings toggle is shown as unavailable. */
  startAtLogin?: StartAtLoginControl | null;
  /** Engram's Syncthing instance; absent: the syncthing.* requests answer UNAVAILABLE. */
  syncthing?: SyncthingControl | null;
  /** Where the sync key is kept (default: a key file beside the master key's, outside the data folder). */
  syncKeys?: SyncKeyStore;
  clock?: () => number;
  /** Where unexpected handler failures are logged (never sent to the UI). */
  log?: (line: string) => void;
}
