import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';
import { captionChoice, startEngram, type Engram } from '../../electron/engine/index.js';
import { recordCaptionChoice } from '../../electron/engine/caption-choice.js';
import { readCaptureSettings } from '../../electron/sensing/sources/index.js';
import type { CapturedScreen, DisplayInfo, ScreenSource } from '../../electron/engine/index.js';
import type { OcrEngine, OcrImage, OcrResult } from '../../electron/sensing/perception/index.js';
import { FixedWindow } from '../fakes/fake-screen-stack.js';
import { startFakeAnthropic, type FakeAnthropic } from '../fakes/fake-anthropic-server.js';
import { decodePixels } from '../fakes/fake-model-http.js';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/fake-openai-server.js';

const KEY = Buffer.alloc(32, 9);
const W = 640;
const H = 400;
const DISPLAY: DisplayInfo = { id: 'd1', name: 'main', width: W, height: H, x: 0, y: 0, primary: true };
const BACKGROUND = [40, 90, 200];
const API_KEY = 'sk-ant-api03-Zq8xK2mV9pL4nR7tW1yB3cD6';
const AWS = 'AKIAIOSFODNN7EXAMPLE';
/** Where the key's word is on screen (screen pixels): the fake OCR reports it there. */
const KEY_BOX = { x0: 120, y0: 300, x1: 420, y1: 318 };
const CAPTION = 'A bar chart of quarterly revenue for the Halvorsen account, rising from Q1 to Q4.';

/** A screen of one colour with a pale strip where the key is; each grab a little different (so it is kept). */
class ChartScreen implements ScreenSource {
  readonly name = 'fake';
  constructor(public grabs = 0) {}
  async listDisplays() {
    return [DISPLAY];
  }
  async capture(): Promise<CapturedScreen[]> {
    this.grabs++;
    const data = Buffer.alloc(W * H * 3);
    for (let i = 0; i < W * H; i++) data.set(BACKGROUND, i * 3);
    for (let y = KEY_BOX.y0; y < KEY_BOX.y1; y++) for (let x = KEY_BOX.x0; x < KEY_BOX.x1; x++) data.set([235, 235, 235], (y * W + x) * 3);
    // Bars that move from grab to grab.
    for (let b = 0; b < 4; b++) for (let y = 250 - (b + this.grabs) * 30; y < 280; y++) for (let x = 60 + b * 90; x < 120 + b * 90; x++) data.set([250, 180, 30], (y * W + x) * 3);
    return [{ display: DISPLAY, captured_at: Date.now(), image: { format: 'raw', data, width: W, height: H, channels: 3 } }];
  }
  async close() {}
}

/** OCR that reads a short label and the key, with tesseract's word boxes, in the OCR image's coordinates. */
class KeyOcr implements OcrEngine {
  activeWorkers = 0;
  async recognize(image: OcrImage): Promise<OcrResult> {
    const s = image.width / W;
    const box = (x0: number, x1: number, b = KEY_BOX) => ({ x0: x0 * s, y0: b.y0 * s, x1: x1 * s, y1: b.y1 * s });
    const words = [
      { text: 'Revenue', bbox: box(60, 110, { x0: 0, y0: 20, x1: 0, y1: 36 }) },
      { text: 'key', bbox: box(80, 110) },
      { text: API_KEY, bbox: box(KEY_BOX.x0, KEY_BOX.x1) },
    ];
    const lines = [
      { text: 'Revenue', confidence: 90, bbox: words[0]!.bbox, words: [words[0]!] },
      { text: `key ${API_KEY}`, confidence: 90, bbox: { ...words[1]!.bbox, x1: words[2]!.bbox.x1 }, words: words.slice(1) },
    ];
    return { text: lines.map((l) => l.text).join('\n'), confidence: 90, lines };
  }
  async stop() {}
}

/** Checks an image a fake server received: the key's box is black, the rest of the screen is not. */
async function expectKeyFilled(img: { mediaType: string; data: Buffer }) {
  const px = await decodePixels(img);
  expect([px.width, px.height]).toEqual([W, H]);
  for (const [x, y] of [
    [KEY_BOX.x0 + 2, KEY_BOX.y0 + 2],
    [(KEY_BOX.x0 + KEY_BOX.x1) >> 1, (KEY_BOX.y0 + KEY_BOX.y1) >> 1],
    [KEY_BOX.x1 - 2, KEY_BOX.y1 - 2],
  ])
    expect(px.rgb(x!, y!)).toEqual([0, 0, 0]);
  for (const [x, y] of [
    [10, 10],
    [KEY_BOX.x0 - 20, KEY_BOX.y0 + 5],
    [KEY_BOX.x1 + 20, KEY_BOX.y0 + 5],
    [(KEY_BOX.x0 + KEY_BOX.x1) >> 1, KEY_BOX.y1 + 20],
  ]) {
    const [r, g, b] = px.rgb(x!, y!);
    expect(r + g + b).toBeGreaterThan(200);
  }
}

describe('captions end to end: the model sees the frame with secrets filled, the caption is found and cited', () => {
  let anthropic: FakeAnthropic;
  let openai: FakeOpenAi;
  let dir: string;
  let store: EngramStore;
  let engram: Engram | null = null;
  beforeAll(async () => {
    [anthropic, openai] = await Promise.all([startFakeAnthropic(), startFakeOpenAi({ models: ['llava:13b'] })]);
  });
  afterAll(() => Promise.all([anthropic.close(), openai.close()]));
  beforeEach(async () => {
    anthropic.reset();
    openai.reset();
    dir = mkdtempSync(join(tmpdir(), 'engram-captions-'));
    store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(KEY), embedder: null });
  });
  afterEach(async () => {
    await engram?.close();
    engram = null;
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const anthropicEnv = () => ({ ANTHROPIC_API_KEY: 'sk-ant-test-key-000', ENGRAM_ANTHROPIC_BASE_URL: anthropic.url });
  const window = new FixedWindow({ app: 'Sheets', title: `Q4 revenue — deploy ${AWS}`, url: null, pid: 7, path: null, bounds: null });
  const capture = (from = 0) => ({ screen: new ChartScreen(from), windows: window, ocr: new KeyOcr(), start: false });

  it('Anthropic: one image with the key blacked out, the title redacted; the caption is stored redacted like OCR text, searched and cited', async () => {
    anthropic.setHandler((req) => (anthropic.images(req).length ? { text: `${CAPTION} Card 4111 1111 1111 1111 on a sticky note.` } : { text: 'ok' }));
    recordCaptionChoice(store, captionChoice(false, { ENGRAM_CAPTIONS: 'on' })!);
    engram = await startEngram({ store, host: 'headless', version: 't', env: anthropicEnv(), chat: false, capture: capture() });
    const [obsId] = await (await engram.capture!.tick()).observations;
    await engram.capture!.drain();
    await engram.close();
    engram = null;

    const sent = anthropic.requests.filter((r) => anthropic.images(r).length);
    expect(sent).toHaveLength(1);
    const [img] = anthropic.images(sent[0]);
    expect(img!.mediaType).toBe('image/png');
    await expectKeyFilled(img!);
    const text = anthropic.requestText(sent[0]!);
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain(AWS);
    expect(text).toContain('Q4 revenue — deploy [redacted:');
    // The cost is in the model ledger under its own purpose.
    const ledger = store.llmCalls.summary().by_purpose['caption'];
    expect(ledger?.calls).toBe(1);
    expect(ledger!.cost_usd).toBeGreaterThan(0);
    const obs = store.observations.get(obsId!)!;
    expect(obs.caption).toBe(`${CAPTION} Card [redacted:card] on a sticky note.`);
    expect(obs.text).not.toContain(API_KEY);

    // Another run (offline: the rules make the memories) finds it by what the caption says, and cites the screen.
    engram = await startEngram({ store, host: 'headless', version: 't', env: {}, brain: true, chat: true });
    await (await engram.brain())!.flush();
    const found = await engram.client.call('memories.search', { query: 'quarterly revenue bar chart Halvorsen' });
    const hit = found.results.find((r) => r.passages?.some((p) => p.text.includes('Halvorsen')));
    expect(hit).toBeDefined();
    expect(hit!.passages![0]).toMatchObject({ app: 'Sheets', observation_id: obsId });
  });

  it('OpenAI-compatible (a local vision model): the same filled image as an image_url', async () => {
    openai.setHandler((req) => (openai.images(req).length ? { text: CAPTION } : { text: 'ok' }));
    recordCaptionChoice(store, true);
    engram = await startEngram({ store, host: 'headless', version: 't', env: { ENGRAM_LLM_BASE_URL: openai.url }, chat: false, capture: capture() });
    const [obsId] = await (await engram.capture!.tick()).observations;
    await engram.capture!.drain();
    const [img] = openai.images();
    await expectKeyFilled(img!);
    expect(openai.allText()).not.toContain(API_KEY);
    expect(store.observations.get(obsId!)!.caption).toBe(CAPTION);
  });

  it('with the switch off (the default, or ENGRAM_CAPTIONS=off) nothing is sent and no caption is stored', async () => {
    anthropic.setHandler(() => ({ text: CAPTION }));
    expect(readCaptureSettings(store).captioning.enabled).toBe(false);
    engram = await startEngram({ store, host: 'headless', version: 't', env: anthropicEnv(), chat: false, capture: capture() });
    const [a] = await (await engram.capture!.tick()).observations;
    await engram.capture!.drain();
    await engram.close();
    recordCaptionChoice(store, true);
    recordCaptionChoice(store, captionChoice(false, { ENGRAM_CAPTIONS: 'off' })!);
    engram = await startEngram({ store, host: 'headless', version: 't', env: anthropicEnv(), chat: false, capture: capture(2) });
    const [b] = await (await engram.capture!.tick()).observations;
    await engram.capture!.drain();
    expect(anthropic.requests).toHaveLength(0);
    expect([store.observations.get(a!)!.caption, store.observations.get(b!)!.caption]).toEqual([null, null]);
  });
});
