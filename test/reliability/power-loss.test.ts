import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expectKillLeftStoreWhole } from '../helpers/kill-report-checks.js';
import { runKillLoop } from './crash-run.js';
import { PowerLossDisk, type PowerCut } from './power-loss/power-loss-disk.js';

/**
 * Power loss during a scripted capture+agents session: kill -9 at random moments, as in the kill -9
 * test, and then the power cut: every write that was not fsynced is thrown away (the session runs
 * with an fsync-recording preload; the data dir is rebuilt from what was fsynced, names included;
 * the model's own checks are power-loss-disk.test.ts). What the session said it stored must all be
 * there, whole. The seed draws the kill schedule (phase, delay); RELIABILITY_SEED=N replays it
 * (the moment a kill lands in the session's work still varies with the machine's load).
 */
const KILLS = 3;
const seed = Number(process.env.RELIABILITY_SEED ?? Date.now() % 1_000_000);

describe('power loss during a scripted capture+agents session', { timeout: 420_000 }, () => {
  const work = mkdtempSync(join(tmpdir(), 'engram-powerloss-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it(`loses nothing committed and keeps integrity when unsynced writes are dropped (${KILLS} cuts, seed ${seed})`, async () => {
    console.log(`power loss: seed ${seed} (replay: RELIABILITY_SEED=${seed})`);
    const disk = new PowerLossDisk(join(work, 'data'), work);
    const cuts: PowerCut[] = [];
    const lines: string[] = [];
    const result = await runKillLoop({
      dataDir: disk.root,
      key: randomBytes(32),
      kills: KILLS,
      seed,
      sessionEnv: disk.env(),
      // Every cut lands after the session said it stored something: that is what must survive.
      minObservations: 2,
      minMemories: 1,
      firstKillInCapture: true,
      afterKill: () => cuts.push(disk.cut()),
      // The check opens the store in this process, outside the preload, and closes it cleanly (SQLite's
      // close checkpoints and fsyncs the database): what it leaves is durable, as after a clean shutdown.
      afterInspect: () => disk.snapshot(),
      log: (l) => lines.push(l),
    });
    console.log(
      `power loss seed ${seed}\n${lines.map((l, i) => `${l}; cut dropped ${cuts[i]!.files} file(s), ${cuts[i]!.bytes} bytes [${cuts[i]!.which.join(', ')}], ${cuts[i]!.records} fsync records`).join('\n')}`,
    );
    for (const k of result.kills) {
      const where = `cut ${k.kill} (${k.phase} +${k.afterMs} ms, seed ${seed})`;
      // The preload saw the session's fsyncs (a session that stored observations made some): without
      // it every cut would go back to the last snapshot.
      if (k.phase === 'capture') expect(cuts[k.kill - 1]!.records, where).toBeGreaterThan(0);
      expectKillLeftStoreWhole(k, where);
      expect(k.lostMemories, where).toEqual([]);
      expect(k.lostMessages, where).toEqual([]);
    }
    expect(result.kills.reduce((n, k) => n + k.observationsPrinted, 0)).toBeGreaterThan(0);
    expect(result.kills.reduce((n, k) => n + k.memoriesPrinted, 0), 'the brain stored memories before a cut').toBeGreaterThan(0);

    const f = result.final;
    expect(f.lostObservations).toEqual([]);
    expect(f.lostMemories).toEqual([]);
    expect(f.lostMessages).toEqual([]);
    expect(f.unprocessedObservations).toBe(0);
    expect(f.integrity.problems).toEqual([]);
    expect(f.integrityAfterRepair.ok).toBe(true);
  });
});
