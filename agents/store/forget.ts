import type { Database as Db } from 'better-sqlite3-multiple-ciphers';
import { statSync } from 'node:fs';
import type { AudioRepo } from './audio-repo.js';
import type { ChangeLog } from './change-log.js';
import type { BlobStore } from './blob-store.js';
import type { MemoryRepo } from './memory-repo.js';
import type { ForgetReport, Millis, SourceType } from './types.js';

/**
 * "Forget the last 15 minutes" really forgets: every source in the window (frames and their files,
 * audio, observations, chat messages), every memory that cites any of them, and every memory
 * written in the window. One transaction for the rows; files are removed once it has committed.
 */
export class Forgetter {
  constructor(
    private readonly db: Db,
    private readonly memories: MemoryRepo,
    private readonly audio: AudioRepo,
    private readonly frameBlobs: BlobStore,
    private readonly changes: ChangeLog,
  ) {}

  /** Deletes memories citing the given sources (used inside other deletes' transactions). */
  deleteCiting(type: SourceType, ids: string[]): number {
    return this.memories.delete(this.memories.bySource(type, ids));
  }

  /** The sources in the window, by table. */
  private sourcesIn(from: Millis, to: Millis): { frames: string[]; observations: string[]; messages: string[]; audio: string[] } {
    const ids = (sql: string) => this.db.prepare(sql).pluck().all(from, to) as string[];
    return {
      frames: ids('SELECT id FROM frames WHERE captured_at BETWEEN ? AND ?'),
      observations: ids('SELECT id FROM observations WHERE observed_at BETWEEN ? AND ?'),
      messages: ids('SELECT id FROM messages WHERE created_at BETWEEN ? AND ?'),
      audio: this.audio.idsBetween(from, to),
    };
  }

  /** The memories a forget of the window takes: those citing its sources, and those written or set in it. */
  private memoriesIn(from: Millis, to: Millis, s: ReturnType<Forgetter['sourcesIn']>): Set<string> {
    const ids = (sql: string) => this.db.prepare(sql).pluck().all(from, to) as string[];
    return new Set<string>([
      ...this.memories.bySource('frame', s.frames),
      ...this.memories.bySource('observation', s.observations),
      ...this.memories.bySource('message', s.messages),
      ...this.memories.bySource('audio', s.audio),
      ...ids('SELECT id FROM memories WHERE created_at BETWEEN ? AND ?'),
      ...ids('SELECT id FROM memories WHERE occurred_at BETWEEN ? AND ?'),
    ]);
  }

  /** What range() would delete, without deleting (for confirmations that say what will go). */
  preview(from: Millis, to: Millis): ForgetReport {
    const s = this.sourcesIn(from, to);
    return { memories: this.memoriesIn(from, to, s).size, frames: s.frames.length, observations: s.observations.length, messages: s.messages.length, audio: s.audio.length };
  }

  range(from: Millis, to: Millis): ForgetReport {
    const ids = (sql: string) => this.db.prepare(sql).pluck().all(from, to) as string[];
    const sources = this.sourcesIn(from, to);
    const { frames, observations, messages, audio } = sources;
    const report = this.db.transaction((): ForgetReport => {
      // Only the past can be forgotten: other devices must not drop what they write after this.
      this.changes.forgetRange(from, Math.min(to, Date.now()));
      const m = this.memories.delete([...this.memoriesIn(from, to, sources)]);
      const del = (table: string, list: string[]) => {
        const stmt = this.db.prepare(`DELETE FROM ${table} WHERE id = ?`);
        return list.reduce((acc, id) => acc + stmt.run(id).changes, 0);
      };
      const out = {
        memories: m,
        observations: del('observations', observations),
        messages: del('messages', messages),
        frames: del('frames', frames),
        audio: this.audio.deleteRows(audio),
      };
      // A thread started in the window is titled from its first question: it goes when nothing is
      // left in it, else it loses that title, so the chat list does not keep what was forgotten.
      for (const id of ids('SELECT id FROM threads WHERE created_at BETWEEN ? AND ?')) {
        const left = this.db.prepare('SELECT count(*) FROM messages WHERE thread_id = ?').pluck().get(id) as number;
        if (left === 0) this.db.prepare('DELETE FROM threads WHERE id = ?').run(id);
        else this.db.prepare("UPDATE threads SET title = 'Conversation' WHERE id = ?").run(id);
      }
      return out;
    })();
    for (const id of frames) this.frameBlobs.remove(id);
    this.audio.removeFiles(audio);
    this.compact();
    return report;
  }

  thread(id: string): boolean {
    const messages = this.db.prepare('SELECT id FROM messages WHERE thread_id = ?').pluck().all(id) as string[];
    const n = this.db.transaction(() => {
      this.deleteCiting('message', messages);
      return this.db.prepare('DELETE FROM threads WHERE id = ?').run(id).changes;
    })();
    return n > 0;
  }

  /**
   * Pushes deleted pages out of the WAL into the (secure_delete) main file and empties the WAL, so
   * old page images of forgotten rows do not linger there. Returns whether the WAL is empty now.
   * When it is not (a reader in another process kept an old snapshot past busy_timeout, or the
   * checkpoint failed), it is tried again in the background until it is: a forget is not done while
   * its rows still sit in the WAL, so the failure is neither swallowed nor left for a later write.
   */
  compact(): boolean {
    if (this.checkpoint()) {
      this.stopRetrying();
      return true;
    }
    this.retryLater(0);
    return false;
  }

  /** Whether a compaction is still owed (its last attempt left the WAL non-empty). */
  get walPending(): boolean {
    return this.retry !== null;
  }

  /** The last reason a compaction did not complete (busy, or the error it threw), for logs and tests. */
  lastCompactFailure: string | null = null;

  private retry: NodeJS.Timeout | null = null;

  private checkpoint(): boolean {
    try {
      const [r] = this.db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number; log: number; checkpointed: number }[];
      if (r && r.busy !== 0) {
        this.lastCompactFailure = 'busy: another connection still reads from the write-ahead log';
        return false;
      }
    } catch (err) {
      this.lastCompactFailure = `checkpoint failed: ${String((err as Error)?.message ?? err).split('\n')[0]}`;
      return false;
    }
    // A TRUNCATE checkpoint that was not busy leaves the WAL empty (or absent).
    let walBytes = 0;
    try {
      walBytes = statSync(`${this.db.name}-wal`).size;
    } catch {
      walBytes = 0;
    }
    if (walBytes > 0) {
      this.lastCompactFailure = `the write-ahead log still holds ${walBytes} bytes after a checkpoint`;
      return false;
    }
    this.lastCompactFailure = null;
    return true;
  }

  private retryLater(attempt: number): void {
    if (this.retry) return;
    // Backs off to a minute; without blocking the process for busy_timeout on every try.
    const delay = Math.min(500 * 2 ** attempt, 60_000);
    this.retry = setTimeout(() => {
      this.retry = null;
      if (!this.db.open) return;
      const timeout = this.db.pragma('busy_timeout', { simple: true }) as number;
      this.db.pragma('busy_timeout = 0');
      let done = false;
      try {
        done = this.checkpoint();
      } finally {
        this.db.pragma(`busy_timeout = ${Number(timeout)}`);
      }
      if (!done) this.retryLater(attempt + 1);
    }, delay);
    this.retry.unref();
  }

  private stopRetrying(): void {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
  }
}
