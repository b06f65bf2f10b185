import { hostFailureOf } from '../../../../shared/api/index.js';
import { DB_FILE_NAME } from '../../../../shared/data-dir/index.js';
import { bool, str } from '../args.js';
import { CliError, type Command } from '../command.js';
import { withEngine } from '../cli-engine.js';

export const backupCommand: Command = {
  name: 'backup',
  summary: 'copy the encrypted database consistently, even while Engram runs',
  help: `usage: engram backup [--out FILE] [--json]

Takes a consistent snapshot of the database while the app, the CLI or the MCP server keep
working, still encrypted with the same master key, and checks it before giving it its name.
Frame and audio files are not included (use engram export --with-frames for those).
  --out FILE   where to write it (never overwrites); default: DATA_DIR/backups/engram-DATE-TIME.db
  --json       print {path, bytes, took_ms, schema_version, memories}

The backup opens only with this data dir's master key (the key file or $ENGRAM_KEY): keep a copy
of the key somewhere safe and separate. Backups in DATA_DIR/backups are redacted again when Engram
learns to redact more (an update, a value put in the knowledge vault): each one that still held such
a secret is replaced by a redacted copy of itself, written and checked before the old one goes.
A backup taken while Engram still redacts what it kept before an update (--out too) is redacted
the same way before it gets its name. To restore: quit Engram, then copy the backup over
DATA_DIR/${DB_FILE_NAME} (and remove ${DB_FILE_NAME}-wal and ${DB_FILE_NAME}-shm if present).`,
  options: { out: { type: 'string' }, json: { type: 'boolean' } },
  async run(args, ctx) {
    return withEngine(ctx, { embedder: 'none' }, async ({ client }) => {
      const r = await client.call('backup.write', { out: str(args, 'out') }).catch((err: unknown) => {
        // A refused backup (the file exists, the disk is full) is one line and exit 1.
        const failed = hostFailureOf(err);
        throw failed ? new CliError(failed.line, 1) : err;
      });
      if (ctx.json || bool(args, 'json')) ctx.io.stdout(JSON.stringify(r) + '\n');
      else
        ctx.io.stdout(
          `backed up the encrypted database to ${r.path} (${(r.bytes / 1_048_576).toFixed(1)} MB, ${r.memories} memories, ${(r.took_ms / 1000).toFixed(1)} s); it opens with this data dir's master key\n`,
        );
      return 0;
    });
  },
};
