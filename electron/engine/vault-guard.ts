import { VaultCut, type EngramStore } from '../../agents/store/index.js';
import { cutValues, cutValuesDeep, valuesToCut } from '../../shared/vault/index.js';

/** What an outside agent's answers pass through (Engram.vault): every copy of a vault value cut out. */
export interface VaultFilter {
  text(s: string): string;
  deep<T>(value: T): T;
}

/**
 * The vault rule for callers outside the user's own window (MCP clients), as shared/vault states it:
 * on top of the window's masking, any copy of a vault value — current or earlier versions — is cut
 * out of every string, wherever it turns up: a memory's text, a quoted chat message, a field. The
 * values are read once and again only when a vault row changed (by this process or another), not
 * on every call.
 */
export class VaultGuard implements VaultFilter {
  private stamp: string | null = null;
  private secrets: string[] = [];
  /**
   * Then the cut every model prompt gets (vault-cut.ts): a copy in other capitals, across a line
   * break or grouped otherwise ("QUILLON-MARTEN-2287" of a Wi-Fi password, an address on two
   * lines) is no exact copy, and went out whole. Long and varied values only, as there.
   */
  private readonly folded: VaultCut;

  /** Rows read per query; the list is paged to the end, however many vault rows there are. */
  private readonly pageSize: number;

  constructor(
    private readonly store: Pick<EngramStore, 'memories'>,
    opts: { pageSize?: number } = {},
  ) {
    this.pageSize = Math.max(1, Math.min(opts.pageSize ?? 1000, 10_000));
    this.folded = new VaultCut(store.memories);
  }

  /** The values to cut, longest first; reloaded when the vault changed. */
  values(): readonly string[] {
    const stamp = this.store.memories.stamp(['knowledge_vault']);
    if (stamp === this.stamp) return this.secrets;
    const values: string[] = [];
    // Every row, page by page: a single list() stops at 10,000, and the secrets after it went out uncut.
    for (let offset = 0; ; offset += this.pageSize) {
      const rows = this.store.memories.list({ kinds: ['knowledge_vault'], includeSuperseded: true, order: 'oldest', limit: this.pageSize, offset });
      for (const row of rows) {
        const m = this.store.memories.get(row.id, { reveal: true });
        if (typeof m?.fields.secret === 'string') values.push(m.fields.secret);
        for (const h of this.store.memories.history(row.id, { reveal: true })) if (typeof h.snapshot.fields.secret === 'string') values.push(h.snapshot.fields.secret);
      }
      if (rows.length < this.pageSize) break;
    }
    this.secrets = valuesToCut(values);
    this.stamp = stamp;
    return this.secrets;
  }

  text(s: string): string {
    return this.folded.text(cutValues(s, this.values()));
  }

  deep<T>(value: T): T {
    const walk = (v: unknown): unknown => {
      if (typeof v === 'string') return this.folded.text(v);
      if (Array.isArray(v)) return v.map(walk);
      if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
      return v;
    };
    return walk(cutValuesDeep(value, this.values())) as T;
  }
}
