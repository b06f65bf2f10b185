import type { Database as Db } from 'better-sqlite3-multiple-ciphers';

/** Plain named counters: a gated or skipped capture tick leaves nothing but one of these. */
export class CounterRepo {
  constructor(private readonly db: Db) {}

  bump(name: string, n = 1): number {
    const row = this.db
      .prepare('INSERT INTO counters (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = value + excluded.value RETURNING value')
      .get(name, n) as { value: number };
    return row.value;
  }

  get(name: string): number {
    return (this.db.prepare('SELECT value FROM counters WHERE name = ?').get(name) as { value: number } | undefined)?.value ?? 0;
  }

  all(): Record<string, number> {
    const rows = this.db.prepare('SELECT name, value FROM counters').all() as { name: string; value: number }[];
    return Object.fromEntries(rows.map((r) => [r.name, r.value]));
  }
}
