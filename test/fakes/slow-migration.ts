/**
 * Opens a data dir with the real migrations, the last of which is made slow: after its own work it
 * keeps filling a table inside the same transaction (with a 1 MiB page cache, so dirty pages spill
 * to the WAL) and prints "migrating" once it is well under way. The migration test kills this
 * process with SIGKILL at that point.
 *
 *   node --import tsx test/fakes/slow-migration.ts DATA_DIR    (key: $ENGRAM_KEY, hex)
 */
import type { Database } from 'better-sqlite3-multiple-ciphers';
import { openDatabase } from '../../agents/store/database.js';
import { MIGRATIONS } from '../../agents/store/migrations/index.js';

const dir = process.argv[2]!;
const key = Buffer.from(process.env.ENGRAM_KEY ?? '', 'hex');
const last = MIGRATIONS[MIGRATIONS.length - 1]!;
const slow = {
  ...last,
  up(db: Database) {
    last.up(db);
    db.exec('CREATE TABLE migration_scratch (n INTEGER, pad BLOB)');
    const ins = db.prepare('INSERT INTO migration_scratch VALUES (?, randomblob(1024))');
    const until = Date.now() + 120_000;
    for (let n = 0; Date.now() < until; n++) {
      ins.run(n);
      if (n === 5000) process.stdout.write('migrating\n');
    }
  },
};
openDatabase({ dataDir: dir, key, cacheMiB: 1, migrations: [...MIGRATIONS.slice(0, -1), slow] });
process.stdout.write('finished\n');
