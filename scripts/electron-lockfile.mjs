// Why package-lock.json says electron has no install script.
//
// Electron's own installer (node_modules/electron/install.js, its postinstall) downloads the binary
// from GitHub and exits 1 when it cannot; npm then rolls the whole install back. It can be turned
// off only by the ELECTRON_SKIP_BINARY_DOWNLOAD environment variable (no npm config key, no
// .npmrc setting reaches it). npm 11 skips it through package.json "allowScripts"; npm 10 ignores
// that field. Both, though, install from the lockfile and run a package's install scripts only when
// its lock entry says `"hasInstallScript": true` (npm 10.9.9, @npmcli/arborist rebuild.js: without
// the flag the package.json is not even read). So the lock entry of electron leaves the flag out,
// and our postinstall runs Electron's installer itself, best-effort (scripts/fetch-electron.mjs),
// on npm 10 and npm 11 alike, with Electron's variables (ELECTRON_MIRROR, electron_config_cache,
// ELECTRON_SKIP_BINARY_DOWNLOAD) working as Electron documents them.
//
// npm writes the flag back when it resolves electron afresh (`npm install electron@X`, a new
// lockfile); postinstall then removes it again (`npm install` only: `npm ci` never writes the lock)
// and test/unit/electron-lockfile.test.ts fails if a lockfile with the flag is committed.
import { readFileSync, writeFileSync } from 'node:fs';

/** Packages whose install script npm must not run; our postinstall does their work. */
export const SCRIPTS_RUN_BY_US = ['electron'];

/** Lock entries (node_modules/…/electron, at any depth) that still carry the flag. */
export function flaggedEntries(lock) {
  return Object.entries(lock.packages ?? {})
    .filter(([key, entry]) => entry?.hasInstallScript && SCRIPTS_RUN_BY_US.some((name) => key === `node_modules/${name}` || key.endsWith(`/node_modules/${name}`)))
    .map(([key]) => key);
}

/**
 * Removes the flag from package-lock.json at `lockPath`, keeping npm's own formatting (two-space
 * JSON and a final newline). Returns the entries changed ([] when the lockfile was already right
 * or is missing).
 */
export function dropInstallScriptFlags(lockPath) {
  let text;
  try {
    text = readFileSync(lockPath, 'utf8');
  } catch {
    return [];
  }
  const lock = JSON.parse(text);
  const keys = flaggedEntries(lock);
  if (keys.length === 0) return [];
  for (const key of keys) delete lock.packages[key].hasInstallScript;
  writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
  return keys;
}
