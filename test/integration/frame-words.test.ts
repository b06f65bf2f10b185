import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';
import { createApi, type EngramApi } from '../../electron/api/index.js';
import { applyRetention, CapturePipeline, type ActiveWindowSource, type WindowInfo } from '../../electron/sensing/capture/index.js';
import type { OcrEngine, OcrImage, OcrLine, OcrResult } from '../../electron/sensing/perception/index.js';
import { CaptureSettingsSchema } from '../../shared/settings/index.js';
import type { FrameWordsDto } from '../../shared/api/index.js';
import { ShadedScreen } from '../fakes/fake-screen-stack.js';

/**
 * Hits you can see (issue 31): OCR's word boxes are kept with the frame, redacted like its text and
 * inside the encrypted store, removed with the frame however it goes, and served by frames.words
 * with the query's matches and what the moment can open again.
 */

const W = 640;
const H = 400;
class Window implements ActiveWindowSource {
  win: WindowInfo = { app: 'firefox', title: 'Harbour notes — /home/ana/notes/harbour.md', url: 'https://wiki.acme.test/harbour?session=abc', pid: 99, path: null, bounds: null };
  async active() {
    return this.win;
  }
}

/** OCR that reads the lines the test sets, each word 60 px wide on a 20 px row, with its own confidence. */
class WordOcr implements OcrEngine {
  activeWorkers = 0;
  lines: string[] = [];
  async recognize(_image: OcrImage): Promise<OcrResult> {
    const lines: OcrLine[] = this.lines.map((text, row) => {
      const y0 = 20 + row * 30;
      const words = text.split(' ').map((w, i) => ({ text: w, bbox: { x0: 10 + i * 70, y0, x1: 70 + i * 70, y1: y0 + 20 }, confidence: 80 + i }));
      return { text, confidence: 85, bbox: { x0: 10, y0, x1: 10 + words.length * 70, y1: y0 + 20 }, words };
    });
    return { text: this.lines.join('\n'), confidence: 85, lines };
  }
  async stop() {}
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? filesUnder(join(dir, n)) : [join(dir, n)]));
}

describe('word boxes of a frame', () => {
  let dir: string;
  let store: EngramStore;
  let api: EngramApi;
  let screen: ShadedScreen;
  let ocr: WordOcr;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'engram-words-'));
    store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(Buffer.alloc(32, 5)), embedder: null });
    api = createApi({ store, host: 'headless', version: 'test', checkOutputs: true });
    screen = new ShadedScreen(W, H, { x0: 40, x1: 400, y0: 50, y1: 250 });
    ocr = new WordOcr();
  });
  afterEach(async () => {
    api.dispose();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const pipeline = () => new CapturePipeline({ store, screen, windows: new Window(), ocr, clock: () => Date.now(), settings: CaptureSettingsSchema.parse({ force_after_s: 60 }), self: { pids: [1], apps: ['engram'] } });

  async function capture(lines: string[]): Promise<{ frame: string; obs: string }> {
    ocr.lines = lines;
    screen.shade += 60;
    const p = pipeline();
    const r = await p.tick();
    const [obs] = await r.observations;
    await p.drain();
    return { frame: r.frame_ids[0]!, obs: obs! };
  }

  async function words(id: string, query = ''): Promise<FrameWordsDto> {
    const r = await api.dispatch('frames.words', { id, query });
    if (!r.ok) throw new Error(`${r.error.code} ${r.error.message}`);
    return r.output as FrameWordsDto;
  }

  it('keeps each word with its box and confidence, the secret words redacted, nothing readable on disk', async () => {
    const { frame, obs } = await capture(['Meet at harbourqwerty dock', 'card 4111 1111 1111 1111 paid', 'zebracanary harbour again']);
    const kept = store.frameWords.get(frame)!;
    expect(kept).toMatchObject({ width: W, height: H });
    expect(kept.words.map((w) => w.text)).toEqual(['Meet', 'at', 'harbourqwerty', 'dock', 'card', '[redacted]', '[redacted]', '[redacted]', '[redacted]', 'paid', 'zebracanary', 'harbour', 'again']);
    expect(kept.words[2]).toEqual({ text: 'harbourqwerty', x0: 150, y0: 20, x1: 210, y1: 40, confidence: 82 });
    await store.close();
    for (const f of filesUnder(dir)) {
      const bytes = readFileSync(f);
      expect(bytes.includes(Buffer.from('zebracanary')), f).toBe(false);
      expect(bytes.includes(Buffer.from('4111')), f).toBe(false);
    }
    store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(Buffer.alloc(32, 5)), embedder: null });
    api = createApi({ store, host: 'headless', version: 'test', checkOutputs: true });

    // By the observation's id or the frame's: every match of every query word (OCR's q/g forgiven), in reading order.
    const r = await words(obs, 'harbourgwerty harbour');
    expect(r).toMatchObject({ frame_id: frame, app: 'firefox', width: W, height: H });
    expect(r.matches.map((i) => r.words[i]!.text)).toEqual(['harbourqwerty', 'harbour']);
    expect((await words(frame, 'dock')).matches).toEqual([3]);
    expect((await words(frame, '')).matches).toEqual([]);
    // The page (kept without its query values) and the file path in the title can be opened again.
    expect(r.links).toEqual([
      { kind: 'url', target: 'https://wiki.acme.test/harbour?session=' },
      { kind: 'path', target: '/home/ana/notes/harbour.md' },
    ]);
  });

  it('goes with its frame: deleted, forgotten or recycled', async () => {
    const a = await capture(['first screen words']);
    const b = await capture(['second screen words']);
    const c = await capture(['third screen words']);
    expect(store.frameWords.count()).toBe(3);
    // Kept packed (migration 017), one blob a frame: the rows below are those blobs.
    expect(store.db.prepare('SELECT typeof(words) FROM frame_words').pluck().all()).toEqual(['blob', 'blob', 'blob']);
    // Deleted from the timeline.
    const del = await api.dispatch('timeline.delete', { items: [{ type: 'observation', id: a.obs }] });
    expect(del.ok).toBe(true);
    expect(store.frameWords.get(a.frame)).toBeNull();
    // "Forget the last 15 minutes".
    const at = store.frames.get(b.frame)!.captured_at;
    store.forget({ from: at, to: at + 1 });
    expect(store.frameWords.get(b.frame)).toBeNull();
    // Retention recycles the pixels: the boxes of a picture that is gone go too.
    applyRetention(store, { max_gb: 10, max_age_days: 1 }, Date.now() + 2 * 86_400_000);
    expect(store.frameWords.get(c.frame)).toBeNull();
    expect(store.frameWords.count()).toBe(0);
    expect(store.db.prepare('SELECT count(*) FROM frame_words').pluck().get()).toBe(0);
    const gone = await api.dispatch('frames.words', { id: c.frame, query: 'x' });
    expect(gone).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });

  it('refuses bad input in one line', async () => {
    const r = await api.dispatch('frames.words', { id: '', query: 'x' });
    expect(r).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    const extra = await api.dispatch('frames.words', { id: 'frm_x', query: 'x', evil: 1 });
    expect(extra.ok).toBe(false);
  });
});
