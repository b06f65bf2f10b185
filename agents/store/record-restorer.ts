import { join } from 'node:path';
import type { Memory, MemoryHistoryEntry, Provenance } from '../../shared/index.js';
import { BlobStore } from './blob-store.js';
import { StoreError } from './errors.js';
import { isValidId } from './ids.js';
import { withoutControls, withoutControlsDeep } from '../../shared/text/index.js';
import type { EngramStore } from './store.js';
import type { MessageRecord, NewFrame, ObservationRecord, ThreadRecord } from './types.js';

/** A memory as an export carries it: the row (secrets revealed or masked), its sources and its earlier versions. */
export interface MemoryRecordSnapshot {
  memory: Memory;
  provenance: Provenance[];
  history: MemoryHistoryEntry[];
}

/**
 * inserted: new here. replaced: the file's copy was newer and now stands in for the local one.
 * unchanged: same version already here. kept_local: the local copy is newer, so it stays.
 */
export type RestoreOutcome = 'inserted' | 'replaced' | 'unchanged' | 'kept_local';

const ms = (iso: string): number => Date.parse(iso);
const msOrNull = (iso: string | null): number | null => (iso == null ? null : Date.parse(iso));

/**
 * Writes records back exactly as they were exported: ids, times, usage counts, versions,
 * supersession links and history — which the ordinary insert path (new rows at version 1)
 * cannot do. Used by import; every call is meant to run inside writeTransaction.
 */
export class RecordRestorer {
  constructor(private readonly store: EngramStore) {}

  /**
   * One IMMEDIATE transaction: the writer lock is taken up front (waiting out busy_timeout), so a
   * long import never fails half-way with SQLITE_BUSY_SNAPSHOT when another process wrote first.
   */
  writeTransaction<T>(fn: () => T): T {
    return this.store.db.transaction(fn).immediate();
  }

  memory(rec: MemoryRecordSnapshot, opts: { secretMasked?: boolean } = {}): RestoreOutcome {
    const m = rec.memory;
    if (!isValidId(m.id)) throw new StoreError('INVALID_INPUT', `invalid memory id "${m.id}"`);
    const db = this.store.db;
    const local = this.store.memories.get(m.id, { reveal: true });
    let fields = m.fields;
    if (local) {
      const fileTime = ms(m.updated_at);
      const localTime = Date.parse(local.updated_at);
      if (local.version === m.version && localTime === fileTime) return 'unchanged';
      if (local.version > m.version || (local.version === m.version && localTime > fileTime)) return 'kept_local';
      // A masked export cannot carry the secret: keep the one this store already has.
      if (opts.secretMasked && m.kind === 'knowledge_vault' && local.kind === 'knowledge_vault') {
        fields = { ...fields, secret: local.fields.secret };
      }
    }
    const pointers = local ? (db.prepare('SELECT id FROM memories WHERE superseded_by = ?').pluck().all(m.id) as string[]) : [];
    if (local) this.store.memories.delete([m.id]);
    this.store.memories.insert({
      id: m.id,
      kind: m.kind,
      title: m.title,
      text: m.text,
      details: m.details,
      fields,
      app: m.app,
      occurred_at: msOrNull(m.occurred_at),
      ended_at: msOrNull(m.ended_at),
      segment: m.segment,
      created_at: ms(m.created_at),
      updated_at: ms(m.updated_at),
      provenance: rec.provenance,
    });
    db.prepare('UPDATE memories SET access_count = ?, last_accessed_at = ?, superseded_by = ?, version = ?, archived_at = ? WHERE id = ?').run(
      m.access_count,
      msOrNull(m.last_accessed_at),
      m.superseded_by,
      m.version,
      msOrNull(m.archived_at),
      m.id,
    );
    const repoint = db.prepare('UPDATE memories SET superseded_by = ? WHERE id = ?');
    for (const p of pointers) repoint.run(m.id, p);
    const hist = db.prepare('INSERT INTO memory_history(memory_id, version, changed_at, reason, snapshot) VALUES (?, ?, ?, ?, ?)');
    // Oldest first, so row order matches the order the versions were written in.
    for (const h of [...rec.history].sort((a, b) => a.version - b.version)) {
      hist.run(m.id, h.version, ms(h.changed_at), withoutControls(h.reason), JSON.stringify(withoutControlsDeep(h.snapshot)));
    }
    return local ? 'replaced' : 'inserted';
  }

  /**
   * Threads keep their ids so their messages (and the memories citing them) still line up. A
   * restored thread is an import: it is never read for feedback on answers (issue 28).
   */
  thread(t: Pick<ThreadRecord, 'id' | 'title' | 'created_at' | 'updated_at'>): boolean {
    if (!isValidId(t.id)) throw new StoreError('INVALID_INPUT', `invalid thread id "${t.id}"`);
    const info = this.store.db
      .prepare("INSERT OR IGNORE INTO threads (id, title, created_at, updated_at, origin) VALUES (?, ?, ?, ?, 'import')")
      .run(t.id, withoutControls(t.title), t.created_at, t.updated_at);
    return info.changes > 0;
  }

  message(m: MessageRecord): boolean {
    if (this.store.messages.get(m.id)) return false;
    this.store.messages.insert({ id: m.id, thread_id: m.thread_id, role: m.role, text: m.text, raw: m.raw, created_at: m.created_at, status: m.status });
    if (m.processed_at != null) this.store.messages.markProcessed([m.id], m.processed_at);
    return true;
  }

  observation(o: ObservationRecord): boolean {
    if (this.store.observations.get(o.id)) return false;
    // A frame or audio chunk the import does not bring along must not break the foreign key.
    const frameId = o.frame_id && this.store.frames.get(o.frame_id) ? o.frame_id : null;
    const audioId = o.audio_id && this.store.audio.get(o.audio_id) ? o.audio_id : null;
    this.store.observations.insert({ ...o, frame_id: frameId, audio_id: audioId });
    if (o.processed_at != null) this.store.observations.markProcessed([o.id], o.processed_at);
    return true;
  }

  /** A frame with its id kept; its image is encrypted anew under this store's frame key. */
  frame(meta: NewFrame & { id: string }, image: Buffer): boolean {
    if (this.store.frames.get(meta.id)) return false;
    this.store.frames.insert(meta, image);
    return true;
  }

  /**
   * After a rolled-back import: frame files are written before their rows, so the rows went with the
   * rollback but the files did not. Removes the files of the given ids that have no row.
   */
  discardOrphanFrames(ids: string[]): void {
    const blobs = new BlobStore(join(this.store.dataDir, 'frames'), this.store.masterKey, 'frames');
    for (const id of ids) if (!this.store.frames.get(id)) blobs.remove(id);
  }
}
