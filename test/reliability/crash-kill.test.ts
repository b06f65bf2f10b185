import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expectKillLeftStoreWhole } from '../helpers/kill-report-checks.js';
import { runKillLoop } from './crash-run.js';

/**
 * kill -9 of the capture+agents process at random moments (the benchmark does 20+ of these; the
 * suite does a handful). Set RELIABILITY_SEED to replay a sequence.
 */
const KILLS = 5;
const seed = Number(process.env.RELIABILITY_SEED ?? Date.now() % 1_000_000);

describe('kill -9 during a scripted capture+agents session', { timeout: 300_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'engram-kill-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(`loses nothing and leaves nothing half-written (${KILLS} kills)`, async () => {
    const lines: string[] = [];
    // The first kill waits for the session's first observation, then its random delay: under load a
    // session can take longer than any draw to store anything, and every kill would miss the work.
    const result = await runKillLoop({
      dataDir: dir,
      key: randomBytes(32),
      kills: KILLS,
      seed,
      firstKillInCapture: true,
      firstKillMinObservations: 1,
      log: (l) => lines.push(l),
    });
    console.log(`kill -9 seed ${seed}\n${lines.join('\n')}`);
    let printed = 0;
    for (const k of result.kills) {
      const where = `kill ${k.kill} (${k.phase} +${k.afterMs} ms, seed ${seed})`;
      expectKillLeftStoreWhole(k, where);
      // The file is written before its row: a kill in between can leave one file of the frame in flight.
      expect(k.integrity.orphan_frame_files.length, where).toBeLessThanOrEqual(1);
      printed += k.observationsPrinted;
    }
    // The kills landed while work was going on, not only between sessions.
    expect(printed).toBeGreaterThan(0);

    const f = result.final;
    console.log(`after the final clean run: ${JSON.stringify({ ...f, integrity: f.integrity.problems, integrityAfterRepair: f.integrityAfterRepair.problems })}`);
    expect(f.lostObservations).toEqual([]);
    // The meta-agent took up everything the kills left unprocessed.
    expect(f.unprocessedObservations).toBe(0);
    expect(f.unprocessedMessages).toBe(0);
    // The capture start of the last run removed the frame files the kills left behind (counted
    // without the one the harness planted: at most one per kill, often none), and the planted one.
    console.log(`orphan frame files the kills left: ${f.orphansBeforeLastStart}; planted one cleaned: ${f.plantedCleaned}`);
    expect(f.orphansBeforeLastStart).toBeLessThanOrEqual(KILLS);
    expect(f.plantedCleaned).toBe(true);
    expect(f.orphansAfterLastStart).toEqual([]);
    expect(f.integrity.problems).toEqual([]);
    expect(f.orphansRepaired).toBe(0);
    expect(f.integrityAfterRepair.ok).toBe(true);
  });
});
