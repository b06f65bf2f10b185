import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { relative, sep } from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import { COSTS_FILE, readCosts } from './file-order.js';

/**
 * How well the workers were kept busy: after a run, one line with the time files spent on a worker
 * (from the worker taking the file, so imports included) and the idle core-seconds, in all and in
 * the tail (after the last file started), where a long file started late shows up.
 * TEST_COSTS_OUT=path writes each file's measured time into a copy of file-costs.json (files not
 * run keep their entry), the list the sequencer reads.
 */
export interface Span {
  file: string;
  start: number;
  end: number;
}

/** Idle core-milliseconds of `workers` workers over [from, to], given when each file ran. */
export function idleMs(spans: readonly Span[], workers: number, from: number, to: number): number {
  const edges = spans.flatMap((s) => [
    { t: Math.max(from, s.start), d: 1 },
    { t: Math.max(from, s.end), d: -1 },
  ]);
  edges.push({ t: to, d: 0 });
  edges.sort((a, b) => a.t - b.t || a.d - b.d);
  // Files running at `from` have their start clamped to it, so counting starts from zero.
  let running = 0;
  let idle = 0;
  let t = from;
  for (const e of edges) {
    if (e.t > to) break;
    idle += Math.max(0, workers - running) * (e.t - t);
    t = e.t;
    running += e.d;
  }
  return idle;
}

export default class TimingReporter implements Reporter {
  private ctx: Vitest | undefined;
  private runStart = 0;
  private readonly starts = new Map<string, number>();
  private readonly spans: Span[] = [];

  onInit(ctx: Vitest): void {
    this.ctx = ctx;
  }

  onTestRunStart(): void {
    // Each run on its own (watch mode runs again in the same reporter).
    this.runStart = Date.now();
    this.starts.clear();
    this.spans.length = 0;
  }

  onTestModuleQueued(module: TestModule): void {
    this.starts.set(module.moduleId, Date.now());
  }

  onTestModuleEnd(module: TestModule): void {
    const start = this.starts.get(module.moduleId);
    if (start === undefined || !this.ctx) return;
    this.spans.push({ file: relative(this.ctx.config.root, module.moduleId).split(sep).join('/'), start, end: Date.now() });
  }

  onTestRunEnd(): void {
    if (!this.ctx || this.spans.length === 0) return;
    const end = Date.now();
    const workers = Math.min(Number(this.ctx.config.maxWorkers) || 1, this.spans.length);
    const busy = this.spans.reduce((n, s) => n + (s.end - s.start), 0);
    const lastStart = Math.max(...this.spans.map((s) => s.start));
    const idle = idleMs(this.spans, workers, this.runStart, end);
    const tail = idleMs(this.spans, workers, lastStart, end);
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    this.ctx.logger.log(
      `   Workers  ${workers} × ${s(end - this.runStart)}: files ran ${s(busy)}, idle ${s(idle)} core-time (${s(tail)} after the last file started)`,
    );
    const out = process.env.TEST_COSTS_OUT;
    if (out) {
      const files = { ...readCosts() };
      for (const span of this.spans) files[span.file] = span.end - span.start;
      const sorted = Object.fromEntries(Object.entries(files).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])));
      writeFileSync(out, `${JSON.stringify({ about: ABOUT, measured: `${new Date().toISOString()}, ${workers} workers, load average at the end ${loadAverage()}`, files: sorted }, null, 1)}\n`);
      this.ctx.logger.log(`   Costs    ${this.spans.length} files written to ${out} (the sequencer reads ${relative(this.ctx.config.root, COSTS_FILE)})`);
    }
  }
}

const ABOUT =
  'Expected wall time (ms) of each test file on one worker, import included. test/runner/cost-sequencer.ts starts the longest first so the workers end together; files not listed count as the average. Rewrite with `TEST_COSTS_OUT=test/runner/file-costs.json npm test` on a quiet machine; a stale entry only costs time, never a check.';

function loadAverage(): string {
  return loadavg().map((l) => l.toFixed(2)).join(' ');
}
