import { expect } from 'vitest';
import type { KillReport } from '../reliability/crash-run.js';

/**
 * What every kill -9 (and every power cut after one) must leave, checked on the store as the next
 * start opens it: SQLite whole, search indexes and vectors in step with the memories, no dangling
 * provenance or frame rows, nothing the session said it stored gone, no memory without its source.
 */
export function expectKillLeftStoreWhole(k: KillReport, where: string): void {
  expect(k.integrity.sqlite, where).toBe('ok');
  expect(k.integrity.fts_rows, where).toBe(k.integrity.memories);
  expect(k.integrity.vectors_missing, where).toBe(0);
  expect(k.integrity.vectors_orphan, where).toBe(0);
  expect(k.integrity.provenance_orphans, where).toBe(0);
  expect(k.integrity.frames_without_file, where).toEqual([]);
  expect(k.lostObservations, where).toEqual([]);
  expect(k.lostFrames, where).toEqual([]);
  expect(k.memoriesWithoutProvenance, where).toBe(0);
}
