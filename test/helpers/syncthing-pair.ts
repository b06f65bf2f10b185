import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { SyncthingManager } from '../../electron/syncthing/index.js';

/** A free TCP port on 127.0.0.1 (Syncthing needs a real one to listen on, not 0). */
export function freeLocalPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

export interface SyncthingSide {
  name: string;
  dataDir: string;
  folder: string;
  manager: SyncthingManager;
  deviceId: string;
  pid: number;
}

/**
 * Two of Engram's Syncthing instances on this machine, 127.0.0.1 only (no discovery, relays or NAT),
 * each with its own data dir (its home) and sync folder, sharing the folder with each other by
 * device id and address. `stop()` shuts both down and kills their process groups if they linger.
 */
export async function startSyncthingPair(root: string, opts: { rescanS?: number } = {}) {
  const sides: SyncthingSide[] = [];
  for (const name of ['a', 'b']) {
    const dataDir = join(root, `data-${name}`);
    const folder = join(root, `folder-${name}`);
    mkdirSync(folder, { recursive: true });
    const manager = new SyncthingManager({ dataDir });
    const port = await freeLocalPort();
    const status = await manager.start({ folder, listen: `tcp://127.0.0.1:${port}`, rescan_s: opts.rescanS ?? 2, local_discovery: false });
    sides.push({ name, dataDir, folder, manager, deviceId: status.device_id!, pid: manager.pid()! });
  }
  const [a, b] = sides as [SyncthingSide, SyncthingSide];
  const listenOf = async (s: SyncthingSide) => (await s.manager.status()).listen!;
  await a.manager.addDevice(b.deviceId, { address: await listenOf(b), name: 'B' });
  await b.manager.addDevice(a.deviceId, { address: await listenOf(a), name: 'A' });
  const stop = async () => {
    for (const s of sides) {
      await s.manager.stop().catch(() => undefined);
      try {
        process.kill(-s.pid, 'SIGKILL');
      } catch {
        // gone, as it should be
      }
    }
  };
  return { a, b, stop };
}

/** Processes (pids) whose command line mentions `text`, such as a test's temp dir: none may be left. */
export function processesMentioning(text: string): number[] {
  const out: number[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d) || Number(d) === process.pid) continue;
    try {
      if (readFileSync(`/proc/${d}/cmdline`, 'utf8').includes(text)) out.push(Number(d));
    } catch {
      // gone while listed
    }
  }
  return out;
}

/** True while the process exists. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Polls `check` until it returns a value (not undefined/false) or the time runs out. */
export async function waitFor<T>(what: string, check: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 45_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
