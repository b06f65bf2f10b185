#!/usr/bin/env node
// npm postinstall: rebuild native modules for Electron's ABI, but only where the Electron binary
// is installed (developer machines). Elsewhere (CI, servers, ELECTRON_SKIP_BINARY_DOWNLOAD) it
// says why it skipped and succeeds. The SQLite addon must keep working under plain Node too
// (tests, CLI), so Node's build is put back in place and Electron's is kept in build/electron/,
// which the app loads (electron/desktop/policy/native-binding.ts).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const say = (line) => console.log(`engram postinstall: ${line}`);

if (process.env.ENGRAM_SKIP_APP_DEPS === '1') {
  say('skipped (ENGRAM_SKIP_APP_DEPS=1)');
  process.exit(0);
}

let findElectronBinary;
try {
  const { tsImport } = await import('tsx/esm/api');
  ({ findElectronBinary } = await tsImport('../electron/desktop/policy/electron-binary.ts', import.meta.url));
} catch {
  say('skipped Electron native rebuild (dev dependencies not installed)');
  process.exit(0);
}

const binary = findElectronBinary(process.env, root);
if (!binary.found) {
  say(`skipped electron-builder install-app-deps: ${binary.reason}`);
  process.exit(0);
}

const require = createRequire(path.join(root, 'package.json'));
let sqliteDir = null;
try {
  sqliteDir = path.dirname(require.resolve('better-sqlite3-multiple-ciphers/package.json'));
} catch {
  sqliteDir = null;
}
const nodeBuild = sqliteDir && path.join(sqliteDir, 'build', 'Release', 'better_sqlite3.node');
const saved = sqliteDir && path.join(sqliteDir, 'build', 'node-abi-better_sqlite3.node');
if (nodeBuild && existsSync(nodeBuild)) copyFileSync(nodeBuild, saved);

say(`rebuilding native modules for Electron ${binary.version ?? ''} (electron-builder install-app-deps)…`);
const cli = path.join(root, 'node_modules', 'electron-builder', 'cli.js');
const result = spawnSync(process.execPath, [cli, 'install-app-deps'], { cwd: root, stdio: 'inherit' });

if (nodeBuild && saved && existsSync(saved)) {
  if (result.status === 0 && existsSync(nodeBuild)) {
    const electronDir = path.join(sqliteDir, 'build', 'electron');
    mkdirSync(electronDir, { recursive: true });
    renameSync(nodeBuild, path.join(electronDir, 'better_sqlite3.node'));
  }
  // Node's build goes back where plain Node (tests, the CLI) looks for it.
  copyFileSync(saved, nodeBuild);
  rmSync(saved, { force: true });
}

if (result.status !== 0) {
  say('install-app-deps failed; `npm start` may not load the SQLite addon. Run `npx electron-builder install-app-deps` to see why.');
  process.exit(0);
}
say('native modules ready for Electron (SQLite addon kept for Node too)');
