import type { XClient, XDamageExt, XFixesExt, XRect } from 'x11';
import { CaptureError, type CapturedScreen, type DisplayInfo, type ScreenSource } from '../sources/index.js';
import { cropRgb } from './ppm.js';
import { ScreenshotDesktopSource } from './screenshot-desktop-source.js';
import { X11WindowList } from './x11-window-list.js';
import { RandrMonitorLayout } from './randr-monitors.js';
import { x11Lib } from './x11-lib.js';

interface Conn {
  X: XClient;
  root: number;
  width: number;
  height: number;
  /** DAMAGE on the root window, with an XFixes region that receives what each grab repairs. */
  damage: { ext: XDamageExt; id: number; fixes: XFixesExt; region: number } | null;
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
 * the root window straight into memory, cropped per display. Three things make it the cheap path
 * for an always-on recorder:
 * - no process is spawned per tick (an `import` spawn costs ~0.2 s of CPU);
 * - the DAMAGE extension tells whether anything was drawn since the last grab, so an unchanged
 *   screen costs nothing at all;
 * - a grab fetches only the damaged part (DamageSubtract hands the repaired region over atomically,
 *   through an XFixes region) and patches it into the last full frame kept in memory, so a new
 *   line of text moves kilobytes over the socket, not the whole 4 MB screen.
 * The display list still comes from xrandr via screenshot-desktop.
 */
export class X11ScreenSource implements ScreenSource {
  readonly name = 'x11';
  private conn: Promise<Conn> | null = null;
  private dirty = true;
  /** The whole root window as of the last grab (packed RGB), patched by partial grabs. */
  private last: Buffer | null = null;
  private grabsSinceFull = 0;
  private readonly layout: Pick<ScreenSource, 'listDisplays'>;
  private readonly display: string | undefined;

  constructor(private readonly opts: X11ScreenSourceOptions = {}) {
    this.display = opts.display ?? process.env.DISPLAY;
    if (!this.display) throw new CaptureError('NO_DISPLAY', 'no X display to capture (DISPLAY is not set)');
    const env = { ...process.env, DISPLAY: this.display };
    this.layout = opts.layout ?? new RandrMonitorLayout(new ScreenshotDesktopSource({ env, displayCacheMs: 60_000 }), { env });
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
    let rgb: Buffer;
    try {
      rgb = await this.grab(conn);
    } catch (err) {
      this.dirty = true;
      this.last = null;
      throw new CaptureError('CAPTURE_FAILED', `X11 GetImage failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
    const captured_at = Date.now();
    const root = { width: conn.width, height: conn.height, data: rgb };
    return displays.map((display) => {
      const part = cropRgb(root, display.x, display.y, display.width, display.height);
      return { display, captured_at, image: { format: 'raw' as const, data: part.data, width: part.width, height: part.height, channels: 3 as const } };
    });
  }

  /**
   * The root window now: only the damaged rectangle when the previous frame is in memory, the whole
   * screen otherwise (first grab, no DAMAGE, a large change, and every 100th grab as a safety net).
   * The returned buffer is the caller's own copy.
   */
  private async grab(conn: Conn): Promise<Buffer> {
    let area: XRect | null = null;
    if (conn.damage) {
      const { ext, id, fixes, region } = conn.damage;
      // Repair and learn what was repaired in one step: drawing after this raises a fresh DamageNotify.
      ext.Subtract(id, 0, region);
      this.dirty = false;
      area = await new Promise<XRect>((resolve, reject) => fixes.FetchRegion(region, (err, reg) => {
        if (err) reject(err);
        else resolve(reg.extents);
        return true;
      }));
    }
    const full = !this.last || !area || this.grabsSinceFull >= 100 || area.width * area.height > conn.width * conn.height * 0.5;
    if (full) {
      const data = await this.getImage(conn, 0, 0, conn.width, conn.height);
      this.last = zpixmapToRgb(data, conn.width, conn.height);
      this.grabsSinceFull = 0;
    } else if (area && area.width > 0 && area.height > 0) {
      const x = Math.max(0, area.x);
      const y = Math.max(0, area.y);
      const w = Math.min(conn.width - x, area.width);
      const h = Math.min(conn.height - y, area.height);
      if (w > 0 && h > 0) {
        const part = zpixmapToRgb(await this.getImage(conn, x, y, w, h), w, h);
        for (let row = 0; row < h; row++) part.copy(this.last!, ((y + row) * conn.width + x) * 3, row * w * 3, (row + 1) * w * 3);
      }
      this.grabsSinceFull++;
    }
    return Buffer.from(this.last!);
  }

  /** The windows of this X screen, read on this source's connection (no second client). */
  windowList(): X11WindowList {
    return new X11WindowList({ connect: () => this.connect() });
  }

  /**
   * A cheap fingerprint of the window in front (its id and title, two property reads on the open
   * connection): lets CachedActiveWindowSource ask get-windows only when the window changed.
   */
  async activeWindowKey(): Promise<string | null> {
    try {
      const conn = await this.connect();
      const [active, name, utf8] = await Promise.all(['_NET_ACTIVE_WINDOW', '_NET_WM_NAME', 'UTF8_STRING'].map((a) => this.atom(conn, a)));
      const prop = await this.property(conn, conn.root, active!, 0);
      if (prop.data.length < 4) return null;
      const win = prop.data.readUInt32LE(0);
      if (!win) return null;
      let title = await this.property(conn, win, name!, utf8!);
      // Clients without EWMH titles (xterm with an ASCII title) only set WM_NAME (atom 39).
      if (title.data.length === 0) title = await this.property(conn, win, 39, 0);
      return `${win}:${title.data.toString('utf8')}`;
    } catch {
      return null;
    }
  }

  private readonly atoms = new Map<string, Promise<number>>();
  private atom(conn: Conn, name: string): Promise<number> {
    let a = this.atoms.get(name);
    if (!a) {
      a = new Promise((resolve, reject) => conn.X.InternAtom(false, name, (err, id) => {
        if (err) reject(err);
        else resolve(id);
        return true;
      }));
      this.atoms.set(name, a);
    }
    return a;
  }

  private property(conn: Conn, win: number, name: number, type: number): Promise<{ data: Buffer }> {
    return new Promise((resolve, reject) => conn.X.GetProperty(0, win, name, type, 0, 1024, (err, p) => {
        if (err) reject(err);
        else resolve(p);
        return true;
      }));
  }

  private getImage(conn: Conn, x: number, y: number, w: number, h: number): Promise<Buffer> {
    return new Promise((resolve, reject) =>
      conn.X.GetImage(2 /* ZPixmap */, conn.root, x, y, w, h, 0xffffffff, (err, r) => {
        if (err) reject(err);
        else resolve(r.data);
        return true;
      }),
    );
  }

  async close(): Promise<void> {
    this.last = null;
    this.atoms.clear();
    const conn = this.conn;
    this.conn = null;
    if (!conn) return;
    try {
      const { X } = await conn;
      X.terminate();
      // end() only half-closes; the server may keep its side open and the process alive.
      X.stream.destroy();
    } catch {
      // never connected
    }
  }

  private connect(): Promise<Conn> {
    if (this.conn) return this.conn;
    this.conn = x11Lib.get().then(
      (x11) =>
        new Promise<Conn>((resolve, reject) => {
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
              X.require('fixes', (ferr, fixes) => {
                if (ferr || !fixes) return resolve(base);
                const id = X.AllocID();
                const region = X.AllocID();
                fixes.CreateRegion(region, []);
                ext.Create(id, screen.root, ext.ReportLevel.NonEmpty);
                X.on('event', (ev) => {
                  if (ev.name === 'DamageNotify') this.dirty = true;
                });
                resolve({ ...base, damage: { ext, id, fixes, region } });
              });
            });
          });
          client.on('error', (e: Error & { majorOpcode?: number }) => {
            // X protocol errors (a window that closed between two requests) arrive here too; they
            // concern one request, which already got its error, and leave the connection fine.
            if (typeof e.majorOpcode === 'number') return;
            this.conn = null;
            this.dirty = true;
            reject(new CaptureError('NO_DISPLAY', `X connection failed: ${e.message}`, { cause: e }));
          });
          client.on('end', () => {
            this.conn = null;
            this.dirty = true;
          });
        }),
    );
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
