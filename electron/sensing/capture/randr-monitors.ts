import { execFile } from 'node:child_process';
import type { DisplayInfo, ScreenSource } from '../sources/index.js';

/**
 * The monitors of one X screen as RandR 1.5 knows them (`xrandr --listmonitors`): one per output
 * usually, but also several on one output (`xrandr --setmonitor`, a wide screen split in two) or one
 * over several outputs. Each is a display to capture and mask on its own. Where the monitor list
 * cannot be read or has one monitor, the inner layout (xrandr's outputs) is used.
 */
export class RandrMonitorLayout implements Pick<ScreenSource, 'listDisplays'> {
  private cache: { at: number; displays: DisplayInfo[] } | null = null;

  constructor(
    private readonly inner: Pick<ScreenSource, 'listDisplays'>,
    private readonly opts: { env?: NodeJS.ProcessEnv; cacheMs?: number } = {},
  ) {}

  async listDisplays(): Promise<DisplayInfo[]> {
    const now = Date.now();
    if (this.cache && now - this.cache.at < (this.opts.cacheMs ?? 60_000)) return this.cache.displays;
    const monitors = await this.monitors().catch(() => []);
    const displays = monitors.length > 1 ? monitors : await this.inner.listDisplays();
    this.cache = { at: now, displays };
    return displays;
  }

  private monitors(): Promise<DisplayInfo[]> {
    return new Promise((resolve, reject) => {
      execFile('xrandr', ['--listmonitors'], { env: this.opts.env ?? process.env, timeout: 5_000 }, (err, stdout) => {
        if (err) reject(err);
        else resolve(parseMonitors(stdout));
      });
    });
  }
}

/** " 0: +*left 1280/338x800/211+0+0  screen" → { id: 'left', width: 1280, height: 800, x: 0, y: 0, primary: true }. */
export function parseMonitors(out: string): DisplayInfo[] {
  const displays: DisplayInfo[] = [];
  for (const line of out.split('\n')) {
    const m = /^\s*\d+:\s+\+?(\*?)(\S+)\s+(\d+)\/\d+x(\d+)\/\d+([+-]\d+)([+-]\d+)/.exec(line);
    if (!m) continue;
    displays.push({ id: m[2]!, name: m[2]!, primary: m[1] === '*', width: Number(m[3]), height: Number(m[4]), x: Number(m[5]), y: Number(m[6]) });
  }
  return displays;
}
