import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { CaptureError, type CapturedScreen, type DisplayInfo, type ScreenSource } from '../sources/index.js';
import { cropRgb, parsePpm } from './ppm.js';
import { errorLine } from '../../../shared/text/index.js';

/** What screenshot-desktop's Linux module reports per xrandr output. */
interface SdDisplay {
  id: string;
  name: string;
  width: number;
  height: number;
  offsetX: number;
  offsetY: number;
  primary: boolean;
}

export type ExecBuffer = (cmd: string, args: string[], opts: { env: NodeJS.ProcessEnv; maxBuffer: number; timeout: number }) => Promise<Buffer>;

const defaultExec: ExecBuffer = (cmd, args, opts) =>
  new Promise((resolve, reject) => {
    execFile(cmd, args, { ...opts, encoding: 'buffer' }, (err, stdout) => (err ? reject(err) : resolve(stdout)));
  });

export interface ScreenshotDesktopSourceOptions {
  /** Defaults to process.env; DISPLAY must be set on Linux. */
  env?: NodeJS.ProcessEnv;
  exec?: ExecBuffer;
  listDisplays?: () => Promise<SdDisplay[]>;
  /** Displays are re-read from xrandr at most this often (a monitor plugged in shows up after it). */
  displayCacheMs?: number;
  platform?: NodeJS.Platform;
}

/**
 * Screen capture for the CLI, headless hosts and tests, built on screenshot-desktop's display list
 * (xrandr). Pixels are taken the way screenshot-desktop does on Linux, with ImageMagick `import`
 * writing to its stdout, but as one grab of the root window in PPM (no compression work) that is
 * cropped per display in memory: one process per tick whatever the number of displays, and no file.
 *
 * Not on macOS/Windows: there screenshot-desktop goes through temporary image files, which would put
 * plaintext pixels on disk; the desktop app uses Electron's desktopCapturer there.
 */
export class ScreenshotDesktopSource implements ScreenSource {
  readonly name = 'screenshot-desktop';
  private readonly env: NodeJS.ProcessEnv;
  private readonly exec: ExecBuffer;
  private readonly list: () => Promise<SdDisplay[]>;
  private cache: { at: number; displays: DisplayInfo[] } | null = null;

  constructor(private readonly opts: ScreenshotDesktopSourceOptions = {}) {
    const platform = opts.platform ?? process.platform;
    if (platform !== 'linux') {
      throw new CaptureError(
        'UNSUPPORTED_PLATFORM',
        `screen capture outside the desktop app is supported on Linux only (this is ${platform}); use the Engram app`,
      );
    }
    this.env = { ...(opts.env ?? process.env), MAGICK_THREAD_LIMIT: '1' };
    this.exec = opts.exec ?? defaultExec;
    this.list = opts.listDisplays ?? (() => loadLinuxModule().listDisplays());
  }

  async listDisplays(): Promise<DisplayInfo[]> {
    const now = Date.now();
    if (this.cache && now - this.cache.at < (this.opts.displayCacheMs ?? 10_000)) return this.cache.displays;
    if (!this.env.DISPLAY && !this.opts.listDisplays) {
      throw new CaptureError('NO_DISPLAY', 'no X display to capture (DISPLAY is not set)');
    }
    let raw: SdDisplay[];
    try {
      raw = await withDisplayEnv(this.env, () => this.list());
    } catch (err) {
      throw new CaptureError('NO_DISPLAY', `cannot list displays with xrandr: ${errorLine(err).slice(0, 200)}`, { cause: err });
    }
    const displays = raw.map((d) => ({
      id: d.id,
      name: d.name,
      width: d.width,
      height: d.height,
      x: d.offsetX || 0,
      y: d.offsetY || 0,
      primary: d.primary,
    }));
    if (displays.length === 0) throw new CaptureError('NO_DISPLAY', 'xrandr reports no connected display');
    this.cache = { at: now, displays };
    return displays;
  }

  async capture(displayIds?: string[]): Promise<CapturedScreen[]> {
    const displays = (await this.listDisplays()).filter((d) => !displayIds || displayIds.includes(d.id));
    if (displays.length === 0) return [];
    let ppm: Buffer;
    const maxBuffer = displays.reduce((n, d) => Math.max(n, (d.x + d.width) * (d.y + d.height)), 0) * 4 + 1024 * 1024;
    try {
      // -silent: no beep; "-limit disk 0" keeps ImageMagick from spilling its pixel cache to a temp file.
      ppm = await this.exec('import', ['-silent', '-limit', 'disk', '0', '-window', 'root', '-depth', '8', 'ppm:-'], {
        env: this.env,
        maxBuffer: Math.max(maxBuffer, 32 * 1024 * 1024),
        timeout: 15_000,
      });
    } catch (err) {
      this.cache = null;
      throw new CaptureError('CAPTURE_FAILED', `screen grab failed: ${errorLine(err).slice(0, 200)}`, { cause: err });
    }
    const captured_at = Date.now();
    let root;
    try {
      root = parsePpm(ppm);
    } catch (err) {
      throw new CaptureError('CAPTURE_FAILED', `screen grab unreadable: ${errorLine(err).slice(0, 200)}`, { cause: err });
    }
    return displays.map((display) => {
      const part = cropRgb(root, display.x, display.y, display.width, display.height);
      return {
        display,
        captured_at,
        image: { format: 'raw' as const, data: part.data, width: part.width, height: part.height, channels: 3 as const },
      };
    });
  }
}

function loadLinuxModule(): { listDisplays(): Promise<SdDisplay[]> } {
  const require = createRequire(import.meta.url);
  return require('screenshot-desktop/lib/linux/index.js') as { listDisplays(): Promise<SdDisplay[]> };
}

/**
 * screenshot-desktop runs xrandr with process.env; point it at our DISPLAY for the call. The child
 * is spawned synchronously inside fn(), so the variable is restored before anything else runs.
 */
function withDisplayEnv<T>(env: NodeJS.ProcessEnv, fn: () => Promise<T>): Promise<T> {
  const prev = process.env.DISPLAY;
  if (env.DISPLAY === undefined || env.DISPLAY === prev) return fn();
  process.env.DISPLAY = env.DISPLAY;
  try {
    return fn();
  } finally {
    if (prev === undefined) delete process.env.DISPLAY;
    else process.env.DISPLAY = prev;
  }
}
