import type { EngramStore } from '../store/index.js';
import { ChangeRecordSchema, type ChangeRecord, type SyncedMemory } from './change-record.js';
import { MergeState, type MergeEffect } from './merge-state.js';
import type { OpenedSegment, SyncIdentity } from './segment-seal.js';
import { applySyncedSetting } from './synced-setting-apply.js';
import { emptyLedger, importSegments, SyncLedgerSchema, writeSegments, type ImportRefusal, type SyncLedger } from './sync-folder.js';

const MERGE_KEY = 'merge';
const LEDGER_KEY = 'ledger';

/** Where and with what a data dir syncs: the folder every device shares, the sync key and the folder's id. */
export interface FolderSyncOptions {
  folder: string;
  /** 32 bytes, the same on every device (pairing). */
  key: Buffer;
  /** 32 hex digits, the same on every device of the folder. */
  folderId: string;
  now?: () => number;
}

export interface SyncPassReport {
  /** Local changes written to the folder in this pass. */
  exported: number;
  /** Other devices' segments imported in this pass. */
  imported: number;
  /** Files refused for the first time in this pass, one line each. */
  refused: ImportRefusal[];
}

/** What this data dir has imported from and refused in its sync folder. */
export function ledgerOf(store: EngramStore): SyncLedger {
  const json = store.changes.state(LEDGER_KEY);
  return json === undefined ? emptyLedger() : SyncLedgerSchema.parse(json);
}

const ms = (iso: string | null): number | null => (iso === null ? null : Date.parse(iso));

/**
 * One data dir syncing through one folder: export writes the changes the store logged since the
 * last pass as sealed segments; import opens the other devices' new segments, decides with
 * MergeState and carries the effects out through the store's own write and forget paths (so a
 * forget takes search rows, vectors and graph facts as a local one does), without logging them
 * again. The merge clocks and the ledger live in the store, saved in the transaction that applies
 * what they describe, so a crash leaves them agreeing with the memories.
 */
export class FolderSync {
  constructor(
    private readonly store: EngramStore,
    private readonly opts: FolderSyncOptions,
  ) {}

  private identity(): SyncIdentity {
    return { key: this.opts.key, folderId: this.opts.folderId, device: this.store.changes.enable() };
  }

  private merge(): MergeState {
    const json = this.store.changes.state(MERGE_KEY);
    return json === undefined ? new MergeState() : MergeState.fromJson(json);
  }

  ledger(): SyncLedger {
    return ledgerOf(this.store);
  }

  private save(merge: MergeState, ledger: SyncLedger): void {
    this.store.changes.setState(MERGE_KEY, merge.toJson());
    this.store.changes.setState(LEDGER_KEY, ledger);
  }

  /** Writes pending local changes, then imports the other devices' new segments. */
  async now(): Promise<SyncPassReport> {
    const id = this.identity();
    const exported = this.exportPending(id);
    const { imported, refused } = await this.importNew(id);
    return { exported, imported, refused };
  }

  /** Local changes into the folder; each is folded into the merge clocks first, so an older remote edit cannot undo it. */
  exportPending(id: SyncIdentity = this.identity()): number {
    return this.store.transaction(() => {
      const rows = this.store.changes.pending();
      if (rows.length === 0) return 0;
      const records = rows.map((r) => ChangeRecordSchema.parse(r.record));
      const merge = this.merge();
      const ledger = this.ledger();
      const ranges: { from: string; to: string }[] = [];
      // A local put of a memory another device forgot (or a range covers) is forgotten here too, and a
      // local setting that wins is put back (a remote one imported meanwhile may have replaced it).
      this.store.changes.imported(() => {
        for (const r of records) for (const e of merge.apply(r)) if (e.kind === 'forget' || e.kind === 'setting') this.carryOut(e, ranges);
      });
      writeSegments(this.opts.folder, id, ledger, records);
      this.store.changes.exported(rows[rows.length - 1]!.seq);
      this.save(merge, ledger);
      return records.length;
    });
  }

  /** One import pass: segments are read and checked first, then applied and recorded in one transaction. */
  async importNew(id: SyncIdentity = this.identity()): Promise<{ imported: number; refused: ImportRefusal[] }> {
    const ledger = this.ledger();
    const segments: OpenedSegment[] = [];
    const result = await importSegments(this.opts.folder, id, ledger, (s) => void segments.push(s), this.opts.now);
    const ranges: { from: string; to: string }[] = [];
    this.store.transaction(() => {
      const merge = this.merge();
      this.store.changes.imported(() => {
        for (const s of segments) for (const r of s.records) this.applyRemote(merge, r, ranges);
      });
      this.save(merge, ledger);
    });
    // A range forget takes this device's own sources in the range (frames, audio, files): after the commit, as a local forget runs.
    for (const r of ranges) this.store.changes.imported(() => this.store.forget({ from: Date.parse(r.from), to: Date.parse(r.to) }));
    return result;
  }

  private applyRemote(merge: MergeState, r: ChangeRecord, ranges: { from: string; to: string }[]): void {
    this.store.changes.receive(r.at);
    for (const e of merge.apply(r)) this.carryOut(e, ranges);
  }

  private carryOut(e: MergeEffect, ranges: { from: string; to: string }[]): void {
    const memories = this.store.memories;
    switch (e.kind) {
      case 'put':
        this.put(e.id, e.memory, e.at.t);
        if (e.supersededBy && memories.row(e.supersededBy)) memories.update(e.id, { superseded_by: e.supersededBy }, 'sync');
        return;
      case 'supersede':
        if (memories.row(e.id) && memories.row(e.by)) memories.update(e.id, { superseded_by: e.by }, 'sync');
        return;
      case 'forget':
        memories.delete([e.id]);
        return;
      case 'forget-range':
        ranges.push({ from: e.from, to: e.to });
        return;
      case 'setting':
        applySyncedSetting(this.store, e.key, e.value);
        return;
    }
  }

  private put(id: string, m: SyncedMemory, at: number): void {
    const memories = this.store.memories;
    const patch = { title: m.title, text: m.text, details: m.details, fields: m.fields, app: m.app, occurred_at: ms(m.occurred_at), ended_at: ms(m.ended_at) };
    if (memories.row(id)) memories.update(id, patch, 'sync');
    else memories.insert({ id, kind: m.kind, segment: m.segment, created_at: at, ...patch });
  }
}
