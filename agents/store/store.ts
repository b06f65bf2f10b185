import { cacheMiBFor, MIN_CACHE_MIB } from './page-cache.js';
import type { Database as Db } from 'better-sqlite3-multiple-ciphers';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { SearchResult } from '../../shared/index.js';
import { AudioRepo } from './audio-repo.js';
import { BlobStore } from './blob-store.js';
import { BandKeys } from './frame-bands.js';
import { ChangeLog } from './change-log.js';
import { CounterRepo } from './counter-repo.js';
import { DirectiveRepo } from './directive-repo.js';
import { FeedbackRepo } from './feedback-repo.js';
import { openDatabase } from './database.js';
import { createStoreEvents } from './store-events.js';
import { EmbedQueue, PASSAGE_SOURCE } from './embed-queue.js';
import type { Embedder } from './embedder.js';
import { StoreError } from './errors.js';
import { Forgetter } from './forget.js';
import { ForgetLedger } from './forget-ledger.js';
import { checkIntegrity, removeOrphanFrameFiles, type IntegrityReport } from './integrity.js';
import { FrameRepo } from './frame-repo.js';
import { FrameWordsRepo } from './frame-words-repo.js';
import { ConsolidationReviewRepo } from './consolidation-review-repo.js';
import { GraphRepo } from './graph-repo.js';
import type { KeyProvider } from './key-provider.js';
import { LlmCallRepo } from './llm-call-repo.js';
import { MemoryRepo } from './memory-repo.js';
import { MessageRepo } from './message-repo.js';
import { ObservationRepo } from './observation-repo.js';
import { PassageRepo } from './passage-repo.js';
import { Retriever } from './retriever.js';
import { SettingsRepo } from './settings-repo.js';
import { ThreadRepo } from './thread-repo.js';
import { ThreadSummaryRepo } from './thread-summary-repo.js';
import { timelineMatch, timelineRows, type TimelineRows } from './timeline-rows.js';
import { mergeKeywordSlice } from './keyword-merge.js';
import { KeywordSplit } from './keyword-split.js';
import type { ForgetReport, Millis, SearchOptions, StoreStats } from './types.js';
import { PASSAGE_VECTORS, VectorIndex } from './vector-index.js';
import { FtsIndex } from './fts-index.js';
import { detectorPassDue, rescrubDue, rescrubFromStart, rescrubSlice, stampIfEmpty, type KeepRescrubbed, type RescrubSlice } from './rescrub.js';
import { BACKUPS_RESCRUBBED_KEY, BACKUPS_VAULT_WAIT_MS, rescrubBackups, vaultValues, type BackupRescrubReport } from './backup-rescrub.js';
import { DETECTORS_VERSION, type RedactionSwitches } from '../../shared/redaction/index.js';

export interface OpenStoreOptions {
  dataDir: string;
  keyProvider: KeyProvider;
  /** null: BM25 only (no vectors). Omitted: no embedder either; hosts pass the default UseEmbedder. */
  embedder?: Embedder | null;
  /**
   * Page cache in MiB. Omitted: it follows the number of memories (page-cache.ts: 4 MiB for a new
   * store up to 256 MiB at 100k memories, where the hybrid p95 is 38 ms with it and 108 ms with 64).
   */
  cacheMiB?: number;
  /** Open at an older schema version (upgrade tests only). */
  targetVersion?: number;
  /**
   * A one-shot command's wait for a query's vector (Retriever.meaningWaitMs), set before anything
   * is embedded: such a command also leaves the vectors of what it writes to a later process rather
   * than start a cold encoder for them (it would load for seconds and be dropped at exit).
   */
  meaningWaitMs?: number | null;
}

/**
 * The encrypted memory store of one data dir: one SQLite database (SQLite3MultipleCiphers, WAL,
 * secure_delete) plus encrypted frame and audio files. Every room reaches data through this object.
 */
/**
 * The most memory the vector thread takes for the int8 vectors it rescores: held in memory while
 * they fit (131,000 memories of 512 dimensions; vector-thread-worker.ts), else its page cache; the
 * rest of the memory a thread costs is its copy of the codes (64 bytes a memory) and a JavaScript
 * isolate (~10 MB).
 */
const VECTOR_THREAD_CACHE_MIB = 64;
/** The keyword thread's page cache: the upper half of the keyword index's pages that searches read. */
const KEYWORD_THREAD_CACHE_MIB = 64;

export class EngramStore {
  /** Typed: each event's payload is declared in store-events.ts. */
  readonly events = createStoreEvents();
  readonly memories: MemoryRepo;
  readonly frames: FrameRepo;
  /** OCR word boxes per frame (hits highlighted on the screenshot). */
  readonly frameWords: FrameWordsRepo;
  /** The consolidation dry run kept for review across restarts. */
  readonly consolidationReviews: ConsolidationReviewRepo;
  readonly audio: AudioRepo;
  readonly observations: ObservationRepo;
  readonly passages: PassageRepo;
  readonly threads: ThreadRepo;
  readonly threadSummaries: ThreadSummaryRepo;
  readonly messages: MessageRepo;
  readonly settings: SettingsRepo;
  readonly counters: CounterRepo;
  readonly llmCalls: LlmCallRepo;
  readonly retriever: Retriever;
  readonly graph: GraphRepo;
  /** Feedback on answers and the behavioural directives made from it (MIRA). */
  readonly feedback: FeedbackRepo;
  readonly directives: DirectiveRepo;
  /** Local changes for sync (issue 33), logged only while sync is on. */
  readonly changes: ChangeLog;
  private readonly embedQueue: EmbedQueue | null;
  private readonly forgetter: Forgetter;
  private readonly forgetLedger: ForgetLedger;
  private readonly vectorIndex: VectorIndex | null;
  /** The keyword index's BM25 statements split with a thread of their own once it is large (the store bench reads and sets it). */
  readonly keywordSplit: KeywordSplit;
  private readonly passageVectors: VectorIndex | null;
  private readonly passageQueue: EmbedQueue | null;
  private readonly frameBlobs: BlobStore;
  private closed = false;

  constructor(
    readonly db: Db,
    readonly dataDir: string,
    readonly dbPath: string,
    readonly masterKey: Buffer,
    readonly keyKind: string,
    readonly embedder: Embedder | null,
    /** Where the pre-migration copy went, when this open migrated the schema. */
    readonly migrationBackup: string | null,
    meaningWaitMs: number | null = null,
  ) {
    this.events.setMaxListeners(50);
    // A large index searches on a thread of its own, while the keyword phase runs (vector-thread.ts).
    this.vectorIndex = embedder ? new VectorIndex(db, embedder.id, embedder.dimensions, undefined, { key: masterKey, maxCacheMiB: VECTOR_THREAD_CACHE_MIB }) : null;
    // A one-shot command (a meaning wait, given at open so it holds from the first kick) leaves
    // writes' vectors to a later process rather than start a cold encoder; flush still embeds.
    const oneShotCold = () => (this.retriever ? this.retriever.meaningWaitMs : meaningWaitMs) !== null && embedder?.coldFor?.() === true;
    this.embedQueue = embedder && this.vectorIndex ? new EmbedQueue(db, embedder, this.vectorIndex, undefined, oneShotCold) : null;
    // Screen text passages are embedded as well (migration 010), in their own queue and index.
    this.passageVectors = embedder ? new VectorIndex(db, embedder.id, embedder.dimensions, PASSAGE_VECTORS) : null;
    this.passageQueue = embedder && this.passageVectors ? new EmbedQueue(db, embedder, this.passageVectors, PASSAGE_SOURCE, oneShotCold) : null;
    const vectors = () => this.vectorIndex;
    this.changes = new ChangeLog(db);
    this.memories = new MemoryRepo(db, vectors, this.events, () => this.embedQueue?.kick(), this.changes);
    const frameBlobs = new BlobStore(join(dataDir, 'frames'), masterKey, 'frames');
    this.frameBlobs = frameBlobs;
    const audioBlobs = new BlobStore(join(dataDir, 'audio'), masterKey, 'audio');
    this.audio = new AudioRepo(db, audioBlobs);
    this.forgetter = new Forgetter(db, this.memories, this.audio, frameBlobs, this.changes);
    this.frames = new FrameRepo(db, frameBlobs, this.events, (type, ids) => this.forgetter.deleteCiting(type, ids), new BandKeys(masterKey), () => this.forgetter.compact());
    this.frameWords = new FrameWordsRepo(db);
    this.consolidationReviews = new ConsolidationReviewRepo(db);
    // The observation repo kicks the passage queue itself: the store never listens to its own public bus.
    this.observations = new ObservationRepo(
      db,
      this.events,
      (type, ids) => this.forgetter.deleteCiting(type, ids),
      () => this.passageQueue?.kick(),
    );
    this.passages = new PassageRepo(db, () => this.passageVectors);
    this.threads = new ThreadRepo(db, (id) => this.forgetter.thread(id));
    this.threadSummaries = new ThreadSummaryRepo(db);
    this.messages = new MessageRepo(db, this.threads, this.events);
    this.settings = new SettingsRepo(db, this.changes);
    this.forgetLedger = new ForgetLedger(this.settings);
    this.counters = new CounterRepo(db);
    this.llmCalls = new LlmCallRepo(db);
    this.graph = new GraphRepo(db);
    this.feedback = new FeedbackRepo(db);
    this.directives = new DirectiveRepo(db, this.feedback, this.changes);
    this.changes.whenEnabled(() => {
      this.settings.logExclusions();
      this.directives.logAllDecided();
    });
    this.retriever = new Retriever(db, this.memories, embedder, vectors, this.passages, this.graph);
    // A large keyword index splits its BM25 statements with a thread of their own (keyword-split.ts).
    this.keywordSplit = new KeywordSplit(db, 'memory_fts', { key: masterKey, cacheMiB: KEYWORD_THREAD_CACHE_MIB });
    this.retriever.keywordSplit = this.keywordSplit;
    this.retriever.meaningWaitMs = meaningWaitMs;
    stampIfEmpty(db);
    // Memories and passages written while the app was closed (or before a crash, or before
    // migration 010) get their vectors now.
    this.embedQueue?.kick();
    this.passageQueue?.kick();
  }

  private pageCacheMiB = 0;
  private pageCachePinned = false;

  /** The memories' vector index (null without an embedder): the store bench reads and sets its thread. */
  get memoryVectors(): VectorIndex | null {
    return this.vectorIndex;
  }

  /** The host chose the cache size (openStore's cacheMiB): growPageCache leaves it alone. */
  pinPageCache(): void {
    this.pageCachePinned = true;
  }

  /**
   * Raises the page cache to what the number of memories calls for (page-cache.ts); never lowers
   * it (freed pages stay with the process anyway). Long-running hosts call it now and then (the
   * capture's retention job does). Returns the cache size in MiB.
   */
  growPageCache(): number {
    if (this.pageCachePinned) return -Number(this.db.pragma('cache_size', { simple: true })) / 1024;
    const want = cacheMiBFor(this.memories.count({}));
    if (want > this.pageCacheMiB) {
      this.db.pragma(`cache_size = -${want * 1024}`);
      this.pageCacheMiB = want;
    }
    return this.pageCacheMiB;
  }

  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  search(opts: SearchOptions): Promise<SearchResult[]> {
    if (typeof opts.query !== 'string') throw new StoreError('INVALID_INPUT', 'the query must be a string');
    return this.retriever.search(opts);
  }

  forget(range: { from: Millis; to: Millis }): ForgetReport {
    if (!(range.from <= range.to)) throw new StoreError('INVALID_INPUT', 'forget needs a time range with from <= to');
    const report = this.forgetter.range(range.from, range.to);
    this.forgetLedger.record(range);
    this.events.emit('forget', report);
    return report;
  }

  /**
   * Whether a moment was forgotten lately (by any process on this data dir). Capture checks it
   * before storing what it grabbed or read earlier, so work in flight during a forget stays forgotten.
   */
  wasForgotten(at: Millis): boolean {
    return this.forgetLedger.covers(at);
  }

  /** Just the timestamps in [from, to): day summaries and activity charts without loading rows. */
  timesInRange(from: Millis, to: Millis): { frames: number[]; observations: number[]; memories: number[] } {
    const pluck = (sql: string) => this.db.prepare(sql).pluck().all(from, to) as number[];
    return {
      frames: pluck('SELECT captured_at FROM frames WHERE captured_at >= ? AND captured_at < ?'),
      observations: pluck('SELECT observed_at FROM observations WHERE observed_at >= ? AND observed_at < ?'),
      memories: pluck(
        'SELECT COALESCE(occurred_at, created_at) FROM memories WHERE superseded_by IS NULL AND COALESCE(occurred_at, created_at) >= ? AND COALESCE(occurred_at, created_at) < ?',
      ),
    };
  }

  /** What the timeline shows of [from, to): lean rows (texts cut to textChars) and who cites what, in a few queries. */
  timelineRows(from: Millis, to: Millis, opts: { limit: number; textChars: number }): TimelineRows {
    return timelineRows(this.db, from, to, opts);
  }

  /** Ids of the items of [from, to) whose title, app, URL or whole text contains `needle` (lower case; ASCII case folding). */
  timelineMatch(from: Millis, to: Millis, needle: string, limit: number): string[] {
    return timelineMatch(this.db, from, to, needle, limit);
  }

  forgetPreview(range: { from: Millis; to: Millis }): ForgetReport {
    if (!(range.from <= range.to)) throw new StoreError('INVALID_INPUT', 'forget needs a time range with from <= to');
    return this.forgetter.preview(range.from, range.to);
  }

  /**
   * Deletes every memory, source and file, exports written into the data dir included (plaintext
   * JSON and Markdown); settings and the key stay so the app keeps working.
   */
  wipe(): ForgetReport & { exports_removed: number } {
    const exports = join(this.dataDir, 'exports');
    let exportsRemoved = 0;
    try {
      exportsRemoved = readdirSync(exports).length;
    } catch {
      // no exports folder
    }
    const report = this.forget({ from: 0, to: Number.MAX_SAFE_INTEGER });
    this.transaction(() => {
      this.db.exec('DELETE FROM memories; DELETE FROM threads; DELETE FROM directives; DELETE FROM embedding_cache; DELETE FROM llm_calls; DELETE FROM counters; DELETE FROM consolidation_reviews; DELETE FROM consolidation_review_tombstones;');
      this.db.exec('DELETE FROM memory_fts');
    });
    // Through the index: its codes in memory, and its thread's codes and held vectors, go too.
    this.vectorIndex?.clear();
    this.passageVectors?.clear();
    rmSync(join(this.dataDir, 'frames'), { recursive: true, force: true });
    rmSync(join(this.dataDir, 'audio'), { recursive: true, force: true });
    rmSync(join(this.dataDir, 'backups'), { recursive: true, force: true });
    rmSync(exports, { recursive: true, force: true });
    this.db.exec('VACUUM');
    this.forgetter.compact();
    return { ...report, exports_removed: exportsRemoved };
  }

  stats(): StoreStats {
    const one = (sql: string): number => (this.db.prepare(sql).pluck().get() as number) ?? 0;
    const byKind = Object.fromEntries(
      (this.db.prepare('SELECT kind, count(*) AS n FROM memories WHERE is_experience = 0 GROUP BY kind').all() as { kind: string; n: number }[]).map((r) => [r.kind, r.n]),
    );
    let dbBytes = 0;
    for (const suffix of ['', '-wal', '-shm']) {
      try {
        dbBytes += statSync(this.dbPath + suffix).size;
      } catch {
        // absent
      }
    }
    return {
      counts: {
        core: byKind.core ?? 0,
        episodic: byKind.episodic ?? 0,
        semantic: byKind.semantic ?? 0,
        procedural: byKind.procedural ?? 0,
        resource: byKind.resource ?? 0,
        knowledge_vault: byKind.knowledge_vault ?? 0,
        experience: one('SELECT count(*) FROM memories WHERE is_experience = 1'),
        frames: this.frames.count(),
        observations: this.observations.count(),
        messages: this.messages.count(),
      },
      frame_bytes: this.frames.totalBytes(),
      audio_bytes: this.audio.totalBytes(),
      db_bytes: dbBytes,
      pending_embeddings: this.embedQueue?.pending() ?? 0,
      pending_passage_embeddings: this.passageQueue?.pending() ?? 0,
      counters: this.counters.all(),
    };
  }

  /** Checks that rows, search indexes, provenance and frame files agree (after a crash, `engram doctor`). */
  checkIntegrity(): IntegrityReport {
    return checkIntegrity(this.db, this.frameBlobs, this.vectorIndex !== null);
  }

  /**
   * Removes frame files a crash left without their row (the file is written before the row, and
   * removed after a delete commits). With minAgeMs, files younger than that are spared: another
   * process may be between writing one and committing its row.
   */
  repairOrphans(opts: { minAgeMs?: number } = {}): number {
    return removeOrphanFrameFiles(this.db, this.frameBlobs, opts.minAgeMs ?? 0);
  }

  /** Embeds what is pending now (a one-shot wait was lifted: the command turned out to wait for meaning). */
  resumeEmbedding(): void {
    this.embedQueue?.kick();
    this.passageQueue?.kick();
  }

  /** Resolves once every memory and screen passage written so far has its vector (tests, benchmarks, shutdown). */
  async flushEmbeddings(): Promise<void> {
    await this.embedQueue?.flush();
    await this.passageQueue?.flush();
  }

  /**
   * Defers memory embedding until the returned release is called: the brain holds it for a batch,
   * so a memory written several times in it is embedded once, after its last change. flush*Embeddings
   * does not wait for the release.
   */
  holdMemoryEmbedding(): () => void {
    return this.embedQueue?.hold() ?? (() => undefined);
  }

  /** Resolves once every memory written so far has its vector (screen passages may still be waiting). */
  async flushMemoryEmbeddings(): Promise<void> {
    await this.embedQueue?.flush();
  }

  /** Resolves once every screen passage stored so far has its vector. */
  async flushPassageEmbeddings(): Promise<void> {
    await this.passageQueue?.flush();
  }

  /** Screen passages still waiting for their vector. */
  pendingPassageEmbeddings(): number {
    return this.passageQueue?.pending() ?? 0;
  }

  /** Memories still waiting for their vector. */
  pendingMemoryEmbeddings(): number {
    return this.embedQueue?.pending() ?? 0;
  }

  get embeddingError(): string | null {
    return this.embedQueue?.lastError ?? this.passageQueue?.lastError ?? null;
  }

  /**
   * One idle-time slice of merging the keyword indexes' segments (keyword-merge.ts); true while work
   * is left. The brain calls it between other work, one slice at a time.
   */
  mergeKeywordIndexSlice(pages = 64): boolean {
    return mergeKeywordSlice(this.db, pages);
  }

  /**
   * After text came in from elsewhere (an archive or export import): the re-scrub runs over the whole
   * store again, since that text was redacted by the detectors of the Engram that wrote it. Called
   * inside the import's transaction, so a dry run or a failed import leaves the stamp as it was.
   */
  recheckRedaction(): void {
    rescrubFromStart(this.db);
  }

  /** Whether kept text waits for a re-scrub with newer detectors (rescrub.ts). */
  get rescrubDue(): boolean {
    return rescrubDue(this.db);
  }

  /**
   * One slice of re-running the redactor over the text kept before the detectors last changed
   * (rescrub.ts): one batch of rows in one transaction, resumable; done once the store is stamped
   * with the current detectors. What it masks is counted (`redaction.rescrub.masked`); changed
   * memories are embedded again and announced like any edit. `keep` gets what a batch took out,
   * with the values, inside its transaction (the brain's vault hand-over).
   */
  /**
   * The backups in DATA_DIR/backups re-scrubbed with the current detectors and this store's vault
   * (backup-rescrub.ts): after the live pass, so a backup does not keep what the store no longer does.
   */
  async rescrubBackups(switches: RedactionSwitches): Promise<BackupRescrubReport> {
    const stamp = this.backupsStamp();
    const r = await rescrubBackups(this.dataDir, this.masterKey, switches, vaultValues(this.db));
    if (r.masked) this.counters.bump('redaction.rescrub.backup_masked', r.masked);
    // Done for these detectors and this vault, a backup that could not be read included (it is named in the report, not tried at every turn).
    this.db.prepare('INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(BACKUPS_RESCRUBBED_KEY, `${stamp}|${Date.now()}`);
    return r;
  }

  /** The detectors and the vault the backups were last re-scrubbed with. */
  private backupsStamp(): string {
    return `${DETECTORS_VERSION}:${this.memories.stamp(['knowledge_vault'])}`;
  }

  /**
   * Whether the backups wait for a re-scrub: there are some, the live store's own pass is done, and
   * the detectors changed since they were last re-scrubbed, or the vault did and that was a day ago:
   * capture adds to the vault often, and each run reads every backup whole.
   */
  get backupsRescrubDue(): boolean {
    // Not held back by a sweep for new vault values: a backup's re-scrub reads the live vault itself.
    if (detectorPassDue(this.db) || !existsSync(join(this.dataDir, 'backups'))) return false;
    const last = this.db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(BACKUPS_RESCRUBBED_KEY) as string | undefined;
    if (!last) return true;
    const [stamp = '', at = '0'] = last.split('|');
    const now = this.backupsStamp();
    if (stamp === now) return false;
    return stamp.split(':')[0] !== now.split(':')[0] || Date.now() - Number(at) >= BACKUPS_VAULT_WAIT_MS;
  }

  rescrubSlice(switches: RedactionSwitches, batch?: number, keep?: KeepRescrubbed): RescrubSlice {
    const r = rescrubSlice({ db: this.db, fts: (this.rescrubFts ??= new FtsIndex(this.db)), memoryVectors: this.vectorIndex }, switches, batch, keep);
    if (r.masked) this.counters.bump('redaction.rescrub.masked', r.masked);
    if (r.kept) this.counters.bump('redaction.rescrub.kept', r.kept);
    if (r.changed) this.counters.bump('redaction.rescrub.rows', r.changed);
    if (r.memoryIds.length) this.events.emit('memory', { op: 'update', ids: r.memoryIds });
    if (r.observationIds.length) this.events.emit('observation', { op: 'update', ids: r.observationIds });
    if (r.changed) this.resumeEmbedding();
    return r;
  }

  private rescrubFts: FtsIndex | null = null;

  /**
   * `leaveEmbeddings`: a vector still being computed is abandoned, not waited for (a one-shot command
   * that answered without meaning must not then wait seconds for the encoder's cold load): its rows
   * stay pending, BM25 finds them, and the next process that embeds takes them up.
   */
  async close(opts: { leaveEmbeddings?: boolean } = {}): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const queues = [this.embedQueue?.close(), this.passageQueue?.close()];
    if (opts.leaveEmbeddings) await this.embedder?.close?.();
    await Promise.all(queues);
    await this.vectorIndex?.close();
    await this.keywordSplit.close();
    this.events.removeAllListeners();
    try {
      this.db.pragma('optimize');
    } catch {
      // read-only or busy: skip
    }
    this.db.close();
  }
}

/** Opens the store of a data dir: resolves the key, refuses wrong keys and newer schemas, migrates. */
export async function openStore(opts: OpenStoreOptions): Promise<EngramStore> {
  const key = await opts.keyProvider.getKey();
  const { db, path, backup } = openDatabase({ dataDir: opts.dataDir, key, cacheMiB: opts.cacheMiB ?? MIN_CACHE_MIB, targetVersion: opts.targetVersion });
  try {
    const store = new EngramStore(db, opts.dataDir, path, key, opts.keyProvider.kind, opts.embedder ?? null, backup, opts.meaningWaitMs ?? null);
    if (opts.cacheMiB === undefined) store.growPageCache();
    else store.pinPageCache();
    return store;
  } catch (err) {
    db.close();
    throw err;
  }
}
