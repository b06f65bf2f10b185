/**
 * `npm run bench -- sync [--trials N] [--sizes 10000,100000] [--rescan S] [--json]`: two data dirs,
 * each with Engram's own Syncthing on 127.0.0.1 (test/helpers/syncthing-pair.ts), syncing through
 * FolderSync. Figures: how long B takes to see a memory added on A (A's pass, Syncthing's watcher and
 * transfer, B's import; B polls every 50 ms), and the initial sync of a store of N memories (A's
 * export, Syncthing's copy, B's import), with the folder's size and the bytes per memory. CPU time
 * of this process and of both Syncthing processes is printed beside wall time (the machine is shared).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';
import { FolderSync } from '../../agents/sync/index.js';
import { startSyncthingPair, waitFor } from '../helpers/syncthing-pair.js';

const { values } = parseArgs({ options: { trials: { type: 'string', default: '20' }, sizes: { type: 'string', default: '10000,100000' }, rescan: { type: 'string', default: '2' }, json: { type: 'boolean', default: false } } });
const TRIALS = Number(values.trials);
const SIZES = String(values.sizes).split(',').filter(Boolean).map(Number);

const root = mkdtempSync(join(tmpdir(), 'engram-bench-sync-'));
const pair = await startSyncthingPair(root, { rescanS: Number(values.rescan) });
const ticks = () => {
  // utime + stime of a process, in seconds (clock ticks of 1/100 s on Linux).
  const cpu = (pid: number) => {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(f[11]) + Number(f[12])) / 100;
    } catch {
      return NaN;
    }
  };
  const own = process.cpuUsage();
  return { engram: (own.user + own.system) / 1e6, syncthing: cpu(pair.a.pid) + cpu(pair.b.pid) };
  // (Syncthing's CPU is read from /proc; NaN where there is none.)
};
const segments = (dir: string) => readdirSync(dir).filter((n) => n.endsWith('.egs')).sort();
const folderBytes = (dir: string) => segments(dir).reduce((n, f) => n + statSync(join(dir, f)).size, 0);
const replicated = () => waitFor('both folders to hold the same segments', () => segments(pair.a.folder).join() === segments(pair.b.folder).join(), 30 * 60_000, 50);
const pct = (xs: number[], p: number) => [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const out: Record<string, unknown> = { trials: TRIALS, rescan_s: Number(values.rescan), load: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ') };

const syncKey = randomBytes(32);
const folderId = randomBytes(16).toString('hex');
const open = (dir: string) => openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(randomBytes(32)), embedder: null });
let a: EngramStore | null = null;
let b: EngramStore | null = null;
// Stop both Syncthing instances on Ctrl-C too (they run in process groups of their own).
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => void pair.stop().finally(() => process.exit(130)));
try {
  await waitFor('the two instances to connect', async () => (await pair.a.manager.status()).devices.some((d) => d.connected), 60_000, 250);
  a = await open(pair.a.dataDir);
  b = await open(pair.b.dataDir);
  const syncA = new FolderSync(a, { folder: pair.a.folder, key: syncKey, folderId });
  const syncB = new FolderSync(b, { folder: pair.b.folder, key: syncKey, folderId });

  // 1. A new memory on A, seen on B.
  const lat: number[] = [];
  for (let i = 0; i < TRIALS; i++) {
    const t0 = performance.now();
    const id = a.memories.insert({ kind: 'semantic', title: `Latency ${i}`, text: `A note written on A, number ${i}`, fields: { name: `latency ${i}` } }).id;
    await syncA.now();
    const bs = b;
    await waitFor(`memory ${i} on B`, async () => {
      await syncB.importNew();
      return bs.memories.get(id) !== null;
    }, 120_000, 50);
    lat.push(performance.now() - t0);
  }
  out.see_new_memory_ms = { p50: Math.round(pct(lat, 50)), p95: Math.round(pct(lat, 95)), max: Math.round(Math.max(...lat)) };
  if (!values.json) console.log(`B sees a memory added on A: p50 ${Math.round(pct(lat, 50))} ms, p95 ${Math.round(pct(lat, 95))} ms, max ${Math.round(Math.max(...lat))} ms (${TRIALS} trials; watcher delay 1 s, rescan ${values.rescan} s)`);

  // 2. Initial sync of N memories.
  const initial: Record<string, unknown>[] = [];
  for (const n of SIZES) {
    const before = folderBytes(pair.a.folder);
    const beforeFiles = segments(pair.a.folder).length;
    const t0 = Date.parse('2026-01-01T00:00:00Z');
    a.transaction(() => {
      for (let i = 0; i < n; i++)
        a!.memories.insert({
          kind: i % 2 ? 'episodic' : 'semantic',
          title: `Bulk ${n}-${i}`,
          text: `Worked on the quarterly plan with person ${i % 31} about project ${i % 97}; next step ${i} is to send the draft to the team by Friday.`,
          fields: i % 2 ? {} : { name: `bulk ${n}-${i}` },
          app: ['Slack', 'Keynote', 'Mail', 'Code'][i % 4]!,
          occurred_at: i % 2 ? t0 + i * 60_000 : null,
        });
    });
    const c0 = ticks();
    const w0 = performance.now();
    await syncA.exportPending();
    const wExport = performance.now();
    const cExport = ticks();
    await replicated();
    const wCopied = performance.now();
    const cCopied = ticks();
    await syncB.importNew();
    const wDone = performance.now();
    const c1 = ticks();
    const bytes = folderBytes(pair.a.folder) - before;
    const count = (st: EngramStore) => st.stats().counts.semantic + st.stats().counts.episodic;
    const row = {
      memories: n,
      minutes: +((wDone - w0) / 60_000).toFixed(2),
      export_s: +((wExport - w0) / 1000).toFixed(1),
      copy_s: +((wCopied - wExport) / 1000).toFixed(1),
      import_s: +((wDone - wCopied) / 1000).toFixed(1),
      folder_mb: +(bytes / 1_048_576).toFixed(1),
      segments: segments(pair.a.folder).length - beforeFiles,
      bytes_per_memory: Math.round(bytes / n),
      cpu_s_engram: +(c1.engram - c0.engram).toFixed(1),
      cpu_s_export: +(cExport.engram - c0.engram).toFixed(1),
      cpu_s_import: +(c1.engram - cCopied.engram).toFixed(1),
      cpu_s_syncthing: +(c1.syncthing - c0.syncthing).toFixed(2),
      b_equals_a: count(b) === count(a),
    };
    initial.push(row);
    if (!values.json)
      console.log(
        `initial sync of ${n} memories: ${row.minutes} min (A's export ${row.export_s} s, Syncthing's copy ${row.copy_s} s, B's import ${row.import_s} s), ${row.folder_mb} MB in ${row.segments} segments, ${row.bytes_per_memory} bytes per memory, B ${row.b_equals_a ? 'holds all of them' : 'is MISSING some'}; CPU ${row.cpu_s_export} s A's export, ${row.cpu_s_import} s B's import, ${row.cpu_s_syncthing} s Syncthing (both)`,
      );
  }
  out.initial = initial;
  if (!values.json) console.log(`load average at start: ${String(out.load)}`);
  else console.log(JSON.stringify(out));
} finally {
  await a?.close();
  await b?.close();
  await pair.stop();
  rmSync(root, { recursive: true, force: true });
}
