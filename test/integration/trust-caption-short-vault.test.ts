/**
 * A short vault value in a screenshot sent to a captioning model (trust52). The caption request
 * fills the boxes of what the detectors and the vault's cut find; a PIN kept in the vault ("4471"
 * under "Gym locker") was only cut from text (VaultCut.text), not found for the image
 * (VaultCut.find), so a note reading "gym locker 4471" went to the model in the picture. End to
 * end: the engine's capture with a fake vision server (OpenAI-compatible) that receives the image;
 * the value's word box is black, its label's and the rest are not; the same digits where the screen
 * does not give them as the value are sent as they are.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';
import { startEngram, type Engram } from '../../electron/engine/index.js';
import { recordCaptionChoice } from '../../electron/engine/caption-choice.js';
import type { CapturedScreen, DisplayInfo, ScreenSource } from '../../electron/engine/index.js';
import type { OcrEngine, OcrImage, OcrResult } from '../../electron/sensing/perception/index.js';
import { FixedWindow } from '../fakes/fake-screen-stack.js';
import { decodePixels } from '../fakes/fake-model-http.js';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/fake-openai-server.js';

const KEY = Buffer.alloc(32, 7);
const W = 640;
const H = 400;
const DISPLAY: DisplayInfo = { id: 'd1', name: 'main', width: W, height: H, x: 0, y: 0, primary: true };
const PIN = '8153';
type Box = { x0: number; y0: number; x1: number; y1: number };
/** The words a screen shows, line by line, with their boxes in screen pixels. */
type Line = { text: string; x0: number; y: number }[];

/** A pale screen (every pixel bright), a little different on each grab so it is kept. */
class NoteScreen implements ScreenSource {
  readonly name = 'fake';
  grabs = 0;
  async listDisplays() {
    return [DISPLAY];
  }
  async capture(): Promise<CapturedScreen[]> {
    this.grabs++;
    const data = Buffer.alloc(W * H * 3, 235);
    for (let x = 0; x < 20 + this.grabs; x++) data.set([200, 220, 240], (390 * W + x) * 3);
    return [{ display: DISPLAY, captured_at: Date.now(), image: { format: 'raw', data, width: W, height: H, channels: 3 } }];
  }
  async close() {}
}

const boxOf = (w: { text: string; x0: number; y: number }): Box => ({ x0: w.x0, y0: w.y, x1: w.x0 + w.text.length * 12, y1: w.y + 18 });

/** OCR that reads the given lines with word boxes, in the OCR image's coordinates. */
class LinesOcr implements OcrEngine {
  activeWorkers = 0;
  constructor(private readonly lines: Line[]) {}
  async recognize(image: OcrImage): Promise<OcrResult> {
    const s = image.width / W;
    const scaled = (b: Box) => ({ x0: b.x0 * s, y0: b.y0 * s, x1: b.x1 * s, y1: b.y1 * s });
    const lines = this.lines.map((line) => {
      const words = line.map((w) => ({ text: w.text, bbox: scaled(boxOf(w)), confidence: 90 }));
      return { text: line.map((w) => w.text).join(' '), confidence: 90, bbox: { ...words[0]!.bbox, x1: words[words.length - 1]!.bbox.x1 }, words };
    });
    return { text: lines.map((l) => l.text).join('\n'), confidence: 90, lines };
  }
  async stop() {}
}

const centre = (b: Box): [number, number] => [(b.x0 + b.x1) >> 1, (b.y0 + b.y1) >> 1];

describe('the captioner and short vault values', () => {
  let openai: FakeOpenAi;
  let dir: string;
  let store: EngramStore;
  let engram: Engram | null = null;
  beforeAll(async () => {
    openai = await startFakeOpenAi({ models: ['llava:13b'] });
  });
  afterAll(() => openai.close());
  beforeEach(async () => {
    openai.reset();
    openai.setHandler((req) => (openai.images(req).length ? { text: 'a note on a screen' } : { text: 'ok' }));
    dir = mkdtempSync(join(tmpdir(), 'engram-caption-short-'));
    store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(KEY), embedder: null });
    store.memories.insert({ kind: 'knowledge_vault', title: 'Gym locker', text: 'Gym locker', fields: { entry_type: 'pin', sensitivity: 'high', secret: PIN, source: 'user' } });
    recordCaptionChoice(store, true);
  });
  afterEach(async () => {
    await engram?.close();
    engram = null;
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Captures one screen of these lines under this title; what the vision server received. */
  const send = async (lines: Line[], title: string) => {
    const windows = new FixedWindow({ app: 'Notes', title, url: null, pid: 7, path: null, bounds: null });
    engram = await startEngram({ store, host: 'headless', version: 't', env: { ENGRAM_LLM_BASE_URL: openai.url }, chat: false, capture: { screen: new NoteScreen(), windows, ocr: new LinesOcr(lines), start: false } });
    await (await engram.capture!.tick()).observations;
    await engram.capture!.drain();
    const [img] = openai.images();
    expect(img).toBeDefined();
    return { px: await decodePixels(img!), text: openai.allText() };
  };

  it('the value after its label, and under a label line: its boxes filled; label and other words not; not in the text or title', async () => {
    const first: Line = [
      { text: 'gym', x0: 40, y: 60 },
      { text: 'locker', x0: 100, y: 60 },
      { text: PIN, x0: 200, y: 60 },
    ];
    const label: Line = [{ text: 'Locker', x0: 40, y: 160 }];
    const under: Line = [{ text: PIN, x0: 40, y: 200 }];
    const other: Line = [{ text: 'towel', x0: 300, y: 260 }];
    const { px, text } = await send([first, label, under, other], `Notes — gym locker ${PIN}`);
    expect(px.rgb(...centre(boxOf(first[2]!)))).toEqual([0, 0, 0]);
    expect(px.rgb(...centre(boxOf(under[0]!)))).toEqual([0, 0, 0]);
    for (const w of [first[0]!, first[1]!, label[0]!, other[0]!]) expect(px.rgb(...centre(boxOf(w))).reduce((a, b) => a + b)).toBeGreaterThan(300);
    expect(text).not.toContain(PIN);
    expect(text).toContain('towel');
  });

  it('a form in columns (trust53): the value under its label is filled and cut from the text; the next column is not', async () => {
    const labels: Line = [
      { text: 'Locker', x0: 40, y: 60 },
      { text: 'Floor', x0: 300, y: 60 },
    ];
    const values: Line = [
      { text: PIN, x0: 40, y: 84 },
      { text: '3', x0: 300, y: 84 },
    ];
    const { px, text } = await send([labels, values], 'Members');
    expect(px.rgb(...centre(boxOf(values[0]!)))).toEqual([0, 0, 0]);
    for (const w of [...labels, values[1]!]) expect(px.rgb(...centre(boxOf(w))).reduce((a, b) => a + b)).toBeGreaterThan(300);
    expect(text).not.toContain(PIN);
  });

  it('the same digits where the screen does not give them as the value are sent as they are', async () => {
    const line: Line = [
      { text: 'room', x0: 40, y: 60 },
      { text: PIN, x0: 110, y: 60 },
      { text: 'fourth', x0: 200, y: 60 },
      { text: 'floor', x0: 290, y: 60 },
    ];
    const { px, text } = await send([line], 'Notes');
    expect(px.rgb(...centre(boxOf(line[1]!))).reduce((a, b) => a + b)).toBeGreaterThan(300);
    expect(text).toContain(`room ${PIN} fourth floor`);
  });
});
