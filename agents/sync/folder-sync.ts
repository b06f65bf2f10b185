import { DETECTORS_VERSION, type RedactionSwitches, type SecretMatch } from '../../shared/redaction/index.js';
import { CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, defaultCaptureSettings } from '../../shared/settings/index.js';
import { CarriedSecrets, EDITED_BY_USER, type EngramStore } from '../store/index.js';
import { ArrivalHindsight } from './arrival-hindsight.js';
import { scrubArrival, scrubsOnArrival } from './arrival-scrub.js';
import { coreAsKept, coreLinesHere } from './core-arrival.js';
import { ChangeRecordSchema, type ChangeRecord, type SyncedMemory } from './change-record.js';
import { MergeState, type MergeEffect } from './merge-state.js';
import { resealSlice, resealStart, ResealStateSchema, type ResealState } from './own-reseal.js';
import type { OpenedSegment, SyncIdentity } from './segment-seal.js';
import { applySyncedSetting } from './synced-setting-apply.js';
import { emptyLedger, importSegments, SyncLedgerSchema, writeSegments, type ImportRefusal, type SyncLedger, type WriterNote } from './sync-folder.js';
import { settleVault, VAULT_PAGE, type ArrivalSecret } from './vault-entries.js';
import { VaultSecretIds } from './vault-secret-ids.js';
import { DeviceNames } from './device-names.js';

const MERGE_KEY = 'merge';
const LEDGER_KEY = 'ledger';
const RESEAL_KEY = 'reseal';

/** Where and with what a data dir syncs: the folder every device shares, the sync key and the folder's id. */
export interface FolderSyncOptions {
  folder: string;
  /** 32 bytes, the same on every device (pairing). */
  key: Buffer;
  /** 32 hex digits, the same on every device of the folder. */
  folderId: string;
  now?: () => number;
  /** Vault entries read at a time where every one is compared (vault-entries.ts); tests use a small page. */
  vaultPage?: number;
}

export interface SyncPassReport {
  /** Local changes written to the folder in this pass. */
  exported: number;
  /** Other devices' segments imported in this pass. */
  imported: number;
  /** Files refused for the first time in this pass, one line each. */
  refused: ImportRefusal[];
  /** Own segments sealed again in this pass with the text masked by the current detectors (own-reseal.ts). */
  resealed: number;
}

/** What this data dir has imported from and refused in its sync folder. */
export function ledgerOf(store: EngramStore): SyncLedger {
  const json = store.changes.state(LEDGER_KEY);
  return json === undefined ? emptyLedger() : SyncLedgerSchema.parse(json);
}

const ms = (iso: string | null): number | null => (iso === null ? null : Date.parse(iso));

/**
 * How an arriving record is kept: redacted first (what is taken out collected in `scrub`), and
 * whether the user wrote it by hand; a vault entry it puts is listed in `vault` (one entry per secret, vault-entries.ts).
 */
interface Arrival {
  scrub: ArrivalSecret[] | null;
  byHand: boolean;
  vault?: string[];
  /** The device whose segment carried the record, and the record's clock (ms): who stopped excluding what, when. */
  origin?: { device: string; at: number };
}

/**
 * One data dir syncing through one folder: export writes the changes the store logged since the
 * last pass as sealed segments; import opens the other devices' new segments, decides with
 * MergeState and carries the effects out through the store's own write and forget paths (so a
 * forget takes search rows, vectors and graph facts as a local one does), without logging them
 * again. The merge clocks and the ledger live in the store, saved in the transaction that applies
 * what they describe, so a crash leaves them agreeing with the memories.
 */
export class FolderSync {
  /**
   * One for the life of this sync, not one a pass: its vault cut reads the whole vault again only
   * when the vault changed (VaultCut's stamp), where a fresh one read it every pass a name is set.
   */
  private readonly deviceNames: DeviceNames;

  constructor(
    private readonly store: EngramStore,
    private readonly opts: FolderSyncOptions,
  ) {
    this.deviceNames = new DeviceNames(store);
  }

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
    const resealed = this.resealOwn(id);
    return { exported, imported, refused, resealed };
  }

  /**
   * The own segments still to seal again: kept in the store; the first time (or after the detectors
   * change), every own segment in the ledger, since those written before were sealed with older ones.
   */
  private resealState(ledger: SyncLedger, device: string): ResealState {
    const parsed = ResealStateSchema.safeParse(this.store.changes.state(RESEAL_KEY));
    return parsed.success && parsed.data.detectors >= DETECTORS_VERSION ? parsed.data : resealStart(ledger, device);
  }

  /**
   * Once this store's re-scrub is done, its own segments sealed before these detectors are sealed
   * again a few per pass (own-reseal.ts), with what the re-scrub leaves alone left alone: vault
   * entries and what the user edited by hand. The secrets are not kept again: the re-scrub already
   * decided what of the store's text goes to the vault.
   */
  resealOwn(id: SyncIdentity = this.identity()): number {
    if (this.store.rescrubDue) return 0;
    return this.store.transaction(() => {
      const ledger = this.ledger();
      const had = this.store.changes.state(RESEAL_KEY);
      const state = this.resealState(ledger, id.device);
      if (state.pending.length === 0) {
        if (had === undefined) this.store.changes.setState(RESEAL_KEY, state);
        return 0;
      }
      const switches = this.store.settings.get(CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, defaultCaptureSettings()).redaction;
      let known: CarriedSecrets | null = null;
      const { resealed } = resealSlice(this.opts.folder, id, ledger, state, (records) => {
        const note = this.writerNote(records);
        // The vault's values too, as the re-scrub masked them where a note quotes one alone (rescrub-carry.ts).
        const masked = records.map((r) =>
          r.op === 'memory.put' && r.memory.kind !== 'knowledge_vault' && !note.byHand(r.id) ? { ...r, memory: scrubArrival(r.memory, switches, (known ??= CarriedSecrets.fromVault(this.store.db, switches))).memory } : r,
        );
        return { records: masked, note };
      });
      this.store.changes.setState(RESEAL_KEY, state);
      this.store.changes.setState(LEDGER_KEY, ledger);
      return resealed;
    });
  }

  /** Local changes into the folder; each is folded into the merge clocks first, so an older remote edit cannot undo it. */
  exportPending(id: SyncIdentity = this.identity()): number {
    return this.store.transaction(() => {
      // The first pass after an update (or after sync was turned on again) notes every vault entry
      // held, before one can be deleted unnoted (vault-secret-ids.ts).
      if (VaultSecretIds.missing(this.store)) VaultSecretIds.load(this.store, this.opts.key, this.vaultPage).save();
      let rows = this.store.changes.pending();
      if (rows.length === 0) return 0;
      let records = rows.map((r) => ChangeRecordSchema.parse(r.record));
      const merge = this.merge();
      // A vault entry the user deleted takes its secret's shared id with it (vault-secret-ids.ts): logged
      // here, so the tombstone travels in this batch and every device treats the secret as deleted.
      if (this.secretIdsDeleted(records, merge)) {
        rows = this.store.changes.pending();
        records = rows.map((r) => ChangeRecordSchema.parse(r.record));
      }
      const ledger = this.ledger();
      const ranges: { from: string; to: string }[] = [];
      // A local put of a memory another device forgot (or a range covers) is forgotten here too, and a
      // local setting that wins is put back (a remote one imported meanwhile may have replaced it).
      this.store.changes.imported(() => {
        for (const r of records) {
          for (const e of merge.apply(r)) {
            // This device's own setting: its removals too (it is only another device's that may not widen here).
            if (e.kind === 'setting') applySyncedSetting(this.store, e.key, e.value, 'here');
            else if (e.kind === 'forget') this.carryOut(e, ranges);
          }
        }
      });
      const note = this.writerNote(records);
      const names = writeSegments(this.opts.folder, id, ledger, records, note);
      // Sealed with text older detectors judged: to be sealed again once the re-scrub is done.
      if (note.detectors < DETECTORS_VERSION) {
        const state = this.resealState(ledger, id.device);
        this.store.changes.setState(RESEAL_KEY, { ...state, pending: [...new Set([...state.pending, ...names])] });
      }
      this.store.changes.exported(rows[rows.length - 1]!.seq);
      this.save(merge, ledger);
      return records.length;
    });
  }

  /**
   * Notes the vault entries this batch puts and logs a forget of the shared id of each secret it
   * deletes for good (no entry here holds it any more); whether it logged one. Read only when the
   * batch puts a vault entry or forgets anything.
   */
  private secretIdsDeleted(records: ChangeRecord[], merge: MergeState): boolean {
    const touches = records.some((r) => (r.op === 'memory.put' && r.memory.kind === 'knowledge_vault') || r.op === 'memory.forget');
    if (!touches) return false;
    const ids = VaultSecretIds.load(this.store, this.opts.key, this.vaultPage);
    for (const r of records) if (r.op === 'memory.put') ids.put(r.id, r.memory);
    const shared = ids.forgotten(records.flatMap((r) => (r.op === 'memory.forget' ? [r.id] : []))).filter((id) => !merge.isForgotten(id));
    for (const id of shared) this.store.changes.forget(id);
    ids.save();
    return shared.length > 0;
  }

  private get vaultPage(): number {
    return this.opts.vaultPage ?? VAULT_PAGE;
  }

  /**
   * What this device's segments say of their records (their trailer, segment-seal.ts): the detectors
   * that judged the text (0 while the store's re-scrub to the current ones is not done: until then
   * it may hold text only older ones judged) and which memories the user edited by hand.
   */
  private writerNote(records: ChangeRecord[]): WriterNote {
    const hand = new Set<string>();
    for (const r of records) {
      if (r.op === 'memory.put' && !hand.has(r.id) && this.store.memories.history(r.id).some((h) => h.reason === EDITED_BY_USER)) hand.add(r.id);
    }
    return { detectors: this.store.rescrubDue ? 0 : DETECTORS_VERSION, byHand: (memoryId) => hand.has(memoryId), name: this.deviceNames.own() };
  }

  /** One import pass: segments are read and checked first, then applied and recorded in one transaction. */
  async importNew(id: SyncIdentity = this.identity()): Promise<{ imported: number; refused: ImportRefusal[] }> {
    const ledger = this.ledger();
    const segments: OpenedSegment[] = [];
    const result = await importSegments(this.opts.folder, id, ledger, (s) => void segments.push(s), this.opts.now);
    const ranges: { from: string; to: string }[] = [];
    this.store.transaction(() => {
      const merge = this.merge();
      const vault: ArrivalSecret[] = [];
      const vaultPuts: string[] = [];
      this.passSwitches = null;
      this.passKnown = null;
      this.passIds = null;
      this.passHindsight = null;
      this.store.changes.imported(() => {
        const names = this.deviceNames;
        for (const s of segments) {
          // The name it gives itself, for display beside its id (checked there; trusted for nothing else).
          if (s.trailer?.device_name !== undefined) names.heard(s.device, s.trailer.device_name);
          const hand = new Set(s.trailer?.by_hand ?? []);
          for (const r of s.records) this.applyRemote(merge, r, ranges, { scrub: scrubsOnArrival(r, s.trailer) ? vault : null, byHand: r.op === 'memory.put' && hand.has(r.id), vault: vaultPuts, origin: { device: s.device, at: r.at.t } });
        }
        // Inside imported(): the masks are this device's reading of what arrived, not edits that travel.
        this.maskEarlier(vault);
      });
      this.passHindsight = null;
      // Outside imported(): what it keeps and forgets is this device's own, and travels.
      settleVault(this.store, this.opts.key, merge, vault, vaultPuts, this.vaultPage);
      this.saveSecretIds();
      this.save(merge, ledger);
    });
    // A range forget takes this device's own sources in the range (frames, audio, files): after the commit, as a local forget runs.
    for (const r of ranges) this.store.changes.imported(() => this.store.forget({ from: Date.parse(r.from), to: Date.parse(r.to) }));
    return result;
  }

  private applyRemote(merge: MergeState, r: ChangeRecord, ranges: { from: string; to: string }[], arrival: Arrival): void {
    this.store.changes.receive(r.at);
    for (const e of merge.apply(r)) this.carryOut(e, ranges, arrival);
  }

  private carryOut(e: MergeEffect, ranges: { from: string; to: string }[], arrival: Arrival = { scrub: null, byHand: false }): void {
    const memories = this.store.memories;
    switch (e.kind) {
      case 'put': {
        if (!arrival.scrub) this.passHindsight?.replaced(e.id);
        const memory = e.memory.kind === 'core' ? this.heldCore(e.id, e.memory) : e.memory;
        this.put(e.id, arrival.scrub ? this.scrubbed(e.id, memory, e.at.t, arrival.scrub) : memory, e.at.t, arrival.byHand);
        if (e.memory.kind === 'knowledge_vault') {
          arrival.vault?.push(e.id);
          if (arrival.vault) this.secretIds().put(e.id, e.memory);
          // A secret that arrives in this pass is looked for in the memories after it, as the vault's others are.
          const { entry_type: kind, secret } = e.memory.fields as Record<string, unknown>;
          if (typeof kind === 'string' && typeof secret === 'string') {
            this.passKnown?.add(kind, secret);
            // ... and in the ones before it, at the pass's end.
            this.passHindsight?.learn(kind, secret);
          }
        }
        if (e.supersededBy && memories.row(e.supersededBy)) memories.update(e.id, { superseded_by: e.supersededBy }, 'sync');
        return;
      }
      case 'supersede':
        if (memories.row(e.id) && memories.row(e.by)) memories.update(e.id, { superseded_by: e.by }, 'sync');
        return;
      case 'forget':
        memories.delete([e.id]);
        this.passHindsight?.replaced(e.id);
        if (arrival.vault) this.secretIds().drop(e.id);
        return;
      case 'forget-range':
        ranges.push({ from: e.from, to: e.to });
        return;
      case 'setting':
        applySyncedSetting(this.store, e.key, e.value, 'elsewhere', arrival.origin);
        return;
    }
  }

  /**
   * A core block from another device, without the lines the core guard refuses where no user's words
   * vouch for them (core-arrival.ts); counted as `sync.core_held`.
   */
  private heldCore(id: string, m: SyncedMemory): SyncedMemory {
    const here = coreLinesHere(this.store.memories.list({ kinds: ['core'], limit: 100 }).map((c) => c.text));
    const { memory, held } = coreAsKept(m, here, this.store.memories.get(id)?.text ?? null);
    if (held) this.store.counters.bump('sync.core_held', held);
    return memory;
  }

    /** The vault entries' shared ids, read at an import pass's first vault entry or forget. */
  private passIds: VaultSecretIds | null = null;
  private secretIds(): VaultSecretIds {
    return (this.passIds ??= VaultSecretIds.load(this.store, this.opts.key, this.vaultPage));
  }
  private saveSecretIds(): void {
    this.passIds?.save();
  }

  /** The user's redaction switches, read at the first memory an import pass redacts. */
  private passSwitches: RedactionSwitches | null = null;
  /** The secrets this device's vault holds, read at the first memory an import pass redacts (once a pass, not once a memory). */
  private passKnown: CarriedSecrets | null = null;

  /**
   * A memory from a device whose detectors are older than these, redacted with the user's switches
   * before it is kept. Imported changes are not logged, so the masked copy does not go back as an
   * edit: the sender keeps its own until its update's re-scrub masks it there, and that edit, judged
   * by these detectors, arrives and is kept as sent.
   */
  private scrubbed(id: string, m: SyncedMemory, at: number, vault: ArrivalSecret[]): SyncedMemory {
    const switches = (this.passSwitches ??= this.store.settings.get(CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, defaultCaptureSettings()).redaction);
    const known = (this.passKnown ??= CarriedSecrets.fromVault(this.store.db, switches));
    const { memory, secrets } = scrubArrival(m, switches, known);
    this.keepFound(id, memory, at, secrets, vault);
    const hindsight = (this.passHindsight ??= new ArrivalHindsight(switches));
    hindsight.scrubbed(id, memory, at);
    // A labelled secret taken out here is looked for in the memories after this one, and at the pass's end in those before it.
    for (const s of secrets) known.add(s.kind, s.value);
    hindsight.learnAll(secrets);
    return memory;
  }

  private keepFound(id: string, memory: SyncedMemory, at: number, secrets: readonly SecretMatch[], vault: ArrivalSecret[]): void {
    if (!secrets.length) return;
    this.store.counters.bump('redaction.sync_import.masked', secrets.length);
    for (const s of secrets) vault.push({ memoryId: id, memory, secret: s, at });
  }

  /** The memories the pass masked on arrival and their values, for the ones a value learned later in the pass reaches. */
  private passHindsight: ArrivalHindsight | null = null;

  /**
   * A memory masked on arrival before the pass learned a secret it quotes alone (the vault entry, or
   * the labelled text that gave the value up, came later in the pass): masked again now, with every
   * value the pass knows, before the vault is settled, so what it takes out is kept as any arrival's.
   * Only those memories are read again (ArrivalHindsight.quoting); one round does it, since the
   * detectors already ran on each and only carried values, all known, can be found.
   */
  private maskEarlier(vault: ArrivalSecret[]): void {
    const hindsight = this.passHindsight;
    if (!hindsight || !this.passSwitches || !this.passKnown) return;
    for (const [id, k] of hindsight.quoting()) {
      if (!this.store.memories.row(id)) continue;
      const { memory, secrets } = scrubArrival(k.memory, this.passSwitches, this.passKnown);
      this.keepFound(id, memory, k.at, secrets, vault);
      this.put(id, memory, k.at, false);
    }
  }

  /**
   * `byHand`: the user edited this memory by hand on the device that sent it. Its history here says
   * so too, as a hand edit made here would, so this device's re-scrub leaves it as written and its
   * own segments name it (an edit masked here would otherwise go back and replace the user's text
   * on the device where they typed it). A memory new here gets that history row beside its first version.
   */
  private put(id: string, m: SyncedMemory, at: number, byHand: boolean): void {
    const memories = this.store.memories;
    const patch = { title: m.title, text: m.text, details: m.details, fields: m.fields, app: m.app, occurred_at: ms(m.occurred_at), ended_at: ms(m.ended_at) };
    if (memories.row(id)) memories.update(id, patch, byHand ? EDITED_BY_USER : 'sync');
    else {
      memories.insert({ id, kind: m.kind, segment: m.segment, created_at: at, ...patch });
      if (byHand) memories.update(id, {}, EDITED_BY_USER);
    }
  }
}
