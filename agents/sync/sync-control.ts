import { randomBytes } from 'node:crypto';
import { accessSync, constants, existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { z } from 'zod';
import type { EngramStore } from '../store/index.js';
import { FolderSync, ledgerOf, type SyncPassReport } from './folder-sync.js';
import { folderIdOf, pairingCode, parsePairingCode } from './pairing-code.js';
import { SyncError } from './sync-error.js';
import { DeviceNames } from './device-names.js';
import { emptyLedger, type SyncLedger } from './sync-folder.js';

/** Where the sync key is kept: the key file outside the data folder, or the OS keychain where a host has one. */
export interface SyncKeyStore {
  readonly kind: string;
  get(): Buffer | null;
  set(key: Buffer): void;
  clear(): void;
}

const CONFIG_KEY = 'config';
const LAST_KEY = 'last';
const ConfigSchema = z.object({ folder: z.string().min(1) });
const LastSchema = z.object({ at: z.number(), error: z.string().nullable(), exported: z.number(), imported: z.number() });
const SEGMENT = /^[0-9a-f]{32}\.egs$/;

export interface SyncState {
  on: boolean;
  folder: string | null;
  device: string | null;
  keyKind: string;
  /** Local changes not yet written to the folder. */
  pendingChanges: number;
  /** Segment files in the folder not yet imported (nor refused). */
  pendingSegments: number;
  ledger: SyncLedger;
  /** What each other device of the ledger calls itself, checked as it is shown (device-names.ts); absent when it gave no name that reads as one. */
  names: Record<string, string>;
  lastPass: z.infer<typeof LastSchema> | null;
}

function realFolder(dir: string): string {
  return existsSync(dir) ? realpathSync(dir) : resolve(dir);
}

/**
 * Sync of one data dir, as every host asks for it: turn it on with a new key (init) or a pairing
 * code (join), run a pass (now), say how it stands (status), turn it off. The folder is kept in the
 * store; the key in the key store, never in the data or sync folder.
 */
export class SyncControl {
  constructor(
    private readonly store: EngramStore,
    private readonly keys: SyncKeyStore,
  ) {}

  private config(): z.infer<typeof ConfigSchema> | null {
    const parsed = ConfigSchema.safeParse(this.store.changes.state(CONFIG_KEY));
    return parsed.success && this.store.changes.device() ? parsed.data : null;
  }

  /** The folder sync runs through, or null while sync is off (what Engram's own Syncthing shares). */
  folder(): string | null {
    return this.config()?.folder ?? null;
  }

  /** The folder to sync through: an existing folder the user gave by its full path, never the data folder, inside it or above it. */
  private useFolder(dir: string): string {
    if (!isAbsolute(dir)) throw new SyncError('FOLDER', `give the sync folder by its full path, not "${dir.slice(0, 80)}"`);
    try {
      if (!statSync(dir).isDirectory()) throw Object.assign(new Error(), { code: 'ENOTDIR' });
      accessSync(dir, constants.R_OK | constants.W_OK);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      throw new SyncError('FOLDER', code === 'ENOENT' ? `the sync folder ${dir} does not exist; make it first (or let Syncthing make it)` : `cannot use ${dir} as the sync folder: ${code ?? 'not a folder'}`);
    }
    const data = realFolder(this.store.dataDir);
    const folder = realpathSync(dir);
    const inside = (a: string, b: string) => {
      const rel = relative(a, b);
      return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
    };
    if (inside(data, folder)) throw new SyncError('FOLDER', `the sync folder must be outside the data folder ${this.store.dataDir}`);
    if (inside(folder, data)) throw new SyncError('FOLDER', 'the sync folder must not hold the data folder');
    return dir;
  }

  private turnOn(folder: string, key: Buffer): void {
    if (this.config()) throw new SyncError('STATE', `sync is already on (folder ${this.config()!.folder}); turn it off first`);
    this.keys.set(key);
    this.store.transaction(() => {
      this.store.changes.enable();
      this.store.changes.setState(CONFIG_KEY, { folder });
    });
  }

  /** A new sync key for a new folder; returns the pairing code for the next device. */
  init(dir: string): { code: string; folder: string } {
    const folder = this.useFolder(dir);
    if (readdirSync(folder).some((n) => SEGMENT.test(n))) {
      throw new SyncError('FOLDER', `${folder} already holds Engram sync files: join it with the pairing code of a device that syncs there (engram sync join CODE --folder ${folder})`);
    }
    const key = randomBytes(32);
    this.turnOn(folder, key);
    return { code: pairingCode(key), folder };
  }

  /** Joins the folder of another device with its pairing code, and runs a first pass. */
  async join(code: string, dir: string): Promise<SyncPassReport> {
    const key = parsePairingCode(code);
    this.turnOn(this.useFolder(dir), key);
    return this.now();
  }

  private sync(): FolderSync {
    const config = this.config();
    if (!config) throw new SyncError('STATE', 'sync is off: turn it on with engram sync init --folder DIR, or join with engram sync join CODE --folder DIR');
    const key = this.keys.get();
    if (!key) throw new SyncError('STATE', `the sync key of this data folder is missing (${this.keys.kind}); join again with a pairing code from another device`);
    return new FolderSync(this.store, { folder: config.folder, key, folderId: folderIdOf(key) });
  }

  /** Writes pending local changes and imports the other devices'. The outcome (or its error) is kept for status. */
  async now(): Promise<SyncPassReport> {
    const sync = this.sync();
    try {
      const report = await sync.now();
      this.store.changes.setState(LAST_KEY, { at: Date.now(), error: null, exported: report.exported, imported: report.imported });
      return report;
    } catch (err) {
      const line = String((err as Error)?.message ?? err).split('\n')[0]!.slice(0, 300);
      this.store.changes.setState(LAST_KEY, { at: Date.now(), error: line, exported: 0, imported: 0 });
      throw err;
    }
  }

  /** The pairing code, for the next device (null while off). */
  code(): string | null {
    if (!this.config()) return null;
    const key = this.keys.get();
    return key ? pairingCode(key) : null;
  }

  status(): SyncState {
    const config = this.config();
    const ledger = config ? ledgerOf(this.store) : emptyLedger();
    let pendingSegments = 0;
    if (config) {
      try {
        pendingSegments = readdirSync(config.folder).filter((n) => SEGMENT.test(n) && !ledger.imported[n] && !ledger.refused[n]).length;
      } catch {
        pendingSegments = 0;
      }
    }
    const last = LastSchema.safeParse(this.store.changes.state(LAST_KEY));
    const known = new DeviceNames(this.store);
    const names: Record<string, string> = {};
    for (const d of Object.keys(ledger.devices)) {
      const n = known.nameOf(d);
      if (n) names[d] = n;
    }
    return {
      on: config !== null,
      folder: config?.folder ?? null,
      device: config ? this.store.changes.device() : null,
      keyKind: this.keys.kind,
      pendingChanges: config ? this.store.changes.pendingCount() : 0,
      pendingSegments,
      ledger,
      names,
      lastPass: last.success ? last.data : null,
    };
  }

  /** Stops logging and syncing here and forgets the key; the folder and the other devices are left as they are. */
  off(): void {
    this.store.changes.disable();
    this.keys.clear();
  }
}
