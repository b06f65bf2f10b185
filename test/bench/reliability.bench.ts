/**
 * `npm run bench -- reliability [--part kills,load,soak,fuzz] [options] [--json]`
 *
 * The long parts of the reliability proofs (the suite runs short versions in test/reliability):
 *   kills  kill -9 of the scripted capture+agents session at random moments   --kills N (20) --seed S
 *   load   app (headless host) + CLI + MCP server + capture on one data dir   --load-seconds S (60)
 *   soak   scripted capture at a compressed interval: RSS, fds, OCR backlog, event-loop lag
 *          --frames N (2400: two hours at the default 3 s) --minutes M (10): the interval is
 *          M minutes / N frames; the run stops at N frames or M minutes, whichever comes first,
 *          and says how much of the two hours it covered. --ocr scripted|tesseract (scripted);
 *          --real-ocr is --ocr tesseract (tesseract.js reads every frame); the output says which ran;
 *          --cache-mib N sets the session store's page cache, --sharp-cache off turns libvips' cache off,
 *          --sharp-threads N sets libvips' threads per operation (sharp.concurrency);
 *          --malloc-arenas capped|default (capped): the session's malloc and V8 young generation as
 *          `engram capture --watch` runs them (electron/hosts/cli/malloc-arenas.ts) or the defaults;
 *          --heap-dir DIR writes V8 heap snapshots of the session at the start (after warm-up) and end
 *          (a snapshot leaves ~125 MB of malloc'd memory behind, so RSS targets are not checked then);
 *          --embedder hash|use (hash): use runs the sentence encoder in its worker, as the app does.
 *          Memory targets (issue 34): steady RSS ≤ 200 MB and growth ≤ 20 MB over the run, the peak
 *          and the RSS two hours of frames would reach by the run's trend reported beside them.
 *   fuzz   the property-based API and CLI fuzz with more runs                 --fuzz-runs N (200)
 * Default: all four. Figures are printed; --json prints one JSON object at the end.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openStore, StaticKeyProvider } from '../../agents/store/index.js';
import { runKillLoop } from '../reliability/crash-run.js';
import { runMixedLoad } from '../reliability/mixed-load.js';
import { SessionProcess, type SessionStats } from '../reliability/session-process.js';
import { CAPTURE_MALLOC_ENV, CAPTURE_NODE_FLAGS } from '../../electron/hosts/cli/malloc-arenas.js';
import { GROWTH_MAX_MB, soakMemory, STEADY_RSS_MAX_MB } from './soak-memory.js';
import { BenchTargets } from './targets.js';

const { values } = parseArgs({
  options: {
    part: { type: 'string', default: 'kills,load,soak,fuzz' },
    kills: { type: 'string', default: '20' },
    seed: { type: 'string' },
    'load-seconds': { type: 'string', default: '60' },
    frames: { type: 'string', default: '2400' },
    minutes: { type: 'string', default: '10' },
    ocr: { type: 'string', default: 'scripted' },
    'real-ocr': { type: 'boolean', default: false },
    'fuzz-runs': { type: 'string', default: '200' },
    json: { type: 'boolean', default: false },
    'heap-dir': { type: 'string' },
    'cache-mib': { type: 'string' },
    'sharp-cache': { type: 'string' },
    'sharp-threads': { type: 'string' },
    'malloc-arenas': { type: 'string', default: 'capped' },
    embedder: { type: 'string', default: 'hash' },
  },
});
const parts = new Set(values.part!.split(',').map((p) => p.trim()));
if (values['real-ocr']) values.ocr = 'tesseract';
if (values.embedder !== 'hash' && values.embedder !== 'use') {
  console.error(`reliability bench: --embedder must be hash or use, not ${values.embedder}`);
  process.exit(2);
}
if (values.ocr !== 'scripted' && values.ocr !== 'tesseract') {
  console.error(`reliability bench: --ocr must be scripted or tesseract, not ${values.ocr}`);
  process.exit(2);
}
const targets = new BenchTargets('reliability');
const out: Record<string, unknown> = { machine: { cpus: (await import('node:os')).cpus().length, load_at_start: (await import('node:os')).loadavg().map((l) => Number(l.toFixed(2))) } };
const say = (line: string) => {
  if (!values.json) console.log(line);
};
const root = mkdtempSync(join(tmpdir(), 'engram-bench-rel-'));
const IDLE_LAG_PROBE = `const { monitorEventLoopDelay } = require('node:perf_hooks');
const h = monitorEventLoopDelay({ resolution: 10 }); h.enable();
const keep = setInterval(() => {}, 1000);
process.stdin.on('end', () => { clearInterval(keep); console.log(JSON.stringify({ p99: h.percentile(99) / 1e6, p50: h.percentile(50) / 1e6, max: h.max / 1e6 })); });
process.stdin.resume();`;
const mb = (b: number) => Math.round((b / 1e6) * 10) / 10;

try {
  if (parts.has('kills')) {
    const seed = Number(values.seed ?? Date.now() % 1_000_000);
    const kills = Number(values.kills);
    const dir = join(root, 'kills');
    say(`\n## kill -9 (${kills} kills, seed ${seed})`);
    const t0 = Date.now();
    const r = await runKillLoop({ dataDir: dir, key: randomBytes(32), kills, seed, maxCaptureMs: 4000, log: say });
    const bad = r.kills.filter(
      (k) => k.integrity.sqlite !== 'ok' || k.integrity.fts_rows !== k.integrity.memories || k.integrity.vectors_missing || k.integrity.vectors_orphan || k.integrity.provenance_orphans || k.integrity.frames_without_file.length || k.lostObservations.length || k.lostFrames.length || k.memoriesWithoutProvenance,
    );
    const summary = {
      kills: r.kills.length,
      seed,
      during_startup: r.kills.filter((k) => k.phase === 'start').length,
      frames_written: r.kills.reduce((n, k) => n + k.framesPrinted, 0),
      observations_written: r.kills.reduce((n, k) => n + k.observationsPrinted, 0),
      kills_with_a_problem: bad.length,
      lost_observations: r.kills.reduce((n, k) => n + k.lostObservations.length, 0) + r.final.lostObservations.length,
      max_orphan_files_after_a_kill: Math.max(0, ...r.kills.map((k) => k.integrity.orphan_frame_files.length)),
      final: {
        unprocessed_observations: r.final.unprocessedObservations,
        unprocessed_messages: r.final.unprocessedMessages,
        orphans_before_last_start: r.final.orphansBeforeLastStart,
        integrity_problems: r.final.integrity.problems,
        observations: r.final.observations,
        memories: r.final.memories,
      },
      seconds: Math.round((Date.now() - t0) / 1000),
    };
    out['kills'] = summary;
    say(JSON.stringify(summary, null, 2));
    targets.check('kill -9: no kill leaves a problem (integrity, lost rows, half-written memories)', bad.length === 0, `${bad.length} of ${r.kills.length}`);
    targets.check('kill -9: the next start takes up everything and leaves a clean store', r.final.unprocessedObservations === 0 && r.final.unprocessedMessages === 0 && r.final.integrity.problems.length === 0 && r.final.lostObservations.length === 0, JSON.stringify(summary.final));
  }

  if (parts.has('load')) {
    const seconds = Number(values['load-seconds']);
    const dir = join(root, 'load', 'data');
    mkdirSync(dir, { recursive: true });
    say(`\n## app + CLI + MCP + capture on one data dir (${seconds} s)`);
    const r = await runMixedLoad({ dataDir: dir, key: randomBytes(32), seconds });
    const actors = Object.fromEntries(
      Object.entries(r.actors).map(([k, a]) => [k, { ops: a.ops, ops_per_s: Math.round((a.ops / r.seconds) * 10) / 10, reads: a.reads, writes: a.writes, read_errors: a.read_errors.length, write_errors: a.write_errors.length, first_errors: [...a.read_errors, ...a.write_errors].slice(0, 3) }]),
    );
    const summary = { seconds: Math.round(r.seconds * 10) / 10, total_ops: r.total_ops, ops_per_s: Math.round(r.ops_per_s * 10) / 10, errors: r.errors, actors, lost: r.lost, integrity_problems: r.integrity.problems };
    out['load'] = summary;
    say(JSON.stringify(summary, null, 2));
    targets.check('mixed load: nothing lost, integrity ok', Object.values(r.lost).every((n) => n === 0) && r.integrity.problems.length === 0, `lost ${JSON.stringify(r.lost)}, problems ${r.integrity.problems.length}`);
  }

  if (parts.has('soak')) {
    const target = Number(values.frames);
    const minutes = Number(values.minutes);
    const intervalMs = Math.max(100, Math.round((minutes * 60_000) / target));
    const dir = join(root, 'soak');
    const key = randomBytes(32);
    say(`\n## soak: ${target} frames (two hours at 3 s) compressed into ${minutes} min: interval ${intervalMs} ms, OCR ${values.ocr === 'tesseract' ? 'tesseract.js (real OCR of every frame)' : 'scripted (not real OCR: 150 ms, reads the frame number)'}`);
    // The session's malloc as `engram capture --watch` runs its capture (malloc-arenas.ts), unless
    // MALLOC_ARENA_MAX is given already or --malloc-arenas default asks for glibc's own (the A/B).
    const capped = values['malloc-arenas'] !== 'default' && process.env.MALLOC_ARENA_MAX === undefined;
    const mallocEnv = capped ? CAPTURE_MALLOC_ENV : {};
    const s = new SessionProcess({ dataDir: dir, env: { ENGRAM_KEY: key.toString('hex'), ...mallocEnv }, nodeArgs: capped ? [...CAPTURE_NODE_FLAGS] : [], frames: target, intervalMs, ocr: values.ocr === 'tesseract' ? 'tesseract' : 'scripted', ocrDelayMs: values.ocr === 'tesseract' ? 0 : 150, chatEvery: 50, statsMs: 10_000, embedder: values.embedder === 'use' ? 'use' : 'hash', heapDir: values['heap-dir'], ...(values['cache-mib'] ? { cacheMiB: Number(values['cache-mib']) } : {}), ...(values['sharp-cache'] === 'off' ? { sharpCache: 'off' as const } : {}), ...(values['sharp-threads'] ? { sharpThreads: Number(values['sharp-threads']) } : {}) });
    await s.until(() => s.ready !== null, 120_000, 'soak ready');
    // The noise floor: an idle Node process measuring its own event-loop lag at the same time. On a
    // shared machine the scheduler alone delays timers; the session's figure is read against this.
    const idle = spawn(process.execPath, ['-e', IDLE_LAG_PROBE], { stdio: ['pipe', 'pipe', 'ignore'] });
    let idleOut = '';
    idle.stdout.on('data', (d: Buffer) => (idleOut += d.toString()));
    const idleDone = new Promise<void>((r) => idle.on('exit', () => r()));
    const started = Date.now();
    const deadline = started + minutes * 60_000 + 60_000;
    let lastSay = 0;
    while (s.done === null && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 1000));
      const st = s.stats.at(-1);
      if (st && st.at !== lastSay) {
        lastSay = st.at;
        say(`  ${Math.round((Date.now() - started) / 1000)} s: frames ${st.frames}, RSS ${mb(st.rss)} MB (heap ${mb(st.heap)}, external ${mb(st.external ?? 0)}), ${st.rss_parts ? ` [anonymous (V8, wasm, big mallocs) ${mb(st.rss_parts.anon)}, malloc thread arenas ${mb(st.rss_parts.arenas)}, main arena ${mb(st.rss_parts.brk)}, files ${mb(st.rss_parts.files)}]` : ''}, fds ${st.fds}, OCR backlog ${st.ocr_backlog}, lag p99 ${st.lag_p99_ms.toFixed(1)} ms, unprocessed ${st.unprocessed}, memories ${st.memories}`);
      }
    }
    if (s.done === null) await s.stop(180_000);
    else await s.exited;
    idle.stdin.end();
    await idleDone;
    const baseline = JSON.parse(idleOut.trim() || '{}') as { p99?: number; p50?: number; max?: number };
    const stats: SessionStats[] = s.stats;
    // RSS "start" after warm-up (modules, sharp, the first frames): the first line after 60 s or the 2nd line.
    const after60 = stats.findIndex((x) => x.at - started >= 60_000);
    const warmIndex = after60 >= 0 ? after60 : Math.min(1, stats.length - 1);
    const warm = stats[warmIndex];
    const memory = soakMemory(stats, warmIndex);
    const end = s.done as (SessionStats & { status: unknown; unreadable_frames: number }) | null;
    const last = end ?? stats.at(-1)!;
    const frames = last.frames;
    const lagP99s = stats.map((x) => x.lag_p99_ms).sort((a, b) => a - b);
    const store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: null });
    const integrity = store.checkIntegrity();
    await store.close();
    const summary = {
      shortened: frames < target,
      frames_captured: frames,
      frames_target: target,
      covers_minutes_of_capture_at_3s: Math.round((frames * 3) / 60),
      wall_minutes: Math.round(((last.at - started) / 60_000) * 10) / 10,
      interval_ms: intervalMs,
      ocr: values.ocr === 'tesseract' ? 'tesseract.js' : 'scripted (150 ms per frame, reads the frame number)',
      embedder: values.embedder === 'use' ? 'sentence encoder (worker)' : 'hash (no model)',
      malloc: process.env.MALLOC_ARENA_MAX !== undefined ? `MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX} (given)` : capped ? `as engram capture --watch: ${Object.entries(mallocEnv).map(([k, v]) => `${k}=${v}`).join(' ')} ${CAPTURE_NODE_FLAGS.join(' ')}` : 'glibc default',
      heap_snapshots: Boolean(values['heap-dir']),
      ...memory,
      rss_end_mb: mb(last.rss),
      fds_start: warm?.fds,
      fds_end: last.fds,
      fds_max: Math.max(...stats.map((x) => x.fds)),
      ocr_backlog_max: Math.max(0, ...stats.map((x) => x.ocr_backlog)),
      event_loop_lag_p99_ms_whole_run: Math.round(last.lag_p99_total_ms * 10) / 10,
      event_loop_lag_p50_ms_whole_run: Math.round(last.lag_p50_total_ms * 10) / 10,
      event_loop_lag_p99_ms_worst_10s: Math.round((lagP99s.at(-1) ?? 0) * 10) / 10,
      event_loop_lag_p99_ms_median_10s: Math.round((lagP99s[Math.floor(lagP99s.length / 2)] ?? 0) * 10) / 10,
      idle_node_process_lag_p99_ms_same_time: baseline.p99 !== undefined ? Math.round(baseline.p99 * 10) / 10 : null,
      idle_node_process_lag_p50_ms_same_time: baseline.p50 !== undefined ? Math.round(baseline.p50 * 10) / 10 : null,
      unprocessed_max: Math.max(0, ...stats.map((x) => x.unprocessed)),
      memories_end: last.memories,
      integrity_problems: integrity.problems,
      stderr_lines: s.stderr.split('\n').filter((l) => l.trim()).length,
      stderr_first: s.stderr.split('\n').filter((l) => l.trim()).slice(0, 5),
      rss_series_mb: stats.map((x) => mb(x.rss)),
    };
    out['soak'] = summary;
    say(JSON.stringify({ ...summary, rss_series_mb: `${summary.rss_series_mb.length} points` }, null, 2));
    targets.check(`soak (${summary.ocr}): event-loop lag p99 ≤ 50 ms over the run`, summary.event_loop_lag_p99_ms_whole_run <= 50, `${summary.event_loop_lag_p99_ms_whole_run} ms`);
    targets.check(`soak (${summary.ocr}): integrity ok at the end`, integrity.problems.length === 0, integrity.problems.join('; '));
    if (summary.heap_snapshots) say('  memory targets not checked: the heap snapshots themselves leave ~125 MB of RSS behind');
    else {
      const how = `${summary.ocr}, embedder ${summary.embedder}`;
      targets.check(`soak (${how}): steady RSS ≤ ${STEADY_RSS_MAX_MB} MB`, memory.rss_steady_mb <= STEADY_RSS_MAX_MB, `${memory.rss_steady_mb} MB (peak ${memory.rss_peak_mb} MB; two hours by the trend ${memory.rss_at_two_hours_by_trend_mb} MB)`);
      targets.check(`soak (${how}): RSS growth ≤ ${GROWTH_MAX_MB} MB over the run`, memory.rss_growth_mb <= GROWTH_MAX_MB, `${memory.rss_start_mb} -> ${memory.rss_steady_mb} MB over ${frames} frames`);
    }
  }

  if (parts.has('fuzz')) {
    const runs = Number(values['fuzz-runs']);
    say(`\n## property-based fuzz: ${runs} runs per API handler, ${Math.round(runs / 2)} per CLI command`);
    const t0 = Date.now();
    const r = spawnSync('npx', ['vitest', 'run', 'test/reliability/api-fuzz.test.ts', 'test/reliability/cli-fuzz.test.ts'], {
      env: { ...process.env, RELIABILITY_FUZZ_RUNS: String(runs), RELIABILITY_CLI_FUZZ_RUNS: String(Math.round(runs / 2)) },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const text = `${r.stdout}\n${r.stderr}`.replace(/\x1b\[[0-9;]*m/g, '');
    const api = text.match(/API fuzz \(seed (\d+)\): (\d+) cases over (\d+) handlers.*?: (\d+) refused, (\d+) accepted, (\d+) INTERNAL answers, (\d+) contract violations/);
    const cli = text.match(/CLI fuzz \(seed (\d+)\): (\d+) runs of (\d+) commands.*?: (\d+) exited 0, (\d+) refused, (\d+) unexpected errors/);
    const tests = text.match(/^\s*Tests\s+(.*)$/m);
    const summary = {
      passed: r.status === 0,
      api: api ? { seed: Number(api[1]), cases: Number(api[2]), handlers: Number(api[3]), refused: Number(api[4]), accepted: Number(api[5]), internal: Number(api[6]), contract_violations: Number(api[7]) } : null,
      cli: cli ? { seed: Number(cli[1]), runs: Number(cli[2]), commands: Number(cli[3]), ok: Number(cli[4]), refused: Number(cli[5]), unexpected_errors: Number(cli[6]) } : null,
      tests: tests?.[1]?.trim() ?? null,
      seconds: Math.round((Date.now() - t0) / 1000),
    };
    if (r.status !== 0) say(text.slice(-4000));
    out['fuzz'] = summary;
    say(JSON.stringify(summary, null, 2));
    targets.check('fuzz: every property holds (no INTERNAL, no contract violation, no unexpected CLI error)', summary.passed, `seeds API ${summary.api?.seed ?? '?'}, CLI ${summary.cli?.seed ?? '?'} (replay: FUZZ_SEED=N)`);
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
out['machine'] = { ...(out['machine'] as object), load_at_end: (await import('node:os')).loadavg().map((l) => Number(l.toFixed(2))) };
if (values.json) console.log(JSON.stringify(out));
targets.finish({ json: values.json });
