import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSyncthing, privateConfigXml, PRIVATE_REACH, SyncthingError, SyncthingManager, SyncthingRest } from '../../electron/syncthing/index.js';
import { SyncthingAddDeviceInputSchema, SyncthingStartInputSchema } from '../../shared/api/index.js';

/** A stand-in for Syncthing's REST API on a real socket: answers per path, records what it was sent. */
let server: Server;
let base: string;
const seen: { method: string; url: string; key: string | undefined; body: string }[] = [];
const answers = new Map<string, { status: number; body: string }>();
const ID = 'KHPIPGX-MGBFCOA-FNVNKA6-34A3JTX-HJYJALB-OPFUIZU-HDLBKAB-IZDXOAZ';

const bodyOf = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let s = '';
    req.on('data', (c: Buffer) => (s += c.toString()));
    req.on('end', () => resolve(s));
  });

beforeAll(async () => {
  server = createServer(async (req, res) => {
    seen.push({ method: req.method!, url: req.url!, key: req.headers['x-api-key'] as string | undefined, body: await bodyOf(req) });
    if (req.headers['x-api-key'] !== 'k'.repeat(32)) {
      res.writeHead(403).end('CSRF Error\n');
      return;
    }
    const a = answers.get(`${req.method} ${req.url}`) ?? { status: 404, body: '404 page not found\n' };
    res.writeHead(a.status, { 'Content-Type': 'application/json' }).end(a.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('SyncthingRest against a REST server on a real socket', () => {
  const rest = () => new SyncthingRest(base, 'k'.repeat(32), 2000);

  it('sends the API key and reads a checked answer', async () => {
    answers.set('GET /rest/system/status', { status: 200, body: JSON.stringify({ myID: ID, uptime: 3, extra: 1 }) });
    expect((await rest().status()).myID).toBe(ID);
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/rest/system/status', key: 'k'.repeat(32) });
  });

  it('sends configuration as JSON and accepts an empty answer', async () => {
    answers.set('PATCH /rest/config/options', { status: 200, body: '' });
    await rest().patchOptions({ relaysEnabled: false });
    expect(JSON.parse(seen.at(-1)!.body)).toEqual({ relaysEnabled: false });
  });

  it('refuses an answer of the wrong shape in one line', async () => {
    answers.set('GET /rest/system/status', { status: 200, body: JSON.stringify({ myID: 'not-an-id', uptime: 3 }) });
    const err = await rest().status().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SyncthingError);
    expect((err as SyncthingError).code).toBe('REST');
    expect((err as Error).message).toMatch(/^Syncthing's answer to GET \/rest\/system\/status is not what Engram expects: myID/);
    expect((err as Error).message).not.toContain('\n');
  });

  it('refuses an answer that is not JSON, and a refusal, in one line', async () => {
    answers.set('GET /rest/system/version', { status: 200, body: '<html>' });
    await expect(rest().version()).rejects.toThrow(/^Syncthing answered GET \/rest\/system\/version with something that is not JSON$/);
    answers.set('PUT /rest/config/folders/x', { status: 400, body: 'bad folder path\nmore\n' });
    await expect(rest().putFolder({ id: 'x', path: '/p', devices: [] })).rejects.toThrow(/^Syncthing refused PUT \/rest\/config\/folders\/x: 400 bad folder path$/);
    await expect(new SyncthingRest(base, 'wrong', 2000).ping()).rejects.toThrow(/403 CSRF Error/);
  });

  it('says Syncthing does not answer when nothing listens', async () => {
    const err = await new SyncthingRest('http://127.0.0.1:1', 'k', 2000).ping().catch((e: unknown) => e);
    expect((err as SyncthingError).code).toBe('NOT_RUNNING');
    expect((err as Error).message).toMatch(/^Syncthing does not answer at http:\/\/127\.0\.0\.1:1: /);
  });
});

describe('findSyncthing', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'engram-find-syncthing-'));
    mkdirSync(join(dir, 'bin'));
    writeFileSync(join(dir, 'bin', 'syncthing'), '#!/bin/sh\n');
    chmodSync(join(dir, 'bin', 'syncthing'), 0o755);
    writeFileSync(join(dir, 'plain'), '');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('takes the first on PATH', () => {
    expect(findSyncthing({ PATH: `${join(dir, 'nothing')}:${join(dir, 'bin')}`, HOME: dir }, 'linux')).toBe(join(dir, 'bin', 'syncthing'));
  });
  it('takes ENGRAM_SYNCTHING when set, and refuses one that is not executable', () => {
    expect(findSyncthing({ ENGRAM_SYNCTHING: join(dir, 'bin', 'syncthing'), PATH: '' }, 'linux')).toBe(join(dir, 'bin', 'syncthing'));
    expect(() => findSyncthing({ ENGRAM_SYNCTHING: join(dir, 'plain'), PATH: '' }, 'linux')).toThrow(/^ENGRAM_SYNCTHING is .*plain, which is not an executable file$/);
  });
  it('says in one line how to install it when it is nowhere', () => {
    // Windows paths never exist here, so this is "nowhere" even on a machine that has syncthing.
    const err = (() => {
      try {
        findSyncthing({ PATH: join(dir, 'nothing'), HOME: dir, LOCALAPPDATA: dir, ProgramFiles: dir }, 'win32');
      } catch (e) {
        return e as SyncthingError;
      }
    })();
    expect(err?.code).toBe('NOT_FOUND');
    expect(err?.message).toMatch(/^Syncthing is not installed .*apt install syncthing.*ENGRAM_SYNCTHING/);
    expect(err?.message).not.toContain('\n');
  });
});

describe("Engram's private Syncthing config", () => {
  const generated = `<configuration><options><listenAddress>default</listenAddress><globalAnnounceEnabled>true</globalAnnounceEnabled><localAnnounceEnabled>true</localAnnounceEnabled><relaysEnabled>true</relaysEnabled><startBrowser>true</startBrowser><natEnabled>true</natEnabled><urAccepted>0</urAccepted><autoUpgradeIntervalH>12</autoUpgradeIntervalH><crashReportingEnabled>true</crashReportingEnabled></options></configuration>`;

  it('turns off everything that reaches beyond the user\'s devices before the first run', () => {
    const xml = privateConfigXml(generated, 'tcp://127.0.0.1:22001', PRIVATE_REACH);
    for (const off of ['globalAnnounceEnabled', 'localAnnounceEnabled', 'relaysEnabled', 'natEnabled', 'crashReportingEnabled', 'startBrowser']) expect(xml).toContain(`<${off}>false</${off}>`);
    expect(xml).toContain('<urAccepted>-1</urAccepted>');
    expect(xml).toContain('<autoUpgradeIntervalH>0</autoUpgradeIntervalH>');
    expect(xml).toContain('<listenAddress>tcp://127.0.0.1:22001</listenAddress>');
  });
  it('keeps what the user opted into', () => {
    const xml = privateConfigXml(generated, 'tcp://0.0.0.0:22000', { ...PRIVATE_REACH, relays: true, globalDiscovery: true });
    expect(xml).toContain('<relaysEnabled>true</relaysEnabled>');
    expect(xml).toContain('<globalAnnounceEnabled>true</globalAnnounceEnabled>');
    expect(xml).toContain('<natEnabled>false</natEnabled>');
  });
  it('refuses a config it does not recognise rather than run it half-private', () => {
    expect(() => privateConfigXml(generated.replace(/<relaysEnabled>true<\/relaysEnabled>/, ''), 'tcp://127.0.0.1:1', PRIVATE_REACH)).toThrow(/has 0 <relaysEnabled> elements/);
  });
});

describe('status without a running instance', () => {
  it('says not running, and where Syncthing is missing, how to install it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'engram-st-status-'));
    try {
      const st = await new SyncthingManager({ dataDir, env: { PATH: join(dataDir, 'nothing'), HOME: dataDir, ENGRAM_SYNCTHING: '' } }).status();
      expect(st.running).toBe(false);
      expect(st.device_id).toBeNull();
      // Where this machine has syncthing in a common path it is found; else the one line says how to get it.
      if (st.binary === null) expect(st.problem).toMatch(/^Syncthing is not installed/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the syncthing.* inputs', () => {
  it('take an absolute folder and a Syncthing device id (case and spaces forgiven), and refuse others in one line', () => {
    expect(SyncthingStartInputSchema.safeParse({ folder: 'relative/dir' }).error?.issues[0]?.message).toBe('the folder must be an absolute path');
    expect(SyncthingStartInputSchema.safeParse({ folder: '/abs', listen: 'http://x:1' }).success).toBe(false);
    expect(SyncthingStartInputSchema.safeParse({ folder: '/abs', listen: 'tcp://127.0.0.1:22001', global_discovery: true }).success).toBe(true);
    expect(SyncthingAddDeviceInputSchema.parse({ device_id: ` ${ID.toLowerCase()} ` }).device_id).toBe(ID);
    expect(SyncthingAddDeviceInputSchema.safeParse({ device_id: 'ABC' }).error?.issues[0]?.message).toMatch(/^a Syncthing device id is eight groups/);
  });
});
