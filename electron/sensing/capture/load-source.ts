import { availableParallelism, loadavg } from 'node:os';

/**
 * How busy the machine is, for capture's load back-off (issue 34): 'busy' makes OCR of ordinary
 * frames wait (it is most of capture's CPU), 'overloaded' also takes screens half as often.
 */
export type LoadLevel = 'ok' | 'busy' | 'overloaded';

export interface LoadSource {
  level(): LoadLevel;
}

export interface OsLoadOptions {
  /** One-minute load per core above which OCR waits (default 1: every core has a runnable task). */
  busyPerCore?: number;
  /** ... and above which capture slows down too (default 2). */
  overloadedPerCore?: number;
  /** Read at most this often (default 10 s: loadavg is itself a one-minute average). */
  cacheMs?: number;
  clock?: () => number;
  /** The load average and core count (tests). */
  read?: () => { load1: number; cores: number };
}

/**
 * The kernel's one-minute load average per core (Linux, macOS; Windows reports 0, which reads as
 * 'ok'). Once busy, the level drops back only when the load falls a quarter below the threshold, so
 * a load hovering at it does not switch OCR on and off every tick.
 */
export class OsLoadSource implements LoadSource {
  private cached: { at: number; level: LoadLevel } | null = null;

  constructor(private readonly opts: OsLoadOptions = {}) {}

  level(): LoadLevel {
    const now = (this.opts.clock ?? Date.now)();
    if (this.cached && now - this.cached.at < (this.opts.cacheMs ?? 10_000)) return this.cached.level;
    const { load1, cores } = (this.opts.read ?? (() => ({ load1: loadavg()[0] ?? 0, cores: availableParallelism() })))();
    const perCore = load1 / Math.max(1, cores);
    const busy = this.opts.busyPerCore ?? 1;
    const overloaded = this.opts.overloadedPerCore ?? 2;
    const was = this.cached?.level ?? 'ok';
    // Hysteresis: leaving a level takes a load a quarter below its threshold.
    const above = (t: number, level: LoadLevel) => perCore > (rank(was) >= rank(level) ? t * 0.75 : t);
    const level: LoadLevel = above(overloaded, 'overloaded') ? 'overloaded' : above(busy, 'busy') ? 'busy' : 'ok';
    this.cached = { at: now, level };
    return level;
  }
}

function rank(level: LoadLevel): number {
  return level === 'overloaded' ? 2 : level === 'busy' ? 1 : 0;
}

/**
 * The load back-off of a host that captures for a long while (engram capture --watch, engram serve
 * --capture), as the desktop app has: the kernel's load average, unless ENGRAM_LOAD_BACKOFF=off
 * (a benchmark or test that wants every frame read at once on a machine it keeps busy itself).
 */
export function defaultLoadSource(env: NodeJS.ProcessEnv = process.env): LoadSource | undefined {
  return env.ENGRAM_LOAD_BACKOFF === 'off' ? undefined : new OsLoadSource();
}
