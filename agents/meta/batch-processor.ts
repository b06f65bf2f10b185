import type { MemoryKind } from '../../shared/index.js';
import { readCoreBlocks } from '../core/index.js';
import { LlmError, type LlmProvider } from '../llm/index.js';
import { StoreError } from '../store/index.js';
import { BatchAnalysis, MemoryWriter, truncate, type SourceBatch, type SubAgent, type SubAgentContext } from '../subagent-kit/index.js';
import type { BatchSchedule } from './batch-schedule.js';
import { EpisodeContinuation } from './episode-continuation.js';
import { emptyReport, type IngestReport } from './ingest-report.js';
import { extractWithLlm } from './llm-extraction.js';
import { routeWithLlm } from './llm-router.js';
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
    const llm = this.deps.llm();
    const fallbackMs = this.deps.settings().llm_outage_fallback_min * 60_000;
    const offline = !llm.online || this.schedule.llmDownFor(this.now(), fallbackMs);
    const ctx = this.context(batch, !offline);
    const report = emptyReport();
    report.batches = 1;
    if (offline) {
      report.routes.push(await this.runOffline(ctx));
    } else if (this.episodes.allSeen(batch)) {
      // Nothing new on screen: spend no call.
      const episodic = this.deps.agents.find((a) => a.kind === 'episodic');
      report.routes.push(await this.episodes.continue(ctx, batch, episodic, (only) => this.runOffline(ctx, only)));
    } else {
      try {
        const r = await this.runLlm(llm, ctx);
        report.routes.push(r.kinds);
        report.llm_calls += r.calls;
        this.schedule.llmUp(this.now());
      } catch (e) {
        if (e instanceof LlmError && e.code !== 'BAD_REQUEST') {
          this.schedule.llmDown(this.now());
          this.fail(e);
          throw new BatchDeferred(e.message);
        }
        throw e;
      }
    }
    const outcomes = ctx.writer.drain();
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
    const kinds = routeOffline(only ?? this.deps.agents, ctx.analysis);
    const routed = (only ?? this.deps.agents).filter((a) => kinds.includes(a.kind));
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

  private async runLlm(llm: LlmProvider, ctx: SubAgentContext): Promise<{ kinds: MemoryKind[]; calls: number }> {
    const time = this.deps.time;
    const batchText = renderBatch(ctx.analysis, time);
    const route = await routeWithLlm(llm, batchText);
    if (!route.kinds.length) return { kinds: [], calls: 1 };
    const routed = this.deps.agents.filter((a) => route.kinds.includes(a.kind));
    const query = truncate(
      ctx.analysis.lines
        .slice(0, 60)
        .map((l) => l.text)
        .join(' '),
      400,
    );
    const known = (await Promise.all(routed.filter((a) => a.kind !== 'core').map((a) => a.known(ctx, query)))).flat();
    const result = await extractWithLlm(llm, {
      agents: this.deps.agents,
      ctx,
      kinds: route.kinds,
      batchText,
      known: renderKnown(known, ctx.analysis.redaction),
      core: renderCore(readCoreBlocks(this.deps.store), ctx.analysis.redaction),
      now: this.now(),
    });
    return { kinds: route.kinds, calls: 1 + result.responses.length };
  }
}
