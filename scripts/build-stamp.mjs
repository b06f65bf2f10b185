// Whether `npm start` must build: a stamp in dist/ holds a digest of every build input's content as
// it was when that build began. Times alone rebuild needlessly: a checkout, a rebase or a branch
// switched back touches files without changing them, and dist/ then looks older than its sources.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Every build rewrites these five (tsc, the preload bundle, the CLI and desktop main bundles, vite). */
export const BUILD_OUTPUTS = ['dist/electron/hosts/cli/main.js', 'dist/electron/desktop/preload/engram.cjs', 'dist/cli/engram.js', 'dist/desktop/launch.js', 'dist/renderer/index.html'];
export const SOURCE_DIRS = ['shared', 'agents', 'electron', 'renderer', 'resources/pages'];
export const SOURCE_FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.base.json', 'tsconfig.renderer.json', 'vite.config.ts', 'scripts/build-preload.mjs', 'scripts/build-cli.mjs', 'scripts/build-desktop.mjs', 'scripts/node-bundle.mjs'];
export const STAMP = 'dist/.build-stamp';

function sourceFiles(root) {
  const out = [];
  const walk = (rel) => {
    let entries;
    try {
      entries = readdirSync(path.join(root, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
      const r = `${rel}/${e.name}`;
      if (e.isDirectory()) walk(r);
      else if (e.isFile()) out.push(r);
    }
  };
  for (const d of SOURCE_DIRS) walk(d);
  for (const f of SOURCE_FILES) if (existsSync(path.join(root, f))) out.push(f);
  return out.sort();
}

/** sha256 over every build input's path and bytes (a few MB: tens of ms). */
export function sourceDigest(root) {
  const h = createHash('sha256');
  for (const f of sourceFiles(root)) {
    h.update(`${f}\0`);
    h.update(readFileSync(path.join(root, f)));
    h.update('\0');
  }
  return h.digest('hex');
}

function newestSource(root) {
  let newest = 0;
  for (const f of sourceFiles(root)) newest = Math.max(newest, statSync(path.join(root, f)).mtimeMs);
  return newest;
}

/** When the last complete build ended (the oldest of its outputs), or 0 when one is missing. */
function lastBuild(root) {
  let oldest = Infinity;
  for (const f of BUILD_OUTPUTS) {
    const p = path.join(root, f);
    if (!existsSync(p)) return 0;
    oldest = Math.min(oldest, statSync(p).mtimeMs);
  }
  return oldest;
}

/** The stamp: the digest the last build by `npm start` began from, and when its outputs were done. */
export function readStamp(root) {
  try {
    const s = JSON.parse(readFileSync(path.join(root, STAMP), 'utf8'));
    return typeof s.digest === 'string' && typeof s.built === 'number' ? s : null;
  } catch {
    return null;
  }
}

/** After a build that began from `digest` (taken before it started: an edit made during it is not claimed). */
export function writeStamp(root, digest) {
  writeFileSync(path.join(root, STAMP), `${JSON.stringify({ digest, built: lastBuild(root) })}\n`);
}

/**
 * 'fresh': the outputs were built from exactly these sources (the stamp says so, whatever the
 *   files' times say);
 * 'adopt': the outputs were rebuilt since the stamp (or there is none), by `npm run build` say, and
 *   are newer than every source: fresh, and the stamp is written now;
 * 'first': nothing built yet; 'changed': a source's content differs from the last build's.
 */
export function buildVerdict(root) {
  const digest = sourceDigest(root);
  const built = lastBuild(root);
  if (!built) return { verdict: 'first', digest };
  const stamp = readStamp(root);
  if (stamp && stamp.built === built) return { verdict: stamp.digest === digest ? 'fresh' : 'changed', digest };
  return { verdict: built > newestSource(root) ? 'adopt' : 'changed', digest };
}
