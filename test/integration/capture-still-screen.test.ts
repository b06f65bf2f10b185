import { describe, expect, it } from 'vitest';
import type { EngramStore } from '../../agents/store/index.js';
import { CapturePipeline, ocrIdleStopMs, type ActiveWindowSource, type CapturedScreen, type DisplayInfo, type ScreenSource, type TickResult, type WindowInfo } from '../../electron/sensing/capture/index.js';
import type { OcrEngine, OcrImage, OcrLine, OcrResult } from '../../electron/sensing/perception/index.js';
import { CaptureSettingsSchema, type CaptureSettingsInput } from '../../shared/settings/index.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';

/**
 * A still screen (issue 34): what its ticks keep and read across force_after_s, and that the OCR
 * workers are still there when its forced frame needs reading. Time is the test's clock; the tick
 * times are the scheduler's (one every interval).
 */
const W = 640;
const H = 400;
const DISPLAY: DisplayInfo = { id: 'screen', name: 'screen', width: W, height: H, x: 0, y: 0, primary: true };
/** Rows of the two "lines of text" the fake screen draws and the fake OCR reports. */
const TITLE_ROWS = [40, 60] as const;
const STATUS_ROWS = [300, 320] as const;

/** A page with a title line, a status line and an optional small mark in the status line (a cursor, a changed word). */
class StillScreen implements ScreenSource {
  readonly name = 'fake';
  grabs = 0;
  /** Grey of the title block: changing it changes the page well past the change threshold. */
  title = 40;
  /** A 4x8 mark at the start of the status line: far under the change threshold. */
  mark = false;
  async listDisplays() {
    return [DISPLAY];
  }
  async capture(): Promise<CapturedScreen[]> {
    this.grabs++;
    const data = Buffer.alloc(W * H * 3, 250);
    const rows = (y0: number, y1: number, x0: number, x1: number, grey: number) => {
      for (let y = y0; y < y1; y++) data.fill(grey, (y * W + x0) * 3, (y * W + x1) * 3);
    };
    rows(TITLE_ROWS[0], TITLE_ROWS[1], 40, 600, this.title);
    rows(STATUS_ROWS[0] + 4, STATUS_ROWS[1] - 4, 60, 300, 30);
    if (this.mark) rows(STATUS_ROWS[0] + 6, STATUS_ROWS[0] + 14, 40, 44, 0);
    return [{ display: DISPLAY, captured_at: now, image: { format: 'raw', data, width: W, height: H, channels: 3 } }];
  }
}

class Front implements ActiveWindowSource {
  readonly win: WindowInfo = { app: 'Terminal', title: 'build', url: null, pid: 99, path: null, bounds: null };
  async active() {
    return this.win;
  }
}

/** "Reads" the page: whole screens give the two lines, a strip of changed lines gives `strip`; every read's time is kept. */
class PageOcr implements OcrEngine {
  activeWorkers = 0;
  titleText = 'Invoice 2291 due Friday';
  statusText = 'status: idle';
  strip = 'status: saved';
  reads: { at: number; block: boolean }[] = [];
  async recognize(image: OcrImage): Promise<OcrResult> {
    const block = image.layout === 'block';
    this.reads.push({ at: now, block });
    const line = (text: string, y0: number, y1: number): OcrLine => ({ text, confidence: 90, bbox: { x0: 40, y0, x1: 600, y1 } });
    const lines = block ? [line(this.strip, 0, image.height)] : [line(this.titleText, ...TITLE_ROWS), line(this.statusText, ...STATUS_ROWS)];
    return { text: lines.map((l) => l.text).join('\n'), confidence: 90, lines };
  }
  async stop() {}
}

let now = 0;

describe('a still screen across force_after_s (issue 34)', () => {
  let store: EngramStore;
  let screen: StillScreen;
  let ocr: PageOcr;
  tempStoreEachTest('engram-still-', (t) => {
    store = t.store;
    screen = new StillScreen();
    ocr = new PageOcr();
    now = Date.parse('2026-03-02T10:00:00Z');
  });

  const pipeline = (settings: CaptureSettingsInput = {}) =>
    new CapturePipeline({ store, screen, windows: new Front(), ocr, clock: () => now, settings: CaptureSettingsSchema.parse(settings) });

  /** Ticks every `everyMs` for `forMs`, each tick's OCR done before the next (as a quiet machine does). */
  async function tickFor(p: CapturePipeline, forMs: number, everyMs: number): Promise<TickResult[]> {
    const out: TickResult[] = [];
    for (const end = now + forMs; now + everyMs <= end; ) {
      now += everyMs;
      out.push(await p.tick());
      await p.drain();
    }
    return out;
  }

  const textOf = async (r: TickResult) => store.observations.get((await r.observations)[0]!)!.text;

  it('keeps one forced frame force_after_s into the still run, as a record with the text read before, and reads nothing again', async () => {
    const p = pipeline({ interval_s: 3, force_after_s: 60 });
    const first = await p.tick();
    await p.drain();
    expect(first).toMatchObject({ kept: true, forced: false });
    const ticks = await tickFor(p, 4 * 60_000, 3000);
    const kept = ticks.filter((t) => t.kept);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ forced: true, reason: 'kept', displays: [{ display: 'screen', outcome: 'kept' }] });
    // The run starts at the first skipped tick (3 s after the kept frame): forced at the first tick 60 s later.
    expect(kept[0]!.at - first.at).toBe(63_000);
    expect(ticks.filter((t) => !t.kept).every((t) => t.reason === 'unchanged')).toBe(true);
    // The forced frame is a record that the page was still there, with its text, and costs no OCR.
    expect(await textOf(kept[0]!)).toBe(await textOf(first));
    expect(ocr.reads).toHaveLength(1);
    expect(store.frames.list({}).map((f) => f.captured_at)).toEqual([kept[0]!.at, first.at]);
  });

  it('a change under the change threshold is read by the forced frame, only where it changed', async () => {
    const p = pipeline({ interval_s: 3, force_after_s: 60 });
    await p.tick();
    await p.drain();
    screen.mark = true;
    const ticks = await tickFor(p, 70_000, 3000);
    const forced = ticks.filter((t) => t.kept);
    expect(forced).toHaveLength(1);
    expect(forced[0]!.forced).toBe(true);
    expect(ticks.filter((t) => !t.kept).every((t) => t.reason === 'unchanged')).toBe(true);
    expect(ocr.reads.map((r) => r.block)).toEqual([false, true]);
    expect(await textOf(forced[0]!)).toBe('Invoice 2291 due Friday\nstatus: saved');
  });

  it('a screen that changes after a still run is kept and read at once, and the next still run forces again', async () => {
    const p = pipeline({ interval_s: 3, force_after_s: 60 });
    await p.tick();
    await p.drain();
    await tickFor(p, 90_000, 3000);
    expect(ocr.reads).toHaveLength(1);
    screen.title = 140;
    ocr.strip = 'Invoice 2291 paid';
    now += 3000;
    const changed = await p.tick();
    expect(changed).toMatchObject({ kept: true, forced: false });
    expect(await textOf(changed)).toBe('Invoice 2291 paid\nstatus: idle');
    expect(ocr.reads.map((r) => r.block)).toEqual([false, true]);
    const next = (await tickFor(p, 70_000, 3000)).filter((t) => t.kept);
    expect(next).toHaveLength(1);
    expect(next[0]!.forced).toBe(true);
  });

  for (const input of [{}, { interval_s: 0.5 }, { interval_s: 10, force_after_s: 30 }, { force_after_s: 20, ocr: { idle_stop_s: 20 } }, { force_after_s: 90 }] satisfies CaptureSettingsInput[]) {
    for (const slow of [1, 2]) {
      it(`the OCR workers are still there when the forced frame is read (${JSON.stringify(input)}, ticks ${slow === 2 ? 'twice as far apart' : 'at the interval'})`, async () => {
        const settings = CaptureSettingsSchema.parse(input);
        const p = pipeline(input);
        await p.tick();
        await p.drain();
        screen.mark = true;
        await tickFor(p, settings.force_after_s * 1000 + 4 * settings.interval_s * 1000 * slow, settings.interval_s * 1000 * slow);
        expect(ocr.reads.map((r) => r.block)).toEqual([false, true]);
        const [read, forced] = ocr.reads;
        // Idle from the end of the first read (here: its tick) until the forced frame's.
        expect(forced!.at - read!.at).toBeLessThan(ocrIdleStopMs(settings));
      });
    }
  }

  it('the workers still go idle_stop_s after their last image when the forced frame is far away, and never sooner', () => {
    for (const idle of [1, 30, 60, 600]) {
      for (const force of [5, 60, 300, 3600]) {
        const s = CaptureSettingsSchema.parse({ force_after_s: force, ocr: { idle_stop_s: idle } });
        expect(ocrIdleStopMs(s)).toBeGreaterThanOrEqual(idle * 1000);
        // At most idle_stop_s more than asked: memory is given back within twice the setting.
        expect(ocrIdleStopMs(s)).toBeLessThanOrEqual(2 * idle * 1000);
      }
    }
    expect(ocrIdleStopMs(CaptureSettingsSchema.parse({ force_after_s: 3600 }))).toBe(60_000);
    // A user who asked for the memory back sooner than the forced frame comes gets it back then.
    expect(ocrIdleStopMs(CaptureSettingsSchema.parse({ ocr: { idle_stop_s: 30 } }))).toBe(30_000);
  });
});
