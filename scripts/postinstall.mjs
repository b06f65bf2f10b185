#!/usr/bin/env node
// npm postinstall. Never fails the install for something the app can do without:
// 1. Electron's binary: fetched best-effort (scripts/fetch-electron.mjs; npm itself does not run
//    Electron's installer, see "allowScripts" in package.json). Where it cannot be had, one line
//    says so and how to get it later; `npm start` then opens Engram in the browser.
// 2. With the binary: the SQLite addon is built for Electron into build/electron while Node's
//    build stays in build/Release (scripts/sqlite-builds.mjs).
// 3. package-lock.json keeps saying electron has no install script, so npm 10, which ignores
//    "allowScripts", does not run Electron's installer either (scripts/electron-lockfile.mjs).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropInstallScriptFlags } from './electron-lockfile.mjs';
import { fetchElectronBinary, FETCH_LATER_HINT } from './fetch-electron.mjs';
import { buildForElectron } from './sqlite-builds.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const say = (line) => console.log(`engram postinstall: ${line}`);

// npm writes the lockfile on install and update (never on ci): put our one change to it back.
if (process.env.npm_command === 'install' || process.env.npm_command === 'update') {
  const changed = dropInstallScriptFlags(path.join(root, 'package-lock.json'));
  if (changed.length > 0) say(`package-lock.json: ${changed.join(', ')} marked as having no install script again, so npm 10 leaves Electron's download to this script (scripts/electron-lockfile.mjs)`);
}

if (process.env.ENGRAM_SKIP_APP_DEPS === '1') {
  say('skipped (ENGRAM_SKIP_APP_DEPS=1)');
  process.exit(0);
}

let findElectronBinary;
try {
  const { tsImport } = await import('tsx/esm/api');
  ({ findElectronBinary } = await tsImport('../electron/desktop/policy/electron-binary.ts', import.meta.url));
} catch {
  say('skipped the desktop shell (dev dependencies not installed)');
  process.exit(0);
}

let binary = findElectronBinary(process.env, root);
if (!binary.found) {
  const fetched = await fetchElectronBinary({ root, env: process.env });
  if (!fetched.ok) {
    const why = fetched.skipped ? fetched.reason : `download failed: ${fetched.reason}`;
    say(`skipped Electron's binary (${why}); \`npm start\` opens Engram in your browser. ${FETCH_LATER_HINT}`);
    process.exit(0);
  }
  binary = findElectronBinary(process.env, root);
  if (!binary.found) {
    say(`Electron's installer finished but ${binary.reason}; \`npm start\` opens Engram in your browser. ${FETCH_LATER_HINT}`);
    process.exit(0);
  }
}

let sqliteDir;
try {
  sqliteDir = path.dirname(createRequire(path.join(root, 'package.json')).resolve('better-sqlite3-multiple-ciphers/package.json'));
} catch {
  say('better-sqlite3-multiple-ciphers is not installed; nothing to rebuild');
  process.exit(0);
}

const target = { electron: (binary.version ?? 'unknown').replace(/^v/, ''), platform: process.platform, arch: process.arch };
const cli = path.join(root, 'node_modules', 'electron-builder', 'cli.js');
// Run again through this script, not install-app-deps by hand: that would leave Electron's build
// where Node looks for its own (scripts/sqlite-builds.mjs).
const RETRY = 'run `node scripts/postinstall.mjs` to try again and see why';
let result;
try {
  result = await buildForElectron({
    sqliteDir,
    target,
    rebuild: async () => {
      say(`building the SQLite addon for Electron ${target.electron} (electron-builder install-app-deps)…`);
      const r = spawnSync(process.execPath, [cli, 'install-app-deps'], { cwd: root, stdio: 'inherit' });
      return { ok: r.status === 0, detail: r.status === 0 ? null : `exit ${r.status ?? r.signal}` };
    },
  });
} catch (err) {
  result = { status: 'failed', detail: err instanceof Error ? err.message : String(err) };
}
switch (result.status) {
  case 'current':
  case 'built':
    say(`SQLite addon ready for Electron ${target.electron} (build/electron) and for Node (build/Release)`);
    break;
  case 'unchanged':
    say(`install-app-deps built nothing new; ${RETRY}. Browser mode and the CLI are unaffected.`);
    break;
  default:
    say(`the Electron build of the SQLite addon failed (${result.detail ?? 'see above'}); ${RETRY}. Browser mode and the CLI are unaffected.`);
}
