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
  close?(): Promise<void>;
}

/** In-place swap of B and R in a 4-channel bitmap (Electron NativeImage.toBitmap() order on every OS). */
export function bgraToRgba(data: Buffer): Buffer {
  for (let i = 0; i + 3 < data.length; i += 4) {
    const b = data[i]!;
    data[i] = data[i + 2]!;
    data[i + 2] = b;
  }
  return data;
}
