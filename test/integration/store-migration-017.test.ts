import { describe, expect, it } from 'vitest';
import { LATEST_SCHEMA_VERSION } from '../../agents/store/index.js';
import { storeFolderPerTest } from '../helpers/temp-store.js';

/** Migration 017: word boxes packed into one deflated blob per frame, read back the same, gone with the frame. */
describe('migration 017: frame word boxes packed', () => {
  const { open } = storeFolderPerTest('engram-mig17-');

  it('packs the JSON rows of a version-16 database: same words, a fraction of the bytes', async () => {
    const old = await open(16);
    const frame = () => old.frames.insert({ display: 'main', captured_at: 1_000, width: 1280, height: 800, phash: '0', app: 'x', title: 't', url: null }, Buffer.from('pixels'));
    const f = frame();
    const bad = frame();
    // A screen of terminal text as 015 stored it: [text, x0, y0, x1, y1, confidence], a row per line of words.
    const words: [string, number, number, number, number, number][] = [];
    for (let line = 0; line < 30; line++) {
      for (let i = 0; i < 8; i++) words.push([`word${line}x${i}`, 12 + i * 88, 20 + line * 24, 90 + i * 88, 38 + line * 24, 70 + ((line * 8 + i) % 30)]);
    }
    words.push(['', -3, 0, 0, 2, -1], ['émoji ✓ 中文', 5, 790, 1279, 799, 100]);
    const json = JSON.stringify(words);
    old.db.prepare('INSERT INTO frame_words (frame_id, width, height, words) VALUES (?, ?, ?, ?)').run(f.id, 1280, 800, json);
    old.db.prepare('INSERT INTO frame_words (frame_id, width, height, words) VALUES (?, ?, ?, ?)').run(bad.id, 1, 1, '{"not":"a list"}');
    await old.close();

    const store = await open();
    try {
      expect(store.db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
      const row = store.db.prepare('SELECT typeof(words) AS t, length(words) AS n FROM frame_words WHERE frame_id = ?').get(f.id) as { t: string; n: number };
      expect(row.t).toBe('blob');
      expect(row.n).toBeLessThan(Buffer.byteLength(json) / 4);
      const got = store.frameWords.get(f.id)!;
      expect(got).toMatchObject({ width: 1280, height: 800 });
      expect(got.words.map((w) => [w.text, w.x0, w.y0, w.x1, w.y1, w.confidence])).toEqual(words);
      // A row that did not read before still reads as no words, and is left as it was.
      expect(store.frameWords.get(bad.id)).toBeNull();
      // The packed form goes with its frame.
      store.frames.delete([f.id, bad.id]);
      expect(store.db.prepare('SELECT count(*) FROM frame_words').pluck().get()).toBe(0);
    } finally {
      await store.close();
    }
  });

  it('a packed row that does not inflate, or reads short, is no words, never an error', async () => {
    const store = await open();
    try {
      const f = store.frames.insert({ display: 'main', captured_at: 1_000, width: 10, height: 10, phash: '0', app: 'x', title: 't', url: null }, Buffer.from('pixels'));
      expect(store.frameWords.put(f.id, { width: 10, height: 10, words: [{ text: 'hi', x0: 1, y0: 1, x1: 4, y1: 3, confidence: 90 }] })).toBe(true);
      const packed = store.db.prepare('SELECT words FROM frame_words WHERE frame_id = ?').pluck().get(f.id) as Buffer;
      for (const broken of [Buffer.from([1, 2, 3]), packed.subarray(0, packed.length - 2), Buffer.alloc(0)]) {
        store.db.prepare('UPDATE frame_words SET words = ? WHERE frame_id = ?').run(broken, f.id);
        expect(store.frameWords.get(f.id)).toBeNull();
      }
    } finally {
      await store.close();
    }
  });
});
