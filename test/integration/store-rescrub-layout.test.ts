/**
 * The re-scrub for frames captured before capture paired labels and values by their boxes: a
 * settings pane's revealed password, its label column and value column read as separate blocks, was
 * kept in clear. The frame's kept word boxes (frame_words) pair them again, so the pass masks the value
 * in the observation, its passages and the frame's words, and leaves the values beside it alone.
 */
import { describe, expect, it } from 'vitest';
import { HashEmbedder, REDACTION_VERSION_KEY, type EngramStore } from '../../agents/store/index.js';
import { DEFAULT_REDACTION } from '../../shared/redaction/index.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';

const SECRET = 'Gorse-Pelican-804';
// As tesseract read the pane: the menu, the label column, then the value column.
const TEXT = ['Devices', 'Profiles', 'Apps', '', 'Network name', 'Security', 'Password', 'Channel', '', 'Birch-Loft-2G', 'WPA2-Personal', SECRET, '11'].join('\n');
const ROWS: [string, string][] = [
  ['Network name', 'Birch-Loft-2G'],
  ['Security', 'WPA2-Personal'],
  ['Password', SECRET],
  ['Channel', '11'],
];

describe('re-scrub with the frames\' kept word boxes', () => {
  let store: EngramStore;
  tempStoreEachTest('engram-rescrub-layout-', (t) => void (store = t.store), { embedder: new HashEmbedder() });

  /** A frame and its observation as capture kept them before the fix (detectors generation 1). */
  function keptBeforeTheFix() {
    const frame = store.frames.insert({ display: 'main', captured_at: 1_000, width: 1280, height: 800, phash: '0', app: 'Chromium', title: 'Wireless settings', url: null }, Buffer.from('pixels'));
    // In the order OCR gave them: the label column's words, then the value column's.
    const y = (i: number) => 120 + i * 32;
    const labels = ROWS.flatMap(([label], i) => label.split(' ').map((text, j) => ({ text, x0: 260 + j * 70, y0: y(i), x1: 260 + j * 70 + text.length * 8, y1: y(i) + 14, confidence: 90 })));
    const values = ROWS.map(([, text], i) => ({ text, x0: 560, y0: y(i), x1: 560 + text.length * 8, y1: y(i) + 14, confidence: 90 }));
    const words = [...labels, ...values];
    store.frameWords.put(frame.id, { width: 1280, height: 800, words });
    const obs = store.observations.insert({ kind: 'screen', frame_id: frame.id, audio_id: null, display: 'main', observed_at: 1_000, app: 'Chromium', title: 'Wireless settings', url: null, text: TEXT, caption: null });
    store.db.prepare('UPDATE meta SET value = ? WHERE key = ?').run('1', REDACTION_VERSION_KEY);
    return { frame, obs };
  }

  it('masks the value in the observation, its passages and the frame\'s words; the rest stays', () => {
    const kept = keptBeforeTheFix();
    expect(store.passages.search({ query: SECRET }).length).toBeGreaterThan(0);
    expect(store.rescrubDue).toBe(true);
    const secrets: { kind: string; value: string; place: { table: string; id: string } }[] = [];
    for (let i = 0; i < 100 && store.rescrubDue; i++) store.rescrubSlice(DEFAULT_REDACTION, 50, (found) => void secrets.push(...found));
    expect(store.rescrubDue).toBe(false);

    const text = store.observations.get(kept.obs.id)!.text;
    expect(text).not.toContain(SECRET);
    expect(text).toContain('[redacted:password]');
    for (const v of ['Birch-Loft-2G', 'WPA2-Personal', 'Network name', 'Password', 'Channel']) expect(text).toContain(v);
    const words = store.frameWords.get(kept.frame.id)!.words.map((w) => w.text);
    expect(words).not.toContain(SECRET);
    expect(words).toContain('Birch-Loft-2G');
    expect(words.filter((w) => w === '[redacted]')).toHaveLength(1);
    const like = `%${SECRET}%`;
    expect(store.db.prepare('SELECT count(*) FROM passages WHERE text LIKE ?').pluck().get(like)).toBe(0);
    expect(store.db.prepare('SELECT count(*) FROM passage_fts WHERE text LIKE ?').pluck().get(like)).toBe(0);
    expect(store.passages.search({ query: SECRET })).toEqual([]);
    expect(store.passages.search({ query: 'Birch-Loft-2G' }).length).toBeGreaterThan(0);
    // The value the pass took out goes to the vault as capture's would.
    expect(secrets).toContainEqual(expect.objectContaining({ kind: 'password', value: SECRET, place: expect.objectContaining({ table: 'observations', id: kept.obs.id }) }));
  });
});
