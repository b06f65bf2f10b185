/**
 * The desktop app's start as Electron runs it (package.json's main: the bundle dist/desktop/launch.js,
 * or in builds before it dist/electron/desktop/main/launch.js, or main.js itself in builds before
 * launch.js; each loads the composition root), in a fresh Node process with test/fakes' stand-in for the 'electron' module (there is no Electron
 * binary where the benchmarks run): from the process's start to the main
 * window's creation (what the user first sees) and to the first answer on its IPC channel (app.info
 * from the window's frame, what the page's first call gets), with the CPU used by each; `entry` is
 * where the app's own code starts loading (before it: Node, the loader hook and the fake). Consent is
 * on record and the key in the environment, as on every start after the first; capture is set to
 * once an hour without OCR, so a frame's work does not land inside the figures. Used by
 * `npm run bench -- cli` (and runnable against another build's root, for old vs new).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { transformSync } from 'esbuild';
import { z } from 'zod';
import { electronModule } from '../fakes/fake-electron.js';

export const DesktopAppSteps = z.object({ entry_ms: z.number(), entry_cpu_ms: z.number(), window_ms: z.number(), window_cpu_ms: z.number(), answer_ms: z.number(), answer_cpu_ms: z.number() });
export type DesktopAppSteps = z.infer<typeof DesktopAppSteps>;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The file Electron starts in `root`'s build: package.json's "main" (in early builds, main.js when launch.js is missing). */
export function desktopEntry(root: string): string {
  const main = z.object({ main: z.string() }).parse(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'))).main;
  const entry = path.join(root, main);
  return existsSync(entry) ? entry : path.join(root, 'dist/electron/desktop/main/main.js');
}

/** Writes the fake module, the loader hook that hands it out as 'electron', the data folder and the timed start. */
function prepare(root: string, dir: string, env: NodeJS.ProcessEnv): { script: string; hook: string; dataDir: string } {
  mkdirSync(dir, { recursive: true });
  const fakeSource = readFileSync(path.join(root, 'test/fakes/fake-electron.ts'), 'utf8');
  writeFileSync(path.join(dir, 'fake-electron.mjs'), transformSync(fakeSource, { loader: 'ts', format: 'esm' }).code);
  const names = Object.keys(electronModule);
  writeFileSync(
    path.join(dir, 'electron.mjs'),
    `import { electronModule, fake, FakeBrowserWindow } from './fake-electron.mjs';\nexport const { ${names.join(', ')} } = electronModule;\nexport default electronModule;\nexport { fake, FakeBrowserWindow };\n`,
  );
  const electronUrl = pathToFileURL(path.join(dir, 'electron.mjs')).href;
  const hooks = `export async function resolve(specifier, context, next) { return specifier === 'electron' ? { url: ${JSON.stringify(electronUrl)}, shortCircuit: true } : next(specifier, context); }`;
  const hook = path.join(dir, 'register.mjs');
  writeFileSync(hook, `import { register } from 'node:module';\nregister(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hooks)}`)});\n`);

  const dist = (rel: string) => JSON.stringify(pathToFileURL(path.join(root, 'dist', rel)).href);
  const dataDir = path.join(dir, 'data');
  const setup = path.join(dir, 'setup.mjs');
  writeFileSync(
    setup,
    `const { openStore, StaticKeyProvider } = await import(${dist('agents/store/index.js')});
const { readCaptureSettings, writeCaptureSettings } = await import(${dist('electron/sensing/capture/index.js')});
const { consentRecord, writeConsent } = await import(${dist('electron/desktop/policy/index.js')});
const dataDir = ${JSON.stringify(dataDir)};
const store = await openStore({ dataDir, keyProvider: new StaticKeyProvider(Buffer.from(process.env.ENGRAM_KEY, 'hex')), embedder: null });
const s = readCaptureSettings(store);
writeCaptureSettings(store, { ...s, interval_s: 3600, ocr: { ...s.ocr, enabled: false } });
await store.close();
await writeConsent(dataDir, consentRecord({ audio: false, start_at_login: false }, new Date()));
`,
  );
  const r = spawnSync(process.execPath, [setup], { env, encoding: 'utf8', timeout: 120_000 });
  if (r.status !== 0) throw new Error(`desktop app setup exited ${r.status}: ${r.stderr.split('\n').find((l) => l.trim()) ?? ''}`);

  const script = path.join(dir, 'app-start.mjs');
  writeFileSync(
    script,
    `const cpu = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1000; };
const at = () => ({ ms: performance.now(), cpu: cpu() });
const { app, fake, FakeBrowserWindow, ipcMain } = await import('electron');
const load = FakeBrowserWindow.prototype.loadURL;
let timed = false;
FakeBrowserWindow.prototype.loadURL = function (url) {
  const loading = load.call(this, url);
  if (!timed && url.startsWith('app://engram/index.html')) {
    timed = true;
    const made = at();
    // The channel is registered in the same tick as the window (before and after the staged start).
    setImmediate(async () => {
      const res = await ipcMain.invoke('engram:invoke', this.webContents.mainFrame, { name: 'app.info', input: {} });
      const answered = at();
      if (!res.ok) throw new Error('app.info: ' + res.error.message);
      process.stdout.write(JSON.stringify({ entry_ms: entry.ms, entry_cpu_ms: entry.cpu, window_ms: made.ms, window_cpu_ms: made.cpu, answer_ms: answered.ms, answer_cpu_ms: answered.cpu }) + '\\n');
      app.quit();
      const end = Date.now() + 30_000;
      while (fake.exitCode === null && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
      process.exit(fake.exitCode ?? 3);
    });
  }
  return loading;
};
// Node, the loader hook and the fake are the harness's; the app's own cost starts here.
const entry = at();
await import(${JSON.stringify(pathToFileURL(desktopEntry(root)).href)});
`,
  );
  return { script, hook, dataDir };
}

/**
 * The app of `root` made ready to start under the fake (data folder, consent, fake, hook), and a
 * function that starts it once in a fresh process, after `imports` (more `--import` hooks, e.g.
 * test/fixtures/module-log with `env`'s MODULE_LOG), and returns its steps.
 */
export function desktopAppStarter(root: string, dir: string, baseEnv: NodeJS.ProcessEnv): (imports?: string[], extraEnv?: NodeJS.ProcessEnv) => DesktopAppSteps {
  const env: NodeJS.ProcessEnv = { ...baseEnv, ENGRAM_EMBEDDER: 'none', XDG_CONFIG_HOME: path.join(dir, 'config') };
  const { script, hook, dataDir } = prepare(root, dir, env);
  env.ENGRAM_DATA_DIR = dataDir;
  return (imports = [], extraEnv = {}) => {
    const args = [...[hook, ...imports].flatMap((h) => ['--import', pathToFileURL(h).href]), script];
    const r = spawnSync(process.execPath, args, { cwd: root, env: { ...env, ...extraEnv }, encoding: 'utf8', timeout: 120_000 });
    if (r.status !== 0) throw new Error(`desktop app start exited ${r.status}: ${r.stderr.split('\n').find((l) => l.trim() && !l.startsWith('[engram]')) ?? ''}`);
    return DesktopAppSteps.parse(JSON.parse(r.stdout.trim().split('\n').pop()!));
  };
}

/** Medians of the app's start over runs (one run first, unmeasured, warms the disk). */
export function desktopAppStart(root: string, dir: string, baseEnv: NodeJS.ProcessEnv, runs: number): DesktopAppSteps {
  const start = desktopAppStarter(root, dir, baseEnv);
  const all: DesktopAppSteps[] = [];
  for (let i = 0; i <= runs; i++) {
    const steps = start();
    if (i > 0) all.push(steps);
  }
  const keys = Object.keys(all[0]!) as (keyof DesktopAppSteps)[];
  return Object.fromEntries(keys.map((k) => [k, Math.round(median(all.map((a) => a[k])))])) as DesktopAppSteps;
}
