import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * better-sqlite3-multiple-ciphers is a V8 addon: one build serves either Node (tests, CLI) or
 * Electron, not both. scripts/postinstall.mjs keeps Node's build where the package looks for it
 * and puts Electron's beside it (build/electron/); under Electron the app loads that one and
 * registers it under the default path, so the package's own `require('bindings')(…)` finds it in
 * the module cache instead of loading the Node build. Packaged apps have only Electron's build.
 */
export const SQLITE_PACKAGE = 'better-sqlite3-multiple-ciphers';
export const ELECTRON_BUILD_DIR = path.join('build', 'electron');

export type BindingChoice = { kind: 'electron-build'; path: string } | { kind: 'default'; reason: string };

export interface NativeBindingPaths {
  packageDir: string;
  electronBuild: string;
  defaultBuild: string;
}

export function sqliteBindingPaths(fromDir: string): NativeBindingPaths | null {
  try {
    const req = createRequire(path.join(fromDir, 'noop.js'));
    const packageDir = path.dirname(req.resolve(`${SQLITE_PACKAGE}/package.json`));
    return {
      packageDir,
      electronBuild: path.join(packageDir, ELECTRON_BUILD_DIR, 'better_sqlite3.node'),
      defaultBuild: path.join(packageDir, 'build', 'Release', 'better_sqlite3.node'),
    };
  } catch {
    return null;
  }
}

/** Loads `from` and makes `require(to)` return it from the cache (no second load, no ABI clash). */
export function aliasModule(from: string, to: string, fromDir: string): void {
  const req = createRequire(path.join(fromDir, 'noop.js'));
  req(from);
  const loaded = req.cache[from];
  if (!loaded) throw new Error(`${from} did not register in the module cache`);
  req.cache[to] = loaded;
}

export function useElectronSqliteBinding(fromDir: string): BindingChoice {
  const paths = sqliteBindingPaths(fromDir);
  if (!paths) return { kind: 'default', reason: `${SQLITE_PACKAGE} is not installed` };
  if (!existsSync(paths.electronBuild)) return { kind: 'default', reason: 'no separate Electron build (packaged app, or postinstall did not run)' };
  aliasModule(paths.electronBuild, paths.defaultBuild, fromDir);
  return { kind: 'electron-build', path: paths.electronBuild };
}
