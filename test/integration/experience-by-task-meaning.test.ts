import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExperienceMemory } from '../../agents/experience/index.js';
import { openStore, StaticKeyProvider, UseEmbedder } from '../../agents/store/index.js';

const NOW = Date.parse('2026-03-01T12:00:00Z');

// Tasks written for this test, apart from the grouping floor and from the recommend paraphrase set.
describe('"What worked" lists a task said in other words as one task (USE lite)', { timeout: 180_000 }, () => {
  let embedder: UseEmbedder;
  beforeAll(() => {
    embedder = new UseEmbedder();
  });
  afterAll(async () => {
    await embedder.close();
  });

  it('joins two wordings of one chore, keeps an unrelated one apart, and keeps the counts exact', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'engram-what-worked-meaning-'));
    const store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(randomBytes(32)), embedder: null });
    try {
      const xp = new ExperienceMemory(store, { now: () => NOW, searchMode: 'bm25', embedder });
      const rec = (task: string, action: string, outcome: 'success' | 'failure', minutesAgo: number) =>
        xp.record({ task, action, outcome }, [], NOW - minutesAgo * 60_000);
      rec('the printer in the office will not print', 'power-cycle the printer', 'success', 50);
      rec('the printer in the office will not print', 'power-cycle the printer', 'success', 40);
      rec('office printer refuses to print', 'reinstall the driver', 'failure', 30);
      rec('water the balcony plants', 'use the drip hose', 'success', 20);
      const tasks = await xp.byTask();
      expect(tasks.map((t) => [t.task, t.experiences])).toEqual([
        ['water the balcony plants', 1],
        ['office printer refuses to print', 3],
      ]);
      const printer = tasks[1]!.actions;
      expect(printer.map((a) => [a.action, a.successes, a.failures])).toEqual([
        ['power-cycle the printer', 2, 0],
        ['reinstall the driver', 0, 1],
      ]);
      // By words alone the two wordings stay two rows (what the window showed before).
      const words = new ExperienceMemory(store, { now: () => NOW, searchMode: 'bm25' });
      expect((await words.byTask()).length).toBe(3);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
