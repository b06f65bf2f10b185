import { desktopCapturer, screen, systemPreferences } from 'electron';
import { bgraToRgba, CaptureError, electronDisplayInfo, type CapturedScreen, type DisplayInfo, type ScreenAccess, type ScreenSource } from '../../engine/index.js';
import { SCREEN_RECORDING_DENIED, screenAccessStep, type ScreenAccessStatus } from '../policy/index.js';

/**
 * The displays as Electron's screen module knows them: device pixels, and each display's rectangle
 * in the coordinates get-windows gives window bounds in (see electronDisplayInfo).
 */
export function electronDisplays(): DisplayInfo[] {
  const primary = screen.getPrimaryDisplay().id;
  const toScreen = process.platform === 'win32' ? (r: Electron.Rectangle) => screen.dipToScreenRect(null, r) : undefined;
  return screen.getAllDisplays().map((d, i) => electronDisplayInfo(d, i, primary, process.platform, toScreen));
}

/**
 * Screens through Electron's desktopCapturer: no external tools (X11, Windows, macOS; on Wayland
 * each call would open the portal's picker again, so screen-stream-source.ts is used there).
 * Pixels stay in memory as raw RGBA.
 */
export class DesktopCapturerScreenSource implements ScreenSource {
  readonly name = 'desktopCapturer';
  /** macOS: the one capture attempt of this process that makes the system ask (see screen-access.ts). */
  private askedForScreen = false;

  constructor(private readonly platform: NodeJS.Platform = process.platform) {}

  private screenAccess(): ScreenAccessStatus {
    return this.platform === 'darwin' ? systemPreferences.getMediaAccessStatus('screen') : 'granted';
  }

  async listDisplays(): Promise<DisplayInfo[]> {
    return electronDisplays();
  }

  /**
   * Asked first on every tick (before the window list, which macOS also withholds without the
   * grant). Not granted: one tiny getSources per process makes macOS show its prompt and list
   * Engram in System Settings; after that, a refusal the tray and window explain, never a retry.
   */
  async access(): Promise<ScreenAccess> {
    const step = screenAccessStep(this.platform, this.screenAccess(), this.askedForScreen);
    if (step.action === 'capture') return { granted: true };
    if (step.action === 'refuse') return { granted: false, message: step.message };
    this.askedForScreen = true;
    try {
      await desktopCapturer.getSources({ types: ['screen'], thumbnailSize: { width: 1, height: 1 }, fetchWindowIcons: false });
    } catch {
      // The prompt is what was wanted; the answer is read below.
    }
    return this.screenAccess() === 'granted' ? { granted: true } : { granted: false, message: SCREEN_RECORDING_DENIED };
  }

  async capture(displayIds?: string[]): Promise<CapturedScreen[]> {
    // Without access macOS still answers, with the wallpaper alone: never grabbed, never kept.
    if (this.screenAccess() !== 'granted') throw new CaptureError('CAPTURE_FAILED', SCREEN_RECORDING_DENIED);
    const displays = await this.listDisplays();
    if (displays.length === 0) throw new CaptureError('NO_DISPLAY', 'No display found.');
    const width = Math.max(...displays.map((d) => d.width));
    const height = Math.max(...displays.map((d) => d.height));
    const capturedAt = Date.now();
    let sources: Electron.DesktopCapturerSource[];
    try {
      sources = await desktopCapturer.getSources({ types: ['screen'], thumbnailSize: { width, height }, fetchWindowIcons: false });
    } catch (err) {
      throw new CaptureError('CAPTURE_FAILED', 'The screen could not be captured (the desktop refused or the portal was closed).', { cause: err });
    }
    const out: CapturedScreen[] = [];
    sources.forEach((source, index) => {
      // display_id is empty on some Linux setups (Wayland portal): fall back to the order.
      const display = displays.find((d) => d.id === source.display_id) ?? displays[index];
      if (!display || (displayIds && !displayIds.includes(display.id))) return;
      const image = source.thumbnail;
      if (image.isEmpty()) return;
      const size = image.getSize();
      out.push({ display, image: { format: 'raw', data: bgraToRgba(image.toBitmap()), width: size.width, height: size.height, channels: 4 }, captured_at: capturedAt });
    });
    if (out.length === 0) throw new CaptureError('CAPTURE_FAILED', 'The screen could not be read (no image came back).');
    return out;
  }
}
