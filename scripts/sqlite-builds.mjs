// The SQLite addon (better-sqlite3-multiple-ciphers) is a V8 addon: one build serves Node (tests,
// CLI, browser mode) or Electron, not both. Node's build stays where the package loads it
// (build/Release); Electron's lives in build/electron, which the desktop app loads
// (electron/desktop/policy/native-binding.ts) and packaging ships (scripts/after-pack.cjs).
//
// Without lying to the rebuilder: @electron/rebuild leaves a marker (build/Release/.forge-meta)
// saying "this folder holds an Electron build"; once Node's build is put back, that marker is
// removed, and build/electron is only replaced when a rebuild really produced a new file. Our own
// stamp (build/electron/engram-abi.json) says which Electron the build in build/electron is for.
//
// The rebuilder compiles with `node-gyp rebuild`, whose first step (clean) deletes the whole build/
// folder, Node's build and build/electron with it, and a rebuild that cannot reach Electron's
// headers fails only after that. So both wait beside build/ while it runs, and come back whatever
// happens.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const ADDON = 'better_sqlite3.node';
export const REBUILD_MARKER = '.forge-meta';
export const STAMP = 'engram-abi.json';

export function sqliteBuildPaths(sqliteDir) {
  const release = path.join(sqliteDir, 'build', 'Release');
  const electronDir = path.join(sqliteDir, 'build', 'electron');
  return {
    release,
    nodeBuild: path.join(release, ADDON),
    marker: path.join(release, REBUILD_MARKER),
    saved: path.join(sqliteDir, `.engram-node-${ADDON}`),
    electronAside: path.join(sqliteDir, '.engram-electron-build'),
    electronDir,
    electronBuild: path.join(electronDir, ADDON),
    stamp: path.join(electronDir, STAMP),
  };
}

const digest = (file) => (existsSync(file) ? createHash('sha256').update(readFileSync(file)).digest('hex') : null);

/** What build/electron holds: { electron, platform, arch, sha256 } or null. */
export function readStamp(sqliteDir) {
  const p = sqliteBuildPaths(sqliteDir);
  try {
    const stamp = JSON.parse(readFileSync(p.stamp, 'utf8'));
    return existsSync(p.electronBuild) && stamp.sha256 === digest(p.electronBuild) ? stamp : null;
  } catch {
    return null;
  }
}

/**
 * Builds the addon for `target` ({ electron, platform, arch }) into build/electron, keeping Node's
 * build in build/Release. `rebuild()` is the rebuilder (electron-builder install-app-deps; a fake
 * in tests) and returns { ok, detail? }. Returns { status: 'current' | 'built' | 'unchanged' | 'failed', detail }.
 */
export async function buildForElectron({ sqliteDir, target, rebuild }) {
  const p = sqliteBuildPaths(sqliteDir);
  const stamp = readStamp(sqliteDir);
  if (stamp && stamp.electron === target.electron && stamp.platform === target.platform && stamp.arch === target.arch) {
    // A marker an older postinstall left behind would make later rebuilds skip Node's build.
    rmSync(p.marker, { force: true });
    return { status: 'current', detail: `already built for Electron ${target.electron}` };
  }
  if (!existsSync(p.nodeBuild)) return { status: 'failed', detail: `no Node build at ${p.nodeBuild}` };
  copyFileSync(p.nodeBuild, p.saved);
  const nodeDigest = digest(p.saved);
  rmSync(p.electronAside, { recursive: true, force: true });
  if (existsSync(p.electronDir)) renameSync(p.electronDir, p.electronAside);
  // The folder holds Node's build: a marker claiming otherwise would make the rebuilder skip it.
  rmSync(p.marker, { force: true });
  let result;
  try {
    result = await rebuild();
  } catch (err) {
    result = { ok: false, detail: err instanceof Error ? err.message : String(err) };
  }
  let status = 'failed';
  const after = digest(p.nodeBuild);
  const built = result.ok && after !== null && after !== nodeDigest;
  // The Electron build from before comes back unless this rebuild made a new one.
  rmSync(p.electronDir, { recursive: true, force: true });
  mkdirSync(path.dirname(p.electronDir), { recursive: true });
  if (existsSync(p.electronAside)) renameSync(p.electronAside, p.electronDir);
  if (built) {
    rmSync(p.electronDir, { recursive: true, force: true });
    mkdirSync(p.electronDir, { recursive: true });
    renameSync(p.nodeBuild, p.electronBuild);
    writeFileSync(p.stamp, JSON.stringify({ ...target, sha256: digest(p.electronBuild) }, null, 2) + '\n');
    status = 'built';
  } else if (result.ok) {
    // The rebuilder produced nothing new: whatever build/electron holds stays as it was.
    status = 'unchanged';
  }
  // Node's build goes back where plain Node (tests, the CLI, browser mode) looks for it, and the
  // rebuilder's marker goes with the Electron build it described.
  mkdirSync(p.release, { recursive: true });
  copyFileSync(p.saved, p.nodeBuild);
  rmSync(p.saved, { force: true });
  rmSync(p.marker, { force: true });
  return { status, detail: result.detail ?? null };
}

/**
 * Packaging: the app ships build/electron's addon as its build/Release one (the only build a
 * packaged app has). Refuses, with the fix in one line, when that build is for another target.
 */
export function packagedAddon({ sqliteDir, unpackedSqliteDir, target }) {
  const stamp = readStamp(sqliteDir);
  const want = `Electron ${target.electron} ${target.platform}-${target.arch}`;
  if (!stamp) throw new Error(`no Electron build of the SQLite addon to package (${want}); run \`npm install\` with the Electron binary present (npm run fetch-electron)`);
  if (stamp.electron !== target.electron || stamp.platform !== target.platform || stamp.arch !== target.arch) {
    throw new Error(`the SQLite addon in build/electron is for Electron ${stamp.electron} ${stamp.platform}-${stamp.arch}, not ${want}; package on the target platform after \`npm install\``);
  }
  const dest = path.join(unpackedSqliteDir, 'build', 'Release', ADDON);
  mkdirSync(path.dirname(dest), { recursive: true });
  copyFileSync(sqliteBuildPaths(sqliteDir).electronBuild, dest);
  rmSync(path.join(unpackedSqliteDir, 'build', 'Release', REBUILD_MARKER), { force: true });
  return dest;
}
