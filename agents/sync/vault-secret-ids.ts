import { z } from 'zod';
import { isWholeMarker } from '../../shared/redaction/index.js';
import type { EngramStore } from '../store/index.js';
import { vaultSecretId } from './arrival-scrub.js';

const STATE_KEY = 'vault_ids';
const StateSchema = z.object({ v: z.literal(1), ids: z.record(z.string(), z.string()) });

/** What of a vault entry names its secret: its kind and its fields (entry_type, secret). */
interface VaultContent {
  kind: string;
  fields: Record<string, unknown>;
}

/**
 * The shared id (vaultSecretId) of each vault entry this device holds, by the entry's own id, noted
 * while the secret is readable: when the entry is put here (exported) or arrives. A deleted entry's
 * secret is gone with it (its history goes too), so this is how sync still knows, when it exports
 * the entry's forget, which secret the user deleted: it forgets the shared id as well, and that
 * tombstone stands for the secret on every device (vault-entries.ts), whatever id the entry had.
 *
 * Kept in the sync room's state, not by the vault or the store: only keyed HMACs are written (they
 * say nothing of a value without the sync key, which lives outside the data folder), never a second
 * copy of a secret the user deleted, and the vault's delete path stays as it is.
 */
export class VaultSecretIds {
  private constructor(
    private readonly store: EngramStore,
    private readonly key: Buffer,
    private readonly ids: Map<string, string>,
    private changed: boolean,
    private readonly page: number,
  ) {}

  /** Whether the state was never written (the first pass after an update, or after sync was turned on again). */
  static missing(store: EngramStore): boolean {
    return store.changes.state(STATE_KEY) === undefined;
  }

  /** The noted ids; the first time, every entry the store holds is noted (one decrypt each, once). */
  static load(store: EngramStore, key: Buffer, page: number): VaultSecretIds {
    const parsed = StateSchema.safeParse(store.changes.state(STATE_KEY));
    const ids = new VaultSecretIds(store, key, new Map(parsed.success ? Object.entries(parsed.data.ids) : []), !parsed.success, page);
    if (!parsed.success) ids.held();
    return ids;
  }

  /** A vault entry put here or arrived, as it now reads; anything else is passed over. */
  put(id: string, m: VaultContent): void {
    if (m.kind !== 'knowledge_vault') return;
    const { entry_type: type, secret } = m.fields;
    // A marker-only entry ("a card was seen") names no secret.
    const shared = typeof type === 'string' && typeof secret === 'string' && secret.trim() && !isWholeMarker(secret) ? vaultSecretId(this.key, type, secret) : null;
    if ((shared ?? undefined) === this.ids.get(id)) return;
    if (shared) this.ids.set(id, shared);
    else this.ids.delete(id);
    this.changed = true;
  }

  /** An entry forgotten by another device: its forget says enough there. */
  drop(id: string): void {
    if (this.ids.delete(id)) this.changed = true;
  }

  /**
   * The shared ids to forget with these forgotten entries: the secrets no entry here holds any more.
   * An entry forgotten because another holds its secret (two met and one was kept, vault-entries.ts)
   * forgets nothing more.
   */
  forgotten(ids: readonly string[]): string[] {
    const gone = ids.filter((id) => this.ids.has(id));
    if (!gone.length) return [];
    const held = this.held();
    const stillHeld = new Set([...held].map((id) => this.ids.get(id)));
    const out = new Set<string>();
    for (const id of gone) {
      const shared = this.ids.get(id)!;
      if (held.has(id)) continue;
      this.ids.delete(id);
      this.changed = true;
      if (shared !== id && !held.has(shared) && !stillHeld.has(shared)) out.add(shared);
    }
    return [...out];
  }

  /** Every vault entry the store holds (superseded ones too), those not noted yet read and noted. */
  private held(): Set<string> {
    const memories = this.store.memories;
    const held = new Set<string>();
    for (let offset = 0; ; offset += this.page) {
      const rows = memories.list({ kinds: ['knowledge_vault'], includeSuperseded: true, order: 'oldest', limit: this.page, offset });
      for (const e of rows) {
        held.add(e.id);
        if (this.ids.has(e.id)) continue;
        const m = memories.get(e.id, { reveal: true });
        if (m) this.put(e.id, m);
      }
      if (rows.length < this.page) return held;
    }
  }

  /** Written in the pass's transaction, when anything changed. */
  save(): void {
    if (!this.changed) return;
    this.store.changes.setState(STATE_KEY, { v: 1, ids: Object.fromEntries(this.ids) });
    this.changed = false;
  }
}
