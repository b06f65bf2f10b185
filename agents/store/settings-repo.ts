import type { Database as Db } from 'better-sqlite3-multiple-ciphers';
import type { ZodType } from 'zod';
import type { ChangeLog } from './change-log.js';
import { exclusionItemChanges, exclusionItemKey, exclusionsOf, type SyncedExclusions } from './synced-settings.js';
import { CAPTURE_SETTINGS_KEY } from '../../shared/settings/index.js';

/** Settings live inside the encrypted database (API keys included), as JSON validated on read. */
export class SettingsRepo {
  constructor(
    private readonly db: Db,
    /** Sync's log (issue 33): a change of the capture exclusions follows the user to their other devices. */
    private readonly changes?: ChangeLog,
  ) {}

  private raw(key: string): unknown {
    const row = this.db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
    try {
      return row ? (JSON.parse(row.value) as unknown) : undefined;
    } catch {
      return undefined;
    }
  }

  /** Writes key's new value (undefined: deleted), logging the exclusions when they changed, in one transaction. */
  private write(key: string, value: unknown, put: () => void): void {
    if (key !== CAPTURE_SETTINGS_KEY || !this.changes) {
      put();
      return;
    }
    this.db.transaction(() => {
      const before = exclusionsOf(this.raw(key));
      put();
      const after = exclusionsOf(value);
      if (after) this.logItems(before, after);
    })();
  }

  /** Each excluded item added or removed, as its own change: concurrent additions on two devices both survive. */
  private logItems(before: SyncedExclusions | null, after: SyncedExclusions): void {
    for (const change of exclusionItemChanges(before, after)) this.changes?.setting(exclusionItemKey(change), change);
  }

  /** When sync is turned on: how the exclusions differ from the defaults, item by item, so the first pass carries them. */
  logExclusions(): void {
    const now = exclusionsOf(this.raw(CAPTURE_SETTINGS_KEY));
    if (now) this.logItems(exclusionsOf({}), now);
  }

  /** A stored value that no longer fits its schema falls back rather than breaking start-up. */
  get<T>(key: string, schema: ZodType<T>, fallback: T): T {
    const row = this.db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
    if (!row) return fallback;
    try {
      const parsed = schema.safeParse(JSON.parse(row.value));
      return parsed.success ? parsed.data : fallback;
    } catch {
      return fallback;
    }
  }

  set(key: string, value: unknown): void {
    this.write(key, value, () =>
      this.db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, JSON.stringify(value)),
    );
  }

  delete(key: string): void {
    this.write(key, undefined, () => this.db.prepare('DELETE FROM settings WHERE key = ?').run(key));
  }

  all(): Record<string, unknown> {
    const rows = this.db.prepare('SELECT key, value FROM settings').all() as { key: string; value: string }[];
    return Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value) as unknown]));
  }
}
