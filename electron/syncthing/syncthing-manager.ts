import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { SyncthingInstanceStatus as SyncthingStatusDto, SyncthingStartInput } from '../../shared/api/index.js';
import { engramOptions, PRIVATE_REACH, privateConfigXml, type SyncthingReach } from './syncthing-config.js';
import { SyncthingError } from './syncthing-error.js';
import { DEVICE_ID, SyncthingRest } from './syncthing-rest.js';
import { readState, writeState, type SyncthingState } from './syncthing-state.js';
import { findSyncthing } from './find-syncthing.js';

export const DEFAULT_FOLDER_ID = 'engram-sync';
const DEFAULT_RESCAN_S = 10;
const DEFAULT_LISTEN_PORT = 22000;
const LOG_FILE = 'syncthing.log';
/** config.xml's <gui> has a password set. */
const GUI_PASSWORD = /<gui\b[^>]*>(?:(?!<\/gui>)[\s\S])*<password>[^<]+<\/password>/;
/*
 * Files Syncthing must never send: Engram's own half-written files (writeFileDurable's temp names)
 * and anything but sealed segments' neighbours Syncthing keeps itself.
 */
const STIGNORE = '// Written by Engram: half-written files never travel.\n(?d)*.tmp\n';

export interface SyncthingManagerOptions {
  /** Engram's data dir; the instance's home is its `syncthing` folder. */
  dataDir: string;
  env?: NodeJS.ProcessEnv;
  /** Milliseconds to wait for a started instance to answer. */
  startTimeoutMs?: number;
}

async function freePort(host: string, prefer?: number): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number | null>((resolve) => {
      const srv = createServer();
      srv.once('error', () => resolve(null));
      srv.listen(port, host, () => {
        const a = srv.address();
        const got = typeof a === 'object' && a ? a.port : null;
        srv.close(() => resolve(got));
      });
    });
  if (prefer !== undefined) {
    const p = await tryPort(prefer);
    if (p) return p;
  }
  const p = await tryPort(0);
  if (!p) throw new SyncthingError('START_FAILED', `no free port on ${host}`);
  return p;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function lastLogLine(home: string): string {
  try {
    const lines = readFileSync(join(home, LOG_FILE), 'utf8').trim().split('\n');
    return lines.reverse().find((l) => /WARNING|FATAL|ERROR|panic/i.test(l)) ?? lines[0] ?? '';
  } catch {
    return '';
  }
}

/**
 * Engram's own Syncthing instance for the sync folder: its home is inside the data dir, its GUI and
 * REST API on 127.0.0.1 at a random port with a generated API key, and nothing reaches beyond the
 * user's devices (no discovery servers, relays, port mapping, usage or crash reports, upgrades)
 * unless the user opts in. It runs in its own process group and outlives the command that started
 * it; status and stop find it again through the state file. No account anywhere.
 */
export class SyncthingManager {
  readonly home: string;
  private readonly env: NodeJS.ProcessEnv;
  private readonly startTimeoutMs: number;
  /**
   * When this process last saw each device connected. Syncthing's own last-seen stat can still say
   * "never" just after a device it showed connected goes away (seen in the settings e2e under load),
   * and a device that was connected a moment ago is not one never seen.
   */
  private readonly sawConnected = new Map<string, number>();

  constructor(opts: SyncthingManagerOptions) {
    this.home = join(opts.dataDir, 'syncthing');
    this.env = opts.env ?? process.env;
    this.startTimeoutMs = opts.startTimeoutMs ?? 60_000;
  }

  private rest(state: SyncthingState): SyncthingRest {
    return new SyncthingRest(`http://127.0.0.1:${state.gui_port}`, state.api_key);
  }

  /** The instance answers with our key (not merely some process with a recycled pid). */
  private async answering(state: SyncthingState | null): Promise<boolean> {
    if (!state?.pid || !alive(state.pid)) return false;
    try {
      await this.rest(state).ping();
      return true;
    } catch {
      return false;
    }
  }

  /** Generates the key, certificate and a private config on first use; returns the state to run with. */
  private async prepare(binary: string, listen: string | undefined, reach: SyncthingReach): Promise<SyncthingState> {
    mkdirSync(this.home, { recursive: true, mode: 0o700 });
    const known = readState(this.home);
    const configFile = join(this.home, 'config.xml');
    if (known && existsSync(configFile)) {
      // A home made before the GUI had a password: lock it now (the instance is not running).
      if (!GUI_PASSWORD.test(readFileSync(configFile, 'utf8'))) this.generate(binary);
      return { ...known, listen: listen ?? known.listen, reach };
    }
    const gen = this.generate(binary);
    const out = `${gen.stdout ?? ''}\n${gen.stderr ?? ''}`;
    const id = /Device ID:\s*([A-Z2-7-]{63})/.exec(out)?.[1];
    if (gen.status !== 0 || !id || !DEVICE_ID.test(id)) {
      throw new SyncthingError('START_FAILED', `syncthing generate failed: ${out.trim().split('\n').pop() ?? `exit ${gen.status}`}`);
    }
    const listenAddr = listen ?? `tcp://0.0.0.0:${await freePort('0.0.0.0', DEFAULT_LISTEN_PORT)}`;
    writeFileSync(configFile, privateConfigXml(readFileSync(configFile, 'utf8'), listenAddr, reach), { mode: 0o600 });
    return {
      v: 1,
      device_id: id,
      api_key: randomBytes(24).toString('base64url'),
      gui_port: 0,
      listen: listenAddr,
      pid: null,
      folder: null,
      reach,
    };
  }

  /**
   * `syncthing generate`: the key and certificate and a config on first use, and a GUI user with a
   * random password nobody keeps. Without one, any local account could open the web GUI
   * on 127.0.0.1 and get its CSRF token, which works like the API key; Engram itself only uses the
   * API key, which Syncthing accepts without the password. The password goes in on stdin, never argv.
   */
  private generate(binary: string): SpawnSyncReturns<string> {
    return spawnSync(binary, ['generate', '--home', this.home, '--no-default-folder', '--skip-port-probing', '--gui-user=engram', '--gui-password=-'], {
      encoding: 'utf8',
      env: this.childEnv(),
      input: `${randomBytes(24).toString('base64url')}\n`,
      timeout: 60_000,
    });
  }

  private childEnv(): NodeJS.ProcessEnv {
    // No upgrades and no default folder, whatever the user's environment says. STMONITORED: no
    // monitor process; its child would run in a process group of its own, out of reach of a stop
    // that ends the group (seen with 1.19: two processes, two groups).
    return { ...this.env, STNOUPGRADE: '1', STNODEFAULTFOLDER: '1', STNORESTART: '1', STMONITORED: '1' };
  }

  /** Starts the instance if it is not running, then configures it for the folder. */
  async start(input: SyncthingStartInput): Promise<SyncthingStatusDto> {
    const binary = findSyncthing(this.env);
    const prior = readState(this.home);
    const reach: SyncthingReach = {
      globalDiscovery: input.global_discovery ?? prior?.reach.globalDiscovery ?? PRIVATE_REACH.globalDiscovery,
      localDiscovery: input.local_discovery ?? prior?.reach.localDiscovery ?? PRIVATE_REACH.localDiscovery,
      relays: input.relays ?? prior?.reach.relays ?? PRIVATE_REACH.relays,
      nat: input.nat ?? prior?.reach.nat ?? PRIVATE_REACH.nat,
    };
    let state: SyncthingState;
    if (prior && (await this.answering(prior))) {
      state = { ...prior, listen: input.listen ?? prior.listen, reach };
    } else {
      state = await this.prepare(binary, input.listen, reach);
      state.gui_port = await freePort('127.0.0.1');
      state.pid = await this.spawn(binary, state);
      writeState(this.home, state);
      await this.waitUp(state);
    }
    const folderPath = input.folder;
    const folder = { id: input.folder_id ?? state.folder?.id ?? DEFAULT_FOLDER_ID, path: folderPath, rescan_s: input.rescan_s ?? DEFAULT_RESCAN_S };
    state.folder = folder;
    writeState(this.home, state);
    await this.configure(state);
    return this.status();
  }

  private async spawn(binary: string, state: SyncthingState): Promise<number> {
    const log = openSync(join(this.home, LOG_FILE), 'a', 0o600);
    try {
      const child = spawn(
        binary,
        ['serve', '--home', this.home, '--no-browser', '--no-restart', '--no-upgrade', `--gui-address=http://127.0.0.1:${state.gui_port}`],
        // Its own process group: it outlives the command that started it, and stop ends the whole group.
        // The API key in the environment, not argv: any local account can read /proc/PID/cmdline,
        // only this one /proc/PID/environ.
        { detached: true, stdio: ['ignore', log, log], env: { ...this.childEnv(), STGUIAPIKEY: state.api_key } },
      );
      child.unref();
      if (!child.pid) throw new SyncthingError('START_FAILED', `could not run ${binary}`);
      return child.pid;
    } finally {
      closeSync(log);
    }
  }

  private async waitUp(state: SyncthingState): Promise<void> {
    const deadline = Date.now() + this.startTimeoutMs;
    const rest = this.rest(state);
    while (Date.now() < deadline) {
      if (state.pid && !alive(state.pid)) throw new SyncthingError('START_FAILED', `Syncthing exited at start: ${lastLogLine(this.home) || 'see ' + join(this.home, LOG_FILE)}`);
      try {
        await rest.ping();
        return;
      } catch {
        await sleep(200);
      }
    }
    throw new SyncthingError('START_FAILED', `Syncthing did not answer within ${Math.round(this.startTimeoutMs / 1000)} s (log: ${join(this.home, LOG_FILE)})`);
  }

  /** Options (again: config.xml set them before the first run) and the folder, shared with every device known. */
  private async configure(state: SyncthingState): Promise<void> {
    const rest = this.rest(state);
    await rest.patchOptions(engramOptions(state.listen, state.reach));
    const folder = state.folder;
    if (!folder) return;
    mkdirSync(join(folder.path, '.stfolder'), { recursive: true });
    writeFileSync(join(folder.path, '.stignore'), STIGNORE);
    const devices = (await rest.devices()).map((d) => ({ deviceID: d.deviceID }));
    await rest.putFolder({
      id: folder.id,
      label: 'Engram sync',
      path: folder.path,
      type: 'sendreceive',
      devices,
      rescanIntervalS: folder.rescan_s,
      fsWatcherEnabled: true,
      fsWatcherDelayS: 1,
      // Segments are written once and never edited: no versions or conflict copies to keep.
      maxConflicts: 0,
    });
  }

  /** Adds one of the user's other devices and shares the folder with it. */
  async addDevice(deviceId: string, opts: { address?: string; name?: string } = {}): Promise<SyncthingStatusDto> {
    const state = await this.running();
    const rest = this.rest(state);
    if (deviceId === state.device_id) throw new SyncthingError('BAD_INPUT', 'that is this device\'s own id; add it on the other device');
    await rest.putDevice({ deviceID: deviceId, name: opts.name ?? `device ${deviceId.slice(0, 7)}`, addresses: [opts.address ?? 'dynamic'], autoAcceptFolders: false });
    await this.configure(state);
    return this.status();
  }

  private async running(): Promise<SyncthingState> {
    const state = readState(this.home);
    if (!state || !(await this.answering(state))) throw new SyncthingError('NOT_RUNNING', 'Engram\'s Syncthing is not running; start it with: engram syncthing start --folder DIR');
    return state;
  }

  async stop(): Promise<SyncthingStatusDto> {
    const state = readState(this.home);
    if (state?.pid && alive(state.pid)) {
      const pid = state.pid;
      try {
        await this.rest(state).shutdown();
      } catch {
        // Not answering: end its process group below.
      }
      const deadline = Date.now() + 15_000;
      while (alive(pid) && Date.now() < deadline) await sleep(100);
      if (alive(pid) && (await this.answering(state))) {
        // Only a process that still answers with our key is ours to kill.
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
    if (state) writeState(this.home, { ...state, pid: null });
    return this.status();
  }

  /** What is known without starting anything; never throws for a stopped or missing Syncthing. */
  async status(): Promise<SyncthingStatusDto> {
    let binary: string | null = null;
    let problem: string | null = null;
    try {
      binary = findSyncthing(this.env);
    } catch (err) {
      problem = (err as Error).message;
    }
    let state: SyncthingState | null = null;
    try {
      state = readState(this.home);
    } catch (err) {
      problem ??= (err as Error).message;
    }
    const base: SyncthingStatusDto = {
      binary,
      version: null,
      running: false,
      device_id: state?.device_id ?? null,
      gui: null,
      listen: state?.listen ?? null,
      folder: state?.folder ? { id: state.folder.id, path: state.folder.path, state: null, local_files: null, global_files: null, need_files: null } : null,
      devices: [],
      reach: state ? { global_discovery: state.reach.globalDiscovery, local_discovery: state.reach.localDiscovery, relays: state.reach.relays, nat: state.reach.nat } : null,
      problem,
    };
    if (!state || !(await this.answering(state))) return base;
    const rest = this.rest(state);
    try {
      const [version, devices, connections, seen] = await Promise.all([rest.version(), rest.devices(), rest.connections(), rest.lastSeen().catch(() => ({}) as Record<string, string | null>)]);
      const folder = state.folder ? await rest.dbStatus(state.folder.id).catch(() => null) : null;
      const others = devices.filter((d) => d.deviceID !== state.device_id);
      const completions = await Promise.all(
        others.map((d) => (state.folder ? rest.completion(state.folder.id, d.deviceID).then((c) => c.completion).catch(() => null) : Promise.resolve(null))),
      );
      const now = Date.now();
      for (const d of others) if (connections[d.deviceID]?.connected) this.sawConnected.set(d.deviceID, now);
      const lastSeen = (id: string): string | null => {
        const t = Math.max(seen[id] ? Date.parse(seen[id]) : 0, this.sawConnected.get(id) ?? 0);
        return t > 0 ? new Date(t).toISOString() : null;
      };
      return {
        ...base,
        version,
        running: true,
        gui: rest.baseUrl,
        folder: state.folder
          ? { id: state.folder.id, path: state.folder.path, state: folder?.state ?? null, local_files: folder?.localFiles ?? null, global_files: folder?.globalFiles ?? null, need_files: folder?.needFiles ?? null }
          : null,
        devices: others.map((d, i) => ({ id: d.deviceID, name: d.name, addresses: d.addresses, connected: connections[d.deviceID]?.connected ?? false, completion: completions[i] ?? null, last_seen_at: lastSeen(d.deviceID) })),
      };
    } catch (err) {
      return { ...base, running: true, gui: rest.baseUrl, problem: (err as Error).message };
    }
  }

  /** The process id of the instance last started (its process group's too), or null. */
  pid(): number | null {
    return readState(this.home)?.pid ?? null;
  }

  /** The REST client of the running instance (tests and the bench wait on its folder state). */
  async client(): Promise<SyncthingRest> {
    return this.rest(await this.running());
  }
}
