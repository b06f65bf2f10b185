/**
 * `npm run bench -- cli [--json] [--runs 5]`: what the `engram` command costs a user who types it.
 * On a small store (a handful of notes, made once before timing), each command runs as a fresh
 * process from the compiled CLI (`npm run build` first), as an installed Engram runs:
 *  - `engram search QUERY`, offline `engram ask QUESTION` (no model configured), `engram stats`:
 *    wall time from spawn to exit, and the process's own CPU time (user + system, read at exit by a
 *    preloaded module), medians of --runs;
 *  - cold start of a host: `engram mcp` from spawn to its answer to the MCP initialize request, and
 *    to its first tools/call (memory search), which waits for the engine; on Linux also the CPU the
 *    process had used when initialize was answered (/proc, 10 ms ticks);
 *  - cold start of `engram serve` (browser mode, what `npm start` runs): from spawn to the line with
 *    its link, to the page (the link's code swapped for the session cookie, then GET /), to its first
 *    API answer (store.stats over POST /api/call) and to its first search by meaning (which waits for
 *    the encoder), with the CPU the process had used when the link was printed; with a display
 *    ($DISPLAY set) also `engram serve --capture` (as npm start runs it there: capture waits for the
 *    welcome page's consent, which a fresh data dir has not given);
 *  - the desktop app's engine start under Node, as far as it runs without Electron: a fresh process
 *    loads the engine and electron/desktop/main/core (compiled, as the app loads them), opens the
 *    store as main does (openEngram) and starts the core with Electron's sources faked (a screen
 *    with no display, always active, no microphone), to its first answer (app.info, what the
 *    window's first IPC call gets);
 *  - the desktop app's entry and composition root (launch.js, main.js) under Node with test/fakes' stand-in for 'electron'
 *    (desktop-app-start.ts): to the main window's creation and to the first answer on its IPC channel;
 *  - where serve's start goes, from fresh processes' CPU: node itself (`node -e 0`), the CLI's entry
 *    (`engram --version`), serve's modules (`engram serve --help` loads the command, the engine and
 *    the HTTP host) and, in process, opening the store (key, database, migrations check) twice, the
 *    second open being the warm disk's.
 *  - where stats goes: the same entry, then `engram --help` (the locator's door and the store's
 *    modules, as stats loads them without the engine), then stats itself.
 * Targets: search <= 300 ms, ask <= 500 ms, stats <= 200 ms, host's first answer <= 500 ms (wall).
 * Wall time on a loaded machine includes waiting for a core: the load average is printed beside
 * the figures, and CPU time is what the command costs on an idle one.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { desktopAppStart } from './desktop-app-start.js';
import { BenchTargets } from './targets.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = path.join(ROOT, 'dist/electron/hosts/cli/main.js');
/** bin/engram.js runs the compiled CLI when dist/ is built, as the installed command does. */
const BIN = path.join(ROOT, 'bin/engram.js');

const Args = z.object({ json: z.boolean().default(false), runs: z.coerce.number().int().min(1).max(50).default(5) });

const NOTES = [
  'Ana moved the Q3 budget review to Thursday at 10:00',
  'The staging VPN needs the "eng-staging" profile, not the default one',
  'Booked the Lisbon flight TP1337 for the conference on 14 March',
  'My dentist is Dr. Okafor, appointments on Tuesdays',
  'The build broke because of a stale lockfile; npm ci fixed it',
];

interface Run {
  wall_ms: number;
  cpu_ms: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function setup(): { dir: string; env: NodeJS.ProcessEnv; cpuProbe: string; cpuFile: string } {
  if (!existsSync(CLI)) throw new Error('dist/ is missing: run npm run build first');
  const dir = mkdtempSync(path.join(tmpdir(), 'engram-bench-cli-'));
  const cpuFile = path.join(dir, 'cpu.json');
  const cpuProbe = path.join(dir, 'cpu-probe.mjs');
  // Read at exit, so the figure is the whole command: module loading, the store, the answer.
  writeFileSync(
    cpuProbe,
    `import { writeFileSync } from 'node:fs';\nprocess.on('exit', () => { const c = process.cpuUsage(); writeFileSync(${JSON.stringify(cpuFile)}, JSON.stringify({ cpu_ms: (c.user + c.system) / 1000 })); });\n`,
  );
  // No model: ask answers offline; the default embedder (USE with its query table) as a user has it.
  const env: NodeJS.ProcessEnv = { ...process.env, ENGRAM_KEY: randomBytes(32).toString('hex'), ENGRAM_DATA_DIR: dir };
  delete env.ANTHROPIC_API_KEY;
  delete env.OPENAI_API_KEY;
  delete env.OPENAI_BASE_URL;
  delete env.ENGRAM_LLM_BASE_URL;
  delete env.ENGRAM_EMBEDDER;
  for (const n of NOTES) {
    const r = spawnSync(process.execPath, [BIN, 'add', '--text', n], { env, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`engram add failed: ${r.stderr.split('\n')[0]}`);
  }
  return { dir, env, cpuProbe, cpuFile };
}

async function runCommand(ctx: ReturnType<typeof setup>, args: string[]): Promise<Run> {
  rmSync(ctx.cpuFile, { force: true });
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--import', pathToFileURL(ctx.cpuProbe).href, BIN, ...args], { env: ctx.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  child.stdout.resume();
  const code = await new Promise<number | null>((r) => child.on('exit', r));
  const wall = performance.now() - t0;
  if (code !== 0) throw new Error(`engram ${args[0]} exited ${code}: ${err.split('\n')[0]}`);
  const { cpu_ms } = z.object({ cpu_ms: z.number() }).parse(JSON.parse(readFileSync(ctx.cpuFile, 'utf8')));
  return { wall_ms: wall, cpu_ms };
}

/**
 * CPU time a running process and the processes it started have used so far (Linux /proc, in clock
 * ticks of 10 ms; `engram serve --capture` runs in a child of its own), or null elsewhere.
 */
function cpuSoFar(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    let ms = (Number(fields[11]) + Number(fields[12])) * 10;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    for (const c of children) ms += cpuSoFar(Number(c)) ?? 0;
    return ms;
  } catch {
    return null;
  }
}

/** `engram mcp`: spawn → initialize answered (and the CPU it took), and → the first memory search answered. */
async function mcpStart(ctx: ReturnType<typeof setup>): Promise<{ init_ms: number; init_cpu_ms: number | null; search_ms: number }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, [BIN, 'mcp'], { env: ctx.env, stdio: ['pipe', 'pipe', 'pipe'] });
  child.stderr.resume();
  const answers = new Map<number, number>();
  let initCpu: number | null = null;
  let buf = '';
  const waiting = new Map<number, () => void>();
  child.stdout.on('data', (d: Buffer) => {
    buf += d.toString();
    let nl: number;
    while ((nl = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      const id = (JSON.parse(line) as { id?: number }).id;
      if (typeof id === 'number') {
        answers.set(id, performance.now() - t0);
        if (id === 1) initCpu = cpuSoFar(child.pid);
        waiting.get(id)?.();
      }
    }
  });
  const ask = (id: number, method: string, params: unknown) =>
    new Promise<void>((resolve) => {
      waiting.set(id, resolve);
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    });
  await ask(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'engram-bench', version: '1' } });
  child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  await ask(2, 'tools/call', { name: 'search_memory', arguments: { query: 'budget review' } });
  child.stdin.end();
  child.kill('SIGINT');
  await new Promise((r) => child.once('exit', r));
  return { init_ms: answers.get(1)!, init_cpu_ms: initCpu, search_ms: answers.get(2)! };
}

interface ServeRun {
  link_ms: number;
  link_cpu_ms: number | null;
  page_ms: number;
  api_ms: number;
  search_ms: number;
}

/** `engram serve`: spawn → link printed → page served → first API answer → first search by meaning. */
async function serveStart(ctx: ReturnType<typeof setup>, extra: string[]): Promise<ServeRun> {
  const t0 = performance.now();
  const child = spawn(process.execPath, [BIN, 'serve', ...extra], { env: ctx.env, stdio: ['pipe', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  try {
    let linkCpu: number | null = null;
    const link = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /http:\/\/\S+/.exec(out);
        if (m) {
          linkCpu = cpuSoFar(child.pid);
          resolve(m[0]);
        }
      });
      child.once('exit', (code) => reject(new Error(`engram serve exited ${code}: ${err.split('\n').find((l) => l.trim()) ?? ''}`)));
    });
    const linkMs = performance.now() - t0;
    const origin = new URL(link).origin;
    const redeemed = await fetch(link, { redirect: 'manual' });
    const cookie = (redeemed.headers.get('set-cookie') ?? '').split(';')[0]!;
    const page = await fetch(`${origin}/`, { headers: { cookie } });
    if (!page.ok || !(await page.text()).includes('<')) throw new Error(`engram serve: the page answered ${page.status}`);
    const pageMs = performance.now() - t0;
    const call = async (name: string, input: unknown) => {
      const r = await fetch(`${origin}/api/call`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ name, input }) });
      const body = z.object({ ok: z.boolean() }).passthrough().parse(await r.json());
      if (!body.ok) throw new Error(`engram serve: ${name} answered ${JSON.stringify(body)}`);
    };
    await call('store.stats', {});
    const apiMs = performance.now() - t0;
    await call('memories.search', { query: 'when is the budget review' });
    const searchMs = performance.now() - t0;
    return { link_ms: linkMs, link_cpu_ms: linkCpu, page_ms: pageMs, api_ms: apiMs, search_ms: searchMs };
  } finally {
    if (child.exitCode === null) {
      child.kill('SIGINT');
      await new Promise((r) => child.once('exit', r));
    }
  }
}

/** The desktop core's start in a fresh process (see the header): the child reports its own clock and CPU at each step. */
const DesktopSteps = z.object({ modules_ms: z.number(), modules_cpu_ms: z.number(), store_ms: z.number(), store_cpu_ms: z.number(), core_ms: z.number(), core_cpu_ms: z.number(), answer_ms: z.number(), answer_cpu_ms: z.number() });
type DesktopSteps = z.infer<typeof DesktopSteps>;

function desktopScript(dir: string): string {
  const file = path.join(dir, 'desktop-core.mjs');
  const dist = (rel: string) => JSON.stringify(pathToFileURL(path.join(ROOT, 'dist', rel)).href);
  writeFileSync(
    file,
    `const cpu = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1000; };
const at = () => ({ ms: performance.now(), cpu: cpu() });
const engine = await import(${dist('electron/engine/index.js')});
const { startCore } = await import(${dist('electron/desktop/main/core.js')});
const modules = at();
const store = await engine.openEngram({ dataDir: process.env.ENGRAM_DATA_DIR });
const opened = at();
const core = await startCore({
  store, version: 'bench', selfPids: [process.pid], keyDescription: 'bench', sandbox: { on: true, detail: 'bench' },
  screen: { name: 'bench', listDisplays: async () => [], capture: async () => [] },
  idle: { state: () => 'active' },
  microphone: { name: 'none', chunks: async function* () {} },
  startAtLogin: { enabled: () => false, set: async () => undefined },
  onProblem: () => undefined, log: () => undefined,
});
const started = at();
await core.client.call('app.info', {});
const answered = at();
process.stdout.write(JSON.stringify({ modules_ms: modules.ms, modules_cpu_ms: modules.cpu, store_ms: opened.ms, store_cpu_ms: opened.cpu, core_ms: started.ms, core_cpu_ms: started.cpu, answer_ms: answered.ms, answer_cpu_ms: answered.cpu }) + '\\n');
await core.close();
await store.close();
`,
  );
  return file;
}

/** Medians of the desktop core's steps over runs (the first run warms the disk). */
function desktopStart(ctx: ReturnType<typeof setup>, runs: number): DesktopSteps {
  const script = desktopScript(ctx.dir);
  const all: DesktopSteps[] = [];
  for (let i = 0; i <= runs; i++) {
    const r = spawnSync(process.execPath, [script], { env: { ...ctx.env, ENGRAM_EMBEDDER: 'none' }, encoding: 'utf8', timeout: 120_000 });
    if (r.status !== 0) throw new Error(`desktop core start exited ${r.status}: ${r.stderr.split('\n').find((l) => l.trim()) ?? ''}`);
    if (i > 0) all.push(DesktopSteps.parse(JSON.parse(r.stdout.trim().split('\n').pop()!)));
  }
  const keys = Object.keys(all[0]!) as (keyof DesktopSteps)[];
  return Object.fromEntries(keys.map((k) => [k, Math.round(median(all.map((a) => a[k])))])) as DesktopSteps;
}

/** Median of each figure over runs (a CPU figure only where /proc gave one). */
function serveMedians(runs: ServeRun[]): ServeRun {
  const cpus = runs.map((r) => r.link_cpu_ms).filter((c): c is number => c !== null);
  const m = (k: 'link_ms' | 'page_ms' | 'api_ms' | 'search_ms') => Math.round(median(runs.map((r) => r[k])));
  return { link_ms: m('link_ms'), link_cpu_ms: cpus.length ? median(cpus) : null, page_ms: m('page_ms'), api_ms: m('api_ms'), search_ms: m('search_ms') };
}

/** CPU of a fresh process (median of runs) that runs node with these arguments: where serve's start goes. */
async function startCpu(ctx: ReturnType<typeof setup>, argv: string[], runs: number): Promise<number> {
  const out: number[] = [];
  for (let i = 0; i <= runs; i++) {
    rmSync(ctx.cpuFile, { force: true });
    const r = spawnSync(process.execPath, ['--import', pathToFileURL(ctx.cpuProbe).href, ...argv], { env: ctx.env, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`node ${argv.join(' ')} exited ${r.status}: ${r.stderr.split('\n')[0]}`);
    // The first run warms the disk, as the target says.
    if (i > 0) out.push(z.object({ cpu_ms: z.number() }).parse(JSON.parse(readFileSync(ctx.cpuFile, 'utf8'))).cpu_ms);
  }
  return Math.round(median(out));
}

/** Opening the bench's store in this process (key, database, migrations check): the first open, then a warm one. */
async function storeOpenMs(ctx: ReturnType<typeof setup>): Promise<{ first_ms: number; warm_ms: number }> {
  const { openStore, resolveKeyProvider } = await import('../../agents/store/index.js');
  const times: number[] = [];
  for (let i = 0; i < 2; i++) {
    const t = performance.now();
    const store = await openStore({ dataDir: ctx.dir, keyProvider: resolveKeyProvider(ctx.dir, { ...ctx.env }) });
    times.push(performance.now() - t);
    await store.close();
  }
  return { first_ms: Math.round(times[0]! * 10) / 10, warm_ms: Math.round(times[1]! * 10) / 10 };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { json: { type: 'boolean' }, runs: { type: 'string' } }, strict: true });
  const args = Args.parse(values);
  const ctx = setup();
  try {
    const commands: Record<string, string[]> = {
      search: ['search', 'budget review'],
      ask: ['ask', 'when is the budget review'],
      stats: ['stats'],
    };
    const figures: Record<string, { wall_ms: number; cpu_ms: number }> = {};
    for (const [name, argv] of Object.entries(commands)) {
      await runCommand(ctx, argv); // the disk warm, as the target says
      const runs: Run[] = [];
      for (let i = 0; i < args.runs; i++) runs.push(await runCommand(ctx, argv));
      figures[name] = { wall_ms: Math.round(median(runs.map((r) => r.wall_ms))), cpu_ms: Math.round(median(runs.map((r) => r.cpu_ms))) };
    }
    const mcpRuns: { init_ms: number; init_cpu_ms: number | null; search_ms: number }[] = [];
    await mcpStart(ctx);
    for (let i = 0; i < args.runs; i++) mcpRuns.push(await mcpStart(ctx));
    const cpus = mcpRuns.map((r) => r.init_cpu_ms).filter((c): c is number => c !== null);
    const mcp = {
      init_ms: Math.round(median(mcpRuns.map((r) => r.init_ms))),
      init_cpu_ms: cpus.length ? median(cpus) : null,
      search_ms: Math.round(median(mcpRuns.map((r) => r.search_ms))),
    };
    const serveRuns: ServeRun[] = [];
    await serveStart(ctx, []);
    for (let i = 0; i < args.runs; i++) serveRuns.push(await serveStart(ctx, []));
    const serve = serveMedians(serveRuns);
    let serveCapture: ServeRun | null = null;
    if (process.env.DISPLAY) {
      const runs: ServeRun[] = [];
      await serveStart(ctx, ['--capture']);
      for (let i = 0; i < args.runs; i++) runs.push(await serveStart(ctx, ['--capture']));
      serveCapture = serveMedians(runs);
    }
    const desktop = desktopStart(ctx, args.runs);
    const desktopApp = desktopAppStart(ROOT, path.join(ctx.dir, 'desktop-app'), ctx.env, args.runs);
    const parts = {
      node_cpu_ms: await startCpu(ctx, ['-e', '0'], args.runs),
      cli_entry_cpu_ms: await startCpu(ctx, [BIN, '--version'], args.runs),
      // The locator's door and the store's modules (what --help loads to name the default folders), which stats also loads.
      locator_cpu_ms: await startCpu(ctx, [BIN, '--help'], args.runs),
      serve_modules_cpu_ms: await startCpu(ctx, [BIN, 'serve', '--help'], args.runs),
      store_open: await storeOpenMs(ctx),
    };
    const load = loadavg()[0]!.toFixed(1);
    const targets = new BenchTargets('cli');
    targets.check('engram search <= 300 ms', figures.search!.wall_ms <= 300, `${figures.search!.wall_ms} ms wall, ${figures.search!.cpu_ms} ms CPU`);
    targets.check('engram ask (offline) <= 500 ms', figures.ask!.wall_ms <= 500, `${figures.ask!.wall_ms} ms wall, ${figures.ask!.cpu_ms} ms CPU`);
    targets.check('engram stats <= 200 ms', figures.stats!.wall_ms <= 200, `${figures.stats!.wall_ms} ms wall, ${figures.stats!.cpu_ms} ms CPU`);
    targets.check("cold start: engram mcp's first answer <= 500 ms", mcp.init_ms <= 500, `${mcp.init_ms} ms wall${mcp.init_cpu_ms === null ? '' : `, ${mcp.init_cpu_ms} ms CPU`}`);
    const serveLine = (s: ServeRun) => `${s.page_ms} ms wall to the page, ${s.api_ms} to the first API answer${s.link_cpu_ms === null ? '' : ` (${s.link_cpu_ms} ms CPU at the link)`}`;
    targets.check("cold start: engram serve's first answer <= 500 ms", serve.api_ms <= 500, serveLine(serve));
    targets.check("cold start: the desktop core's first answer (under Node) <= 500 ms", desktop.answer_ms <= 500, `${desktop.answer_ms} ms wall, ${desktop.answer_cpu_ms} ms CPU`);
    if (serveCapture) targets.check("cold start: engram serve --capture's first answer <= 500 ms", serveCapture.api_ms <= 500, serveLine(serveCapture));
    if (args.json) {
      process.stdout.write(`${JSON.stringify({ ...figures, mcp, serve, serve_capture: serveCapture, serve_parts: parts, desktop_core: desktop, desktop_app: desktopApp, load_avg: Number(load), runs: args.runs })}\n`);
      targets.finish({ json: true });
      return;
    }
    console.log(`engram CLI on a ${NOTES.length}-note store, compiled, fresh process each (median of ${args.runs}; load average ${load} on ${availableParallelism()} cores)`);
    console.log('command          wall ms   CPU ms');
    for (const [name, f] of Object.entries(figures)) console.log(`${name.padEnd(15)} ${String(f.wall_ms).padStart(8)} ${String(f.cpu_ms).padStart(8)}`);
    console.log(
      `engram mcp: initialize answered ${mcp.init_ms} ms after spawn${mcp.init_cpu_ms === null ? '' : ` (${mcp.init_cpu_ms} ms CPU)`}; first search_memory answered ${mcp.search_ms} ms after spawn`,
    );
    for (const [name, f] of [['engram serve', serve], ['engram serve --capture', serveCapture]] as const) {
      if (!f) continue;
      console.log(
        `${name}: link printed ${f.link_ms} ms after spawn${f.link_cpu_ms === null ? '' : ` (${f.link_cpu_ms} ms CPU)`}, page ${f.page_ms}, first API answer (store.stats) ${f.api_ms}, first search by meaning ${f.search_ms}`,
      );
    }
    if (!serveCapture) console.log('engram serve --capture: not measured (no $DISPLAY)');
    console.log(
      `desktop core under Node (Electron faked): modules loaded at ${desktop.modules_ms} ms (${desktop.modules_cpu_ms} ms CPU), store open ${desktop.store_ms} (${desktop.store_cpu_ms}), core started ${desktop.core_ms} (${desktop.core_cpu_ms}), first answer (app.info) ${desktop.answer_ms} (${desktop.answer_cpu_ms}), from the process's start`,
    );
    console.log(
      `desktop app under Node (launch.js and main.js, Electron faked): its code starts loading at ${desktopApp.entry_ms} ms (${desktopApp.entry_cpu_ms} ms CPU), main window created ${desktopApp.window_ms} (${desktopApp.window_cpu_ms}), first IPC answer (app.info) ${desktopApp.answer_ms} (${desktopApp.answer_cpu_ms}), from the process's start`,
    );
    console.log(
      `where serve's start goes (CPU of fresh processes): node ${parts.node_cpu_ms} ms, + the CLI's entry ${parts.cli_entry_cpu_ms - parts.node_cpu_ms} (engram --version ${parts.cli_entry_cpu_ms}), + serve's modules ${parts.serve_modules_cpu_ms - parts.cli_entry_cpu_ms} (engram serve --help ${parts.serve_modules_cpu_ms}); opening the store in process ${parts.store_open.first_ms} ms, warm ${parts.store_open.warm_ms} ms`,
    );
    console.log(
      `where stats goes (CPU): the CLI's entry ${parts.cli_entry_cpu_ms} ms, + the locator's door and the store's modules ${parts.locator_cpu_ms - parts.cli_entry_cpu_ms} (engram --help ${parts.locator_cpu_ms}), + opening, counting, closing and the crash journal ${figures.stats!.cpu_ms - parts.locator_cpu_ms} (engram stats ${figures.stats!.cpu_ms})`,
    );
    targets.finish();
  } finally {
    rmSync(ctx.dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(`cli bench: ${(err as Error).message ?? String(err)}`);
  process.exit(1);
});
