import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyLedger, importSegments, writeSegments, type ChangeRecord, type OpenedSegment, type SyncIdentity } from '../../agents/sync/index.js';
import { filesUnder, rawScan, unlessGone } from '../reliability/data-scan.js';
import { processAlive, startSyncthingPair, waitFor } from '../helpers/syncthing-pair.js';

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
  rmSync(root, { recursive: true, force: true });
});

describe("two of Engram's Syncthing instances on 127.0.0.1", () => {
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

  it("replicates the segments A writes to B's folder, and B imports A's records from them", async () => {
    const ledgerA = emptyLedger();
    const written = writeSegments(pair.a.folder, idA, ledgerA, [put('m1', 1_000), put('m2', 2_000)]);
    await waitFor("A's segment in B's folder", () => written.every((n) => existsSync(join(pair.b.folder, n))));
    const got: OpenedSegment[] = [];
    const ledgerB = emptyLedger();
    const res = await importSegments(pair.b.folder, idB, ledgerB, (s) => void got.push(s));
    expect(res).toEqual({ imported: 1, refused: [] });
    expect(got[0]!.records.map((r) => (r.op === 'memory.put' ? r.memory.title : r.op))).toEqual([`${TITLE} m1`, `${TITLE} m2`]);

    // And back: B's own change reaches A.
    const back = writeSegments(pair.b.folder, idB, ledgerB, [put('m1', 3_000, 'edited on B', B)]);
    await waitFor("B's segment in A's folder", () => back.every((n) => existsSync(join(pair.a.folder, n))));
    const gotA: OpenedSegment[] = [];
    await importSegments(pair.a.folder, idA, ledgerA, (s) => void gotA.push(s));
    expect(gotA.map((s) => s.device)).toEqual([B]);
    expect(segmentsIn(pair.a.folder)).toEqual(segmentsIn(pair.b.folder));
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
    const needles = [TITLE, 'Okonkwo', TEXT, 'Zanzibar', 'plum-ostrich-4471', APP, 'Nightjar', SECRET, key.toString('hex'), key.toString('base64')];
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
