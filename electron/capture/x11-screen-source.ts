import x11, { type XClient, type XDamageExt } from 'x11';
import { CaptureError } from './errors.js';
import { cropRgb } from './ppm.js';
import type { CapturedScreen, DisplayInfo, ScreenSource } from './screen-source.js';
import { ScreenshotDesktopSource } from './screenshot-desktop-source.js';

interface Conn {
  X: XClient;
  root: number;
  width: number;
  height: number;
  damage: { ext: XDamageExt; id: number } | null;
}

export interface X11ScreenSourceOptions {
  /** X display, default process.env.DISPLAY. */
  display?: string;
  /** Display layout (xrandr through screenshot-desktop by default). */
  layout?: Pick<ScreenSource, 'listDisplays'>;
  /** Use the DAMAGE extension to skip grabs of a screen nothing was drawn on (default true). */
  damage?: boolean;
}

/**
 * Linux screen capture over one long-lived X11 connection (the pure-JS `x11` client): GetImage of
 * the root window straight into memory, cropped per display. Two things make it the cheap path for
 * an always-on recorder: no process is spawned per tick (an `import` spawn costs ~0.2 s of CPU), and
 * the DAMAGE extension tells whether anything was drawn since the last grab, so an unchanged
 * screen costs nothing at all. The display list still comes from xrandr via screenshot-desktop.
 */
export class X11ScreenSource implements ScreenSource {
  readonly name = 'x11';
  private conn: Promise<Conn> | null = null;
  private dirty = true;
  private readonly layout: Pick<ScreenSource, 'listDisplays'>;
  private readonly display: string | undefined;

  constructor(private readonly opts: X11ScreenSourceOptions = {}) {
    this.display = opts.display ?? process.env.DISPLAY;
    if (!this.display) throw new CaptureError('NO_DISPLAY', 'no X display to capture (DISPLAY is not set)');
    this.layout = opts.layout ?? new ScreenshotDesktopSource({ env: { ...process.env, DISPLAY: this.display }, displayCacheMs: 60_000 });
  }

  listDisplays(): Promise<DisplayInfo[]> {
    return this.layout.listDisplays();
  }

  /** False only when the X server reported no drawing since the last capture. */
  changedSinceLastCapture(): boolean {
    return this.dirty;
  }

  async capture(displayIds?: string[]): Promise<CapturedScreen[]> {
    const displays = (await this.listDisplays()).filter((d) => !displayIds || displayIds.includes(d.id));
    if (displays.length === 0) return [];
    const conn = await this.connect();
    if (conn.damage) {
      // Repair first, then grab: anything drawn from here on raises a fresh DamageNotify.
      conn.damage.ext.Subtract(conn.damage.id, 0, 0);
      this.dirty = false;
    }
    let img: { depth: number; data: Buffer };
    try {
      img = await new Promise((resolve, reject) =>
        conn.X.GetImage(2 /* ZPixmap */, conn.root, 0, 0, conn.width, conn.height, 0xffffffff, (err, r) => (err ? reject(err) : resolve(r))),
      );
    } catch (err) {
      this.dirty = true;
      throw new CaptureError('CAPTURE_FAILED', `X11 GetImage failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
    const captured_at = Date.now();
    const rgb = zpixmapToRgb(img.data, conn.width, conn.height);
    const root = { width: conn.width, height: conn.height, data: rgb };
    return displays.map((display) => {
      const part = cropRgb(root, display.x, display.y, display.width, display.height);
      return { display, captured_at, image: { format: 'raw' as const, data: part.data, width: part.width, height: part.height, channels: 3 as const } };
    });
  }

  async close(): Promise<void> {
    const conn = this.conn;
    this.conn = null;
    if (!conn) return;
    try {
      (await conn).X.terminate();
    } catch {
      // never connected
    }
  }

  private connect(): Promise<Conn> {
    if (this.conn) return this.conn;
    this.conn = new Promise<Conn>((resolve, reject) => {
      const client = x11.createClient({ display: this.display }, (err, display) => {
        if (err) return reject(new CaptureError('NO_DISPLAY', `cannot connect to X display ${this.display}: ${err.message}`, { cause: err }));
        const X = display.client;
        const screen = display.screen[0]!;
        const base: Conn = { X, root: screen.root, width: screen.pixel_width, height: screen.pixel_height, damage: null };
        X.on('error', () => {
          // A protocol error on one request (e.g. a window gone) must not kill the connection.
        });
        if (this.opts.damage === false) return resolve(base);
        X.require('damage', (derr, ext) => {
          if (derr || !ext) return resolve(base);
          const id = X.AllocID();
          ext.Create(id, screen.root, ext.ReportLevel.NonEmpty);
          X.on('event', (ev) => {
            if (ev.name === 'DamageNotify') this.dirty = true;
          });
          resolve({ ...base, damage: { ext, id } });
        });
      });
      client.on('error', (e: Error) => {
        this.conn = null;
        this.dirty = true;
        reject(new CaptureError('NO_DISPLAY', `X connection failed: ${e.message}`, { cause: e }));
      });
      client.on('end', () => {
        this.conn = null;
        this.dirty = true;
      });
    });
    this.conn.catch(() => {
      this.conn = null;
    });
    return this.conn;
  }
}

/** ZPixmap of a 24/32-bit TrueColor screen (B, G, R, X per pixel, little-endian) to packed RGB. */
export function zpixmapToRgb(data: Buffer, width: number, height: number): Buffer {
  const n = width * height;
  const out = Buffer.allocUnsafe(n * 3);
  if (data.length >= n * 4) {
    for (let i = 0, o = 0, s = 0; i < n; i++, o += 3, s += 4) {
      out[o] = data[s + 2]!;
      out[o + 1] = data[s + 1]!;
      out[o + 2] = data[s]!;
    }
    return out;
  }
  if (data.length >= n * 3) {
    for (let i = 0, o = 0, s = 0; i < n; i++, o += 3, s += 3) {
      out[o] = data[s + 2]!;
      out[o + 1] = data[s + 1]!;
      out[o + 2] = data[s]!;
    }
    return out;
  }
  throw new CaptureError('CAPTURE_FAILED', `unexpected X image size ${data.length} for ${width}x${height}`);
}
