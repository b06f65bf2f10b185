import type { EngramStore } from '../../agents/store/index.js';

/** What an outside agent sees where a vault value was. */
export const WITHHELD = '[withheld: knowledge-vault secret]';
/** Shorter values would cut ordinary words out of answers; the vault field itself is still dropped. */
const MIN_SECRET = 4;

/**
 * The vault rule for callers outside the user's own window (MCP clients): on top of the window's
 * masking (the store masks every vault value unless revealed), any copy of a vault value —
 * current or earlier versions — is cut out of every string, wherever it turns up: a memory's
 * text, a quoted chat message, a field. The values are read once and again only when a vault row
 * changed (by this process or another), not on every call.
 */
export class VaultGuard {
  private stamp: string | null = null;
  private secrets: string[] = [];

  constructor(private readonly store: Pick<EngramStore, 'memories'>) {}

  /** The values to cut, longest first (so a secret containing another is cut whole); reloaded when the vault changed. */
  values(): readonly string[] {
    const stamp = this.store.memories.stamp(['knowledge_vault']);
    if (stamp === this.stamp) return this.secrets;
    const values = new Set<string>();
    const rows = this.store.memories.list({ kinds: ['knowledge_vault'], includeSuperseded: true, limit: 10_000 });
    for (const row of rows) {
      const m = this.store.memories.get(row.id, { reveal: true });
      if (typeof m?.fields.secret === 'string') values.add(m.fields.secret);
      for (const h of this.store.memories.history(row.id, { reveal: true })) if (typeof h.snapshot.fields.secret === 'string') values.add(h.snapshot.fields.secret);
    }
    this.secrets = [...values].filter((s) => s.length >= MIN_SECRET).sort((a, b) => b.length - a.length);
    this.stamp = stamp;
    return this.secrets;
  }

  text(s: string): string {
    let out = s;
    for (const secret of this.values()) if (out.includes(secret)) out = out.split(secret).join(WITHHELD);
    return out;
  }

  deep<T>(value: T): T {
    const secrets = this.values();
    if (secrets.length === 0) return value;
    const walk = (v: unknown): unknown => {
      if (typeof v === 'string') return this.text(v);
      if (Array.isArray(v)) return v.map(walk);
      if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
      return v;
    };
    return walk(value) as T;
  }
}
