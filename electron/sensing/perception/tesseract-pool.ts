import { copyFileSync, existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type Tesseract from 'tesseract.js';
import { resolvePackagedPath } from '../../../agents/runtime/index.js';
import type { OcrLanguage } from '../../../shared/settings/index.js';
import { cjkLanguages, cropLine, keepBetter, suspectLines } from './cjk-retry.js';
import { withCjkPunctuation } from './cjk-punctuation.js';
import { applyRereads, numberStrip, numberWords, stripTexts } from './number-reread.js';
import type { OcrEngine, OcrImage, OcrLine, OcrResult } from './ocr-engine.js';
import { addUnread, rowWords, unreadInk } from './unread-ink.js';

export interface TesseractPoolOptions {
  /** Where tesseract.js keeps its unpacked traineddata: inside the data dir, never the working dir. */
  cachePath: string;
  workers?: number;
  /** Workers are terminated after this long without a job. */
  idleStopMs?: number;
  /** Override of the traineddata folder (tests); defaults to the @tesseract.js-data/<lang> packages. */
  langPath?: string;
  /**
   * Languages read (default English), or a getter asked before each image (Settings apply to the
   * next frame); setLanguages() changes them as well.
   */
  languages?: readonly OcrLanguage[] | (() => readonly OcrLanguage[]);
}

interface Slot {
  worker: Promise<Tesseract.Worker>;
  busy: boolean;
  psm: string;
  /** The languages it was started with ("deu+eng"): a slot with others is replaced when free. */
  langs: string;
}

interface Job {
  image: OcrImage;
  resolve: (r: OcrResult) => void;
  reject: (e: unknown) => void;
}

/**
 * A pool of tesseract.js workers (worker threads: OCR never blocks the main thread), started on
 * the first job and terminated when idle, so a quiet screen costs no memory. The traineddata comes
 * from the @tesseract.js-data/eng package on disk: no network, ever.
 */
export class TesseractPool implements OcrEngine {
  private readonly size: number;
  private readonly idleStopMs: number;
  private readonly langPath: string | undefined;
  private langs: string;
  private slots: Slot[] = [];
  private jobs: Job[] = [];
  private idleTimer: NodeJS.Timeout | null = null;
  private stopping: Promise<void> | null = null;
  /** Reads suspect lines again in the CJK languages alone (see cjk-retry.ts); started when first needed. */
  private cjkPool: TesseractPool | null = null;

  constructor(private readonly opts: TesseractPoolOptions) {
    this.size = Math.max(1, opts.workers ?? 2);
    this.idleStopMs = opts.idleStopMs ?? 60_000;
    this.langPath = opts.langPath;
    this.langs = langString(typeof opts.languages === 'function' ? opts.languages() : opts.languages);
  }

  /** The languages workers read, e.g. "deu+eng". */
  get languages(): string {
    return this.langs;
  }

  /**
   * Reads in these languages from now on: free workers started with others stop now, busy ones
   * after their image. Their traineddata loads with the next worker (lazily, from disk).
   */
  setLanguages(languages: readonly OcrLanguage[]): void {
    const next = langString(languages);
    if (next === this.langs) return;
    this.langs = next;
    for (const slot of this.slots.filter((x) => !x.busy)) this.drop(slot);
  }

  private drop(slot: Slot): void {
    this.slots = this.slots.filter((s) => s !== slot);
    void slot.worker.then((w) => w.terminate()).catch(() => undefined);
  }

  get activeWorkers(): number {
    return this.slots.length + (this.cjkPool?.activeWorkers ?? 0);
  }

  async recognize(image: OcrImage): Promise<OcrResult> {
    if (typeof this.opts.languages === 'function') this.setLanguages(this.opts.languages());
    const result = await this.readUnread(image, await this.read(image));
    return withCjkPunctuation(await this.retryCjk(image, await this.rereadNumbers(image, result)));
  }

  /** Ink that tesseract's page layout left unread, in rows of text it did read, is read again in one strip (see unread-ink.ts). */
  private async readUnread(image: OcrImage, result: OcrResult): Promise<OcrResult> {
    if (wholeScreenPsm(image.layout, this.langs) !== '3') return result;
    const runs = unreadInk(image, result);
    if (runs.length === 0) return result;
    const strip = numberStrip(image, runs.map((bbox) => ({ line: -1, word: -1, bbox })));
    return addUnread(result, runs, rowWords(strip.rows, await this.read(strip.image)));
  }

  private read(image: OcrImage): Promise<OcrResult> {
    return new Promise<OcrResult>((resolve, reject) => {
      this.jobs.push({ image, resolve, reject });
      this.clearIdle();
      void this.pump();
    });
  }

  /** Words that may have lost a decimal point are read again at twice the size, all in one strip (see number-reread.ts). */
  private async rereadNumbers(image: OcrImage, result: OcrResult): Promise<OcrResult> {
    const words = numberWords(result);
    if (words.length === 0) return result;
    const strip = numberStrip(image, words);
    return applyRereads(result, words, stripTexts(strip, await this.read(strip.image)));
  }

  /** A CJK line tesseract read as low-confidence Latin is read again by the CJK languages alone. */
  private async retryCjk(image: OcrImage, result: OcrResult): Promise<OcrResult> {
    const langs = this.langs.split('+');
    const cjk = cjkLanguages(langs);
    if (cjk.length === 0 || cjk.length === langs.length) return result;
    const suspects = suspectLines(result);
    if (suspects.length === 0) return result;
    if (this.cjkPool?.languages !== cjk.join('+')) {
      await this.cjkPool?.stop();
      this.cjkPool = new TesseractPool({ ...this.opts, workers: 1, languages: cjk });
    }
    let out = result;
    for (const i of suspects) {
      const crop = cropLine(image, out.lines[i]!.bbox);
      out = keepBetter(out, i, await this.cjkPool.recognize(crop.image), crop.x, crop.y);
    }
    return out;
  }

  async stop(): Promise<void> {
    this.clearIdle();
    await this.cjkPool?.stop();
    const slots = this.slots;
    this.slots = [];
    this.stopping = Promise.all(
      slots.map(async (s) => {
        try {
          await (await s.worker).terminate();
        } catch {
          // A worker that failed to start has nothing to terminate.
        }
      }),
    ).then(() => undefined);
    await this.stopping;
    this.stopping = null;
  }

  private async pump(): Promise<void> {
    if (this.stopping) await this.stopping;
    while (this.jobs.length > 0) {
      let slot = this.slots.find((s) => !s.busy);
      if (!slot && this.slots.length < this.size) {
        // startWorker sets PSM 6 itself: the slot's record must be the worker's real mode, or a
        // whole screen read first is read in a mode nobody chose (tesseract.js starts in 6).
        slot = { worker: this.startWorker(this.langs), busy: false, psm: '6', langs: this.langs };
        this.slots.push(slot);
      }
      if (!slot) return;
      const job = this.jobs.shift()!;
      slot.busy = true;
      void this.run(slot, job);
    }
  }

  private async run(slot: Slot, job: Job): Promise<void> {
    try {
      const worker = await slot.worker;
      const psm = wholeScreenPsm(job.image.layout, slot.langs);
      if (psm !== slot.psm) {
        await worker.setParameters({ tessedit_pageseg_mode: psm as Tesseract.PSM });
        slot.psm = psm;
      }
      const { data } = await worker.recognize(job.image.pgm, {}, { text: true, blocks: true });
      job.resolve(toResult(data));
    } catch (err) {
      // A broken worker is dropped; the next job starts a fresh one.
      this.drop(slot);
      job.reject(err);
    } finally {
      slot.busy = false;
      if (slot.langs !== this.langs && this.slots.includes(slot)) this.drop(slot);
      if (this.jobs.length > 0) void this.pump();
      else if (this.slots.every((s) => !s.busy)) this.armIdle();
    }
  }

  private async startWorker(langs: string): Promise<Tesseract.Worker> {
    mkdirSync(this.opts.cachePath, { recursive: true, mode: 0o700 });
    const langPath = this.langPath ?? linkLanguageData(path.join(this.opts.cachePath, 'lang-data'), langs.split('+') as OcrLanguage[]);
    // Loaded with the first worker: a host or command that never reads a screen does not load it.
    const { createWorker, OEM } = (await import('tesseract.js')).default;
    const worker = await createWorker(
      langs,
      OEM.LSTM_ONLY,
      { langPath, gzip: true, cachePath: this.opts.cachePath, cacheMethod: 'write', errorHandler: () => undefined },
      // The CJK models (chi_sim, jpn) ask to load their vertical-text model too
      // (tessedit_load_sublangs chi_sim_vert in their config). It is not shipped, and tesseract's
      // wasm build reads the name from freed memory while loading it, printing "Failed loading
      // language ''" (or garbage) to stderr. Screens are read horizontally: load no sub-language.
      NO_SUB_LANGUAGES,
    );
    // Images arrive with light-on-dark areas already inverted: tesseract's own retry is wasted CPU.
    // A fixed resolution also keeps tesseract from guessing one (and logging it) for every image.
    await worker.setParameters({ tessedit_do_invert: '0', preserve_interword_spaces: '1', user_defined_dpi: '150', tessedit_pageseg_mode: '6' as Tesseract.PSM });
    return worker;
  }

  private armIdle(): void {
    this.clearIdle();
    this.idleTimer = setTimeout(() => void this.stop(), this.idleStopMs);
    this.idleTimer.unref();
  }

  private clearIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }
}

/**
 * A config file for Init: tesseract reads it after each language's own config, so it wins. No
 * sub-languages (above), and no user-words file: Italian's config names one (user_words_suffix
 * special-words) that no package ships, and tesseract printed "Error: failed to load
 * ./ita.special-words" for every worker.
 */
const NO_SUB_LANGUAGES = 'tessedit_load_sublangs \nuser_words_suffix \n';

/** "deu+eng": tesseract's form, English last (the page's own language leads), never empty. */
function langString(languages: readonly OcrLanguage[] | undefined): string {
  const list = [...new Set(languages?.length ? languages : (['eng'] as const))];
  return [...list.filter((l) => l !== 'eng'), ...list.filter((l) => l === 'eng')].join('+');
}

/** The folder holding one language's traineddata: its LSTM-only model (smaller, quicker to load) when the package has it. */
export function languageDataPath(lang: OcrLanguage): string {
  const require = createRequire(import.meta.url);
  const pkg = require(`@tesseract.js-data/${lang}`) as { langPath: string };
  // Packaged: the real files under app.asar.unpacked, which tesseract's worker reads by path.
  const langPath = resolvePackagedPath(pkg.langPath, 'data');
  const lstm = path.join(path.dirname(langPath), '4.0.0_best_int');
  return existsSync(path.join(lstm, `${lang}.traineddata.gz`)) ? lstm : langPath;
}

/** The LSTM-only model of @tesseract.js-data/eng. */
export function engLangPath(): string {
  return languageDataPath('eng');
}

/**
 * tesseract.js reads every language from one folder; each ships in its own package. One folder in
 * the data dir's OCR cache links to each chosen language's file (a copy where links are refused).
 */
function linkLanguageData(dir: string, langs: readonly OcrLanguage[]): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  for (const lang of langs) {
    const file = `${lang}.traineddata.gz`;
    const to = path.join(dir, file);
    if (existsSync(to)) continue;
    const from = path.join(languageDataPath(lang), file);
    try {
      symlinkSync(from, to);
    } catch {
      copyFileSync(from, to);
    }
  }
  return dir;
}

function toResult(page: Tesseract.Page): OcrResult {
  const lines: OcrLine[] = [];
  for (const block of page.blocks ?? []) {
    for (const para of block.paragraphs) {
      for (const line of para.lines) {
        const text = line.text.replace(/\s+$/, '');
        if (text.trim()) lines.push({ text, confidence: line.confidence, bbox: lineExtent(line), words: line.words.map((w) => ({ text: w.text, bbox: { ...w.bbox }, confidence: w.confidence })) });
      }
    }
  }
  return { text: page.text.replace(/\s+$/, ''), confidence: page.confidence, lines };
}

/** What lineExtent needs of a tesseract.js line. */
export interface TesseractLineShape {
  bbox: OcrLine['bbox'];
  baseline?: { y0: number; y1: number; has_baseline?: boolean };
  rowAttributes?: { rowHeight: number; descenders: number };
}

/**
 * A line's box clipped to the text row tesseract fitted (baseline, row height, descenders):
 * tesseract sometimes attaches a blob from the row below to a word (a
 * terminal's block cursor under the first letter), and the line's box then reaches into the next
 * line. Incremental OCR takes a change touching a line's box for a change of that line and reads
 * it again, so a cursor moving down a line would cost a second line of OCR every time.
 */
export function lineExtent(line: TesseractLineShape): OcrLine['bbox'] {
  const box = { ...line.bbox };
  const row = line.rowAttributes;
  const base = line.baseline;
  if (!row || !base || base.has_baseline === false || !(row.rowHeight > 0) || !(row.descenders >= 0)) return box;
  const top = Math.floor(Math.min(base.y0, base.y1) - (row.rowHeight - row.descenders));
  const bottom = Math.ceil(Math.max(base.y0, base.y1) + row.descenders);
  const y0 = Math.max(box.y0, top);
  const y1 = Math.min(box.y1, bottom);
  return y1 > y0 ? { ...box, y0, y1 } : box;
}

/**
 * The page segmentation mode for an image: 6 (one uniform block) for a block, and for whole
 * screens 3 (tesseract finds the columns) unless a CJK language is chosen. Measured with
 * `npm run bench -- capture --only ocr`: with whole screens in mode 3 the Chinese and Japanese pages
 * read 0%, in mode 6 96.5% and 100%, while the Latin pages read 100% either way.
 */
export function wholeScreenPsm(layout: 'auto' | 'block' | undefined, langs: string): '3' | '6' {
  if (layout === 'block') return '6';
  return cjkLanguages(langs.split('+')).length > 0 ? '6' : '3';
}
