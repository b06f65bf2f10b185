#!/usr/bin/env node
// `npm start`: starts Engram, always. With Electron's binary: the desktop app. Without it: one
// quick attempt to fetch it, then browser mode, the same app served on 127.0.0.1 (capture, memory,
// chat) and opened in the default browser. Without a display: the host without capture.
// Builds first when the sources changed since the last build.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildVerdict, writeStamp } from './build-stamp.mjs';
import { fetchElectronBinary, FETCH_LATER_HINT } from './fetch-electron.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const say = (line) => console.error(`engram: ${line}`);

const HELP = `usage: npm start [-- options]

Starts Engram: the desktop app where Electron's binary is installed; otherwise, after one quick try
to fetch it, browser mode: the same app (capture, memory, chat) on 127.0.0.1, opened in your
default browser. Without a display (SSH, a server) it serves the window without capturing.

  --browser       browser mode even where the desktop app could run
  --no-capture    do not capture the screen (browser mode)
  --port P        the port for browser mode (default: a free one)
  --no-open       do not open a browser, only print the address (also ENGRAM_NO_OPEN=1)
  --no-build      start without rebuilding
  --help          this help
Other options go to the desktop app (e.g. --hidden).`;

function parseArgs(argv) {
  const opts = { browser: false, capture: true, port: null, open: true, build: true, help: false, appArgs: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--help' || a === '-h') opts.help = true;
    else if (a === '--browser') opts.browser = true;
    else if (a === '--no-capture') opts.capture = false;
    else if (a === '--no-open') opts.open = false;
    else if (a === '--no-build') opts.build = false;
    else if (a === '--port' || a.startsWith('--port=')) {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i];
      if (!v || !/^\d{1,5}$/.test(v) || Number(v) > 65535) {
        say('--port needs a number from 0 to 65535');
        process.exit(2);
      }
      opts.port = v;
    } else opts.appArgs.push(a);
  }
  if (process.env.ENGRAM_NO_OPEN === '1') opts.open = false;
  return opts;
}

// ---------- build, only when a source changed since the last build (scripts/build-stamp.mjs) ----------

function buildIfStale() {
  const { verdict, digest } = buildVerdict(root);
  if (verdict === 'fresh') return;
  if (verdict === 'adopt') return writeStamp(root, digest);
  say(verdict === 'changed' ? 'sources changed; building…' : 'building (first start; later starts skip this)…');
  const r = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.status !== 0) {
    say(`npm run build failed (exit ${r.status ?? r.signal}).`);
    process.exit(r.status || 1);
  }
  writeStamp(root, digest);
}

// ---------- signals: forwarded once to the child, which stops cleanly ----------

function forwardSignals(child) {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal);
    });
  }
}

// ---------- browser mode ----------

function openBrowser(url) {
  const [cmd, args] =
    process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '""', url.replace(/&/g, '^&')]] : ['xdg-open', [url]];
  return new Promise((resolve) => {
    let child;
    try {
      child = spawn(cmd, args, { stdio: 'ignore', detached: true });
    } catch {
      return resolve(false);
    }
    child.on('error', () => resolve(false));
    child.on('exit', (code) => resolve(code === 0));
    child.unref();
  });
}

async function dataDirOf(env) {
  try {
    const { defaultDataDir } = await import(pathToFileURL(path.join(root, 'dist', 'agents', 'store', 'data-dir.js')).href);
    return defaultDataDir(env);
  } catch {
    return env.ENGRAM_DATA_DIR || 'your app-data folder';
  }
}

/** Capture outside Electron reads the X11 screen: Linux with DISPLAY (X11 or XWayland). */
function captureVerdict(opts, env) {
  if (!opts.capture) return { on: false, why: 'not capturing (--no-capture)' };
  if (process.platform !== 'linux') return { on: false, why: `not capturing: outside the desktop app, screen capture works on Linux only (this is ${process.platform})` };
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY) return { on: false, why: 'not capturing: no display here (DISPLAY and WAYLAND_DISPLAY are unset, e.g. over SSH); the window, memory and chat work' };
  if (!env.DISPLAY) return { on: false, why: 'not capturing: browser mode reads the screen through X11, and this Wayland session has no DISPLAY (XWayland)' };
  return { on: true, why: null };
}

async function runBrowser(opts, why) {
  const env = { ...process.env };
  const capture = captureVerdict(opts, env);
  const hasDisplay = process.platform !== 'linux' || !!(env.DISPLAY || env.WAYLAND_DISPLAY);
  const args = [path.join(root, 'bin', 'engram.js'), 'serve'];
  if (capture.on) args.push('--capture');
  if (opts.port) args.push('--port', opts.port);
  // Its own process group: Ctrl-C reaches it once, through us, and it stops capture cleanly.
  // Enter in this terminal asks the host for a new one-time link (each link works once).
  const interactive = !!process.stdin.isTTY;
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: [interactive ? 'pipe' : 'ignore', 'pipe', 'inherit'], detached: process.platform !== 'win32' });
  if (interactive) process.stdin.pipe(child.stdin);
  forwardSignals(child);
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
  child.on('error', (err) => {
    say(`could not start the host: ${err.message}`);
    process.exit(1);
  });
  const dataDir = await dataDirOf(env);
  let announced = false;
  for await (const line of createInterface({ input: child.stdout })) {
    if (announced || !/^http:\/\/127\.0\.0\.1:\d+\/\?code=/.test(line)) {
      console.log(line);
      continue;
    }
    announced = true;
    console.log(line);
    say(`browser mode${why ? ` (${why})` : ''}: capture, memory and chat run in this terminal (Ctrl-C stops them); the window is the page above.`);
    say(`your data stays on this computer, encrypted, in ${dataDir}`);
    say(`for the desktop app (tray, own window): \`npm run fetch-electron\` (ELECTRON_MIRROR=<mirror URL> where GitHub is blocked), then \`npm start\`.`);
    if (capture.why) say(capture.why);
    if (opts.open && hasDisplay) {
      // The link holds a one-time code, not the run's token: the opener's command line (readable
      // by other local users) is worthless once the browser has loaded it.
      const opened = await openBrowser(line);
      if (!opened) say(`no browser could be opened here; open the address above in yours.`);
      else say(`opened in your browser; each link works once: press Enter here for a new one.`);
    }
  }
  process.exit(await exited);
}

// ---------- desktop app ----------

function runDesktop(binary, opts, onSandboxFailure) {
  // Chromium refuses to run as root with its sandbox on; only then is it turned off (containers, CI).
  const rootArgs = process.platform === 'linux' && process.getuid?.() === 0 ? ['--no-sandbox'] : [];
  const env = { ...process.env };
  delete env.ELECTRON_RUN_AS_NODE;
  const started = Date.now();
  const child = spawn(binary.path, [...rootArgs, root, ...opts.appArgs], { cwd: root, stdio: ['inherit', 'inherit', 'pipe'], env });
  let tail = '';
  child.stderr.on('data', (d) => {
    process.stderr.write(d);
    tail = (tail + d.toString()).slice(-64 * 1024);
  });
  forwardSignals(child);
  child.on('error', (err) => {
    say(`could not launch Electron: ${err.message}`);
    onSandboxFailure(`Electron did not launch: ${err.message}`);
  });
  child.on('exit', (code, signal) => {
    if (code !== 0 && Date.now() - started < 20_000 && isSandboxFailure(tail)) {
      console.error(sandboxAdvice(binary.path));
      return onSandboxFailure('Electron could not start its sandbox');
    }
    process.exit(code ?? (signal ? 1 : 0));
  });
}

// ---------- main ----------

const opts = parseArgs(process.argv.slice(2));
if (opts.help) {
  console.log(HELP);
  process.exit(0);
}

const { tsImport } = await import('tsx/esm/api');
const { findElectronBinary, isSandboxFailure, sandboxAdvice } = await tsImport('../electron/desktop/policy/electron-binary.ts', import.meta.url);
const hasDisplay = process.platform !== 'linux' || !!(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);

let binary = { found: false, reason: 'browser mode asked for (--browser)' };
let why = null;
if (opts.browser) {
  why = null;
} else if (!hasDisplay) {
  why = 'no display';
} else {
  binary = findElectronBinary(process.env, root);
  if (!binary.found) {
    const fetched = await fetchElectronBinary({
      root,
      env: process.env,
      shortMs: 15_000,
      probeMs: 3_000,
      onStart: ({ mirror, reachable }) => say(reachable ? `no Electron binary yet; fetching it once from ${mirror} …` : `no Electron binary, and ${mirror} does not answer; trying Electron's cache once…`),
    });
    if (fetched.ok) binary = findElectronBinary(process.env, root);
    if (!binary.found) why = `no Electron binary: ${fetched.ok ? binary.reason : fetched.reason}`;
  }
}

if (opts.build) buildIfStale();

if (binary.found) {
  runDesktop(binary, opts, (reason) => void runBrowser(opts, reason));
} else {
  if (why && why.startsWith('no Electron binary')) say(`${why}. ${FETCH_LATER_HINT}`);
  await runBrowser(opts, why && why.startsWith('no Electron binary') ? 'no Electron binary' : why);
}
