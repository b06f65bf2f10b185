/**
 * One side of a sync, looping until killed: `write` adds a memory and runs a sync pass (export then
 * import) again and again, printing "wrote N" once memory N is committed; `import` runs import
 * passes, printing "pass" before each. The kill -9 sync test ends it with SIGKILL at a random moment.
 *
 *   node test/fakes/sync-loop.ts write|import DATA_DIR FOLDER FOLDER_ID   (store key: $ENGRAM_KEY, sync key: $ENGRAM_SYNC_KEY, hex)
 */
import { openStore, StaticKeyProvider } from '../../agents/store/index.js';
import { FolderSync } from '../../agents/sync/index.js';

const [mode, dataDir, folder, folderId] = process.argv.slice(2) as [string, string, string, string];
const store = await openStore({ dataDir, keyProvider: new StaticKeyProvider(Buffer.from(process.env.ENGRAM_KEY ?? '', 'hex')), embedder: null });
const sync = new FolderSync(store, { folder, key: Buffer.from(process.env.ENGRAM_SYNC_KEY ?? '', 'hex'), folderId });
const start = store.memories.list({ limit: 100_000, includeSuperseded: true }).length;
for (let n = start; ; n++) {
  if (mode === 'write') {
    store.memories.insert({ kind: 'semantic', title: `note ${n}`, text: `kill test note number ${n}`, fields: { name: `note ${n}` } });
    process.stdout.write(`wrote ${n}\n`);
    await sync.now();
  } else {
    process.stdout.write('pass\n');
    await sync.now();
    await new Promise((r) => setTimeout(r, 5));
  }
}
