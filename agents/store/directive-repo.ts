import type { Database as Db } from 'better-sqlite3-multiple-ciphers';
import type { ChangeLog } from './change-log.js';
import { StoreError } from './errors.js';
import type { FeedbackRecord, FeedbackRepo, FeedbackStance } from './feedback-repo.js';
import { newId } from './ids.js';
import { DIRECTIVE_SETTING_PREFIX, isDirectiveTombstone, type SyncedDirective } from './synced-settings.js';
import type { Millis } from './types.js';

/**
 * 'proposed': made by synthesis, waiting for the user (never in the prompt); 'active': accepted by
 * the user, in the chat prompt; 'retired': contradicted by newer feedback; 'rejected' and
 * 'deleted': tombstones the user made (text cleared, evidence spent). Stored as the status column
 * plus migration 012's review column.
 */
export type DirectiveStatus = 'proposed' | 'active' | 'retired' | 'rejected' | 'deleted';

/** A behavioural directive the chat prompt carries (migration 008). */
export interface DirectiveRecord {
  id: string;
  text: string;
  topic: string;
  stance: FeedbackStance;
  status: DirectiveStatus;
  /** Made by the offline rules or by the model. */
  origin: 'rules' | 'model';
  /** The user rewrote its text: synthesis keeps their words. */
  edited: boolean;
  created_at: Millis;
  updated_at: Millis;
  retired_at: Millis | null;
  retired_reason: string | null;
  /** Ids of the feedback it rests on, oldest first. */
  evidence: string[];
}

interface DirectiveRow extends Omit<DirectiveRecord, 'edited' | 'evidence' | 'status'> {
  status: 'active' | 'retired' | 'deleted';
  review: 'proposed' | 'accepted' | 'rejected';
  edited: number;
}

/** The rows of each status the record shows. */
const WHERE_STATUS: Record<DirectiveStatus, string> = {
  proposed: "status = 'active' AND review = 'proposed'",
  active: "status = 'active' AND review = 'accepted'",
  retired: "status = 'retired'",
  rejected: "status = 'deleted' AND review = 'rejected'",
  deleted: "status = 'deleted' AND review <> 'rejected'",
};

function statusOf(r: DirectiveRow): DirectiveStatus {
  if (r.status === 'active') return r.review === 'proposed' ? 'proposed' : 'active';
  if (r.status === 'deleted') return r.review === 'rejected' ? 'rejected' : 'deleted';
  return r.status;
}

export const DIRECTIVE_MAX_CHARS = 300;

function cleanText(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (!t) throw new StoreError('INVALID_INPUT', 'a directive needs some text');
  if (t.length > DIRECTIVE_MAX_CHARS) throw new StoreError('INVALID_INPUT', `a directive is at most ${DIRECTIVE_MAX_CHARS} characters`);
  return t;
}

/** Behavioural directives, their evidence, and the tombstones of deleted ones. */
export class DirectiveRepo {
  constructor(
    private readonly db: Db,
    private readonly feedback: FeedbackRepo,
    /** Sync's log (issue 33): the user's decisions on directives follow them to their other devices. */
    private readonly changes?: ChangeLog,
  ) {}

  /** Logs a directive's current state for sync, unless it is still a proposal (proposals stay on the device that made them). */
  private logSynced(id: string): void {
    const d = this.get(id);
    if (!this.changes || !d || d.status === 'proposed') return;
    const value: SyncedDirective = {
      text: d.text,
      topic: d.topic,
      stance: d.stance,
      status: d.status,
      origin: d.origin,
      edited: d.edited,
      created_at: d.created_at,
      retired_reason: d.retired_reason,
    };
    this.changes.setting(DIRECTIVE_SETTING_PREFIX + id, value);
  }

  /** Every decided directive, logged when sync is turned on, so the first pass carries them. */
  logAllDecided(): void {
    for (const id of this.db.prepare("SELECT id FROM directives WHERE NOT (status = 'active' AND review = 'proposed') ORDER BY created_at, rowid").pluck().all() as string[]) {
      this.logSynced(id);
    }
  }

  /**
   * Another device's decision on a directive, as sync imports it: a local tombstone (deleted or
   * rejected) stays whatever arrives, and an arriving tombstone spends the local evidence as a
   * local delete does. The caller runs it unlogged.
   */
  putSynced(id: string, v: SyncedDirective, at: Millis): void {
    const cur = this.get(id);
    if (cur && (cur.status === 'deleted' || cur.status === 'rejected')) return;
    const status = v.status === 'active' ? 'active' : v.status === 'retired' ? 'retired' : 'deleted';
    const review = v.status === 'rejected' ? 'rejected' : 'accepted';
    const tomb = isDirectiveTombstone(v);
    const text = tomb ? '' : v.text;
    const retiredAt = v.status === 'active' ? null : at;
    this.db.transaction(() => {
      if (cur && tomb) this.feedback.consume(cur.evidence, id);
      if (cur) {
        this.db
          .prepare('UPDATE directives SET text = ?, topic = ?, stance = ?, status = ?, review = ?, origin = ?, edited = ?, updated_at = ?, retired_at = ?, retired_reason = ? WHERE id = ?')
          .run(text, v.topic, v.stance, status, review, v.origin, v.edited ? 1 : 0, at, retiredAt, v.retired_reason, id);
      } else {
        this.db
          .prepare(
            'INSERT INTO directives (id, text, topic, stance, status, review, origin, edited, created_at, updated_at, retired_at, retired_reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
          )
          .run(id, text, v.topic, v.stance, status, review, v.origin, v.edited ? 1 : 0, v.created_at, at, retiredAt, v.retired_reason);
      }
    })();
  }

  private evidenceIds(id: string): string[] {
    return this.db
      .prepare('SELECT e.feedback_id FROM directive_evidence e JOIN feedback f ON f.id = e.feedback_id WHERE e.directive_id = ? ORDER BY f.created_at, f.rowid')
      .pluck()
      .all(id) as string[];
  }

  private toRecord(r: DirectiveRow): DirectiveRecord {
    const { review: _review, ...rest } = r;
    return { ...rest, status: statusOf(r), edited: r.edited === 1, evidence: this.evidenceIds(r.id) };
  }

  get(id: string): DirectiveRecord | null {
    const r = this.db.prepare('SELECT * FROM directives WHERE id = ?').get(id) as DirectiveRow | undefined;
    return r ? this.toRecord(r) : null;
  }

  /** Directives in one status (default: the active ones, the only ones the chat prompt carries), oldest first. */
  list(status: DirectiveStatus = 'active'): DirectiveRecord[] {
    return (this.db.prepare(`SELECT * FROM directives WHERE ${WHERE_STATUS[status]} ORDER BY created_at, rowid`).all() as DirectiveRow[]).map((r) => this.toRecord(r));
  }

  /** The feedback a directive rests on (what the user sees as "why"). */
  evidence(id: string): FeedbackRecord[] {
    return this.evidenceIds(id)
      .map((f) => this.feedback.get(f))
      .filter((f): f is FeedbackRecord => f !== null);
  }

  /** A new directive is a proposal: it reaches the prompt only once the user accepts it. */
  create(d: { text: string; topic: string; stance: FeedbackStance; origin: 'rules' | 'model'; evidence: string[]; at: Millis }): DirectiveRecord {
    if (d.evidence.length === 0) throw new StoreError('INVALID_INPUT', 'a directive needs evidence: the feedback it comes from');
    const id = newId('dir', d.at);
    const text = cleanText(d.text);
    this.db.transaction(() => {
      this.db
        .prepare("INSERT INTO directives (id, text, topic, stance, status, review, origin, created_at, updated_at) VALUES (?, ?, ?, ?, 'active', 'proposed', ?, ?, ?)")
        .run(id, text, d.topic.trim().toLowerCase().slice(0, 60), d.stance, d.origin, d.at, d.at);
      this.addEvidence(id, d.evidence);
    })();
    return this.get(id)!;
  }

  /** More feedback behind an existing directive (evidence is only ever added, never replaced). */
  addEvidence(id: string, feedbackIds: string[]): void {
    const stmt = this.db.prepare('INSERT OR IGNORE INTO directive_evidence (directive_id, feedback_id) VALUES (?, ?)');
    for (const f of feedbackIds) {
      if (!this.feedback.get(f)) throw new StoreError('NOT_FOUND', `no feedback ${f}`);
      stmt.run(id, f);
    }
  }

  /** Synthesis rewording (not over the user's own edit). */
  reword(id: string, text: string, at: Millis): void {
    this.db.prepare('UPDATE directives SET text = ?, updated_at = ? WHERE id = ? AND edited = 0').run(cleanText(text), at, id);
    this.logSynced(id);
  }

  /**
   * The user accepts a proposal: it joins the prompt, and an active directive on its topic that
   * says the opposite is retired (the user just chose). Returns the accepted directive.
   */
  accept(id: string, at: Millis): DirectiveRecord {
    const cur = this.get(id);
    if (!cur || cur.status === 'deleted' || cur.status === 'rejected') throw new StoreError('NOT_FOUND', `no directive ${id}`);
    if (cur.status !== 'proposed') throw new StoreError('INVALID_INPUT', `directive ${id} is ${cur.status}, not a proposal`);
    this.db.transaction(() => {
      for (const other of this.list('active').filter((d) => d.topic === cur.topic && d.stance !== cur.stance)) {
        this.retire(other.id, `replaced by the directive you accepted: ${cur.text}`, at);
      }
      this.db.prepare("UPDATE directives SET review = 'accepted', updated_at = ? WHERE id = ?").run(at, id);
      this.logSynced(id);
    })();
    return this.get(id)!;
  }

  /**
   * The user rejects a proposal: a tombstone like a deleted directive (text cleared, evidence
   * spent, so the same feedback never proposes it again). Returns false when there is no proposal.
   */
  reject(id: string, at: Millis): boolean {
    const cur = this.get(id);
    if (cur?.status !== 'proposed') return false;
    this.db.transaction(() => {
      this.feedback.consume(cur.evidence, id);
      this.db
        .prepare("UPDATE directives SET status = 'deleted', review = 'rejected', text = '', edited = 0, updated_at = ?, retired_at = ?, retired_reason = 'rejected by the user' WHERE id = ?")
        .run(at, at, id);
      this.logSynced(id);
    })();
    return true;
  }

  /** The user's edit: their words stay until they change them again (a proposal stays one). */
  edit(id: string, text: string, at: Millis): DirectiveRecord {
    const cur = this.get(id);
    if (!cur || cur.status === 'deleted' || cur.status === 'rejected') throw new StoreError('NOT_FOUND', `no directive ${id}`);
    this.db.prepare('UPDATE directives SET text = ?, edited = 1, updated_at = ? WHERE id = ?').run(cleanText(text), at, id);
    this.logSynced(id);
    return this.get(id)!;
  }

  /** Contradicted by newer feedback: kept, out of the prompt, with the reason. */
  retire(id: string, reason: string, at: Millis): void {
    this.db
      .prepare("UPDATE directives SET status = 'retired', retired_at = ?, retired_reason = ?, updated_at = ? WHERE id = ? AND status = 'active'")
      .run(at, reason.slice(0, 500), at, id);
    this.logSynced(id);
  }

  /**
   * Deleted by the user: the row stays as a tombstone with its text cleared, and its evidence is
   * spent, so synthesis never makes it again from the same turns. Returns false when absent.
   */
  delete(id: string, at: Millis): boolean {
    const cur = this.get(id);
    if (!cur || cur.status === 'deleted' || cur.status === 'rejected') return false;
    this.db.transaction(() => {
      this.feedback.consume(cur.evidence, id);
      this.db.prepare("UPDATE directives SET status = 'deleted', text = '', edited = 0, updated_at = ?, retired_at = ?, retired_reason = 'deleted by the user' WHERE id = ?").run(at, at, id);
      this.logSynced(id);
    })();
    return true;
  }
}
