import { EventEmitter } from 'node:events';
import { countHidden, type EngramStore, type FrameRecord } from '../../../agents/store/index.js';
import type { Captioner, OcrEngine, OcrImage } from '../perception/index.js';
import { CAPTION_MISS_LAST_KEY, type CaptionMissLast, type CaptureSettings } from '../../../shared/settings/index.js';
import { redactText, redactWindowFields } from '../../../shared/redaction/index.js';
import { CaptureError, readCaptureSettings, writeCaptureSettings, windowSpaceOf, type CapturedScreen, type DisplayInfo, type ScreenSource } from '../sources/index.js';
import type { ActiveWindowSource, WindowInfo } from './active-window.js';
import { counterNames, type CaptureCounter } from './day-counters.js';
import { DEFAULT_CHANGE, isChanged, type FrameSignature, frameSignature } from './dhash.js';
import { FrameEncoder } from './frame-encoder.js';
import { AlwaysActive, type IdleSource } from './idle-source.js';
import { CachedActiveWindowSource } from './cached-active-window.js';
import { defaultWindowList } from './default-screen-source.js';
import { GetWindowsActiveWindowSource } from './get-windows-source.js';
import { ObservationWriter } from './observation-writer.js';
import { DisplayTracker } from './display-tracker.js';
import { OcrStage, type OcrHold } from './ocr-stage.js';
import { PrivacyGate, type ExclusionReason, type GateReason, type SelfWindows } from './privacy-gate.js';
import { MIN_UNMASKED, WindowGuard, type WindowListHealth } from './window-guard.js';
import { ActiveOnlyWindowList, type WindowList, type WindowSnapshot } from './window-list.js';
import { planDecorations } from './window-mask.js';

export type { SecretsEvent } from './observation-writer.js';

/**
 * Why a tick (or a display) kept nothing: besides the gate's reasons, `window_list_unavailable`
 * (fail closed), `window_changed` (an excluded window changed between the two window reads),
 * `mostly_hidden` (under a fifth of the display left once masked), `display_paused`.
 */
export type TickReason =
  | 'kept'
  | 'unchanged'
  | 'idle'
  | 'locked'
  | 'disabled'
  | 'error'
  | 'window_list_unavailable'
  | 'window_changed'
  | 'mostly_hidden'
  | 'display_paused'
  /** The screen may not be read (macOS Screen Recording not granted): nothing else was tried. */
  | 'no_permission'
  | 'no_display'
  | GateReason;

/** Why ticks keep nothing until the user (or the desktop) does something; see capture-health.ts. */
export interface CaptureBlock {
  reason: 'no_permission' | 'no_display';
  message: string;
}

export interface TickResult {
  at: number;
  kept: boolean;
  /** Why nothing (or what) was kept; with several displays, the first display's reason. */
  reason: TickReason;
  detail: string | null;
  forced: boolean;
  frame_ids: string[];
  /** Per display: what happened to it, and how many excluded windows were masked on it. */
  displays: { display: string; outcome: TickReason; frame_id: string | null; masked?: number }[];
  /** Resolves with the observation ids of the kept frames once OCR is done (or dropped). */
  observations: Promise<string[]>;
}

export interface CapturePipelineDeps {
  store: EngramStore;
  screen: ScreenSource;
  /** The window in front, for hosts and fakes without a window list (see windowList). */
  windows: ActiveWindowSource;
  /**
   * Every visible window, for the privacy gate. Omitted: the active window alone stands for the
   * whole desktop (fakes whose desktop is that window), and is also the fallback the user may
   * choose when the list cannot be read. Real hosts pass defaultWindowList().
   */
  windowList?: WindowList;
  idle?: IdleSource;
  /** Null: frames are kept and observations carry no text (OCR disabled). */
  ocr?: OcrEngine | null;
  captioner?: Captioner | null;
  /** The caption call's deadline (CAPTION_TIMEOUT_MS by default). */
  captionTimeoutMs?: number;
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
  /**
   * Whether OCR of ordinary frames waits now (battery, a busy machine), asked at every tick with
   * whether the user is away (idle or locked). Default: never.
   */
  ocrHold?: (ctx: { userAway: boolean }) => OcrHold;
}

export interface PipelineStats {
  kept: number;
  skipped: number;
  gated: number;
  lastFrameAt: number | null;
}

/** Where the time of a tick's privacy work goes (the capture benchmark reads it). */
export interface MaskTiming {
  /** Both window reads, ms. */
  windowsMs: number;
  /** Planning and filling the masks, ms. */
  maskMs: number;
}

/**
 * One capture tick, end to end: pause check, idle check, window list, screen grab, window list
 * again (an excluded window that changed in between drops the frame), every excluded window masked
 * in the in-memory pixels, change detection on the masked pixels, downscale + WebP, encrypted frame
 * in the store, then OCR in the background (ocr-stage.ts), redaction, and an observation
 * (observation-writer.ts). Hosts drive it with a CaptureScheduler; the CLI calls tick() once.
 */
/** The recorder's last segment ends a moment after the pause that stopped it. */
const PAUSE_GRACE_MS = 2_000;
/** Skipped ticks are written to the counters at most this late (see bump). */
const SKIP_FLUSH_MS = 60_000;

export class CapturePipeline extends EventEmitter {
  private readonly clock: () => number;
  private readonly idle: IdleSource;
  private readonly encoder: FrameEncoder;
  private readonly displays: DisplayTracker;
  private readonly ocr: OcrStage;
  private readonly guard: WindowGuard;
  private settings: CaptureSettings;
  /** When the current pause began, as far as this process knows (null: not paused, or unknown). */
  private pausedSince: number | null = null;
  private gate: PrivacyGate;
  private stats: PipelineStats = { kept: 0, skipped: 0, gated: 0, lastFrameAt: null };
  private ticking: Promise<TickResult> | null = null;
  private closed = false;
  private knownDisplays: DisplayInfo[] = [];
  private block: CaptureBlock | null = null;
  /** The last tick's privacy timing, for the benchmark. */
  lastMaskTiming: MaskTiming | null = null;
  /** Skipped ticks not yet written, by counter name, and since when (see bump). */
  private readonly pendingSkips = new Map<string, number>();
  private pendingSkipsSince: number | null = null;

  constructor(private readonly deps: CapturePipelineDeps) {
    super();
    this.clock = deps.clock ?? Date.now;
    this.idle = deps.idle ?? new AlwaysActive();
    this.encoder = deps.encoder ?? new FrameEncoder();
    this.settings = deps.settings ?? this.readSettings();
    this.displays = new DisplayTracker(() => this.settings.force_after_s);
    this.gate = new PrivacyGate(this.settings.privacy, deps.self);
    const fallback = new ActiveOnlyWindowList(deps.windows);
    const list =
      deps.windowList ??
      platformWindowList(deps, () => this.settings.privacy.excluded_url_patterns.length > 0) ??
      new ActiveOnlyWindowList(deps.windows, { complete: true, name: 'active-window' });
    this.guard = new WindowGuard(list, fallback);
    const writer = new ObservationWriter(deps.store, (event, payload) => this.emit(event, payload));
    this.ocr = new OcrStage({
      store: deps.store,
      engine: deps.ocr ?? null,
      captioner: deps.captioner ?? null,
      captionTimeoutMs: deps.captionTimeoutMs,
      onCaptionFailed: (why, err) => this.captionMissed(why, err),
      writer,
      settings: () => this.settings,
      maxSide: deps.ocrMaxSide ?? 2560,
      incremental: deps.incrementalOcr !== false,
      closed: () => this.closed,
      onError: (err) => this.fail(err),
      onDropped: () => this.bump('ocr_dropped'),
    });
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
    this.trackPause(false);
    return this.settings;
  }

  /** Replaces the settings for this pipeline (and stores them unless they are an override). */
  applySettings(next: CaptureSettings): void {
    this.settings = next;
    this.gate = new PrivacyGate(next.privacy, this.deps.self);
    if (!this.deps.settings) writeCaptureSettings(this.deps.store, next);
    this.trackPause(true);
  }

  pausedUntil(): number | null {
    return this.gate.pausedUntilAt(this.clock());
  }

  isPaused(): boolean {
    return this.gate.isPaused(this.clock());
  }

  /**
   * Whether something recorded until `at` falls in the current pause. A pause made here is exact
   * (plus a short grace for the recorder's last segment, which ends a moment after the pause); one
   * found in the stored settings (another process paused) counts from the start of time: nothing
   * recorded then is kept.
   */
  pausedAt(at: number): boolean {
    if (!this.isPaused()) return false;
    return this.pausedSince === null || at > this.pausedSince + PAUSE_GRACE_MS;
  }

  private trackPause(exact: boolean): void {
    if (!this.gate.isPaused(this.clock())) this.pausedSince = null;
    else if (this.pausedSince === null) this.pausedSince = exact ? this.clock() : Number.NEGATIVE_INFINITY;
  }

  pipelineStats(): PipelineStats {
    return { ...this.stats };
  }

  /** Writes the skipped ticks counted in memory (status, drain and close call it; so does the next other count). */
  flushCounters(): void {
    if (this.pendingSkips.size === 0) return;
    const pending = [...this.pendingSkips];
    this.pendingSkips.clear();
    this.pendingSkipsSince = null;
    this.deps.store.transaction(() => {
      for (const [key, n] of pending) this.deps.store.counters.bump(key, n);
    });
  }

  /** Whether every window on screen can be checked, and why not. */
  windowListHealth(): WindowListHealth {
    return this.guard.status();
  }

  /** Set while ticks stop before the window list for a reason the user must act on (no grant, no display). */
  blocked(): CaptureBlock | null {
    return this.block ? { ...this.block } : null;
  }

  /** The displays seen at the last tick (for per-display pause). */
  lastDisplays(): DisplayInfo[] {
    return [...this.knownDisplays];
  }

  ocrBacklog(): number {
    return this.ocr.backlog();
  }

  ocrStats() {
    return this.ocr.stats();
  }

  /** Kept frames whose OCR waits for AC, idle or a quieter machine. */
  ocrWaiting(): number {
    return this.ocr.waitingCount();
  }

  /** When the oldest frame waiting for OCR was captured (null: none waits). */
  ocrOldestWaitingAt(): number | null {
    return this.ocr.oldestWaitingAt();
  }

  /** Waits until every kept frame has been OCR-ed and turned into an observation. */
  async drain(): Promise<void> {
    if (this.ticking) await this.ticking.catch(() => undefined);
    await this.ocr.idle();
    this.flushCounters();
  }

  /**
   * Starts change detection from the last frames in the store (a fresh process, e.g. `engram capture
   * --once`, then skips a screen that has not changed since the last run, and forces a frame once
   * force_after_s has passed since that one).
   */
  seedFromStore(): void {
    for (const f of this.deps.store.frames.list({ limit: 50 })) {
      const s = this.displays.state(f.display);
      if (s.last) continue;
      s.last = { hash: f.phash, thumb: null };
      s.lastKeptAt = f.captured_at;
      s.skipSince = f.captured_at;
    }
  }

  /**
   * Frames kept by an earlier run whose text was never read (it stopped at once: a second Ctrl-C,
   * a crash, a kill) go back to OCR, behind fresh frames, and get their observations as usual. At
   * most `limit` per start (the queue's deferred bound); the rest wait for the next one.
   * Returns how many were queued and how many are left.
   */
  requeueUnread(limit = 500): { queued: number; left: number; observations: Promise<string[]> } {
    if (this.closed) return { queued: 0, left: 0, observations: Promise.resolve([]) };
    const frames = this.deps.store.frames.listUnread(limit);
    const left = frames.length < limit ? 0 : this.deps.store.frames.countUnread() - frames.length;
    const ids = Promise.all(frames.map((f) => this.ocr.requeue(f)));
    return { queued: frames.length, left, observations: ids.then((all) => all.filter((id): id is string => id !== null)) };
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
    await this.ocr.close();
    this.flushCounters();
  }

  private readSettings(): CaptureSettings {
    return readCaptureSettings(this.deps.store);
  }

  /** Counted per day, and the last reason kept for Settings → Privacy (the error's first line, redacted). */
  private captionMissed(why: 'timeout' | 'error', err: unknown): void {
    this.bump('captions_failed');
    const detail = redactText(err instanceof Error ? err.message : String(err), this.settings.redaction).text.split('\n')[0]!.slice(0, 300);
    const last: CaptionMissLast = { at: this.clock(), why, detail };
    this.deps.store.settings.set(CAPTION_MISS_LAST_KEY, last);
  }

  /**
   * A still screen skips a tick every few seconds, and each count was two commits, each fsynced
   * (synchronous=FULL): 225 ms of the main thread's ~500 ms over 90 s of a still screen, the
   * largest cost it had. Skips are therefore counted in memory and written with the next other
   * count, or after SKIP_FLUSH_MS; a crash loses at most that minute of skip counts, nothing else.
   */
  private bump(name: CaptureCounter, n = 1): void {
    if (n <= 0) return;
    const now = this.clock();
    if (name === 'frames_skipped') {
      for (const key of counterNames(name, now)) this.pendingSkips.set(key, (this.pendingSkips.get(key) ?? 0) + n);
      this.pendingSkipsSince ??= now;
      if (now - this.pendingSkipsSince >= SKIP_FLUSH_MS) this.flushCounters();
      return;
    }
    for (const key of counterNames(name, now)) this.deps.store.counters.bump(key, n);
    this.flushCounters();
  }

  private result(at: number, reason: TickReason, detail: string | null, displays: TickResult['displays'] = [], forced = false): TickResult {
    return { at, kept: false, reason, detail, forced, frame_ids: [], displays, observations: Promise.resolve([]) };
  }

  /** Counts the excluded windows seen for the first time today, by rule. */
  private countHidden(snapshot: WindowSnapshot, now: number): void {
    for (const reason of this.guard.newlyHidden(snapshot, this.gate, now)) this.bump(`windows_hidden.${reason}`);
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
    // Frames waiting for AC or idle are released here, before this tick's own frame.
    this.ocr.setHold(this.deps.ocrHold?.({ userAway: idleState !== 'active' }) ?? null);
    if (idleState === 'locked') {
      // A locked screen is never captured, not even by the forced capture.
      this.stats.skipped++;
      this.bump('frames_skipped');
      return this.result(now, 'locked', 'screen locked');
    }

    // May the screen be read at all? Asked before the window list: on macOS without Screen
    // Recording the window list fails too, and the grant is what the user must be told about.
    const access = await this.deps.screen.access?.();
    if (access && !access.granted) {
      this.block = { reason: 'no_permission', message: access.message };
      return this.result(now, 'no_permission', access.message);
    }

    const all = await this.deps.screen.listDisplays();
    this.knownDisplays = all;
    if (all.length === 0) {
      this.block = { reason: 'no_display', message: 'no display found' };
      return this.result(now, 'no_display', 'no display found');
    }
    this.block = null;
    const pausedIds = new Set(this.settings.privacy.paused_displays);
    const outcomes: TickResult['displays'] = all.filter((d) => pausedIds.has(d.id)).map((d) => ({ display: d.id, outcome: 'display_paused' as const, frame_id: null }));
    const displays = all.filter((d) => !pausedIds.has(d.id));
    if (displays.length === 0) return this.result(now, 'display_paused', 'every display is paused', outcomes);
    const userIdle = idleState === 'idle';
    // Idle: skip the grab entirely unless a display is due its forced capture.
    let due = displays.filter((d) => force || !userIdle || this.displays.forceDue(d.id, now));
    // The X server (DAMAGE) may know that nothing was drawn: then only forced captures need pixels.
    if (!force && this.deps.screen.changedSinceLastCapture?.() === false) due = due.filter((d) => this.displays.forceDue(d.id, now));
    if (due.length === 0) {
      const outcome = userIdle ? ('idle' as const) : ('unchanged' as const);
      this.stats.skipped += displays.length;
      this.bump('frames_skipped', displays.length);
      for (const d of displays) this.displays.noteSkip(d.id, now);
      return this.result(now, outcome, userIdle ? 'user idle' : 'nothing drawn since the last grab', [...outcomes, ...displays.map((d) => ({ display: d.id, outcome, frame_id: null }))]);
    }

    // The privacy gate, before any pixels exist: which windows are on screen, and is the one in
    // front excluded? Where the windows cannot be listed, nothing is grabbed (fail closed).
    const t0 = performance.now();
    const before = await this.guard.read(this.settings.privacy);
    if (!before.ok) return this.failClosed(now, due, before.reason, outcomes);
    const frontBefore = this.guard.activeExclusion(before.snapshot, this.gate);
    if (frontBefore) return this.gated(now, due.length, frontBefore, before.snapshot);
    const tRead = performance.now() - t0;

    let screens: CapturedScreen[];
    try {
      screens = await this.deps.screen.capture(due.map((d) => d.id));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (err instanceof CaptureError && err.code === 'NO_DISPLAY') {
        this.block = { reason: 'no_display', message };
        return this.result(now, 'no_display', message);
      }
      return this.result(now, 'error', message);
    }

    // Again after the grab: a window mapped, moved or renamed in between may be in the pixels
    // without being in the first list. Any such change drops the frame.
    const t1 = performance.now();
    const after = await this.guard.read(this.settings.privacy);
    if (!after.ok) return this.failClosed(now, due, after.reason, outcomes);
    if (this.guard.changed(before.snapshot, after.snapshot, this.gate)) {
      this.stats.gated += screens.length;
      this.bump('frames_dropped_race', screens.length);
      this.countHidden(after.snapshot, now);
      return this.result(now, 'window_changed', 'an excluded window changed while the screen was grabbed', [...outcomes, ...screens.map((s) => ({ display: s.display.id, outcome: 'window_changed' as const, frame_id: null }))]);
    }
    const frontAfter = this.guard.activeExclusion(after.snapshot, this.gate);
    if (frontAfter) return this.gated(now, screens.length, frontAfter, after.snapshot);
    this.countHidden(after.snapshot, now);
    const windowsMs = tRead + performance.now() - t1;
    let maskMs = 0;

    const frameIds: string[] = [];
    const observationPromises: Promise<string | null>[] = [];
    let anyForced = false;
    const active: WindowInfo | null = after.snapshot.active;
    for (const shot of screens) {
      const id = shot.display.id;
      const state = this.displays.state(id);
      // Mask every excluded window on this display before the pixels are hashed, read or kept.
      const tm = performance.now();
      const plan = this.guard.plan([before.snapshot, after.snapshot], this.gate, shot.display, shot.image);
      if (plan.unmasked < MIN_UNMASKED) {
        maskMs += performance.now() - tm;
        this.stats.gated++;
        this.bump('frames_mostly_hidden');
        outcomes.push({ display: id, outcome: 'mostly_hidden', frame_id: null, masked: plan.hidden.length });
        continue;
      }
      if (plan.rects.length > 0) shot.image = await this.guard.mask(shot.image, plan);
      maskMs += performance.now() - tm;

      const sig = await frameSignature(shot.image);
      const changed = isChanged(state.last, sig, { ...DEFAULT_CHANGE, coarse: this.settings.change_threshold });
      const forced = force || (!changed && this.displays.forceDue(id, now)) || (userIdle && this.displays.forceDue(id, now));
      if (!changed && !forced) {
        this.displays.noteSkip(id, now);
        this.stats.skipped++;
        this.bump('frames_skipped');
        outcomes.push({ display: id, outcome: 'unchanged', frame_id: null });
        continue;
      }
      // The gate judged the window by its real title and URL; what is kept of them (frame, observation,
      // the caption request) is redacted as screen text is, the URL without credentials or query values.
      const onDisplay = windowOnDisplay(active, shot.display);
      const winHere = onDisplay && redactWindowFields(onDisplay, this.settings.redaction);
      const frame = await this.keep(shot, sig, winHere, plan.hidden);
      if (!frame) {
        // Grabbed before a forget that covers it, stored after: it stays forgotten.
        outcomes.push({ display: id, outcome: 'unchanged', frame_id: null });
        continue;
      }
      if (plan.hidden.length > 0) this.bump('frames_masked');
      if (forced && !changed) state.forcedThisRun = true;
      else {
        state.skipSince = null;
        state.forcedThisRun = false;
      }
      anyForced ||= forced && !changed;
      state.last = sig;
      state.lastKeptAt = now;
      frameIds.push(frame.id);
      outcomes.push({ display: id, outcome: 'kept', frame_id: frame.id, masked: plan.hidden.length });
      this.emit('masked', { frame_id: frame.id, hidden: plan.hidden } satisfies MaskedEvent);
      // Neither masked windows nor title bars are read: a masked window has nothing to read, and its
      // fill beside a line of text made tesseract lose that line's first word.
      const unread = [...plan.rects.map((rect) => ({ rect })), ...planDecorations(after.snapshot, shot.display, shot.image)];
      observationPromises.push(this.ocr.enqueue(shot, frame, winHere, state, unread, force));
    }
    this.lastMaskTiming = { windowsMs, maskMs };
    const kept = frameIds.length > 0;
    const first = outcomes.find((o) => o.outcome === 'kept') ?? outcomes.find((o) => o.outcome !== 'display_paused') ?? outcomes[0];
    return {
      at: now,
      kept,
      reason: kept ? 'kept' : (first?.outcome ?? 'unchanged'),
      detail: kept ? `${frameIds.length} frame(s) kept` : first?.outcome === 'mostly_hidden' ? 'most of the screen is excluded windows' : 'screen unchanged since the last kept frame',
      forced: anyForced,
      frame_ids: frameIds,
      displays: outcomes,
      observations: Promise.all(observationPromises).then((ids) => ids.filter((x): x is string => x !== null)),
    };
  }

  /** The windows cannot be listed: nothing is kept, and the reason is the status' message. */
  private failClosed(now: number, due: DisplayInfo[], reason: string, outcomes: TickResult['displays']): TickResult {
    this.stats.gated += due.length;
    this.bump('frames_failed_closed', due.length);
    return this.result(now, 'window_list_unavailable', reason, [...outcomes, ...due.map((d) => ({ display: d.id, outcome: 'window_list_unavailable' as const, frame_id: null }))]);
  }

  /** The window in front is excluded: no display is kept this tick (as before masking existed). */
  private gated(now: number, n: number, reason: ExclusionReason, snapshot: WindowSnapshot): TickResult {
    this.stats.gated += n;
    this.bump('frames_gated', n);
    this.countHidden(snapshot, now);
    return this.result(now, reason, describe(reason));
  }

  private async keep(shot: CapturedScreen, sig: FrameSignature, win: WindowInfo | null, hidden: ExclusionReason[]): Promise<FrameRecord | null> {
    // Raw rows: the store keeps only the bands of them that no stored frame shows (issue 34).
    const encoded = await this.encoder.scale(shot.image);
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
        // Counts by reason only: the timeline's "1 window hidden (private browsing)".
        hidden: countHidden(hidden),
      },
      encoded,
      () => !this.deps.store.wasForgotten(shot.captured_at),
    );
    if (!frame) return null;
    this.stats.kept++;
    this.stats.lastFrameAt = shot.captured_at;
    this.bump('frames_kept');
    this.emit('frame', frame);
    return frame;
  }
}

/** Emitted for each kept frame: how many excluded windows were masked on it, and why (no titles). */
export interface MaskedEvent {
  frame_id: string;
  hidden: ExclusionReason[];
}

function describe(reason: ExclusionReason): string {
  switch (reason) {
    case 'engram_window':
      return 'an Engram window is in front';
    case 'excluded_app':
      return 'an excluded app is in front';
    case 'excluded_title':
      return 'a private or excluded window is in front';
    case 'excluded_url':
      return 'an excluded web page is in front';
  }
}

/**
 * Hosts that hand in a platform active-window source (get-windows) get the platform's window list
 * with it, so no host ends up checking the active window only without saying so.
 */
function platformWindowList(deps: CapturePipelineDeps, needsUrls: () => boolean): WindowList | undefined {
  const platform = deps.windows instanceof GetWindowsActiveWindowSource || deps.windows instanceof CachedActiveWindowSource;
  return platform ? defaultWindowList(deps.screen, { needsUrls }) : undefined;
}

/** The active window belongs to the display it overlaps; other displays get no window. */
function windowOnDisplay(win: WindowInfo | null, display: DisplayInfo): WindowInfo | null {
  if (!win || !win.bounds) return win;
  const b = win.bounds;
  const d = windowSpaceOf(display);
  const ix = Math.max(0, Math.min(b.x + b.width, d.x + d.width) - Math.max(b.x, d.x));
  const iy = Math.max(0, Math.min(b.y + b.height, d.y + d.height) - Math.max(b.y, d.y));
  return ix * iy > 0 ? win : null;
}

export type { OcrImage };
