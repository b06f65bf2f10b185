import type { Database as Db } from 'better-sqlite3-multiple-ciphers';
import type { StoreEvents } from './store-events.js';
import { StoreError } from './errors.js';
import { newId } from './ids.js';
import { withoutControls, withoutControlsDeep } from '../../shared/text/index.js';
import type { MessageRecord, Millis, NewMessage } from './types.js';
import type { ThreadRepo } from './thread-repo.js';

interface MessageRow extends Omit<MessageRecord, 'raw'> {
  raw: string;
}
const toRecord = (r: MessageRow): MessageRecord => ({ ...r, raw: JSON.parse(r.raw) as unknown });
const ROLES = new Set(['system', 'user', 'assistant', 'tool']);
const MAX_TEXT = 1_000_000;

/** Chat messages, kept as given (tool calls included) plus their plain text. */
export class MessageRepo {
  constructor(
    private readonly db: Db,
    private readonly threads: ThreadRepo,
    private readonly events: StoreEvents,
  ) {}

  insert(m: NewMessage): MessageRecord {
    if (!ROLES.has(m.role)) throw new StoreError('INVALID_INPUT', `unknown message role "${String(m.role)}"`);
    if (typeof m.text !== 'string' || m.text.length > MAX_TEXT) throw new StoreError('INVALID_INPUT', 'message text must be a string of at most 1,000,000 characters');
    if (!this.threads.get(m.thread_id)) throw new StoreError('NOT_FOUND', `no thread ${m.thread_id}`);
    const at = m.created_at ?? Date.now();
    const rec: MessageRecord = {
      id: m.id ?? newId('msg', at),
      thread_id: m.thread_id,
      role: m.role,
      // An imported chat is a stranger's text, and a model's answer may quote one: no terminal escapes or bidi overrides kept.
      text: withoutControls(m.text),
      raw: withoutControlsDeep(m.raw ?? null),
      created_at: at,
      status: m.status ?? 'complete',
      processed_at: null,
    };
    this.db
      .prepare('INSERT INTO messages (id, thread_id, role, text, raw, created_at, status) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(rec.id, rec.thread_id, rec.role, rec.text, JSON.stringify(rec.raw), rec.created_at, rec.status);
    this.threads.touch(rec.thread_id, at);
    this.events.emit('message', { op: 'insert', ids: [rec.id] });
    return rec;
  }

  get(id: string): MessageRecord | null {
    const r = this.db.prepare('SELECT * FROM messages WHERE id = ?').get(id) as MessageRow | undefined;
    return r ? toRecord(r) : null;
  }

  list(threadId: string): MessageRecord[] {
    return (this.db.prepare('SELECT * FROM messages WHERE thread_id = ? ORDER BY created_at ASC, rowid ASC').all(threadId) as MessageRow[]).map(toRecord);
  }

  update(id: string, patch: { text?: string; raw?: unknown; status?: MessageRecord['status'] }): MessageRecord {
    const cur = this.get(id);
    if (!cur) throw new StoreError('NOT_FOUND', `no message ${id}`);
    this.db
      .prepare('UPDATE messages SET text = ?, raw = ?, status = ? WHERE id = ?')
      .run(patch.text !== undefined ? withoutControls(patch.text) : cur.text, JSON.stringify(patch.raw !== undefined ? withoutControlsDeep(patch.raw) : cur.raw), patch.status ?? cur.status, id);
    return this.get(id)!;
  }

  listUnprocessed(limit = 100): MessageRecord[] {
    return (this.db.prepare('SELECT * FROM messages WHERE processed_at IS NULL ORDER BY created_at ASC, rowid ASC LIMIT ?').all(limit) as MessageRow[]).map(toRecord);
  }

  markProcessed(ids: string[], now: Millis = Date.now()): void {
    const stmt = this.db.prepare('UPDATE messages SET processed_at = ? WHERE id = ?');
    this.db.transaction(() => ids.forEach((id) => stmt.run(now, id)))();
  }

  count(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM messages').get() as { n: number }).n;
  }
}
