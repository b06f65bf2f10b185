import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { RssParts } from '../fakes/rss-parts.js';
import { harnessCommand } from '../helpers/harness-bundle.js';

export interface SessionOptions {
  dataDir: string;
  frames?: number;
  intervalMs?: number;
  script?: 'steady' | 'privacy';
  /** A JSON file with the PrivacyTokens (never on the command line). */
  tokensFile?: string;
  ocr?: 'scripted' | 'tesseract';
  ocrDelayMs?: number;
  llm?: string;
  embedder?: 'hash' | 'use' | 'none';
  chatEvery?: number;
  statsMs?: number;
  settings?: unknown;
  throwAfter?: number;
  /** Install the CLI's crash journal in the session (DATA_DIR/crashes). */
  crashJournal?: boolean;
  env?: NodeJS.ProcessEnv;
  /** Write V8 heap snapshots (start, end) into this folder (the soak's --heap-dir). */
  heapDir?: string;
  /** The store's page cache in MiB, and libvips' operation cache off (memory comparisons). */
  cacheMiB?: number;
  sharpCache?: 'on' | 'off';
  /** libvips threads per image operation (sharp.concurrency), for the soak's A/B. */
  sharpThreads?: number;
  /** Extra node flags (diagnostic reports). */
  nodeArgs?: string[];
}

export interface SessionStats {
  at: number;
  frames: number;
  kept: number;
  rss: number;
  heap: number;
  external?: number;
  array_buffers?: number;
  /** What RSS is made of (test/fakes/rss-parts.ts), Linux only. */
  rss_parts?: RssParts | null;
  fds: number;
  ocr_backlog: number;
  lag_p99_ms: number;
  lag_max_ms: number;
  lag_p99_total_ms: number;
  lag_p50_total_ms: number;
  memories: number;
  ocr_calls: number;
  brain_buffered: number;
  brain_queued: number;
  unprocessed: number;
}

/** A running scripted session and what it has said so far. */
export class SessionProcess {
  readonly child: ChildProcessWithoutNullStreams;
  readonly frames: string[] = [];
  readonly observations: string[] = [];
  readonly messages: string[] = [];
  /** Memories the session stored (committed), and those it deleted since. */
  readonly memories: string[] = [];
  readonly memoriesDeleted: string[] = [];
  readonly stats: SessionStats[] = [];
  ready: Record<string, number> | null = null;
  done: Record<string, unknown> | null = null;
  stdout = '';
  stderr = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private partial = '';
  private waiters: (() => void)[] = [];

  constructor(opts: SessionOptions) {
    const args = [
      ...(opts.nodeArgs ?? []),
      ...harnessCommand('scripted-session.ts'),
      '--data-dir',
      opts.dataDir,
      '--frames',
      String(opts.frames ?? 0),
      '--interval-ms',
      String(opts.intervalMs ?? 200),
      '--script',
      opts.script ?? 'steady',
      '--ocr',
      opts.ocr ?? 'scripted',
      '--ocr-delay-ms',
      String(opts.ocrDelayMs ?? 0),
      '--embedder',
      opts.embedder ?? 'hash',
      '--chat-every',
      String(opts.chatEvery ?? 0),
      '--stats-ms',
      String(opts.statsMs ?? 0),
      '--settings',
      JSON.stringify(opts.settings ?? {}),
      '--throw-after',
      String(opts.throwAfter ?? 0),
    ];
    if (opts.tokensFile) args.push('--tokens-file', opts.tokensFile);
    if (opts.crashJournal) args.push('--crash-journal');
    if (opts.heapDir) args.push('--heap-dir', opts.heapDir);
    if (opts.cacheMiB) args.push('--cache-mib', String(opts.cacheMiB));
    if (opts.sharpCache) args.push('--sharp-cache', opts.sharpCache);
    if (opts.sharpThreads) args.push('--sharp-threads', String(opts.sharpThreads));
    if (opts.llm) args.push('--llm', opts.llm);
    this.child = spawn(process.execPath, args, { env: { ...process.env, ...opts.env }, stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdout.on('data', (d: Buffer) => this.onData(d.toString()));
    this.child.stderr.on('data', (d: Buffer) => (this.stderr += d.toString()));
    this.exited = new Promise((resolve) => this.child.on('exit', (code, signal) => {
      this.notify();
      resolve({ code, signal });
    }));
  }

  private onData(text: string): void {
    this.stdout += text;
    this.partial += text;
    const lines = this.partial.split('\n');
    this.partial = lines.pop() ?? '';
    for (const line of lines) {
      const sp = line.indexOf(' ');
      const tag = sp < 0 ? line : line.slice(0, sp);
      const rest = sp < 0 ? '' : line.slice(sp + 1);
      if (tag === 'frame') this.frames.push(rest);
      else if (tag === 'obs') this.observations.push(rest);
      else if (tag === 'msg') this.messages.push(rest);
      else if (tag === 'mem') this.memories.push(rest);
      else if (tag === 'memdel') this.memoriesDeleted.push(rest);
      else if (tag === 'stats') this.stats.push(JSON.parse(rest) as SessionStats);
      else if (tag === 'ready') this.ready = JSON.parse(rest) as Record<string, number>;
      else if (tag === 'done') this.done = JSON.parse(rest) as Record<string, unknown>;
    }
    this.notify();
  }

  private notify(): void {
    const w = this.waiters.splice(0);
    for (const f of w) f();
  }

  /** Resolves when cond() holds; rejects if the process exits first or the timeout passes. */
  async until(cond: () => boolean, timeoutMs: number, what: string): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let exited = false;
    void this.exited.then(() => (exited = true));
    while (!cond()) {
      if (exited) throw new Error(`session exited before ${what}: ${this.stderr.slice(-2000)}`);
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${this.stderr.slice(-2000)}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  kill9(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    this.child.kill('SIGKILL');
    return this.exited;
  }

  /** Asks for a clean stop (stdin closes) and waits for `done`. */
  async stop(timeoutMs = 60_000): Promise<void> {
    this.child.stdin.end();
    await this.until(() => this.done !== null, timeoutMs, 'a clean stop');
    await this.exited;
  }
}
