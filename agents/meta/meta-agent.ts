import { createHash } from 'node:crypto';
import type { MemoryKind } from '../../shared/index.js';
import { readCoreBlocks } from '../core/index.js';
import { sessionDraft, sessionPolicy } from '../episodic/index.js';
import { LlmError, type LlmProvider } from '../llm/index.js';
import { StoreError, type MessageRecord, type ObservationRecord } from '../store/index.js';
import {
  BatchAnalysis,
  MemoryWriter,
  truncate,
  type BrainStore,
  type FlushReason,
  type MessageBatch,
  type ObservationBatch,
  type SourceBatch,
  type SubAgent,
  type SubAgentContext,
  type TimeFormat,
  type WriteOutcome,
} from '../subagent-kit/index.js';
import type { BrainSettings } from './brain-settings.js';
import { extractWithLlm } from './llm-extraction.js';
import { routeWithLlm } from './llm-router.js';
import { routeOffline } from './offline-router.js';
import { ObservationBuffer, type BufferOptions, type BufferResult, type FlushItem, type SegmentEnd } from './observation-buffer.js';
import { privacyRules, redactionSwitches } from './privacy-filter.js';
import { renderBatch, renderCore, renderKnown } from './prompt-render.js';
import { SerialQueue } from './serial-queue.js';

export interface MetaAgentDeps {
  store: BrainStore;
  /** Read on every batch, so a key added in settings takes effect without a restart. */
  llm: () => LlmProvider;
  agents: SubAgent[];
  settings: () => BrainSettings;
  time: TimeFormat;
  now?: () => number;
  log?: (line: string) => void;
}

/** What one ingest/flush did. */
export interface IngestReport {
  batches: number;
  observations: number;
  messages: number;
  /** Memories inserted or changed, in order, without repeats. */
  memory_ids: string[];
  outcomes: WriteOutcome[];
  /** Kinds routed, per batch. */
  routes: MemoryKind[][];
  llm_calls: number;
  /** Batches left queued (model unreachable): they stay unprocessed in the store and are retried. */
  deferred: number;
  /** Sources dropped by the privacy re-check (excluded apps/titles). */
  excluded: number;
}

export function emptyReport(): IngestReport {
  return { batches: 0, observations: 0, messages: 0, memory_ids: [], outcomes: [], routes: [], llm_calls: 0, deferred: 0, excluded: 0 };
}

function mergeReport(into: IngestReport, r: IngestReport): IngestReport {
  into.batches += r.batches;
  into.observations += r.observations;
  into.messages += r.messages;
  for (const id of r.memory_ids) if (!into.memory_ids.includes(id)) into.memory_ids.push(id);
  into.outcomes.push(...r.outcomes);
  into.routes.push(...r.routes);
  into.llm_calls += r.llm_calls;
  into.deferred += r.deferred;
  into.excluded += r.excluded;
  return into;
}

/** Thrown inside a job when the model is down and the batch must wait. */
class Deferred extends Error {}

const MAX_PENDING_BATCHES = 64;
const MAX_CHAT_CHUNK = 40;
const FINGERPRINTS = 4000;
const RETRY_MIN_MS = 60_000;
const RETRY_MAX_MS = 30 * 60_000;
/** A full disk or a busy database clears by itself (space freed, the other writer done): try again soon. */
const STORE_RETRY_MS = 2_000;
const TRANSIENT_CODES = new Set(['DISK_FULL', 'BUSY', 'SQLITE_FULL', 'SQLITE_BUSY', 'SQLITE_LOCKED', 'ENOSPC']);
/** Typed by the store or raw from SQLite/fs (sub-agents write through repositories that do not wrap every error). */
const transientStoreError = (e: unknown) => !!e && typeof e === 'object' && TRANSIENT_CODES.has(String((e as { code?: unknown }).code));

/**
 * The meta-agent: buffers observations, flushes them by its rules, routes each batch (model or
 * rules) to the sub-agents, and marks sources processed only after their memories are written.
 * All processing runs on one serial queue, off the capture path.
 */
export class MetaAgent {
  private buffer: ObservationBuffer;
  private readonly queue = new SerialQueue();
  private readonly now: () => number;
  private readonly buffered = new Set<string>();
  /** Content fingerprints of recently processed observations → the episodes written for them. */
  private readonly fingerprints = new Map<string, string[]>();
  private llmDownSince: number | null = null;
  /** When to try the model again for batches it could not take (null: nothing waiting). */
  private retryAt: number | null = null;
  private retryDelay = RETRY_MIN_MS;
  /** Sources wait unprocessed because a write failed on a full disk or a busy database. */
  private storeRetryPending = false;
  private pendingBatches = 0;
  private needsRecovery = false;
  private lastActivity = 0;
  lastError: string | null = null;

  constructor(private readonly deps: MetaAgentDeps) {
    this.now = deps.now ?? Date.now;
    this.buffer = this.newBuffer();
  }

  private bufferOptions(): BufferOptions {
    const s = this.deps.settings();
    return { flushSize: s.flush_size, idleGapMs: s.idle_gap_min * 60_000, segmentCollapseMs: s.segment_collapse_min * 60_000 };
  }

  private newBuffer(): ObservationBuffer {
    return new ObservationBuffer(this.bufferOptions());
  }

  get bufferedCount(): number {
    return this.buffer.size;
  }

  get queuedJobs(): number {
    return this.queue.pending;
  }

  get llmDegraded(): boolean {
    return this.llmDownSince !== null;
  }

  get lastActivityAt(): number {
    return this.lastActivity;
  }

  /** Marks "the user is active now" (start-up counts: no dream the moment the app opens). */
  touch(): void {
    this.lastActivity = this.now();
  }

  /** Takes an observation into the buffer; cheap and synchronous (the capture path calls it). */
  ingestObservation(o: ObservationRecord): void {
    if (o.processed_at != null || this.buffered.has(o.id)) return;
    this.buffered.add(o.id);
    this.lastActivity = this.now();
    this.dispatch(this.buffer.add(o, this.now()));
  }

  /** Timer: idle-gap flushes and segment collapse (and the flush rules follow settings changes). */
  tick(): void {
    this.buffer.setOptions(this.bufferOptions());
    this.dispatch(this.buffer.check(this.now()));
    if (this.retryAt !== null && this.now() >= this.retryAt) {
      this.retryAt = null;
      this.storeRetryPending = false;
      void this.queue.run(() => this.recoverRetrying()).catch((e: unknown) => this.fail(e));
    }
  }

  /** A recovery pass that, if the store is still full or busy, tries again later instead of failing. */
  private async recoverRetrying(): Promise<IngestReport> {
    try {
      return await this.recoverNow();
    } catch (e) {
      if (!transientStoreError(e)) throw e;
      this.deferForStore(e);
      return { ...emptyReport(), deferred: 1 };
    }
  }

  private deferForStore(e: unknown): void {
    this.fail(e);
    this.storeRetryPending = true;
    this.retryAt ??= this.now() + STORE_RETRY_MS;
  }

  /** Flushes the buffer and resolves when everything queued so far is processed. */
  async flush(reason: FlushReason = 'manual'): Promise<IngestReport> {
    const item = this.buffer.drain(reason);
    const report = item ? await this.enqueueBatch(item) : emptyReport();
    // Work that waits because the disk was full (or the database busy) is tried now rather than at
    // its retry time; a model outage keeps its backoff.
    if (this.storeRetryPending) {
      this.storeRetryPending = false;
      mergeReport(report, await this.queue.run(() => this.recoverRetrying()));
    }
    await this.queue.idle();
    return report;
  }

  /**
   * A chat turn (or `engram add`): flushes the observation buffer, then turns the thread's new
   * messages into memories. Without a thread id, every unprocessed message is taken.
   */
  async ingestMessages(threadId?: string, reason: FlushReason = 'chat_turn'): Promise<IngestReport> {
    this.lastActivity = this.now();
    const item = this.buffer.drain('chat_turn');
    const pending = item ? this.enqueueBatch(item) : null;
    const report = await this.queue.run(() => this.processMessages(threadId, reason));
    if (pending) mergeReport(report, await pending);
    return report;
  }

  /** Start-up: everything left unprocessed (a crash mid-batch, a model outage) is taken up again. */
  recover(): Promise<IngestReport> {
    return this.queue.run(() => this.recoverNow());
  }

  idle(): Promise<void> {
    return this.queue.idle();
  }

  /** Runs a job on the brain's queue (dream, session summaries): never concurrent with a batch. */
  exclusive<T>(job: () => Promise<T>): Promise<T> {
    return this.queue.run(job);
  }

  private dispatch(res: BufferResult): void {
    for (const f of res.flushes) void this.enqueueBatch(f).catch((e: unknown) => this.fail(e));
    for (const e of res.ended) void this.queue.run(() => this.summarizeSegment(e)).catch((err: unknown) => this.fail(err));
  }

  private enqueueBatch(item: FlushItem): Promise<IngestReport> {
    for (const o of item.observations) this.buffered.delete(o.id);
    if (this.pendingBatches >= MAX_PENDING_BATCHES) {
      // Bounded memory: the batch stays unprocessed in the store; a recovery pass picks it up.
      this.needsRecovery = true;
      return Promise.resolve({ ...emptyReport(), deferred: 1 });
    }
    this.pendingBatches++;
    return this.queue.run(async () => {
      try {
        return await this.processObservations(item);
      } catch (e) {
        // The batch stays unprocessed in the store; without a retry it would wait for the next start.
        if (!transientStoreError(e)) throw e;
        this.deferForStore(e);
        return { ...emptyReport(), deferred: 1 };
      } finally {
        this.pendingBatches--;
        if (this.pendingBatches === 0 && this.needsRecovery) {
          this.needsRecovery = false;
          void this.queue.run(() => this.recoverNow()).catch((e: unknown) => this.fail(e));
        }
      }
    });
  }

  private fail(e: unknown): void {
    this.lastError = e instanceof Error ? e.message.split('\n')[0]! : String(e);
    this.deps.log?.(`brain: ${this.lastError}`);
  }

  private async processObservations(item: FlushItem): Promise<IngestReport> {
    const report = emptyReport();
    // Re-read: a batch may hold observations already processed (recovery) or forgotten meanwhile.
    const fresh = item.observations
      .map((o) => this.deps.store.observations.get(o.id))
      .filter((o): o is ObservationRecord => o !== null && o.processed_at == null);
    if (!fresh.length) return report;
    const rules = privacyRules(this.deps.store);
    const allowed = fresh.filter((o) => !rules.excludedApp(o.app) && !rules.excludedTitle(o.title));
    report.excluded = fresh.length - allowed.length;
    if (allowed.length) {
      const batch: ObservationBatch = { type: 'observations', observations: allowed, segment: item.segment, reason: item.reason };
      try {
        mergeReport(report, await this.processBatch(batch));
      } catch (e) {
        if (e instanceof Deferred) return { ...report, deferred: 1 };
        throw e;
      }
      this.dropForgotten('observation', allowed.map((o) => o.id), (id) => this.deps.store.observations.get(id) !== null);
    }
    this.deps.store.observations.markProcessed(fresh.map((o) => o.id), this.now());
    report.observations = fresh.length;
    return report;
  }

  private async processMessages(threadId: string | undefined, reason: FlushReason): Promise<IngestReport> {
    const report = emptyReport();
    const store = this.deps.store;
    const byThread = new Map<string, MessageRecord[]>();
    if (threadId) {
      if (!store.threads.get(threadId)) throw new StoreError('NOT_FOUND', `no thread ${threadId}`);
      byThread.set(threadId, store.messages.list(threadId).filter((m) => m.processed_at == null));
    } else {
      for (const m of store.messages.listUnprocessed(5000)) {
        const list = byThread.get(m.thread_id) ?? [];
        list.push(m);
        byThread.set(m.thread_id, list);
      }
    }
    for (const [tid, msgs] of byThread) {
      if (!msgs.length) continue;
      const thread = store.threads.get(tid);
      for (const chunk of chatChunks(msgs)) {
        const usable = chunk.filter((m) => m.status !== 'error' && (m.text.trim() !== '' || m.role === 'tool'));
        if (usable.length) {
          const batch: MessageBatch = { type: 'messages', thread, messages: usable, reason };
          try {
            mergeReport(report, await this.processBatch(batch));
            this.dropForgotten('message', usable.map((m) => m.id), (id) => store.messages.get(id) !== null);
          } catch (e) {
            if (e instanceof Deferred) {
              report.deferred++;
              break;
            }
            throw e;
          }
        }
        store.messages.markProcessed(chunk.map((m) => m.id), this.now());
        report.messages += chunk.length;
      }
    }
    return report;
  }

  /**
   * Sources forgotten while the batch was with the model ("forget the last 15 minutes" during an
   * LLM call): what was just written from them goes as well, as the forget would have taken it.
   */
  private dropForgotten(type: 'observation' | 'message', ids: string[], exists: (id: string) => boolean): void {
    const gone = ids.filter((id) => !exists(id));
    if (gone.length) this.deps.store.memories.delete(this.deps.store.memories.bySource(type, gone));
  }

  private async recoverNow(): Promise<IngestReport> {
    const report = emptyReport();
    const store = this.deps.store;
    // Observations, oldest first, through the same flush rules as live capture.
    for (let round = 0; round < 10_000; round++) {
      const page = store.observations.listUnprocessed(500).filter((o) => !this.buffered.has(o.id));
      if (!page.length) break;
      const buf = this.newBuffer();
      const items: FlushItem[] = [];
      for (const o of page) items.push(...buf.add(o, 0).flushes);
      const last = buf.drain('recovery');
      if (last) items.push(last);
      let progressed = false;
      for (const item of items) {
        const r = await this.processObservations({ ...item, reason: item.reason === 'size' ? 'recovery' : item.reason });
        mergeReport(report, r);
        if (r.deferred) return report;
        if (r.observations) progressed = true;
      }
      if (!progressed) break;
    }
    mergeReport(report, await this.processMessages(undefined, 'recovery'));
    return report;
  }

  private async summarizeSegment(e: SegmentEnd): Promise<void> {
    const draft = sessionDraft(this.deps.store, e.segment, e.start, e.end, this.deps.time);
    if (!draft) return;
    await new MemoryWriter(this.deps.store).upsert(draft, sessionPolicy(this.deps.store));
  }

  private fingerprint(o: ObservationRecord): string {
    return createHash('sha1').update(`${o.app ?? ''}\u0000${o.title ?? ''}\u0000${o.url ?? ''}\u0000${o.text}`).digest('base64');
  }

  private remember(batch: SourceBatch, outcomes: WriteOutcome[]): void {
    if (batch.type !== 'observations') return;
    const episodes = [...new Set(outcomes.filter((o) => o.kind === 'episodic').map((o) => o.id))];
    for (const o of batch.observations) {
      const f = this.fingerprint(o);
      const prev = this.fingerprints.get(f) ?? [];
      this.fingerprints.delete(f);
      this.fingerprints.set(f, episodes.length ? episodes : prev);
    }
    while (this.fingerprints.size > FINGERPRINTS) this.fingerprints.delete(this.fingerprints.keys().next().value!);
  }

  /**
   * A flush of screens already seen: the episodes written for them continue (wider time range,
   * new sources cited) without asking the model. Unknown episodes fall back to the episodic rules.
   */
  private async continueEpisodes(ctx: SubAgentContext, batch: ObservationBatch): Promise<MemoryKind[]> {
    const episodic = this.deps.agents.find((a) => a.kind === 'episodic');
    if (!episodic) return [];
    const ids = [...new Set(batch.observations.flatMap((o) => this.fingerprints.get(this.fingerprint(o)) ?? []))];
    const live = ids.map((id) => this.deps.store.memories.get(id)).filter((m) => m !== null && !m.superseded_by);
    if (!live.length) return this.runOffline(ctx, [episodic]);
    const start = Math.min(...batch.observations.map((o) => o.observed_at));
    const end = Math.max(...batch.observations.map((o) => o.observed_at));
    for (const m of live) {
      const patch = episodic.policy.merge(m!, { kind: 'episodic', title: m!.title, text: '', occurred_at: start, ended_at: end, provenance: [] });
      ctx.writer.update(m!.id, patch ?? {}, 'the same activity continued', ctx.analysis.allProvenance);
    }
    return ['episodic'];
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

  /** Routes one batch and writes its memories; throws Deferred when the model is down. */
  private async processBatch(batch: SourceBatch): Promise<IngestReport> {
    const llm = this.deps.llm();
    const fallbackMs = this.deps.settings().llm_outage_fallback_min * 60_000;
    const offline = !llm.online || (this.llmDownSince !== null && this.now() - this.llmDownSince >= fallbackMs);
    const ctx = this.context(batch, !offline);
    const report = emptyReport();
    report.batches = 1;
    if (offline) {
      report.routes.push(await this.runOffline(ctx));
    } else if (batch.type === 'observations' && batch.observations.every((o) => this.fingerprints.has(this.fingerprint(o)))) {
      // Nothing new on screen: spend no call.
      report.routes.push(await this.continueEpisodes(ctx, batch));
    } else {
      try {
        const r = await this.runLlm(llm, ctx);
        report.routes.push(r.kinds);
        report.llm_calls += r.calls;
        if (this.llmDownSince !== null) {
          // The model is back: what waited is taken up at the next tick.
          this.llmDownSince = null;
          this.retryDelay = RETRY_MIN_MS;
          this.retryAt = this.now();
        }
      } catch (e) {
        if (e instanceof LlmError && e.code !== 'BAD_REQUEST') {
          this.llmDownSince ??= this.now();
          if (this.retryAt === null) {
            this.retryAt = this.now() + this.retryDelay;
            this.retryDelay = Math.min(this.retryDelay * 2, RETRY_MAX_MS);
          }
          this.fail(e);
          throw new Deferred(e.message);
        }
        throw e;
      }
    }
    const outcomes = ctx.writer.drain();
    this.remember(batch, outcomes);
    report.outcomes = outcomes;
    for (const o of outcomes) if (o.op !== 'noop' && !report.memory_ids.includes(o.id)) report.memory_ids.push(o.id);
    return report;
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

/** Splits a long conversation before user turns, so each chunk keeps a task with its tool calls. */
function chatChunks(msgs: MessageRecord[]): MessageRecord[][] {
  const out: MessageRecord[][] = [];
  let cur: MessageRecord[] = [];
  for (const m of msgs) {
    if (cur.length >= MAX_CHAT_CHUNK && m.role === 'user') {
      out.push(cur);
      cur = [];
    }
    cur.push(m);
  }
  if (cur.length) out.push(cur);
  return out;
}
