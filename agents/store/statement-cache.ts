import type { Database as Db, Statement } from 'better-sqlite3-multiple-ciphers';

/**
 * Prepared statements by SQL text: preparing costs more than many of the queries themselves, and
 * the SQL a repository asks varies only in a few shapes (filters, list widths). Bounded, oldest
 * prepared first out, so a caller whose shapes do vary cannot grow it without end.
 */
export class StatementCache {
  private readonly stmts = new Map<string, Statement>();

  constructor(
    private readonly db: Db,
    private readonly max = 64,
  ) {}

  get(sql: string): Statement {
    let s = this.stmts.get(sql);
    if (!s) {
      if (this.stmts.size >= this.max) this.stmts.delete(this.stmts.keys().next().value!);
      s = this.db.prepare(sql);
      this.stmts.set(sql, s);
    }
    return s;
  }
}
