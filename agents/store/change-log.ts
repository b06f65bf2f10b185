import type { Database as Db, Statement } from 'better-sqlite3-multiple-ciphers';
import { randomBytes } from 'node:crypto';
import { HlcSchema, HybridClock, type Hlc } from './hybrid-clock.js';
import { rowToMemory, type MemoryRow } from './memory-codec.js';
import type { Millis } from './types.js';

/** A change as the log keeps it: the shape agents/sync's ChangeRecordSchema checks when it exports. */
export type LoggedChange =
  | { op: 'memory.put'; id: string; at: Hlc; reason: 'created' | 'edited'; memory: Record<string, unknown> }
  | { op: 'memory.supersede'; id: string; by: string; at: Hlc }
  | { op: 'memory.forget'; id: string; at: Hlc }
  | { op: 'range.forget'; from: string; to: string; at: Hlc }
  | { op: 'setting.put'; key: string; value: unknown; at: Hlc };

/** What of a memory travels (its content, never use counts, versions or the archive): vault values unmasked, the segment seals them. */
function syncedMemory(row: MemoryRow): Record<string, unknown> {
  const m = rowToMemory(row, true);
  return { kind: m.kind, title: m.title, text: m.text, details: m.details, fields: m.fields, app: m.app, occurred_at: m.occurred_at, ended_at: m.ended_at, segment: m.segment };
}

/**
 * The store's side of sync: while sync is on (a sync_clock row exists), every local memory write,
 * edit, supersede and forget, and every range forget, appends a change record stamped by this
 * device's hybrid logical clock, inside the transaction that makes the change, so a crash loses
 * neither. Changes imported from other devices are carried out under `imported()` and not logged
 * again. The clock is read and moved in the database, so every process on the data dir shares it.
 */
export class ChangeLog {
  private readonly clockRow: Statement | null;
  private readonly clockSet: Statement | null;
  private readonly insert: Statement | null;
  private muted = 0;
  private readonly onEnable: (() => void)[] = [];

  constructor(
    private readonly db: Db,
    private readonly wall: () => Millis = Date.now,
  ) {
    // A store opened at an older schema (upgrade tests) has no log: nothing is logged there.
    const has = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sync_clock'").get() !== undefined;
    this.clockRow = has ? db.prepare('SELECT device, t, c FROM sync_clock WHERE id = 1') : null;
    this.clockSet = has ? db.prepare('UPDATE sync_clock SET t = ?, c = ? WHERE id = 1') : null;
    this.insert = has ? db.prepare('INSERT INTO sync_changes(record) VALUES (?)') : null;
  }

  private clock(): { device: string; t: number; c: number } | undefined {
    return this.clockRow?.get() as { device: string; t: number; c: number } | undefined;
  }

  /** This device's sync id, or null while sync is off. */
  device(): string | null {
    return this.clock()?.device ?? null;
  }

  /**
   * Turns logging on with a new device id (or keeps the one there) and, the first time, logs every
   * current memory as created (and the synced settings, through whenEnabled), so the first export
   * carries what was there before sync began.
   */
  enable(): string {
    return this.db.transaction(() => {
      const had = this.device();
      if (had) return had;
      const device = randomBytes(16).toString('hex');
      this.db.prepare('INSERT INTO sync_clock(id, device, t, c) VALUES (1, ?, 0, 0)').run(device);
      const rows = this.db.prepare('SELECT * FROM memories ORDER BY seq').all() as MemoryRow[];
      for (const row of rows) {
        this.memoryPut(row, 'created');
        if (row.superseded_by) this.supersede(row.id, row.superseded_by);
      }
      for (const fn of this.onEnable) fn();
      return device;
    })();
  }

  /** Also run, in enable's transaction, the first time: the synced settings log their current values there. */
  whenEnabled(fn: () => void): void {
    this.onEnable.push(fn);
  }

  /** Turns logging off and drops what was not exported; the merge state and ledger go too (a later enable starts afresh). */
  disable(): void {
    this.db.transaction(() => {
      this.db.exec('DELETE FROM sync_clock; DELETE FROM sync_changes; DELETE FROM sync_state;');
    })();
  }

  /** Runs fn with logging off: changes imported from another device are not this device's to log. */
  imported<T>(fn: () => T): T {
    this.muted += 1;
    try {
      return fn();
    } finally {
      this.muted -= 1;
    }
  }

  /** Folds a stamp read from another device into the clock, so later local changes order after it. */
  receive(at: Hlc): void {
    const row = this.clock();
    if (!row) return;
    const clock = new HybridClock(row.device, this.wall, { t: row.t, c: row.c, d: row.device });
    clock.receive(HlcSchema.parse(at));
    this.clockSet!.run(clock.current.t, clock.current.c);
  }

  private append(change: (at: Hlc) => LoggedChange): void {
    if (this.muted > 0) return;
    const row = this.clock();
    if (!row) return;
    const at = new HybridClock(row.device, this.wall, { t: row.t, c: row.c, d: row.device }).now();
    this.clockSet!.run(at.t, at.c);
    this.insert!.run(JSON.stringify(change(at)));
  }

  memoryPut(row: MemoryRow, reason: 'created' | 'edited'): void {
    this.append((at) => ({ op: 'memory.put', id: row.id, at, reason, memory: syncedMemory(row) }));
  }

  supersede(id: string, by: string): void {
    this.append((at) => ({ op: 'memory.supersede', id, by, at }));
  }

  forget(id: string): void {
    this.append((at) => ({ op: 'memory.forget', id, at }));
  }

  /** A forgotten time range; its caller ends it at most now (only the past is forgotten), so it is a valid date. */
  forgetRange(from: Millis, to: Millis): void {
    if (to < from) return;
    this.append((at) => ({ op: 'range.forget', from: new Date(Math.max(from, 0)).toISOString(), to: new Date(to).toISOString(), at }));
  }

  setting(key: string, value: unknown): void {
    this.append((at) => ({ op: 'setting.put', key, value, at }));
  }

  /** Logged changes not yet exported, oldest first (the record as JSON, parsed by the exporter). */
  pending(limit = 100_000): { seq: number; record: unknown }[] {
    const rows = this.db.prepare('SELECT seq, record FROM sync_changes ORDER BY seq LIMIT ?').all(limit) as { seq: number; record: string }[];
    return rows.map((r) => ({ seq: r.seq, record: JSON.parse(r.record) as unknown }));
  }

  pendingCount(): number {
    return this.db.prepare('SELECT count(*) FROM sync_changes').pluck().get() as number;
  }

  /** Drops exported changes (up to and including seq). */
  exported(upTo: number): void {
    this.db.prepare('DELETE FROM sync_changes WHERE seq <= ?').run(upTo);
  }

  /** The sync room's own state (merge clocks, ledger, folder): JSON, checked by the reader. */
  state(key: string): unknown {
    const row = this.db.prepare('SELECT value FROM sync_state WHERE key = ?').pluck().get(key) as string | undefined;
    return row === undefined ? undefined : (JSON.parse(row) as unknown);
  }

  setState(key: string, value: unknown): void {
    this.db.prepare('INSERT INTO sync_state(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, JSON.stringify(value));
  }
}
