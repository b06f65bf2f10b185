#!/usr/bin/env node
// Best-effort download of Electron's binary, through Electron's own installer
// (node_modules/electron/install.js), so ELECTRON_MIRROR, ELECTRON_CUSTOM_DIR,
// ELECTRON_SKIP_BINARY_DOWNLOAD, electron_config_cache and proxies behave exactly as Electron
// documents them. npm does not run that installer itself (package.json "allowScripts" denies it):
// a failed download there rolls back the whole `npm install`. Here a failure is one line.
//
//   node scripts/fetch-electron.mjs       (npm run fetch-electron) fetch it now, say what happened
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const DEFAULT_MIRROR = 'https://github.com/electron/electron/releases/download/';

/** The mirror @electron/get will use (same precedence as its own lookup of these variables). */
export function electronMirror(env) {
  return env.ELECTRON_MIRROR || env.npm_config_electron_mirror || env.npm_package_config_electron_mirror || env.electron_mirror || DEFAULT_MIRROR;
}

/** One line for a failed probe or download: "getaddrinfo ENOTFOUND github.com", "timed out after 20 s". */
function reasonOf(err) {
  const cause = err?.cause ?? err;
  if (cause?.code === 'ENOTFOUND') return `getaddrinfo ENOTFOUND ${cause.hostname ?? ''}`.trim();
  if (cause?.code) return `${cause.code}${cause.hostname ? ` ${cause.hostname}` : ''}`;
  if (err?.name === 'TimeoutError' || err?.name === 'AbortError') return 'no answer (timed out)';
  return String(err?.message ?? err).split('\n')[0];
}

/** Whether the mirror's host answers at all (any HTTP status counts), within `ms`. */
export async function probeMirror(mirror, ms) {
  let url;
  try {
    url = new URL(mirror);
  } catch {
    return { reachable: true, reason: null }; // not a URL (a local path): let the installer judge
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { reachable: true, reason: null };
  try {
    await fetch(url.origin, { method: 'HEAD', signal: AbortSignal.timeout(ms), redirect: 'manual' });
    return { reachable: true, reason: null };
  } catch (err) {
    return { reachable: false, reason: reasonOf(err) };
  }
}

function lastErrorLine(text) {
  const lines = text.split('\n').map((l) => l.trim()).filter(Boolean);
  const hit = [...lines].reverse().find((l) => /error|ENOTFOUND|ECONN|ETIMEDOUT|EAI_AGAIN|certificate|status code|checksum/i.test(l) && !/^at /.test(l));
  return (hit ?? lines.at(-1) ?? 'unknown error').replace(/^(Error|RequestError|HTTPError):\s*/, '').slice(0, 200);
}

/**
 * Runs Electron's installer once. A reachable mirror gets `longMs` (the binary is ~100 MB); an
 * unreachable one only `shortMs`, enough to unpack a copy already in Electron's cache.
 * Returns { ok: true } or { ok: false, skipped, reason }.
 */
export async function fetchElectronBinary({ root, env = process.env, shortMs = 20_000, longMs = 10 * 60_000, probeMs = 4_000, onStart } = {}) {
  if (env.ELECTRON_SKIP_BINARY_DOWNLOAD) return { ok: false, skipped: true, reason: 'ELECTRON_SKIP_BINARY_DOWNLOAD is set' };
  let pkgDir;
  try {
    pkgDir = path.dirname(createRequire(path.join(root, 'noop.js')).resolve('electron/package.json'));
  } catch {
    return { ok: false, skipped: false, reason: 'the electron package is not installed' };
  }
  const installer = path.join(pkgDir, 'install.js');
  if (!existsSync(installer)) return { ok: false, skipped: false, reason: `${installer} is missing` };
  const mirror = electronMirror(env);
  const probe = await probeMirror(mirror, probeMs);
  const limit = probe.reachable ? longMs : shortMs;
  onStart?.({ mirror, reachable: probe.reachable });
  const child = spawn(process.execPath, [installer], { cwd: pkgDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGTERM');
  }, limit);
  const code = await new Promise((resolve) => {
    child.on('error', () => resolve(-1));
    child.on('close', (c) => resolve(c ?? -1));
  });
  clearTimeout(timer);
  if (code === 0) return { ok: true };
  if (timedOut) return { ok: false, skipped: false, reason: `no download within ${Math.round(limit / 1000)} s${probe.reason ? ` (${probe.reason})` : ''}` };
  return { ok: false, skipped: false, reason: probe.reason ?? lastErrorLine(out) };
}

/** How to get the desktop shell later, in one sentence. */
export const FETCH_LATER_HINT =
  'To get it later: `npm run fetch-electron` (with ELECTRON_MIRROR=<mirror URL> where GitHub is blocked), then `npm start`.';

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const result = await fetchElectronBinary({ root, onStart: ({ mirror }) => console.log(`engram: fetching Electron's binary from ${mirror} …`) });
  if (result.ok) {
    console.log('engram: Electron is ready; `npm start` opens the desktop app.');
  } else {
    console.error(`engram: Electron's binary was not downloaded (${result.reason}). Set ELECTRON_MIRROR to a mirror you can reach and run this again; meanwhile \`npm start\` opens Engram in your browser.`);
    process.exitCode = 1;
  }
}
