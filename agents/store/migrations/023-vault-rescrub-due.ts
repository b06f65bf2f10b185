import type { Migration } from './migration.js';

/**
 * Version 23: a value new to the knowledge vault marks kept text as due for a re-scrub (trust53).
 * Text kept before the value went into the vault (a note "9316 is the gym locker code", a screen, a
 * thread's title) held it in clear until some later pass ran for another reason. A trigger, so every
 * way a vault entry is written (the window, the CLI, capture, the re-scrub's own hand-over, an entry
 * that arrives by sync) marks it in the same transaction as the entry: a crash keeps both or neither.
 * Only a value (or a title, whose words name a short value where text gives it) the vault did not
 * hold already: capture meeting the same Wi-Fi password again starts no pass. The mark is read and
 * cleared by the pass itself (rescrub.ts), in its first batch's transaction.
 */
export const m023VaultRescrubDue: Migration = {
  version: 23,
  name: 'meta redaction_vault_due: a new vault value starts a re-scrub',
  up(db) {
    db.exec(`
      CREATE TRIGGER vault_rescrub_due_insert AFTER INSERT ON memories
      WHEN NEW.kind = 'knowledge_vault' AND json_extract(NEW.fields, '$.secret') IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM memories m WHERE m.kind = 'knowledge_vault' AND m.id <> NEW.id AND m.title = NEW.title AND json_extract(m.fields, '$.secret') = json_extract(NEW.fields, '$.secret'))
      BEGIN
        INSERT OR REPLACE INTO meta (key, value) VALUES ('redaction_vault_due', '1');
      END;
      CREATE TRIGGER vault_rescrub_due_update AFTER UPDATE OF kind, title, fields ON memories
      WHEN NEW.kind = 'knowledge_vault' AND json_extract(NEW.fields, '$.secret') IS NOT NULL
        AND (OLD.kind IS NOT NEW.kind OR OLD.title IS NOT NEW.title OR json_extract(OLD.fields, '$.secret') IS NOT json_extract(NEW.fields, '$.secret'))
      BEGIN
        INSERT OR REPLACE INTO meta (key, value) VALUES ('redaction_vault_due', '1');
      END;
    `);
  },
};
