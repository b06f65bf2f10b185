import type { LlmProvider } from '../llm/index.js';
import { narrateSession, sessionDraft, sessionPolicy } from '../episodic/index.js';
import { StoreError, type MessageRecord, type ObservationRecord } from '../store/index.js';
import { MemoryWriter, type BrainStore, type FlushReason, type MessageBatch, type ObservationBatch, type SubAgent } from '../subagent-kit/index.js';
import type { BrainSettings } from '../../shared/settings/index.js';
import { BatchDeferred, BatchProcessor } from './batch-processor.js';
import { BatchSchedule, transientStoreError } from './batch-schedule.js';
import { emptyReport, mergeReport, type IngestReport } from './ingest-report.js';
import { ObservationBuffer, type BufferOptions, type BufferResult, type FlushItem, type SegmentEnd } from './observation-buffer.js';
import { privacyRules, redactionSwitches } from './privacy-filter.js';
import { redactText } from '../../shared/redaction/index.js';
import { SerialQueue } from './serial-queue.js';
import type { TimeFormatter } from '../../shared/time/index.js';

export { emptyReport, type IngestReport } from './ingest-report.js';

export interface MetaAgentDeps {
  store: BrainStore;
  /** Read on every batch, so a key added in settings takes effect without a restart. */
  llm: () => LlmProvider;
  agents: SubAgent[];
  settings: () => BrainSettings;
  time: TimeFormatter;
  now?: () => number;
  log?: (line: string) => void;
}

const MAX_PENDING_BATCHES = 64;
const MAX_CHAT_CHUNK = 40;

/**
 * The meta-agent: buffers observations, flushes them by its rules, hands each batch to the batch
 * processor (routing, sub-agents, memories), and marks sources processed only after their memories
 * are written. All processing runs on one serial queue, off the capture path; the batch schedule
 * says when batches that could not be processed are tried again.
 */
export class MetaAgent {
  private buffer: ObservationBuffer;
  private readonly queue = new SerialQueue();
  private readonly now: () => number;
  private readonly buffered = new Set<string>();
  private readonly schedule = new BatchSchedule();
  private readonly processor: BatchProcessor;
  private pendingBatches = 0;
  private needsRecovery = false;
  private lastActivity = 0;
  lastError: string | null = null;

  constructor(private readonly deps: MetaAgentDeps) {
    this.now = deps.now ?? Date.now;
    this.buffer = this.newBuffer();
    this.processor = new BatchProcessor(deps, this.schedule, this.now, (e) => this.fail(e));
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
    return this.schedule.llmDegraded;
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
    if (this.schedule.takeDue(this.now())) void this.queue.run(() => this.recoverRetrying()).catch((e: unknown) => this.fail(e));
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
    this.schedule.storeFailed(this.now());
  }

  /** Flushes the buffer and resolves when everything queued so far is processed. */
  async flush(reason: FlushReason = 'manual'): Promise<IngestReport> {
    const item = this.buffer.drain(reason);
    const report = item ? await this.enqueueBatch(item) : emptyReport();
    // Work that waits because the disk was full (or the database busy) is tried now rather than at
    // its retry time; a model outage keeps its backoff.
    if (this.schedule.takeStoreRetry()) mergeReport(report, await this.queue.run(() => this.recoverRetrying()));
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
    const allowed = fresh.filter((o) => !rules.excludes(o));
    report.excluded = fresh.length - allowed.length;
    if (allowed.length) {
      const batch: ObservationBatch = { type: 'observations', observations: allowed, segment: item.segment, reason: item.reason };
      try {
        mergeReport(report, await this.processor.process(batch));
      } catch (e) {
        if (e instanceof BatchDeferred) return { ...report, deferred: 1 };
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
    const switches = redactionSwitches(store);
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
      // A title kept before titles were redacted (issue 28) reaches no memory in clear.
      const found = store.threads.get(tid);
      const thread = found && { ...found, title: redactText(found.title, switches).text };
      // The turns before each chunk: the core guard weighs what Engram answered there (issue 28).
      const all = thread ? store.messages.list(tid) : [];
      for (const chunk of chatChunks(msgs)) {
        const usable = chunk.filter((m) => m.status !== 'error' && (m.text.trim() !== '' || m.role === 'tool'));
        if (usable.length) {
          const first = all.findIndex((m) => m.id === chunk[0]!.id);
          const earlier = all.slice(0, Math.max(0, first)).filter((m) => m.status !== 'error');
          const batch: MessageBatch = { type: 'messages', thread, messages: usable, reason, earlier };
          try {
            mergeReport(report, await this.processor.process(batch));
            this.dropForgotten('message', usable.map((m) => m.id), (id) => store.messages.get(id) !== null);
          } catch (e) {
            if (e instanceof BatchDeferred) {
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
    // With a model the summary is the user's own first-person account; offline the template stays.
    const narrated = await narrateSession(this.deps.llm(), draft).catch((err: unknown) => {
      this.fail(err);
      return null;
    });
    await new MemoryWriter(this.deps.store).upsert(narrated ? { ...draft, text: `${draft.title}: ${narrated}` } : draft, sessionPolicy(this.deps.store));
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
