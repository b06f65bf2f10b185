/**
 * `npm run bench -- portability [--memories N] [--frames N] [--json]`: how fast export, import,
 * the encrypted archive and the backup run on a synthetic store (BM25 only, no embedder).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openStore, StaticKeyProvider } from '../../agents/store/index.js';
import { AtomicFile, backupStore, exportArchive, exportMemories, importFile } from '../../agents/portability/index.js';

const { values } = parseArgs({ options: { memories: { type: 'string', default: '5000' }, frames: { type: 'string', default: '200' }, json: { type: 'boolean', default: false } } });
const N = Number(values.memories);
const F = Number(values.frames);
const root = mkdtempSync(join(tmpdir(), 'engram-bench-port-'));
const KINDS = ['episodic', 'semantic', 'resource', 'procedural'] as const;

try {
  const store = await openStore({ dataDir: join(root, 'src'), keyProvider: new StaticKeyProvider(randomBytes(32)), embedder: null });
  const t0 = Date.parse('2026-01-01T00:00:00Z');
  const frameIds: string[] = [];
  for (let i = 0; i < F; i++) frameIds.push(store.frames.insert({ display: 'main', captured_at: t0 + i * 3000, width: 1280, height: 800, phash: 'p', app: 'App', title: 'T', url: null }, randomBytes(60_000)).id);
  store.transaction(() => {
    for (let i = 0; i < N; i++) {
      const kind = KINDS[i % KINDS.length]!;
      store.memories.insert({
        kind,
        title: `Memory ${i}`,
        text: `Synthetic ${kind} memory number ${i} about project ${i % 97} and person ${i % 31}`,
        details: 'x'.repeat(200),
        occurred_at: kind === 'episodic' ? t0 + i * 60_000 : null,
        created_at: t0 + i * 60_000,
        provenance: frameIds.length ? [{ source_type: 'frame', source_id: frameIds[i % frameIds.length]! }] : [],
      });
    }
  });
  const time = <T>(fn: () => T): [T, number] => {
    const s = performance.now();
    const r = fn();
    return [r, performance.now() - s];
  };
  const json = join(root, 'all.json');
  const [, exportMs] = time(() => {
    const out = new AtomicFile(json);
    exportMemories(store, out, { format: 'json' });
    out.commit();
  });
  const md = join(root, 'all.md');
  const [, mdMs] = time(() => {
    const out = new AtomicFile(md);
    exportMemories(store, out, { format: 'markdown' });
    out.commit();
  });
  const arch = join(root, 'all.engram-archive');
  const a0 = performance.now();
  {
    const out = new AtomicFile(arch);
    await exportArchive(store, out, { secret: { masterKey: store.masterKey } });
    out.commit();
  }
  const archMs = performance.now() - a0;
  const [backup, backupMs] = time(() => backupStore(store, { out: join(root, 'b.db') }));

  const dst = await openStore({ dataDir: join(root, 'dst'), keyProvider: new StaticKeyProvider(store.masterKey), embedder: null });
  let s = performance.now();
  await importFile(dst, json);
  const importMs = performance.now() - s;
  s = performance.now();
  await importFile(dst, json);
  const reimportMs = performance.now() - s;
  const dst2 = await openStore({ dataDir: join(root, 'dst2'), keyProvider: new StaticKeyProvider(store.masterKey), embedder: null });
  s = performance.now();
  await importFile(dst2, arch);
  const archImportMs = performance.now() - s;

  const result = {
    memories: N,
    frames: F,
    export_json_ms: Math.round(exportMs),
    export_json_per_s: Math.round(N / (exportMs / 1000)),
    export_json_bytes: statSync(json).size,
    export_markdown_ms: Math.round(mdMs),
    archive_ms: Math.round(archMs),
    archive_bytes: statSync(arch).size,
    import_json_ms: Math.round(importMs),
    import_json_per_s: Math.round(N / (importMs / 1000)),
    reimport_json_ms: Math.round(reimportMs),
    import_archive_ms: Math.round(archImportMs),
    backup_ms: Math.round(backupMs),
    backup_bytes: backup.bytes,
  };
  await Promise.all([store.close(), dst.close(), dst2.close()]);
  if (values.json) console.log(JSON.stringify(result));
  else for (const [k, v] of Object.entries(result)) console.log(`${k.padEnd(22)} ${v}`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
