import { VaultCut, type EngramStore, type FrameRecord } from '../../../agents/store/index.js';
import type { LaidOutSecret } from '../../../shared/redaction/index.js';
import type { CaptureSettings } from '../../../shared/settings/index.js';
import { OcrQueue, prepareForOcr, redact, type Captioner, type OcrEngine, type OcrResult } from '../perception/index.js';
import type { WindowInfo } from './active-window.js';
import type { Decoration } from './window-mask.js';
import { CaptionStep } from './caption-step.js';
import { changedRegions, mergeOcr, stackRegions, type Region } from './incremental-ocr.js';
import type { ObservationWriter } from './observation-writer.js';
import { laidOutSecrets, wordsToKeep } from './word-boxes.js';
import type { CapturedScreen, DisplayInfo } from '../sources/index.js';
import { loadSharp, sharpFrom } from './sharp-input.js';

/** The last OCR-ed grey image of a display and its result, for incremental OCR of the next frame. */
export interface OcrBaseHolder {
  ocrBase: { grey: Uint8Array; width: number; height: number; result: OcrResult } | null;
  lastKeptAt: number;
}

/**
 * The last frame of a display handed to OCR, with its text once read: the next frame of that
 * display diffs against it even while its OCR is still running (on a busy machine a line read can
 * take longer than the time to the next change, and without this every frame would then be read
 * whole, about ten times the work).
 */
interface ChainLink {
  grey: Uint8Array;
  width: number;
  height: number;
  /** Its final text (merged when incremental); null when it was never read (dropped, OCR off). */
  result: Promise<OcrResult | null>;
  /** Frames of this display waiting for an earlier frame's text, this one included. */
  depth: number;
}

/** At most this many frames of a display wait for the previous one's text; later ones are read whole. */
const MAX_CHAIN = 3;

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
  /** Hands this frame's final text to the next frame of its display. */
  settle: (r: OcrResult | null) => void;
}

/**
 * Why OCR of ordinary frames waits now (null: it does not): on battery with the battery saver on,
 * until AC or the user is idle; or a machine busy with other work (load back-off). Waiting frames
 * stay encrypted in the store with no observation yet, so a crash or quit loses nothing: the next
 * start reads them (requeueUnread).
 */
export type OcrHold = 'battery' | 'busy' | null;

/** A kept frame whose OCR waits (see OcrHold): only its record and window, no pixels. */
interface Waiting {
  frame: FrameRecord;
  display: DisplayInfo;
  window: WindowInfo | null;
  resolve: (id: string | null) => void;
}

export interface OcrStageDeps {
  store: EngramStore;
  engine: OcrEngine | null;
  captioner: Captioner | null;
  captionTimeoutMs?: number;
  /** A caption the model did not give (timed out or failed): counted, the frame keeps its text. */
  onCaptionFailed?: (why: 'timeout' | 'error', err: unknown) => void;
  writer: ObservationWriter;
  settings: () => CaptureSettings;
  /** Longest side of the image handed to OCR; retina screens are shrunk to keep OCR affordable. */
  maxSide: number;
  incremental: boolean;
  closed: () => boolean;
  onError: (err: unknown) => void;
  onDropped: () => void;
}

/**
 * From a kept (already masked) frame to its observation: grey image, incremental OCR against the
 * display's previous frame, the OCR queue (bounded: deferred frames are re-read from the store),
 * redaction, optional caption, and the observation. Runs in the background of the tick.
 */
export class OcrStage {
  private readonly queue: OcrQueue<OcrMeta> | null;
  private readonly preparing = new Set<Promise<void>>();
  /** Which display state waits for this frame's OCR result as its next incremental base. */
  private readonly pendingBase = new Map<string, OcrBaseHolder>();
  /** Per display: the last frame handed to OCR (see ChainLink). */
  private readonly chain = new WeakMap<OcrBaseHolder, ChainLink>();
  private readonly captions: CaptionStep | null;
  /** Frames whose OCR waits for AC, idle or a quieter machine, oldest first. */
  private waiting: Waiting[] = [];
  private hold: OcrHold = null;

  constructor(private readonly deps: OcrStageDeps) {
    const s = deps.settings();
    this.captions = deps.captioner ? new CaptionStep({
          captioner: deps.captioner,
          readImage: (id) => deps.store.frames.readImage(id),
          timeoutMs: deps.captionTimeoutMs,
          onFailure: (why, err) => deps.onCaptionFailed?.(why, err),
          vault: new VaultCut(deps.store.memories),
        }) : null;
    this.queue =
      deps.engine && s.ocr.enabled
        ? new OcrQueue<OcrMeta>({
            engine: deps.engine,
            maxPending: s.ocr.queue_max,
            concurrency: s.ocr.workers,
            onResult: (meta, result) => this.onOcr(meta, result),
            onDropped: (meta, _reason, err) => this.onOcrDropped(meta, err),
          })
        : null;
  }

  backlog(): number {
    return (this.queue?.stats().backlog ?? 0) + this.waiting.length;
  }

  /** Frames kept whose OCR waits (see OcrHold). */
  waitingCount(): number {
    return this.waiting.length;
  }

  /** When the oldest frame waiting for OCR was captured (null: none waits). */
  oldestWaitingAt(): number | null {
    return this.waiting[0]?.frame.captured_at ?? null;
  }

  /** Why OCR waits now; released frames go to the queue oldest first, behind fresh frames. */
  setHold(hold: OcrHold): void {
    this.hold = hold;
    if (hold || this.waiting.length === 0 || !this.queue) return;
    const released = this.waiting;
    this.waiting = [];
    for (const w of released) this.pushStored(w.frame, w.display, w.window, w.resolve);
  }

  stats() {
    return this.queue?.stats() ?? null;
  }

  async idle(): Promise<void> {
    // Frames still being prepared for OCR are not in the queue yet: wait for them first.
    while (this.preparing.size > 0) await Promise.all([...this.preparing]);
    await this.queue?.idle();
  }

  close(): Promise<void> {
    // Waiting frames stay stored without text: the next start reads them (requeueUnread).
    for (const w of this.waiting) w.resolve(null);
    this.waiting = [];
    return this.queue?.close() ?? Promise.resolve();
  }

  /**
   * `blank`: window decorations (title bars, borders) in the shot's pixels, which OCR should not read.
   * `urgent`: read now even while OCR waits (a capture the user asked for).
   */
  enqueue(shot: CapturedScreen, frame: FrameRecord, win: WindowInfo | null, state: OcrBaseHolder, blank: Decoration[] = [], urgent = false): Promise<string | null> {
    return new Promise<string | null>((resolve) => {
      if (this.hold && this.queue && !urgent) {
        // No pixels are kept for it: read from the stored frame, whole, once the hold ends. The
        // display's next frame has no base to diff against and is read whole too.
        state.ocrBase = null;
        this.chain.delete(state);
        this.waiting.push({ frame, display: shot.display, window: win, resolve });
        return;
      }
      const prep = this.prepare(shot, frame, win, state, resolve, blank)
        .catch((err) => {
          this.deps.onError(err);
          resolve(null);
        })
        .finally(() => this.preparing.delete(prep));
      this.preparing.add(prep);
    });
  }

  /**
   * A stored frame that has no observation (its OCR was still waiting when the last run stopped):
   * read again from the store, whole, behind fresh frames. Resolves like enqueue().
   */
  requeue(frame: FrameRecord): Promise<string | null> {
    const display: DisplayInfo = { id: frame.display, name: frame.display, width: frame.width, height: frame.height, x: 0, y: 0, primary: false };
    return new Promise<string | null>((resolve) => {
      if (!this.queue) {
        resolve(this.deps.writer.write(frame, display, null, '', [])?.id ?? null);
        return;
      }
      if (this.hold) this.waiting.push({ frame, display, window: null, resolve });
      else this.pushStored(frame, display, null, resolve);
    });
  }

  /** A stored frame to the queue with no pixels in memory: decrypted and read whole when its turn comes. */
  private pushStored(frame: FrameRecord, display: DisplayInfo, window: WindowInfo | null, resolve: (id: string | null) => void): void {
    const meta: OcrMeta = { frame, display, window, resolve, grey: new Uint8Array(0), width: 0, height: 0, regions: null, base: null, settle: () => undefined };
    this.queue!.pushDeferred({ meta, image: null, reload: () => this.reload(frame, meta) });
  }

  /** Decrypts a stored frame and makes its grey image the job's (read whole, no incremental base). */
  private async reload(frame: FrameRecord, meta: OcrMeta) {
    const webp = await this.deps.store.frames.readImage(frame.id);
    const { data: g, info: gi } = await (await loadSharp())(webp).greyscale().raw().toBuffer({ resolveWithObject: true });
    meta.regions = null;
    meta.base = null;
    meta.grey = g;
    meta.width = gi.width;
    meta.height = gi.height;
    return prepareForOcr(g, gi.width, gi.height);
  }

  private async prepare(shot: CapturedScreen, frame: FrameRecord, win: WindowInfo | null, state: OcrBaseHolder, resolve: (id: string | null) => void, blank: Decoration[]): Promise<void> {
    const settings = this.deps.settings();
    if (!this.queue) {
      resolve(this.deps.writer.write(frame, shot.display, win, '', [])?.id ?? null);
      return;
    }
    const { data, info } = await greyForOcr(shot, this.deps.maxSide, blank);
    let settle!: (r: OcrResult | null) => void;
    const result = new Promise<OcrResult | null>((r) => (settle = r));
    const previous = this.deps.incremental ? this.chain.get(state) : undefined;
    const link: ChainLink = { grey: data, width: info.width, height: info.height, result, depth: 0 };
    this.chain.set(state, link);
    try {
      let base = this.deps.incremental ? state.ocrBase : null;
      if (previous && previous.depth < MAX_CHAIN) {
        // The frame before this one: its text, once read (at once if it already was).
        link.depth = previous.depth + 1;
        const text = await previous.result;
        link.depth = 0;
        base = text ? { grey: previous.grey, width: previous.width, height: previous.height, result: text } : null;
      }
      if (this.deps.closed()) {
        settle(null);
        resolve(null);
        return;
      }
      let regions: Region[] | null = null;
      if (base && base.width === info.width && base.height === info.height) {
        regions = changedRegions(base.grey, data, info.width, info.height, base.result.lines);
      }
      if (base && regions && regions.length === 0) {
        // Same pixels as the frame read last (a forced capture of a still screen): same text, no OCR.
        state.ocrBase = { ...base, grey: data };
        settle(base.result);
        const laidOut = laidOutSecrets(base.result);
        const { text, secrets } = redact(base.result.text, settings.redaction, laidOut);
        const obs = this.deps.writer.write(frame, shot.display, win, text, secrets);
        this.keepWords(frame, base.result, info.width, info.height, settings, laidOut);
        resolve(obs?.id ?? null);
        return;
      }
      // The next frame diffs against this one once its OCR result is in.
      state.ocrBase = null;
      const meta: OcrMeta = { frame, display: shot.display, window: win, resolve, grey: data, width: info.width, height: info.height, regions, base: regions ? base!.result : null, settle };
      const plan = regions ? stackRegions(data, info.width, regions) : null;
      this.queue.push({
        meta,
        image: plan ? { ...prepareForOcr(plan.stacked, info.width, plan.stackedHeight), layout: 'block' as const } : prepareForOcr(data, info.width, info.height),
        // Deferred frames are decrypted from the store when the queue has room again, and read whole.
        reload: () => this.reload(frame, meta),
      });
      this.pendingBase.set(frame.id, state);
    } catch (err) {
      settle(null);
      throw err;
    }
  }

  private async onOcr(meta: OcrMeta, raw: OcrResult): Promise<void> {
    if (this.deps.closed()) {
      meta.settle(null);
      return meta.resolve(null);
    }
    const settings = this.deps.settings();
    const result = meta.regions && meta.base ? mergeOcr(meta.base, raw, meta.regions) : raw;
    meta.settle(result);
    const state = this.pendingBase.get(meta.frame.id);
    this.pendingBase.delete(meta.frame.id);
    if (state && state.lastKeptAt <= meta.frame.captured_at + 1) {
      state.ocrBase = { grey: meta.grey, width: meta.width, height: meta.height, result };
    }
    // Label and value OCR read as separate columns, paired by their boxes (a settings pane's password).
    const laidOut = laidOutSecrets(result);
    const { text, secrets } = redact(result.text, settings.redaction, laidOut);
    let caption: string | null = null;
    try {
      caption = (await this.captions?.run({ frame: meta.frame, window: meta.window, result, ocrWidth: meta.width, ocrHeight: meta.height, text }, settings)) ?? null;
    } catch (err) {
      this.deps.onError(err);
    }
    const obs = this.deps.writer.write(meta.frame, meta.display, meta.window, text, secrets, caption);
    this.keepWords(meta.frame, result, meta.width, meta.height, settings, laidOut);
    meta.resolve(obs?.id ?? null);
  }

  /** The frame's word boxes (redacted like its text), so a search hit can be shown on it; a failure costs only the highlight. */
  private keepWords(frame: FrameRecord, result: OcrResult, width: number, height: number, settings: CaptureSettings, laidOut: readonly LaidOutSecret[]): void {
    if (!width || !height || this.deps.store.wasForgotten(frame.captured_at)) return;
    try {
      const words = wordsToKeep(result, settings.redaction, laidOut);
      if (words.length) this.deps.store.frameWords.put(frame.id, { width, height, words });
    } catch (err) {
      this.deps.onError(err);
    }
  }

  private onOcrDropped(meta: OcrMeta, err?: unknown): void {
    meta.settle(null);
    this.pendingBase.delete(meta.frame.id);
    if (this.deps.closed()) return meta.resolve(null);
    try {
      this.deps.onDropped();
    } catch (e) {
      this.deps.onError(e);
    }
    if (err) this.deps.onError(err);
    // The frame is still worth an observation: the meta-agent learns the app and title, not the text.
    try {
      const obs = this.deps.writer.write(meta.frame, meta.display, meta.window, '', []);
      meta.resolve(obs?.id ?? null);
    } catch (e) {
      this.deps.onError(e);
      meta.resolve(null);
    }
  }
}

/**
 * The grey image OCR reads of a shot: shrunk to maxSide, with the window decorations in `blank`
 * (the shot's pixels) painted over by their window's content edge, repeated outwards: a fill of
 * any fixed grey would draw a line beside the first letters of a dark or light window, which OCR
 * merges into them. Exported for the capture benchmark, which must read what the pipeline reads.
 */
export async function greyForOcr(shot: CapturedScreen, maxSide: number, blank: Decoration[] = []): Promise<{ data: Uint8Array; info: { width: number; height: number } }> {
  const { data, info } = await (await sharpFrom(shot.image))
    .greyscale()
    .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const W = info.width;
  const H = info.height;
  const sx = W / shot.image.width;
  const sy = H / shot.image.height;
  for (const { rect: r, content: c } of blank) {
    if (!c) {
      const x0 = Math.max(0, Math.floor(r.x * sx));
      const x1 = Math.min(W, Math.ceil((r.x + r.width) * sx));
      for (let y = Math.max(0, Math.floor(r.y * sy)), y1 = Math.min(H, Math.ceil((r.y + r.height) * sy)); y < y1; y++) data.fill(255, y * W + x0, y * W + x1);
      continue;
    }
    const cx0 = Math.min(W - 1, Math.ceil(c.x * sx));
    const cy0 = Math.min(H - 1, Math.ceil(c.y * sy));
    const cx1 = Math.max(cx0, Math.min(W, Math.floor((c.x + c.width) * sx)) - 1);
    const cy1 = Math.max(cy0, Math.min(H, Math.floor((c.y + c.height) * sy)) - 1);
    const x1 = Math.min(W, Math.ceil((r.x + r.width) * sx));
    const y1 = Math.min(H, Math.ceil((r.y + r.height) * sy));
    for (let y = Math.max(0, Math.floor(r.y * sy)); y < y1; y++) {
      const from = Math.min(cy1, Math.max(cy0, y)) * W;
      for (let x = Math.max(0, Math.floor(r.x * sx)); x < x1; x++) data[y * W + x] = data[from + Math.min(cx1, Math.max(cx0, x))]!;
    }
  }
  return { data, info: { width: W, height: H } };
}
