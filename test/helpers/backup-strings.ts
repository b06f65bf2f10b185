import Database from 'better-sqlite3-multiple-ciphers';

/** Every string of every ordinary table of an encrypted backup (or of one query's rows), read with the store's key. */
export function backupStrings(path: string, key: Buffer, query?: string): string {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    db.pragma(`cipher='sqlcipher'`);
    db.pragma(`key="x'${key.toString('hex')}'"`);
    if (query) return (db.prepare(query).all() as Record<string, unknown>[]).flatMap((r) => Object.values(r).filter((v) => typeof v === 'string')).join('\n');
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%' AND name NOT LIKE 'sqlite_%'").pluck().all() as string[];
    const out: string[] = [];
    for (const t of tables) for (const row of db.prepare(`SELECT * FROM "${t}"`).all() as Record<string, unknown>[]) for (const v of Object.values(row)) if (typeof v === 'string') out.push(v);
    return out.join('\n');
  } finally {
    db.close();
  }
}
