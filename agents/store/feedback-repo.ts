import type { Database as Db } from 'better-sqlite3-multiple-ciphers';
import { StoreError } from './errors.js';
import { newId } from './ids.js';
import type { Millis } from './types.js';

export type FeedbackKind = 'explicit' | 'correction' | 'thumb_up' | 'thumb_down';
export type FeedbackStance = 'for' | 'against';
export type FeedbackSource = 'rules' | 'model' | 'user';

/** One piece of feedback on Engram's answers (migration 008). */
export interface FeedbackRecord {
  id: string;
  thread_id: string;
  /** The message it comes from: the user's words, or the answer a thumb was given to. */
  message_id: string;
  /** The answer it is about (null when the words are about answers in general and none came before). */
  answer_id: string | null;
  kind: FeedbackKind;
  /** What it is about, as a short key ("length", "bullets", "command_first", …). */
  topic: string;
  /** For or against the topic ("length" against = shorter answers). */
  stance: FeedbackStance;
  /** What the user wants, as one imperative line ("Keep answers short."). */
  instruction: string;
  /** The user's own words (clipped), or the thumbed answer's opening. */
  quote: string;
  source: FeedbackSource;
  created_at: Millis;
  /** A deleted directive this was evidence of: never read by the synthesiser again. */
  consumed_by: string | null;
}

export type NewFeedback = Omit<FeedbackRecord, 'id' | 'consumed_by' | 'thread_id'> & { id?: string };

const KINDS = new Set<FeedbackKind>(['explicit', 'correction', 'thumb_up', 'thumb_down']);
const MAX_TOPIC = 60;
const MAX_TEXT = 500;

/** Feedback on answers, and how far each thread has been read for it. */
export class FeedbackRepo {
  constructor(private readonly db: Db) {}

  private threadOf(messageId: string): { thread_id: string; role: string } {
    const m = this.db.prepare('SELECT thread_id, role FROM messages WHERE id = ?').get(messageId) as { thread_id: string; role: string } | undefined;
    if (!m) throw new StoreError('NOT_FOUND', `no message ${messageId}`);
    return m;
  }

  add(f: NewFeedback): FeedbackRecord {
    if (!KINDS.has(f.kind)) throw new StoreError('INVALID_INPUT', `unknown feedback kind "${String(f.kind)}"`);
    if (f.stance !== 'for' && f.stance !== 'against') throw new StoreError('INVALID_INPUT', 'feedback stance must be "for" or "against"');
    const topic = f.topic.trim().toLowerCase().slice(0, MAX_TOPIC);
    if (!topic) throw new StoreError('INVALID_INPUT', 'feedback needs a topic');
    const { thread_id } = this.threadOf(f.message_id);
    if (f.answer_id) this.threadOf(f.answer_id);
    const rec: FeedbackRecord = {
      id: f.id ?? newId('fbk', f.created_at),
      thread_id,
      message_id: f.message_id,
      answer_id: f.answer_id,
      kind: f.kind,
      topic,
      stance: f.stance,
      instruction: f.instruction.trim().slice(0, MAX_TEXT),
      quote: f.quote.trim().slice(0, MAX_TEXT),
      source: f.source,
      created_at: f.created_at,
      consumed_by: null,
    };
    this.db
      .prepare(
        `INSERT INTO feedback (id, thread_id, message_id, answer_id, kind, topic, stance, instruction, quote, source, created_at)
         VALUES (@id, @thread_id, @message_id, @answer_id, @kind, @topic, @stance, @instruction, @quote, @source, @created_at)`,
      )
      .run(rec);
    return rec;
  }

  /**
   * Thumbs up or down on an answer (null takes the thumb back). One thumb per answer: a new click
   * replaces the old one. Only assistant messages take thumbs.
   */
  setThumb(answerId: string, value: 'up' | 'down' | null, at: Millis): FeedbackRecord | null {
    const m = this.db.prepare('SELECT role, text FROM messages WHERE id = ?').get(answerId) as { role: string; text: string } | undefined;
    if (!m) throw new StoreError('NOT_FOUND', `no message ${answerId}`);
    if (m.role !== 'assistant') throw new StoreError('INVALID_INPUT', 'only answers take thumbs up or down');
    return this.db.transaction(() => {
      this.db.prepare("DELETE FROM feedback WHERE answer_id = ? AND kind IN ('thumb_up','thumb_down')").run(answerId);
      if (value === null) return null;
      return this.add({
        message_id: answerId,
        answer_id: answerId,
        kind: value === 'up' ? 'thumb_up' : 'thumb_down',
        topic: 'answer',
        stance: value === 'up' ? 'for' : 'against',
        instruction: value === 'up' ? 'The user liked this answer.' : 'The user did not like this answer.',
        quote: m.text.replace(/\s+/g, ' ').slice(0, 200),
        source: 'user',
        created_at: at,
      });
    })();
  }

  /** The thumbs given in a thread, by answer id. */
  thumbs(threadId: string): { message_id: string; value: 'up' | 'down' }[] {
    const rows = this.db
      .prepare("SELECT answer_id, kind FROM feedback WHERE thread_id = ? AND kind IN ('thumb_up','thumb_down') ORDER BY created_at")
      .all(threadId) as { answer_id: string; kind: FeedbackKind }[];
    return rows.map((r) => ({ message_id: r.answer_id, value: r.kind === 'thumb_up' ? 'up' : 'down' }));
  }

  get(id: string): FeedbackRecord | null {
    return (this.db.prepare('SELECT * FROM feedback WHERE id = ?').get(id) as FeedbackRecord | undefined) ?? null;
  }

  /** Feedback the synthesiser may still read (not evidence of a deleted directive), oldest first. */
  usable(): FeedbackRecord[] {
    return this.db.prepare('SELECT * FROM feedback WHERE consumed_by IS NULL ORDER BY created_at, rowid').all() as FeedbackRecord[];
  }

  /** Marks feedback as spent by a deleted directive. */
  consume(ids: string[], directiveId: string): void {
    const stmt = this.db.prepare('UPDATE feedback SET consumed_by = ? WHERE id = ?');
    for (const id of ids) stmt.run(directiveId, id);
  }

  count(): number {
    return this.db.prepare('SELECT count(*) FROM feedback').pluck().get() as number;
  }

  /** The time up to which a thread's messages have been read for feedback (0: never). */
  scannedThrough(threadId: string): Millis {
    return (this.db.prepare('SELECT through_at FROM feedback_scans WHERE thread_id = ?').pluck().get(threadId) as number | undefined) ?? 0;
  }

  markScanned(threadId: string, through: Millis): void {
    this.db
      .prepare('INSERT INTO feedback_scans (thread_id, through_at) VALUES (?, ?) ON CONFLICT(thread_id) DO UPDATE SET through_at = max(through_at, excluded.through_at)')
      .run(threadId, through);
  }

  /** Threads with messages not yet read for feedback (start-up catch-up). */
  unscannedThreads(): string[] {
    return this.db
      .prepare(
        `SELECT DISTINCT m.thread_id FROM messages m LEFT JOIN feedback_scans s ON s.thread_id = m.thread_id
         WHERE m.role = 'user' AND m.created_at > COALESCE(s.through_at, 0)`,
      )
      .pluck()
      .all() as string[];
  }

  /**
   * Days with use since `since` (a chat message or a screen observation), cut at local midnight by
   * `offsetMs` (the zone's offset from UTC): the synthesiser's "every 7 active-use days".
   */
  activeDaysSince(since: Millis, offsetMs: number): number {
    return this.db
      .prepare(
        `SELECT count(*) FROM (
           SELECT (created_at + @o) / 86400000 AS d FROM messages WHERE role = 'user' AND created_at > @s
           UNION SELECT (observed_at + @o) / 86400000 FROM observations WHERE observed_at > @s)`,
      )
      .pluck()
      .get({ o: offsetMs, s: since }) as number;
  }
}
