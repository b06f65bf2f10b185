import type { EngramStore } from '../../../agents/store/index.js';

export const WITHHELD = '[withheld: knowledge-vault secret]';
/** Shorter values would cut ordinary words out of answers; the vault field itself is still dropped. */
const MIN_SECRET = 4;

/**
 * The last gate before anything leaves through MCP: every knowledge-vault secret value (current and
 * earlier versions) is cut out of every string of an answer, wherever it turns up — a memory's
 * text, a chat message quoted as a source, a field. Vault rows are also shown without their secret
 * field; this catches copies of the value elsewhere.
 */
export class VaultScrubber {
  private constructor(private readonly secrets: string[]) {}

  static load(store: Pick<EngramStore, 'memories'>): VaultScrubber {
    const values = new Set<string>();
    const rows = store.memories.list({ kinds: ['knowledge_vault'], includeSuperseded: true, limit: 10_000 });
    for (const row of rows) {
      const m = store.memories.get(row.id, { reveal: true });
      if (typeof m?.fields.secret === 'string') values.add(m.fields.secret);
      for (const h of store.memories.history(row.id, { reveal: true })) if (typeof h.snapshot.fields.secret === 'string') values.add(h.snapshot.fields.secret);
    }
    // Longest first, so a secret containing another is cut whole.
    return new VaultScrubber([...values].filter((s) => s.length >= MIN_SECRET).sort((a, b) => b.length - a.length));
  }

  text(s: string): string {
    let out = s;
    for (const secret of this.secrets) if (out.includes(secret)) out = out.split(secret).join(WITHHELD);
    return out;
  }

  deep<T>(value: T): T {
    if (this.secrets.length === 0) return value;
    const walk = (v: unknown): unknown => {
      if (typeof v === 'string') return this.text(v);
      if (Array.isArray(v)) return v.map(walk);
      if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
      return v;
    };
    return walk(value) as T;
  }
}
