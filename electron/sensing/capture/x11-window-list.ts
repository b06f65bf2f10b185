import { readlinkSync } from 'node:fs';
import type { XClient } from 'x11';
import { x11Lib } from './x11-lib.js';
import { WindowListError, type ListedWindow, type Rect, type WindowList, type WindowSnapshot } from './window-list.js';

/** What the list needs of an X connection: the client and the root window. */
export interface XConn {
  X: XClient;
  root: number;
}

const WM_NAME = 39;
const WM_CLASS = 67;
const STRING = 31;
const ANY = 0;
const VIEWABLE = 2;

/**
 * Every visible top-level window of an X screen, bottom to top, read on one X connection (the one
 * capture already holds, or its own): `_NET_CLIENT_LIST_STACKING` (or the root's children where
 * the window manager keeps no EWMH list), each window's rectangle in root coordinates with the
 * window manager's frame (`_NET_FRAME_EXTENTS`: the title bar shows the title too), its title
 * (`_NET_WM_NAME`, else `WM_NAME`), `WM_CLASS` and `_NET_WM_PID`. All requests of one read go out
 * at once, so a read costs a few round trips whatever the number of windows.
 */
export class X11WindowList implements WindowList {
  readonly name = 'x11';
  private conn: Promise<XConn> | null = null;
  private readonly atoms = new Map<string, Promise<number>>();
  private readonly ownConn: boolean;

  constructor(private readonly opts: { connect?: () => Promise<XConn>; display?: string; timeoutMs?: number } = {}) {
    this.ownConn = !opts.connect;
  }

  async list(): Promise<WindowSnapshot> {
    const timeoutMs = this.opts.timeoutMs ?? 2000;
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        this.read(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new WindowListError(`the X server did not list its windows within ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
    } catch (err) {
      if (err instanceof WindowListError) throw err;
      throw new WindowListError(`the windows cannot be read from the X server: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    } finally {
      clearTimeout(timer);
    }
  }

  private async read(): Promise<WindowSnapshot> {
    const conn = await this.connection();
    const [stackingAtom, activeAtom] = await Promise.all([this.atom(conn, '_NET_CLIENT_LIST_STACKING'), this.atom(conn, '_NET_ACTIVE_WINDOW')]);
    const [stacking, activeProp] = await Promise.all([this.property(conn, conn.root, stackingAtom, ANY), this.property(conn, conn.root, activeAtom, ANY)]);
    const activeId = activeProp.data.length >= 4 ? activeProp.data.readUInt32LE(0) : 0;
    let ids: number[];
    let framed: boolean;
    if (stacking.data.length >= 4) {
      ids = words(stacking.data);
      framed = false;
    } else {
      // No EWMH window manager: the root's children are the top-level windows, bottom to top.
      ids = (await this.queryTree(conn, conn.root)).children;
      framed = true;
    }
    const read = await Promise.all(ids.map((id) => this.window(conn, id, framed).catch(() => null)));
    const windows = read.filter((w): w is ListedWindow => w !== null);
    const active = windows.find((w) => w.id === String(activeId)) ?? null;
    return { windows, stacked: true, active, complete: true };
  }

  /** One window, or null when it is not viewable (minimised, withdrawn) or gone. */
  private async window(conn: XConn, id: number, framed: boolean): Promise<ListedWindow | null> {
    // Every request for the window goes out at once (one round trip), whether it turns out to be
    // viewable or not: a read of the desktop costs two round trips, not three per window.
    const [attrs, geom, origin, extents, props] = await Promise.all([
      call<{ mapState: number }>((cb) => conn.X.GetWindowAttributes(id, cb)),
      call<{ width: number; height: number; borderWidth: number }>((cb) => conn.X.GetGeometry(id, cb)),
      call<{ destX: number; destY: number }>((cb) => conn.X.TranslateCoordinates(id, conn.root, 0, 0, cb)),
      framed ? Promise.resolve(null) : this.cardinals(conn, id, '_NET_FRAME_EXTENTS'),
      // Under a window manager without EWMH lists, the top-level window is the frame: the client
      // (with the title and class) is one of its children.
      framed ? this.clientOf(conn, id).then((c) => this.identity(conn, c ?? id)) : this.identity(conn, id),
    ]);
    if (attrs.mapState !== VIEWABLE) return null;
    const [left, right, top, bottom] = extents && extents.length >= 4 ? extents : [0, 0, 0, 0];
    const bw = geom.borderWidth;
    const bounds: Rect = {
      x: origin.destX - bw - left!,
      y: origin.destY - bw - top!,
      width: geom.width + 2 * bw + left! + right!,
      height: geom.height + 2 * bw + top! + bottom!,
    };
    const framedByWm = left! + right! + top! + bottom! > 0;
    const content: Rect = { x: origin.destX, y: origin.destY, width: geom.width, height: geom.height };
    return { id: String(id), bounds, ...(framedByWm ? { content } : {}), ...props };
  }

  private async identity(conn: XConn, win: number): Promise<Omit<ListedWindow, 'id' | 'bounds'>> {
    const [netName, utf8] = await Promise.all([this.atom(conn, '_NET_WM_NAME'), this.atom(conn, 'UTF8_STRING')]);
    const [title, legacy, cls, pidWords] = await Promise.all([
      this.property(conn, win, netName, utf8),
      this.property(conn, win, WM_NAME, ANY),
      this.property(conn, win, WM_CLASS, STRING),
      this.cardinals(conn, win, '_NET_WM_PID'),
    ]);
    const classes = cls.data
      .toString('latin1')
      .split('\0')
      .filter((s) => s.length > 0);
    const pid = pidWords && pidWords.length > 0 ? pidWords[0]! : null;
    const path = pid ? this.exePathOf(pid) : null;
    return {
      // _NET_WM_NAME is UTF-8; WM_NAME is Latin-1 (STRING) unless its type says UTF8_STRING.
      title: title.data.length > 0 ? title.data.toString('utf8') : legacy.data.toString(legacy.type === utf8 ? 'utf8' : 'latin1'),
      app: classes[1] ?? classes[0] ?? (path ? (path.split('/').pop() ?? '') : ''),
      classes,
      pid,
      path,
      url: null,
    };
  }

  /** Executables by pid, read once per process seen (a pid is reused only after its process ended). */
  private readonly exes = new Map<number, string | null>();
  private exePathOf(pid: number): string | null {
    if (!this.exes.has(pid)) {
      if (this.exes.size > 500) this.exes.clear();
      this.exes.set(pid, exePath(pid));
    }
    return this.exes.get(pid)!;
  }

  private async clientOf(conn: XConn, frame: number): Promise<number | null> {
    const own = await this.property(conn, frame, WM_CLASS, STRING);
    if (own.data.length > 0) return frame;
    for (const child of (await this.queryTree(conn, frame)).children) {
      const p = await this.property(conn, child, WM_CLASS, STRING).catch(() => null);
      if (p && p.data.length > 0) return child;
    }
    return null;
  }

  private async cardinals(conn: XConn, win: number, name: string): Promise<number[] | null> {
    const p = await this.property(conn, win, await this.atom(conn, name), ANY);
    return p.data.length >= 4 ? words(p.data) : null;
  }

  private queryTree(conn: XConn, win: number): Promise<{ children: number[] }> {
    return call((cb) => conn.X.QueryTree(win, cb));
  }

  private property(conn: XConn, win: number, name: number, type: number): Promise<{ data: Buffer; type: number }> {
    return call((cb) => conn.X.GetProperty(0, win, name, type, 0, 4096, cb));
  }

  private atom(conn: XConn, name: string): Promise<number> {
    let a = this.atoms.get(name);
    if (!a) {
      a = call<number>((cb) => conn.X.InternAtom(false, name, cb));
      a.catch(() => this.atoms.delete(name));
      this.atoms.set(name, a);
    }
    return a;
  }

  private connection(): Promise<XConn> {
    if (this.opts.connect) return this.opts.connect();
    if (this.conn) return this.conn;
    const display = this.opts.display ?? process.env.DISPLAY;
    if (!display) return Promise.reject(new WindowListError('no X display (DISPLAY is not set)'));
    this.conn = x11Lib.get().then(
      (x11) =>
        new Promise<XConn>((resolve, reject) => {
          const client = x11.createClient({ display }, (err, d) => {
            if (err) return reject(new WindowListError(`cannot connect to X display ${display}: ${err.message}`, { cause: err }));
            resolve({ X: d.client, root: d.screen[0]!.root });
          });
          client.on('error', (e: Error & { majorOpcode?: number }) => {
            if (typeof e.majorOpcode === 'number') return;
            this.conn = null;
            this.atoms.clear();
            reject(new WindowListError(`X connection failed: ${e.message}`, { cause: e }));
          });
          client.on('end', () => {
            this.conn = null;
            this.atoms.clear();
          });
        }),
    );
    this.conn.catch(() => {
      this.conn = null;
    });
    return this.conn;
  }

  async close(): Promise<void> {
    if (!this.ownConn || !this.conn) return;
    const conn = this.conn;
    this.conn = null;
    this.atoms.clear();
    try {
      const { X } = await conn;
      X.terminate();
      X.stream.destroy();
    } catch {
      // never connected
    }
  }
}

function call<T>(fn: (cb: (err: Error | null, v: T) => boolean) => void): Promise<T> {
  return new Promise<T>((resolve, reject) =>
    fn((err, v) => {
      if (err) reject(err);
      else resolve(v);
      return true;
    }),
  );
}

function words(buf: Buffer): number[] {
  const out: number[] = [];
  for (let i = 0; i + 4 <= buf.length; i += 4) out.push(buf.readUInt32LE(i));
  return out;
}

/** The executable behind a pid (Linux /proc), so "keepassxc" matches whatever the class says. */
function exePath(pid: number): string | null {
  try {
    return readlinkSync(`/proc/${pid}/exe`);
  } catch {
    return null;
  }
}
