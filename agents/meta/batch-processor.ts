import type { MemoryKind } from '../../shared/index.js';
import { readCoreBlocks } from '../core/index.js';
import { LlmError, type LlmProvider } from '../llm/index.js';
import { StoreError } from '../store/index.js';
import type { Memory } from '../../shared/index.js';
import {
  BatchAnalysis,
  ChainBudget,
  MemoryWriter,
  heartbeatTool,
  runMemoryChain,
  touchedMemories,
  truncate,
  type ChainResult,
  type SourceBatch,
  type SubAgent,
  type SubAgentContext,
} from '../subagent-kit/index.js';
import type { BatchSchedule } from './batch-schedule.js';
import { EpisodeContinuation } from './episode-continuation.js';
import { emptyReport, type IngestReport } from './ingest-report.js';
import { extractWithLlm } from './llm-extraction.js';
import { agentsFor, offersGraph } from './batch-reach.js';
import { graphTool, recordHeldGraph } from './graph-tool.js';
import type { ModelGraph } from '../graph/index.js';
import { routeWithLlm } from './llm-router.js';
import { fallbackReason, recordFallback, requireToolAnswer } from './model-fallback.js';
import type { MetaAgentDeps } from './meta-agent.js';
import { routeOffline } from './offline-router.js';
import { redactionSwitches } from './privacy-filter.js';
import { renderBatch, renderCore, renderKnown } from './prompt-render.js';

/** Thrown when the model is down and the batch must wait (it stays unprocessed in the store). */
export class BatchDeferred extends Error {}

/**
 * Turns one batch into memories: routes it (the model, or the rules when there is no model or it
 * has been down a while) to the sub-agents, continues known episodes when nothing on screen is new,
 * and returns what was written. Does not mark sources processed: the meta-agent does, afterwards.
 */
export class BatchProcessor {
  private readonly episodes: EpisodeContinuation;

  constructor(
    private readonly deps: MetaAgentDeps,
    private readonly schedule: BatchSchedule,
    private readonly now: () => number,
    private readonly fail: (e: unknown) => void,
  ) {
    this.episodes = new EpisodeContinuation(deps.store);
  }

  /** Routes one batch and writes its memories; throws BatchDeferred when the model is down. */
  async process(batch: SourceBatch): Promise<IngestReport> {
    // Offline, a batch awaits nothing real (no model, no disk wait): without this turn, batches queued
    // back to back (a catch-up) would run as one long chain of microtasks, and the embedding worker's
    // answers, timers and IPC would wait for the last of them. The embedder then works beside the
    // next batch instead of after all of them.
    await new Promise<void>((resolve) => setImmediate(resolve));
    // Memories are embedded after the batch, not between its writes: an episode continued and then
    // cited again in one batch is embedded once, in one call with the batch's other memories.
    const release = this.deps.store.holdMemoryEmbedding();
    try {
      return await this.processHeld(batch);
    } finally {
      release();
    }
  }

  private async processHeld(batch: SourceBatch): Promise<IngestReport> {
    const llm = this.deps.llm();
    const fallbackMs = this.deps.settings().llm_outage_fallback_min * 60_000;
    const offline = !llm.online || this.schedule.llmDownFor(this.now(), fallbackMs);
    const ctx = this.context(batch, !offline);
    const report = emptyReport();
    report.batches = 1;
    // What the model's graph_record call named, written once the batch's memories exist.
    const graphs: ModelGraph[] = [];
    if (offline) {
      report.routes.push(await this.runOffline(ctx));
    } else if (this.episodes.allSeen(batch)) {
      // Nothing new on screen: spend no call.
      const episodic = this.deps.agents.find((a) => a.kind === 'episodic');
      report.routes.push(await this.episodes.continue(ctx, batch, episodic, (only) => this.runOffline(ctx, only)));
    } else {
      try {
        const r = await this.runLlm(llm, ctx, graphs);
        report.routes.push(r.kinds);
        report.llm_calls += r.calls;
        report.chains.push(...r.chains.map((c) => ({ kind: c.kind, steps: c.steps, finished: c.finished, stopped_by: c.stopped_by })));
        this.schedule.llmUp(this.now());
      } catch (e) {
        const reason = fallbackReason(e);
        if (reason) {
          // The model answered, but unusably (prose, a refusal, HTTP 400): waiting will not help, so
          // the rules take this batch now, beside whatever the model did write (the writer dedupes).
          this.fail(e);
          recordFallback(this.deps.store, this.deps.time, reason, e instanceof Error ? e.message : String(e), this.now());
          report.rules_fallbacks = 1;
          report.routes.push(await this.runOffline(ctx));
        } else if (e instanceof LlmError) {
          this.schedule.llmDown(this.now());
          this.fail(e);
          throw new BatchDeferred(e.message);
        } else throw e;
      }
    }
    const outcomes = ctx.writer.drain();
    recordHeldGraph(ctx, graphs, outcomes);
    this.episodes.remember(batch, outcomes);
    report.outcomes = outcomes;
    for (const o of outcomes) if (o.op !== 'noop' && !report.memory_ids.includes(o.id)) report.memory_ids.push(o.id);
    return report;
  }

  private context(batch: SourceBatch, online: boolean): SubAgentContext {
    const analysis = new BatchAnalysis(batch, redactionSwitches(this.deps.store));
    return {
      store: this.deps.store,
      writer: new MemoryWriter(this.deps.store, { searchMode: online ? 'hybrid' : 'bm25' }),
      analysis,
      time: this.deps.time,
      now: this.now(),
      sources: (numbers) => (numbers?.length ? analysis.provenanceOf(numbers.map((n) => n - 1)) : analysis.allProvenance),
    };
  }

  /** Offline: rules route, each routed agent's extractor drafts, the writer deduplicates. */
  private async runOffline(ctx: SubAgentContext, only?: SubAgent[]): Promise<MemoryKind[]> {
    const pool = agentsFor(only ?? this.deps.agents, ctx.analysis);
    const kinds = routeOffline(pool, ctx.analysis);
    const routed = pool.filter((a) => kinds.includes(a.kind));
    for (const agent of routed) {
      const drafts = await agent.extract(ctx);
      for (const d of drafts) {
        try {
          await ctx.writer.upsert(d, agent.policy);
        } catch (e) {
          // One malformed draft must not hold the whole batch back forever.
          if (e instanceof StoreError && e.code === 'INVALID_INPUT') this.fail(e);
          else throw e;
        }
      }
    }
    return routed.map((a) => a.kind);
  }

  /**
   * Model mode. One routing call; then the routed kinds split in two: kinds whose existing memories
   * the batch touches (see touches(): a retrieved memory whose subject the batch names, or a core
   * block near its limit) each run their own check-before-write chain; the rest share today's single
   * extraction call, the cheap path for a batch about new things.
   */
  private async runLlm(llm: LlmProvider, ctx: SubAgentContext, graphs: ModelGraph[]): Promise<{ kinds: MemoryKind[]; calls: number; chains: ChainResult[] }> {
    const time = this.deps.time;
    const batchText = renderBatch(ctx.analysis, time);
    const route = await routeWithLlm(llm, batchText);
    if (!route.kinds.length) return { kinds: [], calls: 1, chains: [] };
    // The router reads the batch too and may be steered by it: core only for the user's own words.
    const routed = agentsFor(this.deps.agents, ctx.analysis).filter((a) => route.kinds.includes(a.kind));
    if (!routed.length) return { kinds: [], calls: 1, chains: [] };
    const query = truncate(
      ctx.analysis.lines
        .slice(0, 60)
        .map((l) => l.text)
        .join(' '),
      400,
    );
    const knownOf = new Map<MemoryKind, Memory[]>();
    for (const a of routed) knownOf.set(a.kind, await a.known(ctx, query));
    // Whatever the model is shown beside the batch it may copy into a core line: not the user's words.
    ctx.analysis.show([...knownOf.values()].flat().filter((m) => m.kind !== 'core').map((m) => `${m.title}\n${m.text}\n${m.details ?? ''}`));
    const settings = this.deps.settings();
    // The per-batch cost cap: every chain of this batch, its steps and finish turn, is paid from it.
    const budget = new ChainBudget(settings.chain_budget_calls);
    // Touched kinds chain, as many as the cap gives a step and a finish turn each; the rest extract.
    const chained = routed.filter((a) => touchedMemories(knownOf.get(a.kind) ?? [], ctx.analysis).length > 0).slice(0, Math.floor(budget.left / 2));
    const plain = routed.filter((a) => !chained.includes(a));
    const core = renderCore(readCoreBlocks(this.deps.store), ctx.analysis.redaction);
    let calls = 1;
    // MIRIX's heartbeat: a kind of the extraction call may ask for another step, i.e. a chain of its own.
    const heartbeats = new Set<MemoryKind>();
    if (plain.length) {
      const known = plain.filter((a) => a.kind !== 'core').flatMap((a) => knownOf.get(a.kind) ?? []);
      const result = await extractWithLlm(llm, {
        agents: plain,
        ctx,
        kinds: plain.map((a) => a.kind),
        batchText,
        known: renderKnown(known, ctx.analysis.redaction),
        core,
        now: this.now(),
        extraTools: [
          ...(offersGraph(plain.map((a) => a.kind)) ? [graphTool(ctx, graphs)] : []),
          // Offered only while the cap leaves room for a chain beside the touched ones.
          ...(budget.left - 2 * chained.length >= 2 ? [heartbeatTool(plain.map((a) => a.kind), heartbeats)] : []),
        ],
      });
      calls += result.responses.length;
      requireToolAnswer(result, 'extraction');
    }
    const chains: ChainResult[] = [];
    const maxSteps = settings.max_chaining_steps;
    const asked = plain.filter((a) => heartbeats.has(a.kind));
    const queue = [...chained.map((agent) => ({ agent, heartbeat: false })), ...asked.map((agent) => ({ agent, heartbeat: true }))];
    for (let i = 0; i < queue.length; i++) {
      const { agent, heartbeat } = queue[i]!;
      // Touched chains were sized to fit; a heartbeat's chain runs only while the cap still allows a step.
      const after = queue.slice(i + 1).filter((q) => !q.heartbeat).length;
      if (budget.stepsFor(maxSteps, after) < 1) continue;
      const touched = touchedMemories(knownOf.get(agent.kind) ?? [], ctx.analysis);
      const context = [
        `Now: ${new Date(this.now()).toISOString()}`,
        `Core blocks:\n${core}`,
        `Your ${agent.kind} memories this batch touches:\n${renderKnown(touched, ctx.analysis.redaction) || '(none shown: search for them)'}`,
        ...(heartbeat ? ['You asked for this step (a heartbeat) after the extraction call: what it wrote is saved; search, then update, merge or add what is still missing.'] : []),
      ].join('\n\n');
      const r = await runMemoryChain(llm, agent, ctx, { batchText, context, maxSteps, budget, chainsAfter: after });
      calls += r.steps;
      requireToolAnswer(r, `${agent.kind} chain`);
      chains.push(r);
    }
    return { kinds: route.kinds.filter((k) => routed.some((a) => a.kind === k)), calls, chains };
  }
}
