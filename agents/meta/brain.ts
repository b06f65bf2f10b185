import { BehaviourKeeper, type SynthesisReport } from '../behaviour/index.js';
import { CoreAgent, readCoreBlocks, type CoreBlock } from '../core/index.js';
import { archiveDue, archiveUnused, type ArchiveReport, type DreamOptions, type DreamReport, type PreviewOptions } from '../dream/index.js';
import { EpisodicAgent } from '../episodic/index.js';
import { ExperienceMemory } from '../experience/index.js';
import { GraphKeeper } from '../graph/index.js';
import { KnowledgeVaultAgent, type RedactedSecretInput } from '../knowledge-vault/index.js';
import { requestCutter, type LlmProvider } from '../llm/index.js';
import { VaultCut, type EngramStore, type ObservationRecord, type RescrubbedSecret, type StoreChange } from '../store/index.js';
import { ProceduralAgent } from '../procedural/index.js';
import { ResourceAgent } from '../resource/index.js';
import { SemanticAgent } from '../semantic/index.js';
import { MemoryWriter, type BrainStore, type SubAgent } from '../subagent-kit/index.js';
import { BRAIN_SETTINGS_KEY, BrainSettingsSchema, defaultBrainSettings, type BrainSettings, type BrainSettingsInput } from '../../shared/settings/index.js';
import { keywordIndexUpkeep } from './keyword-index-upkeep.js';
import { redactionRescrub, type RescrubReport } from './redaction-rescrub.js';
import { dreamSchedule, type QueuedDreamReview } from './dream-schedule.js';
import { MetaAgent, type IngestReport } from './meta-agent.js';
import { TimeFormatter } from '../../shared/time/index.js';

export interface BrainOptions {
  /** With feedback and directives: the brain reads chat feedback and keeps directives (MIRA). */
  store: BrainStore & Pick<EngramStore, 'feedback' | 'directives' | 'rescrubSlice' | 'rescrubDue'> & Partial<Pick<EngramStore, 'embedder'>>;
  /**
   * A fixed provider (tests) or a getter: the engine's model getter (electron/engine's modelGetter,
   * settings and environment, re-read on each call), the one way the model is picked.
   */
  llm: LlmProvider | (() => LlmProvider);
  /** Overrides on top of the stored brain settings. */
  settings?: BrainSettingsInput;
  /** Time zone for the times written into memories (default: the machine's). */
  timeZone?: string;
  now?: () => number;
  /** Timer period for idle flushes, segment collapse and the idle dream (default 30 s). */
  tickMs?: number;
  /** start() listens to the store's 'observation' events (default true). */
  subscribe?: boolean;
  log?: (line: string) => void;
}

export interface BrainStatus {
  mode: 'offline' | 'llm';
  llm_degraded: boolean;
  buffered: number;
  queued_jobs: number;
  running: boolean;
  last_error: string | null;
  last_dream_at: string | null;
}

export interface Brain {
  readonly meta: MetaAgent;
  readonly experience: ExperienceMemory;
  readonly agents: SubAgent[];
  /** Feedback on answers and the behavioural directives made from it. */
  readonly behaviour: BehaviourKeeper;
  /** Synthesises directives now (on the brain's queue), after reading every unread chat segment. */
  synthesizeDirectives(): Promise<SynthesisReport>;
  /** Buffers observations (already stored); cheap, never waits for processing. */
  ingestObservations(obs: ObservationRecord | ObservationRecord[]): void;
  /** Turns a thread's new messages (or all unprocessed ones) into memories; resolves when written. */
  ingestMessages(threadId?: string): Promise<IngestReport>;
  /** Flushes the observation buffer and waits until everything queued is processed. */
  flush(): Promise<IngestReport>;
  /** Secrets the capture redactor removed, with their values: kept masked in the vault. */
  recordRedacted(observationId: string, secrets: RedactedSecretInput[]): Promise<string[]>;
  /** Consolidation, on the brain's queue (never concurrent with a batch). */
  dream(opts?: DreamOptions): Promise<DreamReport>;
  /** A dry run kept for review; its apply runs on the brain's queue too (never inside a batch). */
  reviewDream(opts?: PreviewOptions): Promise<QueuedDreamReview>;
  /** Archives memories unused for the set number of days (on the brain's queue); the timer runs it daily. */
  archive(): Promise<ArchiveReport>;
  /** Re-redacts what was kept before the detectors last changed, to the end (start and the timer run it on their own). */
  rescrub(): Promise<RescrubReport>;
  coreBlocks(): CoreBlock[];
  status(): BrainStatus;
  /** Recovers what a crash left unprocessed, then listens and runs its timers. */
  start(): Promise<IngestReport>;
  /** Stops timers and listening, waits for the running batch. Buffered observations stay unprocessed (taken up at next start) unless flush is set. */
  stop(opts?: { flush?: boolean }): Promise<void>;
}

/**
 * The brain in one call: the meta-agent with its six sub-agents, experience memory and dream,
 * wired to one store. The engine builds it with its model getter: `createBrain({ store, llm })`.
 */
export function createBrain(opts: BrainOptions): Brain {
  const { store } = opts;
  const now = opts.now ?? Date.now;
  const time = new TimeFormatter(opts.timeZone);
  const readSettings = (): BrainSettings => {
    const stored = store.settings.get(BRAIN_SETTINGS_KEY, BrainSettingsSchema, defaultBrainSettings());
    return opts.settings ? BrainSettingsSchema.parse({ ...stored, ...opts.settings, dream: { ...stored.dream, ...opts.settings.dream } }) : stored;
  };
  const model = typeof opts.llm === 'function' ? opts.llm : ((fixed: LlmProvider) => () => fixed)(opts.llm);
  // No vault value reaches a model, whichever part of the brain calls it: a chat batch quoting the
  // user's wifi password alone, a note a dream re-reads, a feedback segment.
  const safe = requestCutter(new VaultCut(store.memories).text);
  const llm = (): LlmProvider => safe(model());
  const vault = new KnowledgeVaultAgent(store, time);
  const agents: SubAgent[] = [
    new CoreAgent(store),
    new EpisodicAgent(store, { gapMs: () => readSettings().idle_gap_min * 60_000, chatGapMs: () => readSettings().segment_collapse_min * 60_000, time }),
    new SemanticAgent(store, time),
    new ProceduralAgent(store),
    new ResourceAgent(store),
    vault,
  ];
  const meta = new MetaAgent({ store, llm, agents, settings: readSettings, time, now, log: opts.log });
  // Similar tasks by meaning as well as by words, as the engine's experience requests find them.
  const experience = new ExperienceMemory(store, { halfLifeDays: () => readSettings().experience_half_life_days, now, searchMode: 'hybrid', embedder: store.embedder ?? null });

  let timer: NodeJS.Timeout | null = null;
  let running = false;
  const onObservation = (ev: StoreChange): void => {
    if (ev.op !== 'insert') return;
    for (const id of ev.ids) {
      const o = store.observations.get(id);
      if (o) meta.ingestObservation(o);
    }
  };

  const dreams = dreamSchedule({ store, meta, timeZone: time.timeZone, now, llm, settings: readSettings, log: opts.log });
  // The keyword indexes' segments are merged into one in idle time, a slice per turn of the queue.
  const keywordIndex = keywordIndexUpkeep({ store, meta, now, settings: readSettings, log: opts.log });
  const recordRedacted = async (observationId: string, secrets: RedactedSecretInput[]): Promise<string[]> => {
    const o = store.observations.get(observationId);
    if (!o) return [];
    return meta.exclusive(() => vault.recordRedacted(o, secrets, new MemoryWriter(store)));
  };
  // Text kept before the detectors last changed is redacted again, from start, a batch at a time;
  // what it takes out goes to the vault in the batch's own transaction (the pass runs in meta.exclusive).
  const keepRescrubbed = (found: RescrubbedSecret[]): void => {
    vault.recordRescrubbed(found, new MemoryWriter(store));
  };
  const rescrub = redactionRescrub({ store, meta, vault: keepRescrubbed, log: opts.log });

  const runArchive = (): Promise<ArchiveReport> =>
    meta.exclusive(async () => {
      const days = readSettings().archive_after_days;
      const r = archiveUnused(store, { now: now(), afterDays: days });
      if (r.archived.length) opts.log?.(`brain: archived ${r.archived.length} memories unused for ${days} days`);
      return r;
    });
  let archiving = false;
  const maybeArchive = (): void => {
    if (archiving || !archiveDue(store, now())) return;
    archiving = true;
    runArchive()
      .catch((e: unknown) => opts.log?.(`brain: archive failed: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`))
      .finally(() => {
        archiving = false;
      });
  };

  // Feedback is read from chat segments once they are quiet; directives every 7 active-use days.
  const behaviour = new BehaviourKeeper(store, llm, { now, timeZone: time.timeZone, log: opts.log });
  const behaviourTick = (): void => {
    void meta.exclusive(() => behaviour.tick()).catch((e: unknown) => opts.log?.(`brain: directives: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`));
  };

  // The graph reads memories a moment after they are written (and catches up at start).
  const graph = new GraphKeeper(store, opts.log);
  // A brain that was never started and saw no memory written catches nothing up at stop: a command
  // that changed nothing (a refused `engram dream`, an `ask`) must leave the graph tables as they were.
  let started = false;
  let memoryWritten = false;
  const onMemoryWrite = (): void => {
    memoryWritten = true;
    // A value new to the vault marks kept text for a sweep (store migration 023): run it now, not at
    // the next tick, once the write's own transaction is over.
    if (running) setImmediate(() => rescrub.maybe());
  };
  store.events.on('memory', onMemoryWrite);

  return {
    meta,
    experience,
    agents,
    behaviour,
    synthesizeDirectives: () => meta.exclusive(() => behaviour.synthesize()),
    ingestObservations(obs) {
      for (const o of Array.isArray(obs) ? obs : [obs]) meta.ingestObservation(o);
    },
    ingestMessages: (threadId) => meta.ingestMessages(threadId),
    flush: async () => {
      const r = await meta.flush('manual');
      graph.catchUp();
      return r;
    },
    recordRedacted,
    dream: dreams.run,
    reviewDream: dreams.review,
    archive: runArchive,
    rescrub: () => rescrub.run(),
    coreBlocks: () => readCoreBlocks(store),
    status() {
      const last = dreams.lastRun();
      return {
        mode: llm().online ? 'llm' : 'offline',
        llm_degraded: meta.llmDegraded,
        buffered: meta.bufferedCount,
        queued_jobs: meta.queuedJobs,
        running,
        last_error: meta.lastError,
        last_dream_at: last === null ? null : new Date(last).toISOString(),
      };
    },
    async start() {
      if (running) return meta.recover();
      running = true;
      started = true;
      meta.touch();
      if (opts.subscribe ?? true) store.events.on('observation', onObservation);
      graph.start();
      // The timer first: a recovery that fails must not leave the session without flushes,
      // segment collapse, dream or directives.
      timer = setInterval(() => {
        meta.tick();
        dreams.maybe();
        keywordIndex.maybe();
        rescrub.maybe();
        maybeArchive();
        behaviourTick();
      }, opts.tickMs ?? 30_000);
      timer.unref();
      rescrub.start();
      return meta.recover();
    },
    async stop(o = {}) {
      if (timer) clearInterval(timer);
      rescrub.stop();
      timer = null;
      store.events.off('observation', onObservation);
      running = false;
      if (o.flush) await meta.flush('stop');
      await meta.idle();
      graph.stop();
      store.events.off('memory', onMemoryWrite);
      if (!started && !memoryWritten) return;
      try {
        graph.catchUp();
      } catch (e) {
        // Unread memories are read at the next start.
        opts.log?.(`graph: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
      }
    },
  };
}
