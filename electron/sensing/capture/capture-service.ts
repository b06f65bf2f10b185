import path from 'node:path';
import type { EngramStore } from '../../../agents/store/index.js';
import { TesseractPool, type Captioner, type OcrEngine } from '../perception/index.js';
import { ocrLanguagesFor, type AudioSettings, type CaptureSettings } from '../../../shared/settings/index.js';
import type { AutoPause, NotRecordingReason } from '../../../shared/api/index.js';
import type { ActiveWindowSource } from './active-window.js';
import type { WindowList } from './window-list.js';
import { AudioPipeline, type AudioRunReport } from './audio-pipeline.js';
import { type AudioSource, readCaptureSettings, type ScreenSource } from '../sources/index.js';
import { CapturePipeline, type SecretsEvent, type TickResult } from './capture-pipeline.js';
import type { OcrHold } from './ocr-stage.js';
import { counterNames, type CaptureCounter } from './day-counters.js';
import { WAYLAND_WINDOW_LIST_PROBLEM } from './default-screen-source.js';
import type { FrameEncoder } from './frame-encoder.js';
import type { IdleSource } from './idle-source.js';
import type { ExclusionReason, SelfWindows } from './privacy-gate.js';
import { ocrIdleStopMs } from './ocr-idle-stop.js';
import { RetentionJob } from './retention.js';
import { CaptureScheduler } from './scheduler.js';
import { AlwaysOnAc, SysfsPowerSource, type PowerSource } from './power-source.js';
import type { LoadLevel, LoadSource } from './load-source.js';
import type { Transcriber } from './transcriber.js';

/** Same shape as CaptureStatus in shared/api/capture.ts, so API handlers pass it through. */
export interface CaptureServiceStatus {
  state: 'running' | 'paused' | 'stopped' | 'error';
  paused_until: string | null;
  last_frame_at: string | null;
  /** Today (local day), from the store's counters. */
  frames_kept: number;
  frames_skipped: number;
  frames_gated: number;
  ocr_backlog: number;
  audio: boolean;
  message: string | null;
  privacy: CapturePrivacyStatus;
  /** Same as CaptureStatus.blocked: ticks run but keep nothing until the user acts. */
  blocked: { reason: NotRecordingReason; message: string | null } | null;
  auto_pause: AutoPause | null;
  /** Same as CaptureStatus.battery_saver: set while on battery with the saver on. */
  battery_saver: { ocr_waiting: number } | null;
}

interface AudioRun {
  abort: AbortController;
  done: Promise<AudioRunReport | null>;
  chunkS: number;
}

/** Same shape as CapturePrivacy in shared/api/capture.ts. */
export interface CapturePrivacyStatus {
  window_list: 'ok' | 'unavailable' | 'degraded' | 'unknown';
  problem: string | null;
  windows_hidden: Record<ExclusionReason, number>;
  frames_masked: number;
  frames_dropped_race: number;
  frames_failed_closed: number;
  frames_mostly_hidden: number;
  displays: { id: string; name: string; paused: boolean }[];
}

export interface CaptureServiceDeps {
  store: EngramStore;
  screen: ScreenSource;
  windows: ActiveWindowSource;
  /**
   * Every visible window, for the privacy gate. Default: the platform's list (defaultWindowList)
   * when `windows` is a platform source (get-windows), else the active window stands for the
   * desktop (test fakes).
   */
  windowList?: WindowList;
  idle?: IdleSource;
  /** Default: a TesseractPool with the settings' worker count, cache in <dataDir>/ocr-cache. Null: no OCR. */
  ocr?: OcrEngine | null;
  captioner?: Captioner | null;
  /** The caption call's deadline (CAPTION_TIMEOUT_MS by default). */
  captionTimeoutMs?: number;
  encoder?: FrameEncoder;
  self?: SelfWindows;
  settings?: CaptureSettings;
  /**
   * Optional microphone/file audio with its transcriber (or a getter, asked per chunk, so a new
   * server in Settings applies to the next chunk). With `followSettings` the audio runs exactly
   * while capture and "Record audio" are both on in the stored settings, switched at reloadSettings();
   * without, it runs whenever the service does.
   */
  audio?: { source: AudioSource; transcriber: Transcriber | null | ((settings: AudioSettings) => Transcriber | null); followSettings?: boolean } | null;
  clock?: () => number;
  onError?: (err: unknown) => void;
  /** The OS locale, whose language (with English) OCR reads when Settings choose none. Default: the process's. */
  locale?: string;
  /** Battery or AC (the desktop's powerMonitor). Default: /sys/class/power_supply on Linux, else always AC. */
  power?: PowerSource;
  /** How busy the machine is (load back-off: OCR waits first, then capture slows). Default: never busy. */
  load?: LoadSource;
}

/** Under a load that does not end, OCR still runs, in batches, this often: nothing waits forever. */
export const MAX_BUSY_WAIT_MS = 10 * 60_000;

/** The locale the process runs in (LANG and friends, through ICU). */
function systemLocale(): string {
  return process.env.LC_ALL || process.env.LC_MESSAGES || process.env.LANG || Intl.DateTimeFormat().resolvedOptions().locale;
}

/**
 * The composition every host builds (headless host, desktop app, CLI): screen pipeline on a
 * scheduler, OCR pool, retention job, optional audio, with status, pause and resume for the UI and
 * the tray. Sources are injected, so the same class runs with screenshot-desktop or desktopCapturer.
 */
export class CaptureService {
  readonly pipeline: CapturePipeline;
  private readonly scheduler: CaptureScheduler;
  private readonly retention: RetentionJob;
  private readonly ocr: OcrEngine | null;
  private readonly ownsOcr: boolean;
  private readonly clock: () => number;
  private audioRun: AudioRun | null = null;
  /** Every audio run not yet finished (the current one, and switched-off ones storing their last speech). */
  private readonly audioRuns = new Set<AudioRun>();
  private lastError: string | null = null;
  private started = false;
  private readonly power: PowerSource;

  constructor(private readonly deps: CaptureServiceDeps) {
    this.clock = deps.clock ?? Date.now;
    // Headless Linux reads the kernel's power supplies; the desktop app passes powerMonitor.
    this.power = deps.power ?? (process.platform === 'linux' ? new SysfsPowerSource() : new AlwaysOnAc());
    const settings = deps.settings ?? readCaptureSettings(deps.store);
    this.ownsOcr = deps.ocr === undefined;
    this.ocr =
      deps.ocr === undefined
        ? new TesseractPool({
            cachePath: path.join(deps.store.dataDir, 'ocr-cache'),
            workers: settings.ocr.workers,
            // Not before a still screen's forced frame has been read (see ocr-idle-stop.ts).
            idleStopMs: ocrIdleStopMs(settings),
            // Asked per image: a change in Settings reads the next frame in the new languages.
            languages: () => ocrLanguagesFor((this.pipeline?.currentSettings ?? settings).ocr.languages, deps.locale ?? systemLocale()),
          })
        : deps.ocr;
    this.pipeline = new CapturePipeline({
      store: deps.store,
      screen: deps.screen,
      windows: deps.windows,
      windowList: deps.windowList,
      idle: deps.idle,
      ocr: this.ocr,
      captioner: deps.captioner ?? null,
      captionTimeoutMs: deps.captionTimeoutMs,
      encoder: deps.encoder,
      self: deps.self,
      settings: deps.settings,
      clock: deps.clock,
      ocrHold: ({ userAway }) => this.ocrHold(userAway),
    });
    this.pipeline.on('error', (err: unknown) => this.report(err));
    this.scheduler = new CaptureScheduler(
      async () => {
        const r = await this.pipeline.tick();
        if (r.reason === 'error') this.lastError = r.detail;
        else this.lastError = null;
      },
      () => this.intervalMs(),
      (err) => {
        // A tick that threw (the disk is full, the database is locked) is a visible error in the
        // status, like a failed grab, until a later tick succeeds.
        this.lastError = err instanceof Error ? err.message.split('\n')[0]! : String(err);
        this.report(err);
      },
    );
    this.retention = new RetentionJob(deps.store, () => this.pipeline.currentSettings.retention, { onError: (e) => this.report(e) });
  }

  /** Time between ticks: the setting's, doubled on battery unless the battery saver is off, and doubled on an overloaded machine. */
  intervalMs(): number {
    const slow = this.batterySaverActive() || this.loadLevel() === 'overloaded';
    return this.pipeline.currentSettings.interval_s * 1000 * (slow ? 2 : 1);
  }

  /** The load source's level ('ok' when there is none or it fails). */
  loadLevel(): LoadLevel {
    try {
      return this.deps.load?.level() ?? 'ok';
    } catch {
      return 'ok';
    }
  }

  /** The battery saver is on and the machine runs on battery: capture slows down and OCR waits. */
  batterySaverActive(): boolean {
    return this.pipeline.currentSettings.battery_saver && this.onBattery();
  }

  /**
   * On battery, OCR of ordinary frames waits until AC or the user is away; on a busy machine it
   * waits for the load to fall, at most MAX_BUSY_WAIT_MS for the oldest frame. Frames wait encrypted.
   */
  private ocrHold(userAway: boolean): OcrHold {
    if (!userAway && this.batterySaverActive()) return 'battery';
    if (this.loadLevel() !== 'ok') {
      const oldest = this.pipeline.ocrOldestWaitingAt();
      if (oldest === null || this.clock() - oldest < MAX_BUSY_WAIT_MS) return 'busy';
    }
    return null;
  }

  /** True when the power source says the machine runs on battery (false when it cannot tell). */
  onBattery(): boolean {
    try {
      return this.power.onBattery();
    } catch {
      return false;
    }
  }

  /** Starts ticking (and audio, when a source was given and audio is enabled in settings or injected). */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.scheduler.start();
    this.retention.start();
    this.syncAudio(false);
  }

  /**
   * Re-reads the stored settings after the UI changed them, and applies them at once: capture
   * on or off, and the audio run started, stopped or restarted (a new chunk length) to match.
   */
  reloadSettings(): CaptureServiceStatus {
    this.pipeline.reloadSettings();
    this.syncAudio(true);
    return this.status();
  }

  /** Whether audio should be recorded now: capture running and on, "Record audio" on (with followSettings). */
  audioWanted(): boolean {
    return this.started && this.audioSwitchedOn();
  }

  /** The settings' side alone: a stop (quit) still stores the last speech, a switch-off does not. */
  private audioSwitchedOn(): boolean {
    const audio = this.deps.audio;
    if (!audio) return false;
    if (!audio.followSettings) return true;
    const s = this.pipeline.currentSettings;
    return s.enabled && s.audio.enabled;
  }

  /** `switched`: a settings change (not the start), so what the source queued before now was recorded while off. */
  private syncAudio(switched: boolean): void {
    const want = this.audioWanted();
    const run = this.audioRun;
    if (run && (!want || run.chunkS !== this.pipeline.currentSettings.audio.chunk_s)) {
      // The run ends by itself once aborted: the speech it holds is stored (or dropped if now off).
      run.abort.abort();
      this.audioRun = null;
    }
    if (want && !this.audioRun) this.startAudio(switched ? this.clock() : Number.NEGATIVE_INFINITY);
  }

  async stop(): Promise<void> {
    this.started = false;
    await this.scheduler.stop();
    this.retention.stop();
    this.audioRun = null;
    // Runs switched off a moment ago may still be storing their last speech: wait for them too.
    const runs = [...this.audioRuns];
    for (const r of runs) r.abort.abort();
    await Promise.all(runs.map((r) => r.done));
  }

  /** Stops everything, releases the OCR workers and closes the screen source (the service owns it). */
  async close(): Promise<void> {
    await this.stop();
    await this.pipeline.close();
    if (this.ownsOcr) await this.ocr?.stop();
    await this.deps.screen.close?.();
  }

  tick(opts: { force?: boolean } = {}): Promise<TickResult> {
    return this.pipeline.tick(opts);
  }

  drain(): Promise<void> {
    return this.pipeline.drain();
  }

  /** Pauses capture (and audio), for `minutes` or until resume(). Persisted, so a restart stays paused. */
  pause(minutes?: number): CaptureServiceStatus {
    const s = this.pipeline.reloadSettings();
    const until = minutes ? new Date(this.clock() + minutes * 60_000).toISOString() : null;
    this.pipeline.applySettings({ ...s, privacy: { ...s.privacy, paused: true, paused_until: until } });
    return this.status();
  }

  resume(): CaptureServiceStatus {
    const s = this.pipeline.reloadSettings();
    this.pipeline.applySettings({ ...s, privacy: { ...s.privacy, paused: false, paused_until: null } });
    return this.status();
  }

  /** Pauses or resumes capture of one display (persisted; the others go on). */
  pauseDisplay(display: string, paused: boolean): CaptureServiceStatus {
    const s = this.pipeline.reloadSettings();
    const ids = new Set(s.privacy.paused_displays);
    if (paused) ids.add(display);
    else ids.delete(display);
    this.pipeline.applySettings({ ...s, privacy: { ...s.privacy, paused_displays: [...ids] } });
    return this.status();
  }

  onSecrets(listener: (ev: SecretsEvent) => void): () => void {
    this.pipeline.on('secrets', listener);
    return () => this.pipeline.off('secrets', listener);
  }

  status(): CaptureServiceStatus {
    this.pipeline.flushCounters();
    const now = this.clock();
    const counters = this.deps.store.counters;
    const day = (name: CaptureCounter) => counters.get(counterNames(name, now)[1]);
    const today = day;
    const health = this.pipeline.windowListHealth();
    const pausedDisplays = new Set(this.pipeline.currentSettings.privacy.paused_displays);
    const pausedUntil = this.pipeline.pausedUntil();
    const paused = this.pipeline.isPaused();
    const last = this.pipeline.pipelineStats().lastFrameAt;
    const enabled = this.pipeline.currentSettings.enabled;
    return {
      state: !enabled && this.scheduler.isRunning ? 'stopped' : this.lastError ? 'error' : paused ? 'paused' : this.scheduler.isRunning ? 'running' : 'stopped',
      paused_until: pausedUntil ? new Date(pausedUntil).toISOString() : null,
      last_frame_at: last ? new Date(last).toISOString() : null,
      frames_kept: today('frames_kept'),
      frames_skipped: today('frames_skipped'),
      frames_gated: today('frames_gated'),
      ocr_backlog: this.pipeline.ocrBacklog(),
      audio: this.audioRun !== null,
      message: this.lastError ?? (health.state === 'unavailable' ? `Not recording: ${health.problem}` : null),
      privacy: {
        window_list: health.state,
        problem: health.problem,
        windows_hidden: {
          excluded_app: day('windows_hidden.excluded_app'),
          excluded_title: day('windows_hidden.excluded_title'),
          excluded_url: day('windows_hidden.excluded_url'),
          engram_window: day('windows_hidden.engram_window'),
        },
        frames_masked: day('frames_masked'),
        frames_dropped_race: day('frames_dropped_race'),
        frames_failed_closed: day('frames_failed_closed'),
        frames_mostly_hidden: day('frames_mostly_hidden'),
        displays: this.pipeline.lastDisplays().map((d) => ({ id: d.id, name: d.name, paused: pausedDisplays.has(d.id) })),
      },
      blocked: this.blocked(enabled, health),
      auto_pause: this.deps.idle?.autoPause?.() ?? null,
      battery_saver: this.batterySaverActive() ? { ocr_waiting: this.pipeline.ocrWaiting() } : null,
    };
  }

  /** Why ticks keep nothing, in the order the user must act: Settings, the grant, the display, the window list. */
  private blocked(enabled: boolean, health: { state: string; problem: string | null }): CaptureServiceStatus['blocked'] {
    if (!enabled) return { reason: 'disabled', message: 'capture is turned off in Settings' };
    const block = this.pipeline.blocked();
    if (block) return block;
    if (health.state === 'unavailable') return { reason: health.problem === WAYLAND_WINDOW_LIST_PROBLEM ? 'wayland' : 'window_list', message: health.problem };
    return null;
  }

  private startAudio(since: number): void {
    const audio = this.deps.audio;
    if (!audio || this.audioRun) return;
    const settings = this.pipeline.currentSettings.audio;
    const transcriber = audio.transcriber;
    // After a switch, speech that ended before this run began was recorded while audio was off (a
    // recorder's last segment, queued in the source): never stored.
    const pipeline = new AudioPipeline({
      store: this.deps.store,
      source: audio.source,
      transcriber: typeof transcriber === 'function' ? () => transcriber(this.pipeline.currentSettings.audio) : transcriber,
      language: () => this.pipeline.currentSettings.audio.language,
      segmenter: { chunkMs: settings.chunk_s * 1000 },
      isPaused: (at) => at < since || this.pipeline.pausedAt(at) || !this.audioSwitchedOn(),
      redaction: () => this.pipeline.currentSettings.redaction,
    });
    pipeline.on('error', (err: unknown) => this.report(err));
    pipeline.on('secrets', (ev: SecretsEvent) => this.pipeline.emit('secrets', ev));
    const abort = new AbortController();
    const done = pipeline.run(abort.signal).catch((err: unknown) => {
      this.report(err);
      return null;
    });
    const run: AudioRun = { abort, done, chunkS: settings.chunk_s };
    this.audioRun = run;
    this.audioRuns.add(run);
    void done.then(() => {
      this.audioRuns.delete(run);
      if (this.audioRun === run) this.audioRun = null;
    });
  }

  private report(err: unknown): void {
    this.deps.onError?.(err);
  }
}
