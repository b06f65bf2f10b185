import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, StaticKeyProvider } from '../../agents/store/index.js';
import { syncCommand } from '../../electron/hosts/cli/commands/sync.js';
import { deviceNameOf } from '../../shared/api/index.js';
import { CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, DEFAULT_EXCLUDED_APPS, defaultCaptureSettings, type CaptureSettings } from '../../shared/settings/index.js';
import { runCommand } from '../helpers/run-command.js';

// offer52: engram sync offers lists what another device stopped excluding and this one kept, and
// --accept / --decline answer it, on two data folders syncing through one plain folder. One story in
// order (pair, lift on A, answer on B), so the file keeps its order under npm test's shuffle.
describe('engram sync offers', { shuffle: false, timeout: 60_000 }, () => {
  let root: string;
  let keysBefore: string | undefined;
  const a = { dataDir: '', key: randomBytes(32) };
  const b = { dataDir: '', key: randomBytes(32) };
  const sync = (at: typeof a, ...argv: string[]) => runCommand(syncCommand, argv, at);
  const refused = (at: typeof a, ...argv: string[]) => sync(at, ...argv).then(
    (r) => ({ ...r, thrown: false }),
    (e: Error) => ({ code: 2, out: e.message, thrown: true }),
  );
  /** The store opened between commands (the CLI closes it after each), as the window's settings would change it. */
  const privacy = async (at: typeof a, change?: (p: CaptureSettings['privacy']) => Partial<CaptureSettings['privacy']>) => {
    const store = await openStore({ dataDir: at.dataDir, keyProvider: new StaticKeyProvider(at.key), embedder: null });
    try {
      const cur = store.settings.get(CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, defaultCaptureSettings());
      if (change) store.settings.set(CAPTURE_SETTINGS_KEY, { ...cur, privacy: { ...cur.privacy, ...change(cur.privacy) } });
      return store.settings.get(CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, defaultCaptureSettings()).privacy;
    } finally {
      await store.close();
    }
  };
  let deviceA = '';

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'engram-sync-offers-cli-'));
    a.dataDir = join(root, 'a');
    b.dataDir = join(root, 'b');
    keysBefore = process.env.ENGRAM_KEY_DIR;
    process.env.ENGRAM_KEY_DIR = join(root, 'keys');
    const folder = join(root, 'folder');
    const code = /engram sync join "([a-z ]+)"/.exec((await sync(a, 'init', '--folder', folder)).out)![1]!;
    await sync(b, 'join', code, '--folder', folder);
    deviceA = (JSON.parse((await sync(a, 'status', '--json')).out) as { device: string }).device;
  });
  afterAll(() => {
    if (keysBefore === undefined) delete process.env.ENGRAM_KEY_DIR;
    else process.env.ENGRAM_KEY_DIR = keysBefore;
    rmSync(root, { recursive: true, force: true });
  });

  it('lists nothing while no device stopped an exclusion', async () => {
    expect((await sync(b, 'offers')).out).toMatch(/^no offers/);
    expect(JSON.parse((await sync(b, 'offers', '--json')).out)).toEqual({ offers: [] });
  });

  it('A stops excluding Signal and a site: B still excludes them and says so, in one offer', async () => {
    await privacy(a, () => ({ excluded_apps: [...DEFAULT_EXCLUDED_APPS, 'Signal', 'Slack'], excluded_url_patterns: ['bank\\.example'] }));
    await sync(a, 'now');
    await sync(b, 'now');
    await privacy(a, () => ({ excluded_apps: [...DEFAULT_EXCLUDED_APPS, 'Slack'], excluded_url_patterns: [] }));
    await sync(a, 'now');
    await sync(b, 'now');
    expect((await privacy(b)).excluded_apps).toContain('Signal');
    const r = await sync(b, 'offers');
    expect(r.out).toContain(`offer 1 (`);
    // The device by the name it gives itself (its host name, as none was set: trust53) beside its id.
    const name = deviceNameOf(hostname().split('.')[0]);
    const who = name ? `“${name}” (${deviceA.slice(0, 8)})` : deviceA.slice(0, 8);
    expect(r.out).toContain(`Your device ${who} stopped excluding Signal and pages at “bank\\.example”. Stop excluding them here too?`);
    expect((await sync(a, 'offers')).out).toMatch(/^no offers/);
  });

  it('a bad answer is refused in one line and changes nothing; --accept stops excluding them here', async () => {
    for (const argv of [['offers', '--accept', 'one'], ['offers', '--accept', '1', '--decline', '1'], ['now', '--accept', '1']]) {
      const r = await refused(b, ...argv);
      expect(r.thrown).toBe(true);
      expect(r.out.trim().split('\n')).toHaveLength(1);
    }
    const missing = await refused(b, 'offers', '--decline', '7');
    expect(missing.out).toMatch(/no open offer 7/);
    expect((await privacy(b)).excluded_apps).toContain('Signal');

    expect((await sync(b, 'offers', '--accept', '1')).out).toMatch(/^no longer excluded here: Signal, bank\\\.example/);
    const p = await privacy(b);
    expect(p.excluded_apps).not.toContain('Signal');
    expect(p.excluded_apps).toContain('Slack');
    expect(p.excluded_url_patterns).toEqual([]);
    expect((await sync(b, 'offers')).out).toMatch(/^no offers/);
  });

  it('--decline keeps the item, and the same device stopping it again asks nothing', async () => {
    await privacy(a, (p) => ({ excluded_apps: p.excluded_apps.filter((x) => x !== 'Slack') }));
    await sync(a, 'now');
    await sync(b, 'now');
    const id = /offer (\d+) \(/.exec((await sync(b, 'offers')).out)![1]!;
    expect((await sync(b, 'offers', '--decline', id)).out).toMatch(/^still excluded here: Slack/);
    await privacy(a, (p) => ({ excluded_apps: [...p.excluded_apps, 'Slack'] }));
    await sync(a, 'now');
    await sync(b, 'now');
    await privacy(a, (p) => ({ excluded_apps: p.excluded_apps.filter((x) => x !== 'Slack') }));
    await sync(a, 'now');
    await sync(b, 'now');
    expect((await sync(b, 'offers')).out).toMatch(/^no offers/);
    expect((await privacy(b)).excluded_apps).toContain('Slack');
  });
});
