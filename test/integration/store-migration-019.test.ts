import { describe, expect, it } from 'vitest';
import { LATEST_SCHEMA_VERSION, type EngramStore, type FrameWords } from '../../agents/store/index.js';
import { storeFolderPerTest } from '../helpers/temp-store.js';

/** Migration 019: frame_words as a rowid table, so a packed row of ~1.3 KB shares its page instead of taking an overflow page. */
describe('migration 019: frame word boxes in a rowid table', () => {
  const { open } = storeFolderPerTest('engram-mig19-');

  /** A screen of words that packs to about 1.3 KB (texts that do not repeat, as on a real screen). */
  const screen = (n: number): FrameWords => ({
    width: 1280,
    height: 800,
    words: Array.from({ length: 260 }, (_, i) => ({ text: `w${((n * 7919 + i * 104729) % 1_000_003).toString(36)}`, x0: (i % 12) * 100 + (n % 5), y0: Math.floor(i / 12) * 22, x1: (i % 12) * 100 + 60, y1: Math.floor(i / 12) * 22 + 16, confidence: 60 + ((i * 13 + n) % 40) })),
  });
  const pagesPerRow = (s: EngramStore) => (s.db.prepare("SELECT sum(pgsize) FROM dbstat WHERE name = 'frame_words' OR name LIKE 'sqlite_autoindex_frame_words%'").pluck().get() as number) / s.frameWords.count();

  it('moves the rows of a version-18 database: same words, a third of the pages, still gone with the frame', async () => {
    const old = await open(18);
    const ids: string[] = [];
    for (let n = 0; n < 120; n++) {
      const f = old.frames.insert({ display: 'main', captured_at: 1_000 + n, width: 1280, height: 800, phash: '0', app: 'x', title: 't', url: null }, Buffer.from('pixels'));
      expect(old.frameWords.put(f.id, screen(n))).toBe(true);
      ids.push(f.id);
    }
    const rowBytes = old.db.prepare('SELECT avg(length(words)) FROM frame_words').pluck().get() as number;
    expect(rowBytes).toBeGreaterThan(1_000);
    const before = pagesPerRow(old);
    await old.close();

    const store = await open();
    try {
      expect(store.db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
      expect(store.frameWords.count()).toBe(120);
      expect(store.frameWords.get(ids[7]!)).toEqual(screen(7));
      const after = pagesPerRow(store);
      expect(after).toBeLessThan(rowBytes * 1.6);
      expect(after).toBeLessThan(before / 2);
      // The cascade from frames and the frame check of put are as 015 made them.
      expect(store.frameWords.put('frm_01aaaaaaaaaaaaaaaaaaaaaaaa', screen(1))).toBe(false);
      expect(store.frameWords.put(ids[0]!, screen(500))).toBe(true);
      expect(store.frameWords.get(ids[0]!)).toEqual(screen(500));
      expect(store.frameWords.count()).toBe(120);
      store.frames.delete(ids.slice(0, 60));
      expect(store.frameWords.count()).toBe(60);
      store.forget({ from: 0, to: 10_000 });
      expect(store.db.prepare('SELECT count(*) FROM frame_words').pluck().get()).toBe(0);
    } finally {
      await store.close();
    }
  });
});
