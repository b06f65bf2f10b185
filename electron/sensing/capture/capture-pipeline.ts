import { EventEmitter } from 'node:events';
import sharp from 'sharp';
import type { EngramStore, FrameRecord, ObservationRecord } from '../../../agents/store/index.js';
import {
  OcrQueue,
  prepareForOcr,
  redact,
  type Captioner,
  type OcrEngine,
  type OcrImage,
  type OcrResult,
  type RedactedSecret,
} from '../perception/index.js';
import type { CaptureSettings } from '../../../shared/settings/index.js';
import { readCaptureSettings, writeCaptureSettings } from './capture-settings.js';
import type { ActiveWindowSource, WindowInfo } from './active-window.js';
import { counterNames, type CaptureCounter } from './day-counters.js';
import { DEFAULT_CHANGE, isChanged, type FrameSignature, frameSignature } from './dhash.js';
import { FrameEncoder } from './frame-encoder.js';
import { AlwaysActive, type IdleSource } from './idle-source.js';
import { changedRegions, mergeOcr, stackRegions, type Region } from './incremental-ocr.js';
import { PrivacyGate, type GateReason, type SelfWindows } from './privacy-gate.js';
import type { CapturedScreen, DisplayInfo, ScreenSource } from './screen-source.js';
import { sharpFrom } from './sharp-input.js';

export type TickReason = 'kept' | 'unchanged' | 'idle' | 'locked' | 'disabled' | 'error' | GateReason;

export interface TickResult {
  at: number;
  kept: boolean;
  /** Why nothing (or what) was kept; with several displays, the first display's reason. */
  reason: TickReason;
  detail: string | null;
  forced: boolean;
  frame_ids: string[];
  /** Per display: what happened to it. */
  displays: { display: string; outcome: TickReason; frame_id: string | null }[];
  /** Resolves with the observation ids of the kept frames once OCR is done (or dropped). */
  observations: Promise<string[]>;
}

export interface SecretsEvent {
  observation_id: string;
  frame_id: string | null;
  app: string | null;
  secrets: RedactedSecret[];
}

export interface CapturePipelineDeps {
  store: EngramStore;
  screen: ScreenSource;
  windows: ActiveWindowSource;
  idle?: IdleSource;
  /** Null: frames are kept and observations carry no text (OCR disabled). */
  ocr?: OcrEngine | null;
  captioner?: Captioner | null;
  encoder?: FrameEncoder;
  clock?: () => number;
  /** Engram's own windows (never captured). */
  self?: SelfWindows;
  /** Settings override (tests, CLI flags); otherwise read from store.settings on every tick. */
  settings?: CaptureSettings;
  /** Longest side of the image handed to OCR; retina screens are shrunk to keep OCR affordable. */
  ocrMaxSide?: number;
  /** Reuse OCR lines outside the changed part of the screen (see incremental-ocr.ts). */
  incrementalOcr?: boolean;
}

interface DisplayState {
  last: FrameSignature | null;
  lastKeptAt: number;
  /** Start of the current run of skipped ticks, null when the last tick kept a frame. */
  skipSince: number | null;
  /** Whether the current skip run already had its forced capture. */
  forcedThisRun: boolean;
  /** The last OCR-ed grey image and its result, for incremental OCR of the next frame. */
  ocrBase: { grey: Uint8Array; width: number; height: number; result: OcrResult } | null;
}

interface OcrMeta {
  frame: FrameRecord;
  display: DisplayInfo;
  window: WindowInfo | null;
  resolve: (id: string | null) => void;
  /** Full grey image (for the next frame's incremental OCR) and the regions that need reading. */
  grey: Uint8Array;
  width: number;
  height: number;
  regions: Region[] | null;
  base: OcrResult | null;
}

export interface PipelineStats {
  kept: number;
  skipped: number;
  gated: number;
  lastFrameAt: number | null;
}

/**
 * One capture tick, end to end: pause check, idle check, active window, privacy gate (before any
 * pixels are kept), screen grab, change detection, downscale + WebP, encrypted frame in the store,
 * then OCR in the background, redaction, and an observation for the meta-agent. Hosts drive it
 * with a CaptureScheduler; the CLI calls tick() once.
 */
export class CapturePipeline extends EventEmitter {
  private readonly clock: () => number;
  private readonly idle: IdleSource;
  private readonly encoder: FrameEncoder;
  private readonly displays = new Map<string, DisplayState>();
  private readonly queue: OcrQueue<OcrMeta> | null;
  private settings: CaptureSettings;
  private gate: PrivacyGate;
  private stats: PipelineStats = { kept: 0, skipped: 0, gated: 0, lastFrameAt: null };
  private ticking: Promise<TickResult> | null = null;
  private closed = false;

  constructor(private readonly deps: CapturePipelineDeps) {
    super();
    this.clock = deps.clock ?? Date.now;
    this.idle = deps.idle ?? new AlwaysActive();
    this.encoder = deps.encoder ?? new FrameEncoder();
    this.settings = deps.settings ?? this.readSettings();
    this.gate = new PrivacyGate(this.settings.privacy, deps.self);
    const ocr = deps.ocr ?? null;
    this.queue =
      ocr && this.settings.ocr.enabled
        ? new OcrQueue<OcrMeta>({
            engine: ocr,
            maxPending: this.settings.ocr.queue_max,
            concurrency: this.settings.ocr.workers,
            onResult: (meta, result) => this.onOcr(meta, result),
            onDropped: (meta, reason, err) => this.onOcrDropped(meta, reason, err),
          })
        : null;
  }

  /** Errors are reported to listeners; with none, they must not crash the host (EventEmitter would throw). */
  private fail(err: unknown): void {
    if (this.listenerCount('error') > 0) this.emit('error', err);
  }

  get currentSettings(): CaptureSettings {
    return this.settings;
  }

  /** Re-reads settings from the store (the UI writes them there). */
  reloadSettings(): CaptureSettings {
    if (!this.deps.settings) {
      this.settings = this.readSettings();
      this.gate = new PrivacyGate(this.settings.privacy, this.deps.self);
    }
    return this.settings;
  }

  /** Replaces the settings for this pipeline (and stores them unless they are an override). */
  applySettings(next: CaptureSettings): void {
    this.settings = next;
    this.gate = new PrivacyGate(next.privacy, this.deps.self);
    if (!this.deps.settings) writeCaptureSettings(this.deps.store, next);
  }

  pausedUntil(): number | null {
    return this.gate.pausedUntilAt(this.clock());
  }

  isPaused(): boolean {
    return this.gate.isPaused(this.clock());
  }

  pipelineStats(): PipelineStats {
    return { ...this.stats };
  }

  ocrBacklog(): number {
    return this.queue?.stats().backlog ?? 0;
  }

  ocrStats() {
    return this.queue?.stats() ?? null;
  }

  /** Waits until every kept frame has been OCR-ed and turned into an observation. */
  async drain(): Promise<void> {
    if (this.ticking) await this.ticking.catch(() => undefined);
    // Frames still being prepared for OCR are not in the queue yet: wait for them first.
    while (this.preparing.size > 0) await Promise.all([...this.preparing]);
    await this.queue?.idle();
  }

  private readonly preparing = new Set<Promise<void>>();

  /**
   * Starts change detection from the last frames in the store (a fresh process, e.g. `engram capture
   * --once`, then skips a screen that has not changed since the last run, and forces a frame once
   * force_after_s has passed since that one).
   */
  seedFromStore(): void {
    for (const f of this.deps.store.frames.list({ limit: 50 })) {
      const s = this.state(f.display);
      if (s.last) continue;
      s.last = { hash: f.phash, thumb: null };
      s.lastKeptAt = f.captured_at;
      s.skipSince = f.captured_at;
    }
  }

  /** Runs one tick; concurrent calls share the running one rather than overlapping grabs. */
  tick(opts: { force?: boolean } = {}): Promise<TickResult> {
    if (this.ticking) return this.ticking;
    this.ticking = this.runTick(opts.force ?? false)
      .then((r) => {
        this.emit('tick', r);
        return r;
      })
      .finally(() => {
        this.ticking = null;
      });
    return this.ticking;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.ticking) await this.ticking.catch(() => undefined);
    await this.queue?.close();
  }

  private readSettings(): CaptureSettings {
    return readCaptureSettings(this.deps.store);
  }

  private bump(name: CaptureCounter, n = 1): void {
    if (n <= 0) return;
    for (const key of counterNames(name, this.clock())) this.deps.store.counters.bump(key, n);
  }

  private result(at: number, reason: TickReason, detail: string | null, displays: TickResult['displays'] = [], forced = false): TickResult {
    return { at, kept: false, reason, detail, forced, frame_ids: [], displays, observations: Promise.resolve([]) };
  }

  private async runTick(force: boolean): Promise<TickResult> {
    const now = this.clock();
    if (this.closed) return this.result(now, 'disabled', 'capture stopped');
    if (!this.deps.settings) this.reloadSettings();
    if (!this.settings.enabled) return this.result(now, 'disabled', 'capture is turned off in settings');

    const pause = this.gate.checkPause(now);
    if (!pause.allowed) {
      this.stats.gated++;
      this.bump('frames_gated');
      return this.result(now, pause.reason, pause.detail);
    }

    const idleState = await this.idle.state();
    if (idleState === 'locked') {
      // A locked screen is never captured, not even by the forced capture.
      this.stats.skipped++;
      this.bump('frames_skipped');
      return this.result(now, 'locked', 'screen locked');
    }

    const displays = await this.deps.screen.listDisplays();
    const userIdle = idleState === 'idle';
    // Idle: skip the grab entirely unless a display is due its forced capture.
    let due = displays.filter((d) => force || !userIdle || this.forceDue(d.id, now));
    // The X server (DAMAGE) may know that nothing was drawn: then only forced captures need pixels.
    if (!force && this.deps.screen.changedSinceLastCapture?.() === false) due = due.filter((d) => this.forceDue(d.id, now));
    if (due.length === 0) {
      const outcome = userIdle ? ('idle' as const) : ('unchanged' as const);
      this.stats.skipped += displays.length;
      this.bump('frames_skipped', displays.length);
      for (const d of displays) this.noteSkip(d.id, now);
      return this.result(now, outcome, userIdle ? 'user idle' : 'nothing drawn since the last grab', displays.map((d) => ({ display: d.id, outcome, frame_id: null })));
    }
    let screens: CapturedScreen[];
    try {
      screens = await this.deps.screen.capture(due.map((d) => d.id));
    } catch (err) {
      return this.result(now, 'error', err instanceof Error ? err.message : String(err));
    }

    const outcomes: TickResult['displays'] = [];
    const frameIds: string[] = [];
    const observationPromises: Promise<string | null>[] = [];
    let win: WindowInfo | null | undefined;
    let anyForced = false;
    for (const shot of screens) {
      const id = shot.display.id;
      const state = this.state(id);
      const sig = await frameSignature(shot.image);
      const changed = isChanged(state.last, sig, { ...DEFAULT_CHANGE, coarse: this.settings.change_threshold });
      const forced = force || (!changed && this.forceDue(id, now)) || (userIdle && this.forceDue(id, now));
      if (!changed && !forced) {
        this.noteSkip(id, now);
        this.stats.skipped++;
        this.bump('frames_skipped');
        outcomes.push({ display: id, outcome: 'unchanged', frame_id: null });
        continue;
      }
      // The privacy gate, before any pixels are kept: the grab so far lives only in memory and is
      // dropped here if the window in front is excluded. Asked only for changed screens, so a still
      // screen costs no window query.
      if (win === undefined) {
        win = await this.deps.windows.active();
        const decision = this.gate.check(win, this.clock());
        if (!decision.allowed) {
          this.stats.gated += screens.length;
          this.bump('frames_gated', screens.length);
          return this.result(now, decision.reason, decision.detail);
        }
      }
      const winHere = windowOnDisplay(win, shot.display);
      const frame = await this.keep(shot, sig, winHere);
      if (!frame) {
        // Grabbed before a forget that covers it, stored after: it stays forgotten.
        outcomes.push({ display: id, outcome: 'unchanged', frame_id: null });
        continue;
      }
      if (forced && !changed) state.forcedThisRun = true;
      else {
        state.skipSince = null;
        state.forcedThisRun = false;
      }
      anyForced ||= forced && !changed;
      state.last = sig;
      state.lastKeptAt = now;
      frameIds.push(frame.id);
      outcomes.push({ display: id, outcome: 'kept', frame_id: frame.id });
      observationPromises.push(this.enqueueOcr(shot, frame, winHere, state));
    }
    const kept = frameIds.length > 0;
    const first = outcomes.find((o) => o.outcome === 'kept') ?? outcomes[0];
    const result: TickResult = {
      at: now,
      kept,
      reason: kept ? 'kept' : (first?.outcome ?? 'unchanged'),
      detail: kept ? `${frameIds.length} frame(s) kept` : 'screen unchanged since the last kept frame',
      forced: anyForced,
      frame_ids: frameIds,
      displays: outcomes,
      observations: Promise.all(observationPromises).then((ids) => ids.filter((x): x is string => x !== null)),
    };
    return result;
  }

  private state(id: string): DisplayState {
    let s = this.displays.get(id);
    if (!s) {
      s = { last: null, lastKeptAt: 0, skipSince: null, forcedThisRun: false, ocrBase: null };
      this.displays.set(id, s);
    }
    return s;
  }

  private noteSkip(id: string, now: number): void {
    const s = this.state(id);
    if (s.skipSince === null) s.skipSince = now;
  }

  /** One forced capture per run of skipped ticks, once the run is force_after_s long. */
  private forceDue(id: string, now: number): boolean {
    const s = this.state(id);
    if (s.last === null) return true;
    if (s.skipSince === null || s.forcedThisRun) return false;
    return now - s.skipSince >= this.settings.force_after_s * 1000;
  }

  private async keep(shot: CapturedScreen, sig: FrameSignature, win: WindowInfo | null): Promise<FrameRecord | null> {
    const encoded = await this.encoder.encode(shot.image);
    if (this.deps.store.wasForgotten(shot.captured_at)) return null;
    const frame = await this.deps.store.frames.insertAsync(
      {
        display: shot.display.id,
        captured_at: shot.captured_at,
        width: encoded.width,
        height: encoded.height,
        phash: sig.hash,
        app: win?.app || null,
        title: win?.title || null,
        url: win?.url ?? null,
      },
      encoded.webp,
      () => !this.deps.store.wasForgotten(shot.captured_at),
    );
    if (!frame) return null;
    this.stats.kept++;
    this.stats.lastFrameAt = shot.captured_at;
    this.bump('frames_kept');
    this.emit('frame', frame);
    return frame;
  }

  private async enqueueOcr(shot: CapturedScreen, frame: FrameRecord, win: WindowInfo | null, state: DisplayState): Promise<string | null> {
    return new Promise<string | null>((resolve) => {
      const prep = (async () => {
        if (!this.queue) {
          resolve(this.writeObservation(frame, shot.display, win, '', [])?.id ?? null);
          return;
        }
        const { data, info } = await greyForOcr(shot, this.deps.ocrMaxSide ?? 2560);
        const base = this.deps.incrementalOcr !== false ? state.ocrBase : null;
        let regions: Region[] | null = null;
        if (base && base.width === info.width && base.height === info.height) {
          regions = changedRegions(base.grey, data, info.width, info.height, base.result.lines);
        }
        if (base && regions && regions.length === 0) {
          // Same pixels as the frame read last (a forced capture of a still screen): same text, no OCR.
          state.ocrBase = { ...base, grey: data };
          const { text, secrets } = redact(base.result.text, this.settings.redaction);
          resolve(this.writeObservation(frame, shot.display, win, text, secrets)?.id ?? null);
          return;
        }
        // The next frame diffs against this one once its OCR result is in.
        state.ocrBase = null;
        const meta: OcrMeta = { frame, display: shot.display, window: win, resolve, grey: data, width: info.width, height: info.height, regions, base: regions ? base!.result : null };
        const stateRef = state;
        const plan = regions ? stackRegions(data, info.width, regions) : null;
        this.queue.push({
          meta,
          image: plan ? { ...prepareForOcr(plan.stacked, info.width, plan.stackedHeight), layout: 'block' as const } : prepareForOcr(data, info.width, info.height),
          // Deferred frames are decrypted from the store when the queue has room again, and read whole.
          reload: async () => {
            const webp = this.deps.store.frames.readImage(frame.id);
            const { data: g, info: gi } = await sharp(webp).greyscale().raw().toBuffer({ resolveWithObject: true });
            meta.regions = null;
            meta.base = null;
            meta.grey = g;
            meta.width = gi.width;
            meta.height = gi.height;
            return prepareForOcr(g, gi.width, gi.height);
          },
        });
        this.pendingBase.set(frame.id, stateRef);
      })()
        .catch((err) => {
          this.fail(err);
          resolve(null);
        })
        .finally(() => this.preparing.delete(prep));
      this.preparing.add(prep);
    });
  }

  /** Which display state waits for this frame's OCR result as its next incremental base. */
  private readonly pendingBase = new Map<string, DisplayState>();

  private async onOcr(meta: OcrMeta, raw: OcrResult): Promise<void> {
    if (this.closed) return meta.resolve(null);
    const result = meta.regions && meta.base ? mergeOcr(meta.base, raw, meta.regions) : raw;
    const state = this.pendingBase.get(meta.frame.id);
    this.pendingBase.delete(meta.frame.id);
    if (state && state.lastKeptAt <= meta.frame.captured_at + 1) {
      state.ocrBase = { grey: meta.grey, width: meta.width, height: meta.height, result };
    }
    const { text, secrets } = redact(result.text, this.settings.redaction);
    let caption: string | null = null;
    if (this.deps.captioner && this.settings.captioning.enabled) {
      try {
        caption = await this.deps.captioner.caption({ webp: this.deps.store.frames.readImage(meta.frame.id), app: meta.frame.app, title: meta.frame.title, text });
        if (caption) caption = redact(caption, this.settings.redaction).text;
      } catch (err) {
        this.fail(err);
      }
    }
    const obs = this.writeObservation(meta.frame, meta.display, meta.window, text, secrets, caption);
    meta.resolve(obs?.id ?? null);
  }

  private onOcrDropped(meta: OcrMeta, reason: 'overflow' | 'failed', err?: unknown): void {
    this.pendingBase.delete(meta.frame.id);
    if (this.closed) return meta.resolve(null);
    try {
      this.bump('ocr_dropped');
    } catch (e) {
      this.fail(e);
    }
    if (err) this.fail(err);
    // The frame is still worth an observation: the meta-agent learns the app and title, not the text.
    try {
      const obs = this.writeObservation(meta.frame, meta.display, meta.window, '', []);
      meta.resolve(obs?.id ?? null);
    } catch (e) {
      this.fail(e);
      meta.resolve(null);
    }
    void reason;
  }

  private writeObservation(frame: FrameRecord, display: DisplayInfo, win: WindowInfo | null, text: string, secrets: RedactedSecret[], caption: string | null = null): ObservationRecord | null {
    // Forgotten while it waited for OCR ("forget the last 15 minutes" with OCR behind): its text
    // must not come back as a new observation.
    if (this.deps.store.wasForgotten(frame.captured_at)) return null;
    // The frame may have been recycled while it waited for OCR: keep no orphan link.
    const stillThere = this.deps.store.frames.get(frame.id) !== null;
    const obs = this.deps.store.observations.insert({
      kind: 'screen',
      frame_id: stillThere ? frame.id : null,
      audio_id: null,
      display: display.id,
      observed_at: frame.captured_at,
      app: win?.app || frame.app,
      title: win?.title || frame.title,
      url: win?.url ?? frame.url,
      text,
      caption,
    });
    this.emit('observation', obs);
    if (secrets.length > 0) {
      const ev: SecretsEvent = { observation_id: obs.id, frame_id: frame.id, app: obs.app, secrets };
      this.emit('secrets', ev);
    }
    return obs;
  }
}

/** The active window belongs to the display it mostly overlaps; other displays get no window. */
function windowOnDisplay(win: WindowInfo | null, display: DisplayInfo): WindowInfo | null {
  if (!win || !win.bounds) return win;
  const b = win.bounds;
  const ix = Math.max(0, Math.min(b.x + b.width, display.x + display.width) - Math.max(b.x, display.x));
  const iy = Math.max(0, Math.min(b.y + b.height, display.y + display.height) - Math.max(b.y, display.y));
  return ix * iy > 0 ? win : null;
}

async function greyForOcr(shot: CapturedScreen, maxSide: number): Promise<{ data: Uint8Array; info: { width: number; height: number } }> {
  const { data, info } = await sharpFrom(shot.image)
    .greyscale()
    .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.height } };
}

export type { OcrImage };
