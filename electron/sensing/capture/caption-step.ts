import type { FrameRecord } from '../../../agents/store/index.js';
import { redactText, switchesForModel, type LaidOutSecret, type PlacedWord } from '../../../shared/redaction/index.js';
import type { CaptureSettings } from '../../../shared/settings/index.js';
import type { Captioner, OcrResult } from '../perception/index.js';
import type { WindowInfo } from './active-window.js';
import { CaptionBudget, LITTLE_TEXT_CHARS, meaningfulChars } from './caption-budget.js';
import { maskedForModel, secretBoxes } from './caption-mask.js';
import { laidOutSecrets, wordSpans } from './word-boxes.js';

export interface CaptionInput {
  frame: FrameRecord;
  window: WindowInfo | null;
  /** The frame's OCR result (with word boxes) and the size of the image OCR read. */
  result: OcrResult;
  ocrWidth: number;
  ocrHeight: number;
  /** The text as stored (redacted with the user's switches). */
  text: string;
}

export interface CaptionStepDeps {
  captioner: Captioner;
  /** The stored frame (already masked where excluded windows were), decrypted. */
  readImage: (frameId: string) => Promise<Buffer>;
  /** The whole caption call, retries included, at most this long (CAPTION_TIMEOUT_MS by default). */
  timeoutMs?: number;
  /** A caption the model did not give (timed out, refused, failed): the frame keeps its OCR text. */
  onFailure?: (why: 'timeout' | 'error', err: unknown) => void;
  now?: () => number;
  /**
   * Where a text quotes knowledge-vault values (the store's VaultCut, as every prompt is cut): a
   * Wi-Fi password kept as a "network" entry has no shape the detectors know, so without this a
   * terminal showing it went to the model in the text, the title and the image.
   */
  vault?: {
    find(text: string): readonly LaidOutSecret[];
    /** Short values a screen's word boxes give as values (a form's label over its value in columns), which its text alone does not show. */
    byLayout?(words: readonly PlacedWord[]): readonly LaidOutSecret[];
  };
}

/**
 * The caption call runs on an OCR worker's turn: a server that never answers must not hold that
 * worker (and the frames queued behind it) for longer than this.
 */
export const CAPTION_TIMEOUT_MS = 30_000;

/** The caption call did not end within its deadline. */
export class CaptionTimeout extends Error {
  constructor(readonly ms: number) {
    super(`the caption request took longer than ${Math.round(ms / 1000)} s`);
    this.name = 'CaptionTimeout';
  }
}

/**
 * From a frame the privacy gate kept and OCR read to its caption, when the user allowed the model
 * to see screenshots: within the hour's budget (frames with little text first), with every secret
 * OCR found filled in the image, the title and text redacted as any prompt is, and the caption
 * redacted like OCR text before it is stored. Null when any of that says no.
 */
export class CaptionStep {
  private readonly budget = new CaptionBudget();
  private readonly now: () => number;

  constructor(private readonly deps: CaptionStepDeps) {
    this.now = deps.now ?? Date.now;
  }

  usedThisHour(): number {
    return this.budget.used(this.now());
  }

  async run(input: CaptionInput, settings: CaptureSettings): Promise<string | null> {
    if (!settings.captioning.enabled) return null;
    // A secret OCR read but whose place is unknown: the image cannot be made safe, so it stays here.
    // The vault's values join layout's finds: masked in the text and filled in the image alike.
    const vault = (text: string): readonly LaidOutSecret[] => this.deps.vault?.find(text) ?? [];
    const read = wordSpans(input.result);
    const byLayout = this.deps.vault?.byLayout?.(read.spans.map((w) => ({ text: w.text, ...w.bbox }))) ?? [];
    const laidOut = [...laidOutSecrets(input.result), ...vault(input.result.text), ...vault(read.text), ...byLayout];
    const boxes = secretBoxes(input.result, settings.redaction, laidOut);
    if (!boxes) return null;
    const little = meaningfulChars(input.text) < LITTLE_TEXT_CHARS;
    if (!this.budget.take(this.now(), settings.captioning.max_per_hour, little)) return null;
    const forModel = switchesForModel(settings.redaction);
    const title = input.window?.title || input.frame.title;
    const image = await maskedForModel(await this.deps.readImage(input.frame.id), boxes, input.ocrWidth, input.ocrHeight);
    const request = {
      image,
      mediaType: 'image/png' as const,
      app: input.window?.app || input.frame.app,
      title: title ? redactText(title, forModel, vault(title)).text : null,
      text: redactText(input.result.text, forModel, laidOut).text,
    };
    let caption: string | null;
    try {
      caption = await this.withDeadline((signal) => this.deps.captioner.caption(request, signal));
    } catch (err) {
      // Counted, not thrown: the frame is kept with its OCR text, and capture itself did not fail.
      this.deps.onFailure?.(err instanceof CaptionTimeout ? 'timeout' : 'error', err);
      return null;
    }
    return caption ? redactText(caption, settings.redaction).text : null;
  }

  /** Aborts the call at the deadline, and gives up on it even if the captioner ignores the abort. */
  private async withDeadline<T>(call: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const ms = this.deps.timeoutMs ?? CAPTION_TIMEOUT_MS;
    const abort = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const err = new CaptionTimeout(ms);
        abort.abort(err);
        reject(err);
      }, ms);
    });
    try {
      return await Promise.race([call(abort.signal), deadline]);
    } finally {
      clearTimeout(timer);
    }
  }
}
