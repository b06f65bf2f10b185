/**
 * The ScreenSource seam: something that can list the displays and grab their pixels into memory.
 * Implementations: ScreenshotDesktopSource (CLI, headless, tests) here, and the Electron
 * desktopCapturer source in electron/desktop/main. Pixels never go to disk on their way in.
 */

export interface DisplayInfo {
  /** Stable for the session (xrandr output name, Electron display id). */
  id: string;
  name: string;
  width: number;
  height: number;
  /** Position on the virtual desktop, to tell which display a window is on. */
  x: number;
  y: number;
  primary: boolean;
  /**
   * The display's rectangle in the coordinates the window list gives window bounds in, when those
   * are not its pixels: macOS points (a Retina display's pixels are twice its points), Windows
   * physical pixels of the virtual screen (Electron's display bounds are DIPs). Absent: x, y,
   * width and height are in those coordinates (X11: root window pixels).
   */
  windowSpace?: { x: number; y: number; width: number; height: number };
}

/** Where windows are on this display, in the window list's coordinates (see DisplayInfo.windowSpace). */
export function windowSpaceOf(display: DisplayInfo): { x: number; y: number; width: number; height: number } {
  return display.windowSpace ?? { x: display.x, y: display.y, width: display.width, height: display.height };
}

/** What electronDisplayInfo needs of an Electron Display (plain data, so it is tested under Node). */
export interface ElectronDisplayShape {
  id: number;
  label?: string;
  bounds: { x: number; y: number; width: number; height: number };
  size: { width: number; height: number };
  scaleFactor: number;
}

/**
 * A display as Electron's screen module gives it, for capture: its size in device pixels (what
 * desktopCapturer grabs) and its rectangle in the window list's coordinates, per platform:
 * - macOS: get-windows gives window bounds in points (global, origin at the primary display's
 *   top left), as Electron's display bounds are: the bounds as they are;
 * - Windows: get-windows gives GetWindowRect, physical pixels of the virtual screen (Electron is
 *   DPI aware), while Electron's bounds are DIPs: `dipToScreenRect` (screen.dipToScreenRect) maps
 *   them, exactly also for monitors of mixed scale;
 * - Linux/X11: windows are in root pixels, and Electron's DIPs are those pixels divided by the one
 *   scale factor X11 has.
 */
export function electronDisplayInfo(
  d: ElectronDisplayShape,
  index: number,
  primaryId: number,
  platform: NodeJS.Platform,
  dipToScreenRect?: (rect: { x: number; y: number; width: number; height: number }) => { x: number; y: number; width: number; height: number },
): DisplayInfo {
  const s = d.scaleFactor > 0 ? d.scaleFactor : 1;
  const pixels = (r: { x: number; y: number; width: number; height: number }) => ({ x: Math.round(r.x * s), y: Math.round(r.y * s), width: Math.round(r.width * s), height: Math.round(r.height * s) });
  const windowSpace = platform === 'darwin' ? { ...d.bounds } : platform === 'win32' ? (dipToScreenRect ? dipToScreenRect({ ...d.bounds }) : pixels(d.bounds)) : pixels(d.bounds);
  return {
    id: String(d.id),
    name: d.label || `Display ${index + 1}`,
    width: Math.round(d.size.width * s),
    height: Math.round(d.size.height * s),
    x: d.bounds.x,
    y: d.bounds.y,
    primary: d.id === primaryId,
    windowSpace,
  };
}

/**
 * Pixels of one display. `raw` is 8-bit RGB or RGBA, row-major, no padding (Electron's
 * NativeImage.toBitmap() is BGRA: convert with bgraToRgba first). Encoded images are PNG or JPEG.
 */
export type ScreenImage =
  | { format: 'raw'; data: Buffer; width: number; height: number; channels: 3 | 4 }
  | { format: 'png' | 'jpeg'; data: Buffer; width: number; height: number };

export interface CapturedScreen {
  display: DisplayInfo;
  image: ScreenImage;
  captured_at: number;
}

export interface ScreenSource {
  readonly name: string;
  listDisplays(): Promise<DisplayInfo[]>;
  /** Captures every display (or the given ones). Rejects with CaptureError when nothing can be read. */
  capture(displayIds?: string[]): Promise<CapturedScreen[]>;
  /**
   * Optional hint from the window system: false means nothing was drawn on any display since the
   * last capture(), so the grab can be skipped. Sources that cannot tell omit it.
   */
  changedSinceLastCapture?(): boolean;
  /**
   * Whether this process may read the screen at all (macOS Screen Recording), asked first on every
   * tick, before the window list or anything else: without it every later step fails or lies.
   * Asking the system once is the source's own business. Sources with nothing to ask omit it.
   */
  access?(): Promise<ScreenAccess>;
  close?(): Promise<void>;
}

export type ScreenAccess = { granted: true } | { granted: false; message: string };

/** In-place swap of B and R in a 4-channel bitmap (Electron NativeImage.toBitmap() order on every OS). */
export function bgraToRgba(data: Buffer): Buffer {
  for (let i = 0; i + 3 < data.length; i += 4) {
    const b = data[i]!;
    data[i] = data[i + 2]!;
    data[i + 2] = b;
  }
  return data;
}
