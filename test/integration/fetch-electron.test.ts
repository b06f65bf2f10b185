import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM script without types (scripts/ is not part of the TypeScript projects)
import { electronMirror, fetchElectronBinary, probeMirror } from '../../scripts/fetch-electron.mjs';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'engram-fetch-electron-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A port nothing listens on (bound, then closed). */
async function deadPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const port = (srv.address() as { port: number }).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

describe('fetching Electron’s binary best-effort', () => {
  it('honours Electron’s mirror variables in Electron’s order', () => {
    expect(electronMirror({})).toMatch(/^https:\/\/github\.com\/electron\//);
    expect(electronMirror({ ELECTRON_MIRROR: 'https://m.example/e/', npm_config_electron_mirror: 'https://other/' })).toBe('https://m.example/e/');
    expect(electronMirror({ npm_config_electron_mirror: 'https://other/' })).toBe('https://other/');
  });

  it('skips at once when ELECTRON_SKIP_BINARY_DOWNLOAD is set', async () => {
    const r = await fetchElectronBinary({ root: process.cwd(), env: { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' } });
    expect(r).toEqual({ ok: false, skipped: true, reason: 'ELECTRON_SKIP_BINARY_DOWNLOAD is set' });
  });

  it('an unreachable mirror fails quickly, in one line, through Electron’s own installer', async () => {
    const port = await deadPort();
    const mirror = `http://127.0.0.1:${port}/`;
    expect((await probeMirror(mirror, 2000)).reachable).toBe(false);
    const t = Date.now();
    const r = await fetchElectronBinary({
      root: process.cwd(),
      // An empty cache and a dist path of our own: nothing cached can satisfy it, nothing in node_modules changes.
      env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '', ELECTRON_MIRROR: mirror, electron_config_cache: path.join(tmp, 'cache'), ELECTRON_OVERRIDE_DIST_PATH: path.join(tmp, 'dist') },
      shortMs: 20_000,
      probeMs: 2000,
    });
    expect(r.ok).toBe(false);
    expect(r.skipped).toBe(false);
    expect(r.reason).toMatch(/ECONNREFUSED/);
    expect(r.reason).not.toContain('\n');
    expect(Date.now() - t).toBeLessThan(20_000);
  });
});
