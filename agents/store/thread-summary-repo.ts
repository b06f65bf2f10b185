import type { Database as Db } from 'better-sqlite3-multiple-ciphers';
import type { Millis } from './types.js';

export interface ThreadSummaryRecord {
  thread_id: string;
  summary: string;
  /** The last message the summary covers; later ones are sent verbatim. */
  through_message_id: string;
  covered_messages: number;
  updated_at: Millis;
}

/** Running summaries of long chat threads (one per thread; see migration 007). */
export class ThreadSummaryRepo {
  constructor(private readonly db: Db) {}

  get(threadId: string): ThreadSummaryRecord | null {
    return (this.db.prepare('SELECT * FROM thread_summaries WHERE thread_id = ?').get(threadId) as ThreadSummaryRecord | undefined) ?? null;
  }

  put(s: ThreadSummaryRecord): void {
    this.db
      .prepare(
        `INSERT INTO thread_summaries (thread_id, summary, through_message_id, covered_messages, updated_at)
         VALUES (@thread_id, @summary, @through_message_id, @covered_messages, @updated_at)
         ON CONFLICT(thread_id) DO UPDATE SET summary = excluded.summary, through_message_id = excluded.through_message_id,
           covered_messages = excluded.covered_messages, updated_at = excluded.updated_at`,
      )
      .run(s);
  }

  delete(threadId: string): boolean {
    return this.db.prepare('DELETE FROM thread_summaries WHERE thread_id = ?').run(threadId).changes > 0;
  }
}
