import type { Database as Db } from 'better-sqlite3-multiple-ciphers';
import { StoreError } from './errors.js';
import { newId } from './ids.js';
import { withoutControls } from '../../shared/text/index.js';
import type { ThreadOrigin, ThreadRecord } from './types.js';

/** Chat threads. Deleting one (forget.ts) removes its messages and the memories citing them. */
export class ThreadRepo {
  constructor(
    private readonly db: Db,
    private readonly deleteThread: (id: string) => boolean,
  ) {}

  /** A thread of Engram's own chat, unless `origin` says it was imported. */
  create(title: string, at: number = Date.now(), origin: ThreadOrigin = 'chat'): ThreadRecord {
    const t: ThreadRecord = { id: newId('thr', at), title: withoutControls(title).trim().slice(0, 200) || 'New conversation', created_at: at, updated_at: at, origin };
    // 'chat' is the column's default: a chat thread is written without it (as migration tests do on older schemas).
    if (origin === 'chat') this.db.prepare('INSERT INTO threads (id, title, created_at, updated_at) VALUES (@id, @title, @created_at, @updated_at)').run(t);
    else this.db.prepare('INSERT INTO threads (id, title, created_at, updated_at, origin) VALUES (@id, @title, @created_at, @updated_at, @origin)').run(t);
    return t;
  }

  get(id: string): ThreadRecord | null {
    return (this.db.prepare('SELECT * FROM threads WHERE id = ?').get(id) as ThreadRecord | undefined) ?? null;
  }

  list(opts: { limit?: number } = {}): ThreadRecord[] {
    return this.db.prepare('SELECT * FROM threads ORDER BY updated_at DESC LIMIT ?').all(opts.limit ?? 500) as ThreadRecord[];
  }

  rename(id: string, title: string): ThreadRecord {
    const clean = withoutControls(title).trim().slice(0, 200);
    if (!clean) throw new StoreError('INVALID_INPUT', 'a thread title cannot be empty');
    if (this.db.prepare('UPDATE threads SET title = ?, updated_at = ? WHERE id = ?').run(clean, Date.now(), id).changes === 0) {
      throw new StoreError('NOT_FOUND', `no thread ${id}`);
    }
    return this.get(id)!;
  }

  touch(id: string, at: number): void {
    this.db.prepare('UPDATE threads SET updated_at = max(updated_at, ?) WHERE id = ?').run(at, id);
  }

  delete(id: string): boolean {
    return this.deleteThread(id);
  }
}
