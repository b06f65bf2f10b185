import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';
import { FolderSync } from '../../agents/sync/index.js';
import { KillableScript } from '../helpers/killable-script.js';
import { memoriesHash } from '../helpers/store-compare.js';
import { seededRandom } from '../../shared/random/index.js';

/*
 * Issue 33: kill -9 of either side while it writes or imports segments loses nothing. The writer
 * (a process adding memories and running sync passes) and the importer (a process running import
 * passes over a folder full of another device's segments) are each killed at random moments, again
 * and again; after each kill the side is reopened and one pass run, and at the end both data dirs hold
 * exactly the same memories: every memory the writer had committed, none twice, nothing refused.
 */
const root = mkdtempSync(join(tmpdir(), 'engram-sync-kill-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const storeKey = randomBytes(32);
const syncKey = randomBytes(32);
const folderId = randomBytes(16).toString('hex');
const folder = join(root, 'folder');
mkdirSync(folder);
const env = { ENGRAM_KEY: storeKey.toString('hex'), ENGRAM_SYNC_KEY: syncKey.toString('hex') };
const rng = seededRandom(Number(process.env.FUZZ_SEED ?? 3301));

const open = (dir: string) => openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(storeKey), embedder: null });
const titles = (s: EngramStore) => s.memories.list({ limit: 100_000, includeSuperseded: true }).map((m) => m.title).sort();

/** Starts a side, lets it get under way, kills it -9 after a random while; returns what it said. */
async function killAtRandom(mode: 'write' | 'import', dir: string, marker: string, maxMs = 450): Promise<string> {
  const child = new KillableScript('sync-loop.ts', [mode, dir, folder, folderId], env);
  await child.until(marker, 60_000, `${mode} side never got under way`);
  await new Promise((r) => setTimeout(r, 50 + Math.floor(rng() * (maxMs - 50))));
  expect(await child.kill9()).toBe('SIGKILL');
  return child.out;
}

describe('kill -9 of either side while it syncs loses nothing', { timeout: 240_000 }, () => {
  it('the writer, killed again and again while adding memories and writing segments, and the importer, killed while importing them', async () => {
    const dirA = join(root, 'a');
    const dirB = join(root, 'b');
    let announced = -1;
    for (let round = 0; round < 4; round++) {
      const out = await killAtRandom('write', dirA, 'wrote ');
      for (const m of out.matchAll(/wrote (\d+)/g)) announced = Math.max(announced, Number(m[1]));
    }
    const a = await open(dirA);
    try {
      // Every memory the writer said it had committed is there (the last one may or may not be: killed mid-insert is fine, but not lost once said).
      const have = new Set(titles(a));
      for (let n = 0; n <= announced - 1; n++) expect(have.has(`note ${n}`), `note ${n}`).toBe(true);
      // The restarted side writes what a kill left pending.
      const syncA = new FolderSync(a, { folder, key: syncKey, folderId });
      await syncA.now();
      expect(a.changes.pendingCount()).toBe(0);
      // A backlog big enough that an import pass takes a while: the importer is killed inside one.
      for (let batch = 0; batch < 20; batch++) {
        for (let i = 0; i < 100; i++) a.memories.insert({ kind: 'semantic', title: `bulk ${batch}-${i}`, text: `bulk note ${batch} ${i}`, fields: { name: `bulk ${batch}-${i}` } });
        await syncA.now();
      }

      const passes: number[] = [];
      for (let round = 0; round < 3; round++) passes.push((await killAtRandom('import', dirB, 'pass\n', 3000)).split('pass').length - 1);
      const b = await open(dirB);
      try {
        // How far the killed importers got (a kill in the first pass lands inside the big import).
        console.log(`sync kill -9: writer announced ${announced + 1} memories over 4 kills; importer killed in pass ${passes.join(', ')}; B held ${titles(b).length} of ${titles(a).length} before its pass after the kills`);
        const syncB = new FolderSync(b, { folder, key: syncKey, folderId });
        const last = await syncB.now();
        expect(last.refused).toEqual([]);
        expect(syncB.ledger().counts).toEqual({ TAMPERED: 0, TRUNCATED: 0, REPLAYED: 0, FOREIGN: 0, INVALID: 0 });
        expect(titles(b)).toEqual(titles(a));
        expect(memoriesHash(b)).toBe(memoriesHash(a));
        expect(titles(a).length).toBeGreaterThan(announced - 1);
      } finally {
        await b.close();
      }
    } finally {
      await a.close();
    }
  });
});
