#!/usr/bin/env node
// `npm start`: build what the desktop app needs (main process, renderer, preloads), then launch
// Electron on it. Without an Electron binary it says so in one line and exits non-zero.
// Arguments after `--` go to the app (e.g. `npm start -- --hidden`).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { findElectronBinary, ELECTRON_MISSING_HINT } = await tsImport('../electron/desktop/policy/electron-binary.ts', import.meta.url);

// Checked first: no point building for a minute to then fail.
const binary = findElectronBinary(process.env, root);
if (!binary.found) {
  console.error(`engram: cannot start the desktop app — ${binary.reason}. ${ELECTRON_MISSING_HINT}`);
  process.exit(1);
}

function step(label, command, args) {
  const r = spawnSync(command, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.status !== 0) {
    console.error(`engram: ${label} failed (exit ${r.status ?? r.signal}).`);
    process.exit(r.status || 1);
  }
}

if (!process.argv.includes('--no-build')) {
  step('npm run build', 'npm', ['run', 'build', '--silent']);
  step('building the preloads', process.execPath, [path.join(root, 'scripts', 'build-preload.mjs'), '--quiet']);
}

const appArgs = process.argv.slice(2).filter((a) => a !== '--no-build');
// Chromium refuses to run as root with its sandbox on; only then is it turned off (containers, CI).
const rootArgs = process.platform === 'linux' && process.getuid?.() === 0 ? ['--no-sandbox'] : [];
const env = { ...process.env };
delete env.ELECTRON_RUN_AS_NODE;
const child = spawn(binary.path, [...rootArgs, root, ...appArgs], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
child.on('error', (err) => {
  console.error(`engram: could not launch Electron: ${err.message}`);
  process.exit(1);
});
