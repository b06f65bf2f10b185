import type { CaptureSettings } from '../../shared/settings/index.js';
import type { OcrEngine } from '../sensing/perception/index.js';
import type { ActiveWindowSource, AudioSource, IdleSource, LoadSource, PowerSource, ScreenSource, WindowList } from '../sensing/capture/index.js';

/**
 * What a host brings for capture: the sources of its platform (desktopCapturer and powerMonitor in
 * the app, X11 in the CLI). The engine composes the rest: pipeline, OCR, retention, audio, and the
 * hand-off of redacted secrets to the vault.
 */
export interface CaptureSources {
  screen: ScreenSource;
  /** The window in front; default: get-windows. */
  windows?: ActiveWindowSource;
  /** Every visible window, for the privacy gate; default: the platform's list (tests: a scripted one). */
  windowList?: WindowList;
  idle?: IdleSource;
  /** Battery or AC (the app: powerMonitor); default: /sys/class/power_supply on Linux, else AC. */
  power?: PowerSource;
  /** How busy the machine is (the app: the load average): OCR waits first, then capture slows. Default: never busy. */
  load?: LoadSource;
  /** The microphone: used only when audio capture is enabled in settings. */
  microphone?: AudioSource;
  /** Engram's own processes: the privacy gate skips frames with our window in front. */
  selfPids?: number[];
  /** Settings for this run instead of the stored ones. */
  settings?: CaptureSettings;
  /** The stored settings with this interval between ticks, for this run (engram capture --interval). */
  intervalS?: number;
  /** An OCR engine (tests), or null for none (engram capture --no-ocr); default: a Tesseract pool. */
  ocr?: OcrEngine | null;
  /** Start ticking at once (default); false: the host ticks by hand (engram capture --once). */
  start?: boolean;
  /**
   * An audio stream recorded alongside when the host asks (capture.audio; engram capture --audio),
   * until it ends or `signal` aborts; its failures as they happen go to onError.
   */
  audioStream?: {
    source: AudioSource;
    signal: AbortSignal;
    onError?: (err: unknown) => void;
    onNoTranscriber?: () => void;
  };
}
