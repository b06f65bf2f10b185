import type { ActiveWindowSource, WindowInfo } from './active-window.js';

/** A rectangle on the virtual desktop (X root / macOS and Windows global coordinates). */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One visible top-level window, as the privacy gate needs it. */
export interface ListedWindow extends WindowInfo {
  /** Platform id (X window id, get-windows id): tells "the same window" across two reads. */
  id: string;
  /** Outer rectangle, decorations included where known (a title bar shows the title too). */
  bounds: Rect;
  /**
   * The application's own area inside the window manager's frame, where the platform tells it
   * (X11 with `_NET_FRAME_EXTENTS`): the rest of `bounds` is title bar and borders, which OCR reads
   * as garbage (buttons, icons) and whose title the window list already knows exactly.
   */
  content?: Rect;
  /** WM_CLASS instance and class on X11 ("keepassxc", "KeePassXC"); empty elsewhere. */
  classes: string[];
}

export interface WindowSnapshot {
  /** Visible windows, bottom to top when `stacked`, else in no known order. */
  windows: ListedWindow[];
  /** True when the order is the real stacking order, so occlusion can be worked out. */
  stacked: boolean;
  /** The window with focus, or null (empty desktop, or the platform cannot tell). */
  active: ListedWindow | null;
  /**
   * False when only the active window is known (the "exclusions by active window only" fallback):
   * then an excluded window that is not in front cannot be masked.
   */
  complete: boolean;
}

/**
 * The seam between the privacy gate and the window system: every visible window with its
 * rectangle, title, app and pid. `list()` rejects with WindowListError when the windows cannot be
 * read (Wayland, a missing permission, an X error): capture then fails closed.
 */
export interface WindowList {
  readonly name: string;
  list(): Promise<WindowSnapshot>;
  close?(): Promise<void>;
}

export class WindowListError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'WindowListError';
  }
}

/**
 * The active window alone, as a list (hosts and fakes that only know the window in front). Marked
 * incomplete: the pipeline uses it only where the user chose "exclusions by active window only",
 * or where the host's whole desktop is that one window (test desktops).
 */
export class ActiveOnlyWindowList implements WindowList {
  readonly name: string;

  constructor(
    private readonly source: ActiveWindowSource,
    private readonly opts: { complete?: boolean; name?: string } = {},
  ) {
    this.name = opts.name ?? 'active-window';
  }

  async list(): Promise<WindowSnapshot> {
    let win: WindowInfo | null;
    try {
      win = await this.source.active();
    } catch (err) {
      throw new WindowListError(`the active window cannot be read: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
    const listed: ListedWindow | null = win
      ? { ...win, id: `active:${win.pid ?? ''}:${win.app}`, bounds: win.bounds ?? { x: -1e6, y: -1e6, width: 2e6, height: 2e6 }, classes: win.classes ?? [] }
      : null;
    return { windows: listed ? [listed] : [], stacked: false, active: listed, complete: this.opts.complete ?? false };
  }
}

/** A list that always fails, with the reason the user is shown (Wayland, no window system). */
export class UnavailableWindowList implements WindowList {
  readonly name = 'unavailable';
  constructor(private readonly reason: string) {}
  async list(): Promise<WindowSnapshot> {
    throw new WindowListError(this.reason);
  }
}
