import { z } from 'zod';
import { SyncthingError } from './syncthing-error.js';

/** A Syncthing device id: eight groups of seven base32 characters (Syncthing's own form). */
export const DEVICE_ID = /^[A-Z2-7]{7}(-[A-Z2-7]{7}){7}$/;

const StatusSchema = z.object({ myID: z.string().regex(DEVICE_ID), uptime: z.number() }).passthrough();
const VersionSchema = z.object({ version: z.string() }).passthrough();
const PingSchema = z.object({ ping: z.literal('pong') });
const ConnectionsSchema = z.object({
  connections: z.record(z.string(), z.object({ connected: z.boolean(), address: z.string().optional().default('') }).passthrough()),
});
const DeviceSchema = z.object({ deviceID: z.string(), name: z.string().default(''), addresses: z.array(z.string()).default([]) }).passthrough();
const FolderSchema = z
  .object({
    id: z.string(),
    path: z.string(),
    devices: z.array(z.object({ deviceID: z.string() }).passthrough()),
    rescanIntervalS: z.number(),
    fsWatcherEnabled: z.boolean(),
  })
  .passthrough();
const DbStatusSchema = z
  .object({
    state: z.string(),
    globalFiles: z.number(),
    localFiles: z.number(),
    needFiles: z.number(),
    globalBytes: z.number(),
    localBytes: z.number(),
    errors: z.number().default(0),
  })
  .passthrough();
/** /rest/stats/device: when each device was last seen connected (the zero time, 1970, when never). */
const DeviceStatsSchema = z.record(z.string(), z.object({ lastSeen: z.string() }).passthrough());
const CompletionSchema = z.object({ completion: z.number(), needItems: z.number().default(0) }).passthrough();

/** The options Engram sets: discovery, relays, NAT, usage reporting and upgrades are the user's choice. */
export const SyncthingOptionsSchema = z
  .object({
    listenAddresses: z.array(z.string()),
    globalAnnounceEnabled: z.boolean(),
    localAnnounceEnabled: z.boolean(),
    relaysEnabled: z.boolean(),
    natEnabled: z.boolean(),
    urAccepted: z.number(),
    autoUpgradeIntervalH: z.number(),
    crashReportingEnabled: z.boolean(),
    startBrowser: z.boolean(),
  })
  .passthrough();
export type SyncthingOptions = z.infer<typeof SyncthingOptionsSchema>;
export type SyncthingFolder = z.infer<typeof FolderSchema>;
export type SyncthingDbStatus = z.infer<typeof DbStatusSchema>;

/**
 * Syncthing's REST API on 127.0.0.1 with its API key (X-API-Key), over Node's fetch. Every answer
 * is checked with zod; a refused or malformed answer is one REST error line.
 */
export class SyncthingRest {
  constructor(
    readonly baseUrl: string,
    private readonly apiKey: string,
    private readonly timeoutMs = 10_000,
  ) {}

  private async request(method: string, path: string, body?: unknown): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: { 'X-API-Key': this.apiKey, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new SyncthingError('NOT_RUNNING', `Syncthing does not answer at ${this.baseUrl}: ${(err as Error).cause instanceof Error ? ((err as Error).cause as Error).message : (err as Error).message}`);
    }
    const text = await res.text();
    if (!res.ok) throw new SyncthingError('REST', `Syncthing refused ${method} ${path}: ${res.status} ${text.trim().split('\n')[0]?.slice(0, 200) ?? ''}`);
    if (text.trim() === '') return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new SyncthingError('REST', `Syncthing answered ${method} ${path} with something that is not JSON`);
    }
  }

  private async get<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>> {
    const parsed = schema.safeParse(await this.request('GET', path));
    if (!parsed.success) throw new SyncthingError('REST', `Syncthing's answer to GET ${path} is not what Engram expects: ${parsed.error.issues[0]?.path.join('.') ?? ''} ${parsed.error.issues[0]?.message ?? ''}`);
    return parsed.data;
  }

  async ping(): Promise<void> {
    await this.get('/rest/system/ping', PingSchema);
  }
  status() {
    return this.get('/rest/system/status', StatusSchema);
  }
  async version(): Promise<string> {
    return (await this.get('/rest/system/version', VersionSchema)).version;
  }
  options() {
    return this.get('/rest/config/options', SyncthingOptionsSchema);
  }
  async patchOptions(patch: Partial<SyncthingOptions> & Record<string, unknown>): Promise<void> {
    await this.request('PATCH', '/rest/config/options', patch);
  }
  devices() {
    return this.get('/rest/config/devices', z.array(DeviceSchema));
  }
  async putDevice(device: { deviceID: string; name: string; addresses: string[] } & Record<string, unknown>): Promise<void> {
    await this.request('PUT', `/rest/config/devices/${encodeURIComponent(device.deviceID)}`, device);
  }
  async folder(id: string): Promise<SyncthingFolder | null> {
    const all = await this.get('/rest/config/folders', z.array(FolderSchema));
    return all.find((f) => f.id === id) ?? null;
  }
  async putFolder(folder: { id: string; path: string; devices: { deviceID: string }[] } & Record<string, unknown>): Promise<void> {
    await this.request('PUT', `/rest/config/folders/${encodeURIComponent(folder.id)}`, folder);
  }
  async connections(): Promise<Record<string, { connected: boolean; address: string }>> {
    return (await this.get('/rest/system/connections', ConnectionsSchema)).connections;
  }
  /** Each device's last-seen time as an ISO string, or null where Syncthing never saw it. */
  async lastSeen(): Promise<Record<string, string | null>> {
    const stats = await this.get('/rest/stats/device', DeviceStatsSchema);
    return Object.fromEntries(
      Object.entries(stats).map(([id, s]) => {
        const t = Date.parse(s.lastSeen);
        return [id, Number.isFinite(t) && t > 0 ? new Date(t).toISOString() : null];
      }),
    );
  }
  dbStatus(folder: string) {
    return this.get(`/rest/db/status?folder=${encodeURIComponent(folder)}`, DbStatusSchema);
  }
  completion(folder: string, device: string) {
    return this.get(`/rest/db/completion?folder=${encodeURIComponent(folder)}&device=${encodeURIComponent(device)}`, CompletionSchema);
  }
  async scan(folder: string): Promise<void> {
    await this.request('POST', `/rest/db/scan?folder=${encodeURIComponent(folder)}`);
  }
  async shutdown(): Promise<void> {
    await this.request('POST', '/rest/system/shutdown');
  }
}
