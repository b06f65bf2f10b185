import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';
import { emptyLedger, FolderSync, importSegments, writeSegments, type ChangeRecord, type OpenedSegment, type SyncIdentity } from '../../agents/sync/index.js';
import { filesUnder, rawScan, unlessGone } from '../reliability/data-scan.js';
import { processAlive, processesMentioning, startSyncthingPair, waitFor } from '../helpers/syncthing-pair.js';
import { foundIds, memoriesHash } from '../helpers/store-compare.js';

/*
 * The proof on this machine, Syncthing's half: two real Syncthing instances (Debian's
 * package) on 127.0.0.1, each Engram's own (generated config, home in its data dir), replicate the
 * sealed segments one device writes, and neither the folders nor Syncthing's own index and config
 * hold any memory text, title, app name or secret in clear.
 */
const key = Buffer.from('5f0c2a9e8b7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a3928170f6e5d4c', 'hex');
const folderId = 'c'.repeat(32);
const A = 'a1'.repeat(16);
const B = 'b2'.repeat(16);
// Two tests write into the shared folders: the raw segments (this key) and the stores (their own key). Each side refuses the other's as foreign noise, counted, harmless.
const idA: SyncIdentity = { key, folderId, device: A };
const idB: SyncIdentity = { key, folderId, device: B };

const TITLE = 'Quarterly review with Wilhelmina Okonkwo-Baptiste';
const TEXT = 'Discussed the Zanzibar acquisition shortlist and the vendor passphrase plum-ostrich-4471';
const APP = 'Thunderbird Nightjar';
const SECRET = 'sk-live-9QmZpX2wLrT7vB4nK8jH';
const put = (id: string, t: number, text = TEXT, d = A): ChangeRecord => ({
  op: 'memory.put',
  id,
  at: { t, c: 0, d },
  reason: 'created',
  memory: { kind: 'episodic', title: `${TITLE} ${id}`, text: `${text} ${SECRET}`, details: '', fields: {}, app: APP, occurred_at: null, ended_at: null, segment: null },
});

const needles = [TITLE, 'Okonkwo', TEXT, 'Zanzibar', 'plum-ostrich-4471', 'moved to Thursday', 'harbour ferry', 'Budget is', 'seven people', APP, 'Nightjar', SECRET, key.toString('hex'), key.toString('base64')];
const segmentsIn = (dir: string) => readdirSync(dir).filter((n) => n.endsWith('.egs')).sort();

let root: string;
let pair: Awaited<ReturnType<typeof startSyncthingPair>>;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'engram-syncthing-'));
  pair = await startSyncthingPair(root, { rescanS: 2 });
  await waitFor('the two instances to connect', async () => (await pair.a.manager.status()).devices.some((d) => d.connected), 45_000, 250);
});

afterAll(async () => {
  const pids = [pair?.a.pid, pair?.b.pid].filter((p): p is number => typeof p === 'number');
  await pair?.stop();
  // No stray Syncthing: both processes (each its own group) are gone.
  await waitFor('both Syncthing processes to exit', () => pids.every((p) => !processAlive(p)), 15_000);
  // Nor any child of theirs: nothing running mentions this test's folders.
  await waitFor('no process left running from this test', () => processesMentioning(root).length === 0, 15_000);
  rmSync(root, { recursive: true, force: true });
});

// One pair of instances in order (set up, raw segments, the real sync path, then the byte scan of all
// they wrote): npm test's shuffle keeps this file's order; the files still run in any order.
describe("two of Engram's Syncthing instances on 127.0.0.1", { shuffle: false }, () => {
  it('run private: 127.0.0.1 listen, no discovery, relays, NAT, usage or crash reports, upgrades; the folder watched and rescanned often', async () => {
    const rest = await pair.a.manager.client();
    const o = await rest.options();
    expect(o.listenAddresses).toEqual([(await pair.a.manager.status()).listen]);
    expect(o.listenAddresses[0]).toMatch(/^tcp:\/\/127\.0\.0\.1:\d+$/);
    expect([o.globalAnnounceEnabled, o.localAnnounceEnabled, o.relaysEnabled, o.natEnabled, o.crashReportingEnabled, o.startBrowser]).toEqual([false, false, false, false, false, false]);
    expect(o.urAccepted).toBe(-1);
    expect(o.autoUpgradeIntervalH).toBe(0);
    const f = await rest.folder('engram-sync');
    expect(f).toMatchObject({ path: pair.a.folder, fsWatcherEnabled: true, rescanIntervalS: 2 });
    expect(f!.devices.map((d) => d.deviceID).sort()).toEqual([pair.a.deviceId, pair.b.deviceId].sort());
    const st = await pair.a.manager.status();
    expect(st).toMatchObject({ running: true, device_id: pair.a.deviceId, folder: { id: 'engram-sync', path: pair.a.folder } });
    expect(st.devices).toEqual([expect.objectContaining({ id: pair.b.deviceId, connected: true })]);
    expect(st.gui).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('keeps its API key off the command line, its GUI on 127.0.0.1 only and locked by a password', async () => {
    const state = JSON.parse(readFileSync(join(pair.a.manager.home, 'engram-syncthing.json'), 'utf8')) as { api_key: string; gui_port: number };
    // Any local account can read a process's argv; only this one its environment.
    const argv = readFileSync(`/proc/${pair.a.pid}/cmdline`, 'utf8');
    expect(argv).toContain('serve');
    expect(argv).not.toContain(state.api_key);
    expect(readFileSync(`/proc/${pair.a.pid}/environ`, 'utf8')).toContain(`STGUIAPIKEY=${state.api_key}`);
    const gui = `http://127.0.0.1:${state.gui_port}`;
    expect((await fetch(`${gui}/rest/system/ping`, { headers: { 'X-API-Key': state.api_key } })).status).toBe(200);
    expect([401, 403]).toContain((await fetch(`${gui}/rest/system/ping`, { headers: { 'X-API-Key': 'x'.repeat(32) } })).status);
    // Without a password the page hands anyone a CSRF token that works like the key.
    const page = await fetch(`${gui}/`);
    expect(page.status).toBe(401);
    expect(page.headers.get('set-cookie') ?? '').not.toMatch(/CSRF/i);
    // Listening on loopback only (IPv4 127.0.0.1, in /proc/net/tcp as 0100007F; none on tcp6).
    const port = state.gui_port.toString(16).toUpperCase().padStart(4, '0');
    const listening = ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .map((l) => l.trim().split(/\s+/))
        .filter((c) => c[1]?.endsWith(`:${port}`) && c[3] === '0A')
        .map((c) => c[1]),
    );
    expect(listening).toEqual([`0100007F:${port}`]);
  });

  it("replicates the segments A writes to B's folder, and B imports A's records from them", async () => {
    const ledgerA = emptyLedger();
    const written = writeSegments(pair.a.folder, idA, ledgerA, [put('m1', 1_000), put('m2', 2_000)]);
    await waitFor("A's segment in B's folder", () => written.every((n) => existsSync(join(pair.b.folder, n))));
    const got: OpenedSegment[] = [];
    const res = await importSegments(pair.b.folder, idB, emptyLedger(), (s) => void got.push(s));
    expect(res).toEqual({ imported: 1, refused: [] });
    expect(got[0]!.records.map((r) => (r.op === 'memory.put' ? r.memory.title : r.op))).toEqual([`${TITLE} m1`, `${TITLE} m2`]);
  });

  describe('two data dirs, each syncing through its own Syncthing folder (the real sync path)', () => {
    let a: EngramStore;
    let b: EngramStore;
    let syncA: FolderSync;
    let syncB: FolderSync;
    const syncKey = randomBytes(32);
    const syncFolderId = randomBytes(16).toString('hex');
    needles.push(syncKey.toString('hex'), syncKey.toString('base64'));

    beforeAll(async () => {
      // Each store in the data dir whose syncthing/ home runs that side's instance, as Engram lays it out.
      a = await openStore({ dataDir: pair.a.dataDir, keyProvider: new StaticKeyProvider(randomBytes(32)), embedder: null });
      b = await openStore({ dataDir: pair.b.dataDir, keyProvider: new StaticKeyProvider(randomBytes(32)), embedder: null });
      syncA = new FolderSync(a, { folder: pair.a.folder, key: syncKey, folderId: syncFolderId });
      syncB = new FolderSync(b, { folder: pair.b.folder, key: syncKey, folderId: syncFolderId });
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
    });

    /** A pass on `from`, Syncthing carries its segments over, then a pass on `to`. */
    const carry = async (from: FolderSync, to: FolderSync) => {
      await from.now();
      await waitFor('both folders to hold the same segments', () => segmentsIn(pair.a.folder).join() === segmentsIn(pair.b.folder).join(), 45_000, 50);
      await to.now();
    };
    const note = (s: EngramStore, title: string, text: string) => s.memories.insert({ kind: 'semantic', title, text, fields: { name: title }, app: APP }).id;
    const found = foundIds;

    it('a memory added on A appears on B; an edit on B appears on A; a forget on A leaves nothing of it in B\'s store or search', async () => {
      const id = note(a, TITLE, `${TEXT} ${SECRET}`);
      await carry(syncA, syncB);
      expect(b.memories.get(id)?.title).toBe(TITLE);
      expect(await found(b, 'Zanzibar')).toEqual([id]);

      b.memories.update(id, { text: `${TEXT}, moved to Thursday` }, 'user edit');
      await carry(syncB, syncA);
      expect(a.memories.get(id)?.text).toBe(`${TEXT}, moved to Thursday`);
      expect(await found(a, 'Thursday')).toEqual([id]);

      const kept = note(a, 'Ferry times', 'The harbour ferry leaves at 07:40.');
      await carry(syncA, syncB);
      a.memories.delete([id]);
      await carry(syncA, syncB);
      expect(b.memories.get(id)).toBeNull();
      expect(await found(b, 'Zanzibar')).toEqual([]);
      expect(await found(b, 'Thursday')).toEqual([]);
      expect(b.memories.get(kept)?.text).toBe('The harbour ferry leaves at 07:40.');
    });

    it('concurrent edits on both converge: the same hash of memories on A and B', async () => {
      const budget = note(a, 'Budget', 'Budget is 10k.');
      const team = note(b, 'Team', 'The team is five people.');
      await carry(syncA, syncB);
      await carry(syncB, syncA);
      a.memories.update(budget, { text: 'Budget is 12k.' }, 'edit on A');
      b.memories.update(budget, { text: 'Budget is 15k.' }, 'edit on B');
      b.memories.update(team, { text: 'The team is six people.' }, 'edit on B');
      a.memories.update(team, { text: 'The team is seven people.' }, 'edit on A');
      await Promise.all([syncA.now(), syncB.now()]);
      await carry(syncA, syncB);
      await carry(syncB, syncA);
      expect(memoriesHash(a)).toBe(memoriesHash(b));
      expect(a.memories.get(budget)?.text).toMatch(/^Budget is 1[25]k\.$/);
      expect(a.changes.pendingCount() + b.changes.pendingCount()).toBe(0);
    });

    it('a tampered, a truncated and a replayed segment that Syncthing delivers are refused in one line each and counted; nothing imported is lost', async () => {
      const arrived = (name: string, bytes: Buffer) => () => {
        try {
          return readFileSync(join(pair.b.folder, name)).equals(bytes);
        } catch {
          return false; // not there yet, or being replaced
        }
      };
      /** A's pass writes one new segment; waits until B's folder holds it, byte for byte. */
      const written = async (title: string, text: string) => {
        const before = new Set(segmentsIn(pair.a.folder));
        const id = note(a, title, text);
        await syncA.now();
        const [name] = segmentsIn(pair.a.folder).filter((n) => !before.has(n));
        const bytes = readFileSync(join(pair.a.folder, name!));
        await waitFor(`${name} on B`, arrived(name!, bytes), 45_000, 50);
        return { id, name: name!, bytes };
      };
      const kept = await written('Kept whole', 'The standup moved to 10:15.');
      expect((await syncB.now()).refused).toEqual([]);
      // The raw replication test above left segments sealed with another key: counted already.
      const counts = (): Record<string, number> => syncB.ledger().counts;
      const had = counts();
      const counted = (code: string) => (counts()[code] ?? 0) - (had[code] ?? 0);
      expect(b.memories.get(kept.id)?.text).toBe('The standup moved to 10:15.');

      // Changed on the way (here: on A, after B had the real bytes): one byte of the sealed text.
      const t = await written('Tampered', 'The offsite is in Porto.');
      const tampered = Buffer.from(t.bytes);
      tampered.writeUInt8(tampered.readUInt8(tampered.length - 40) ^ 1, tampered.length - 40);
      writeFileSync(join(pair.a.folder, t.name), tampered);
      await waitFor('the tampered bytes on B', arrived(t.name, tampered), 45_000, 50);
      // Cut short.
      const c = await written('Truncated', 'The invoice is due on the 3rd.');
      const cut = c.bytes.subarray(0, Math.floor(c.bytes.length / 2));
      writeFileSync(join(pair.a.folder, c.name), cut);
      await waitFor('the truncated bytes on B', arrived(c.name, cut), 45_000, 50);
      // An imported segment again, under another name.
      const replayName = `${'0'.repeat(32)}.egs`;
      writeFileSync(join(pair.a.folder, replayName), kept.bytes);
      await waitFor('the replayed copy on B', arrived(replayName, kept.bytes), 45_000, 50);

      const pass = await syncB.now();
      expect(pass.refused.map((r) => [r.name, r.code]).sort()).toEqual([[t.name, 'TAMPERED'], [c.name, 'TRUNCATED'], [replayName, 'REPLAYED']].sort());
      for (const r of pass.refused) expect(r.message.split('\n')).toHaveLength(1);
      expect(b.memories.get(t.id)).toBeNull();
      expect(b.memories.get(c.id)).toBeNull();
      expect(b.memories.get(kept.id)?.text).toBe('The standup moved to 10:15.');
      // Counted once, however many passes see them.
      expect((await syncB.now()).refused).toEqual([]);
      expect(['TAMPERED', 'TRUNCATED', 'REPLAYED'].map(counted)).toEqual([1, 1, 1]);

      // Syncthing delivers the real bytes again: both are imported, and what B had stays.
      writeFileSync(join(pair.a.folder, t.name), t.bytes);
      writeFileSync(join(pair.a.folder, c.name), c.bytes);
      await waitFor('the real bytes on B', () => arrived(t.name, t.bytes)() && arrived(c.name, c.bytes)(), 45_000, 50);
      await syncB.now();
      expect(b.memories.get(t.id)?.text).toBe('The offsite is in Porto.');
      expect(b.memories.get(c.id)?.text).toBe('The invoice is due on the 3rd.');
      expect(b.memories.get(kept.id)?.text).toBe('The standup moved to 10:15.');
    });
  });

  it("leaves no memory text, title, app name or secret in clear in either folder or in Syncthing's index, config or log", async () => {
    // Something has been synced by now (the test before); make sure the index has recorded it.
    await waitFor('both folders idle', async () => {
      const [sa, sb] = await Promise.all([pair.a.manager.status(), pair.b.manager.status()]);
      return sa.folder?.state === 'idle' && sb.folder?.state === 'idle' && sa.folder.global_files! > 0;
    });
    const files = [pair.a.folder, pair.b.folder, pair.a.manager.home, pair.b.manager.home].flatMap((d) => filesUnder(d));
    // Syncthing's own database (its index of every file, hash and block) is among what is scanned.
    expect(files.some((f) => f.includes(`${join('syncthing', 'index-v0.14.0.db')}`))).toBe(true);
    expect(rawScan(files, needles)).toEqual([]);
    // Raw key bytes too (a file gone mid-scan, such as a database log rotated away, is skipped).
    expect(files.filter((f) => unlessGone(() => readFileSync(f))?.includes(key))).toEqual([]);
    // The scan itself sees clear text where there is some.
    const canary = join(root, 'canary.bin');
    writeFileSync(canary, Buffer.concat([Buffer.from('x'), Buffer.from(APP), key]));
    expect(rawScan([canary], needles).map((h) => h.needle)).toEqual([APP, 'Nightjar']);
    expect(readFileSync(canary).includes(key)).toBe(true);
  });
});
