import { describe, expect, it } from 'vitest';
import { LATEST_SCHEMA_VERSION } from '../../agents/store/index.js';
import { storeFolderPerTest } from '../helpers/temp-store.js';

/** Migration 015: word boxes per frame, gone with their frame. */
describe('migration 015: frame word boxes', () => {
  const { open } = storeFolderPerTest('engram-mig15-');

  it('upgrades a version-14 database: frames keep their pictures, words can be kept and go with the frame', async () => {
    const old = await open(14);
    const f = old.frames.insert({ display: 'main', captured_at: 1_000, width: 10, height: 10, phash: '0', app: 'x', title: 't', url: null }, Buffer.from('pixels'));
    await old.close();
    const store = await open();
    try {
      expect(store.db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
      expect((await store.frames.readImage(f.id)).toString()).toBe('pixels');
      expect(store.frameWords.get(f.id)).toBeNull();
      expect(store.frameWords.put(f.id, { width: 10, height: 10, words: [{ text: 'hi', x0: 1, y0: 1, x1: 4, y1: 3, confidence: 90 }] })).toBe(true);
      expect(store.frameWords.get(f.id)!.words).toEqual([{ text: 'hi', x0: 1, y0: 1, x1: 4, y1: 3, confidence: 90 }]);
      // A frame that is not there keeps no words.
      expect(store.frameWords.put('frm_01aaaaaaaaaaaaaaaaaaaaaaaa', { width: 1, height: 1, words: [] })).toBe(false);
      // A row that does not read is no words, never an error.
      store.db.prepare('UPDATE frame_words SET words = ? WHERE frame_id = ?').run('{"not":"a list"}', f.id);
      expect(store.frameWords.get(f.id)).toBeNull();
      store.frames.delete([f.id]);
      expect(store.frameWords.count()).toBe(0);
    } finally {
      await store.close();
    }
  });
});
