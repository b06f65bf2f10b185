import { describe, expect, it } from 'vitest';
import { HashEmbedder, type EngramStore } from '../../agents/store/index.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';

const PAGE = ['Release checklist', '', 'Tag the build, then publish the notes to the team wiki.', '', 'Ana signs off on Friday before 17:00.'].join('\n');

/**
 * The integrity check (crash tests, `engram doctor`) covers the vectors of screen passages: one per
 * passage at most, none left behind by a passage, each paired with its bit code. Each break below is
 * one a crash or a buggy delete path could leave; the check must name it.
 */
describe('integrity of passage vectors', () => {
  let store: EngramStore;
  const count = (sql: string) => store.db.prepare(sql).pluck().get() as number;

  tempStoreEachTest('engram-integrity-pvec-', async (t) => {
    store = t.store;
    store.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: '0', observed_at: 1_000, app: 'Firefox', title: 'Release checklist', url: null, text: PAGE, caption: null });
    await store.flushEmbeddings();
  }, { embedder: new HashEmbedder(64) });

  it('is clean when every passage has its vector and code, and counts them', () => {
    const passages = store.passages.count();
    expect(passages).toBeGreaterThanOrEqual(2);
    const report = store.checkIntegrity();
    expect(report.problems).toEqual([]);
    expect(report.passage_vectors).toBe(passages);
    expect(report.passage_vectors_orphan).toBe(0);
    expect(report.passage_codes_mismatch).toBe(0);
  });

  it('reports a vector whose passage is gone (the trigger bypassed, as an old build or a crash could leave it)', () => {
    const seq = count('SELECT max(seq) FROM passages');
    store.db.exec('DROP TRIGGER passage_vec_follows_passages');
    store.db.prepare('DELETE FROM passage_sightings WHERE passage_seq = ?').run(seq);
    store.db.prepare('DELETE FROM passages WHERE seq = ?').run(seq);
    const report = store.checkIntegrity();
    expect(report.passage_vectors_orphan).toBe(1);
    expect(report.ok).toBe(false);
    expect(report.problems).toContain('1 passage vectors without a passage');
  });

  it('reports a vector without its bit code, and a code without its vector', () => {
    const [a, b] = store.db.prepare('SELECT seq FROM passage_vec ORDER BY seq LIMIT 2').pluck().all() as number[];
    store.db.prepare('DELETE FROM passage_vec_codes WHERE seq = ?').run(a);
    store.db.exec('DROP TRIGGER passage_vec_codes_follow_vec');
    store.db.prepare('DELETE FROM passage_vec WHERE seq = ?').run(b);
    const report = store.checkIntegrity();
    expect(report.passage_codes_mismatch).toBe(2);
    expect(report.ok).toBe(false);
    expect(report.problems).toContain('2 passage vectors and codes that do not pair up');
  });
});
