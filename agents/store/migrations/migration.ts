import type { Database } from 'better-sqlite3-multiple-ciphers';

/** One schema step. Versions only go up; each runs in its own transaction. */
export interface Migration {
  version: number;
  name: string;
  up(db: Database): void;
}
