import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Finds the Electron executable the `electron` npm package would launch, without requiring it
 * (its index.js throws when the binary was never downloaded). Used by `npm start` and the e2e test
 * to say exactly why the app cannot start here.
 */
export type ElectronBinary = { found: true; path: string; version: string | null } | { found: false; reason: string };

export const ELECTRON_MISSING_HINT =
  'To get it, run `node node_modules/electron/install.js` with network access and ELECTRON_SKIP_BINARY_DOWNLOAD unset.';

export function findElectronBinary(env: NodeJS.ProcessEnv = process.env, fromDir: string = process.cwd()): ElectronBinary {
  let pkgDir: string;
  try {
    const require = createRequire(path.join(fromDir, 'noop.js'));
    pkgDir = path.dirname(require.resolve('electron/package.json'));
  } catch {
    return { found: false, reason: 'the electron package is not installed (npm install)' };
  }
  const pathFile = path.join(pkgDir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : '';
  let exe: string;
  if (env.ELECTRON_OVERRIDE_DIST_PATH) {
    exe = path.join(env.ELECTRON_OVERRIDE_DIST_PATH, relative || 'electron');
  } else if (relative) {
    exe = path.join(pkgDir, 'dist', relative);
  } else {
    return { found: false, reason: `no Electron binary was downloaded into ${path.relative(fromDir, pkgDir) || pkgDir} (ELECTRON_SKIP_BINARY_DOWNLOAD was set or the download failed)` };
  }
  if (!existsSync(exe)) return { found: false, reason: `the Electron binary ${exe} does not exist` };
  const versionFile = path.join(path.dirname(exe), 'version');
  const version = existsSync(versionFile) ? readFileSync(versionFile, 'utf8').trim() : null;
  return { found: true, path: exe, version };
}
