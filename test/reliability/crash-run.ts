import { randomBytes } from 'node:crypto';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HashEmbedder, newId, openStore, StaticKeyProvider, type IntegrityReport } from '../../agents/store/index.js';
import { prng } from '../fixtures/prng.js';
import { filesUnder } from './data-scan.js';
import { SessionProcess } from './session-process.js';

/** What one kill -9 left behind, checked with the store opened fresh (as the next start would). */
export interface KillReport {
  kill: number;
  /** ms after spawn (phase 'start': during start-up and recovery) or after `ready` (phase 'capture'). */
  phase: 'start' | 'capture';
  afterMs: number;
  framesPrinted: number;
  observationsPrinted: number;
  memoriesPrinted: number;
  integrity: IntegrityReport;
  /** Observations the session reported stored that are no longer there (must be 0). */
  lostObservations: string[];
  lostFrames: string[];
  /** Memories the sessions reported stored (committed, not deleted since) that are gone, and chat messages likewise. */
  lostMemories: string[];
  lostMessages: string[];
  /** Memories of any kind but core with no source cited (a half-written memory would show here). */
  memoriesWithoutProvenance: number;
  /** Observations not yet turned into memories at the moment of the kill (picked up at next start). */
  unprocessedAtKill: number;
}

export interface KillLoopResult {
  kills: KillReport[];
  final: {
    /** Frame files the kills left without a row, before the last start (the product's own, not the planted one). */
    orphansBeforeLastStart: number;
    /** The orphan the harness planted (what a forget killed between commit and file removal leaves): gone after the last start. */
    plantedCleaned: boolean;
    /** Orphan frame files after the last start (product-made or planted): must be none. */
    orphansAfterLastStart: string[];
    integrity: IntegrityReport;
    lostObservations: string[];
    lostMemories: string[];
    lostMessages: string[];
    unprocessedObservations: number;
    unprocessedMessages: number;
    orphansRepaired: number;
    integrityAfterRepair: IntegrityReport;
    observations: number;
    memories: number;
    recoveredByLastStart: Record<string, number> | null;
  };
}


/** What the sessions said they stored, as ids: what a crash or a power cut must not take back. */
interface Printed {
  obs: string[];
  frames: string[];
  memories: string[];
  memoriesDeleted: Set<string>;
  messages: string[];
}

async function inspect(dataDir: string, key: Buffer, printed: Printed) {
  const { obs: printedObs, frames: printedFrames } = printed;
  const store = await openStore({ dataDir, keyProvider: new StaticKeyProvider(key), embedder: new HashEmbedder(256) });
  try {
    // Checked before anything else runs against it: this is exactly what the crash left.
    const integrity = store.checkIntegrity();
    const lostObservations = printedObs.filter((id) => store.observations.get(id) === null);
    const lostFrames = printedFrames.filter((id) => store.frames.get(id) === null);
    const lostMemories = printed.memories.filter((id) => !printed.memoriesDeleted.has(id) && store.memories.get(id) === null);
    const lostMessages = printed.messages.filter((id) => store.messages.get(id) === null);
    const memoriesWithoutProvenance = store.db
      .prepare("SELECT count(*) FROM memories m WHERE m.kind != 'core' AND NOT EXISTS (SELECT 1 FROM provenance p WHERE p.memory_id = m.id)")
      .pluck()
      .get() as number;
    const unprocessed = store.observations.listUnprocessed(100_000).length;
    const unprocessedMessages = store.messages.listUnprocessed(100_000).length;
    return { store, integrity, lostObservations, lostFrames, lostMemories, lostMessages, memoriesWithoutProvenance, unprocessed, unprocessedMessages };
  } catch (err) {
    await store.close();
    throw err;
  }
}

/**
 * Runs the scripted capture+agents session on one data dir and kills it with SIGKILL at random
 * moments, `kills` times; after each kill the store is opened and checked. Then one last run is
 * allowed to finish cleanly (it recovers everything left unprocessed) and the end state is checked.
 */
export async function runKillLoop(opts: {
  dataDir: string;
  key: Buffer;
  kills: number;
  seed: number;
  /** Longest wait before a kill once capture runs. */
  maxCaptureMs?: number;
  log?: (line: string) => void;
  /** Extra environment for every session (the power-loss disk's preload). */
  sessionEnv?: NodeJS.ProcessEnv;
  /** Kills in the capture phase wait until the session stored this many observations (so the cut finds committed work). */
  minObservations?: number;
  /** ... and this many memories. */
  minMemories?: number;
  /** The first kill always lands in the capture phase (so some cut finds committed work whatever the draw). */
  firstKillInCapture?: boolean;
  /**
   * The first kill, when it lands in the capture phase, waits until the session stored this many
   * observations: on a loaded machine a session can spend its whole random wait before its first frame.
   */
  firstKillMinObservations?: number;
  /** Right after each kill -9, before the data dir is inspected (the power cut). */
  afterKill?: (kill: number) => void;
  /** After the store was opened, checked and closed cleanly following kill `kill`. */
  afterInspect?: (kill: number) => void;
}): Promise<KillLoopResult> {
  const rand = prng(opts.seed);
  const env = { ENGRAM_KEY: opts.key.toString('hex'), ...opts.sessionEnv };
  const allObs: string[] = [];
  const allFrames: string[] = [];
  const printed: Printed = { obs: allObs, frames: allFrames, memories: [], memoriesDeleted: new Set(), messages: [] };
  const collect = (s: SessionProcess) => {
    allObs.push(...s.observations);
    allFrames.push(...s.frames);
    printed.memories.push(...s.memories);
    for (const id of s.memoriesDeleted) printed.memoriesDeleted.add(id);
    printed.messages.push(...s.messages);
  };
  const reports: KillReport[] = [];
  const session = (frames = 0) =>
    new SessionProcess({ dataDir: opts.dataDir, env, frames, intervalMs: 100, chatEvery: 4, ocrDelayMs: 30, statsMs: 0 });

  for (let k = 1; k <= opts.kills; k++) {
    const s = session();
    // One kill in five lands during start-up (store open, migrations check, brain recovery).
    const draw = rand();
    const phase: KillReport['phase'] = draw < 0.2 && !(k === 1 && opts.firstKillInCapture) ? 'start' : 'capture';
    let afterMs: number;
    if (phase === 'start') {
      afterMs = Math.round(300 + rand() * 3000);
      await new Promise((r) => setTimeout(r, afterMs));
    } else {
      await s.until(() => s.ready !== null, 120_000, 'ready');
      const want = Math.max(opts.minObservations ?? 0, k === 1 ? (opts.firstKillMinObservations ?? 0) : 0);
      if (want > 0) await s.until(() => s.observations.length >= want, 120_000, `${want} observations`);
      const wantMemories = opts.minMemories ?? 0;
      if (wantMemories > 0) await s.until(() => s.memories.length >= wantMemories, 120_000, `${wantMemories} memories`);
      afterMs = Math.round(150 + rand() * (opts.maxCaptureMs ?? 2500));
      await new Promise((r) => setTimeout(r, afterMs));
    }
    await s.kill9();
    opts.afterKill?.(k);
    collect(s);
    const r = await inspect(opts.dataDir, opts.key, printed);
    await r.store.close();
    opts.afterInspect?.(k);
    const report: KillReport = {
      kill: k,
      phase,
      afterMs,
      framesPrinted: s.frames.length,
      observationsPrinted: s.observations.length,
      memoriesPrinted: s.memories.length,
      integrity: r.integrity,
      lostObservations: r.lostObservations,
      lostFrames: r.lostFrames,
      lostMemories: r.lostMemories,
      lostMessages: r.lostMessages,
      memoriesWithoutProvenance: r.memoriesWithoutProvenance,
      unprocessedAtKill: r.unprocessed,
    };
    reports.push(report);
    opts.log?.(
      `kill ${k} (${phase} +${afterMs} ms): frames ${s.frames.length}, obs ${s.observations.length}, memories ${s.memories.length}, messages ${s.messages.length}, ` +
        `unprocessed ${r.unprocessed}, integrity ${r.integrity.ok ? 'ok' : r.integrity.problems.join('; ')}, ` +
        `lost obs ${r.lostObservations.length}, frames ${r.lostFrames.length}, memories ${r.lostMemories.length}, messages ${r.lostMessages.length}`,
    );
  }

  // The next start comes later than the kills did: frame files age past the capture's one-minute
  // grace for orphans (another process may be mid-frame), as they would over a real restart.
  // Plus one made by hand: what a forget killed between its commit and its file removal leaves.
  const made = newId('frm', Date.now() - 600_000);
  const shard = join(opts.dataDir, 'frames', made.slice(made.indexOf('_') + 1, made.indexOf('_') + 6));
  mkdirSync(shard, { recursive: true });
  writeFileSync(join(shard, `${made}.bin`), randomBytes(4096));
  const before = await inspect(opts.dataDir, opts.key, printed);
  const orphansBefore = before.integrity.orphan_frame_files;
  const isPlanted = (f: string) => f.includes(made);
  const orphansBeforeLastStart = orphansBefore.filter((f) => !isPlanted(f)).length;
  await before.store.close();
  const past = new Date(Date.now() - 120_000);
  for (const f of filesUnder(join(opts.dataDir, 'frames'))) utimesSync(f, past, past);
  // The next start: recovers what the kills left unprocessed, captures a little, stops cleanly.
  const last = session(6);
  await last.until(() => last.done !== null, 180_000, 'the final clean run');
  await last.exited;
  collect(last);
  const r = await inspect(opts.dataDir, opts.key, printed);
  try {
    const orphansRepaired = r.store.repairOrphans();
    const integrityAfterRepair = r.store.checkIntegrity();
    return {
      kills: reports,
      final: {
        orphansBeforeLastStart,
        plantedCleaned: orphansBefore.some(isPlanted) && !r.integrity.orphan_frame_files.some(isPlanted),
        orphansAfterLastStart: r.integrity.orphan_frame_files,
        integrity: r.integrity,
        lostObservations: r.lostObservations,
        lostMemories: r.lostMemories,
        lostMessages: r.lostMessages,
        unprocessedObservations: r.unprocessed,
        unprocessedMessages: r.unprocessedMessages,
        orphansRepaired,
        integrityAfterRepair,
        observations: r.store.observations.count(),
        memories: r.store.memories.count({}),
        recoveredByLastStart: last.ready,
      },
    };
  } finally {
    await r.store.close();
  }
}
