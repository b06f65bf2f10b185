import type { ActiveWindowSource, CapturedScreen, DisplayInfo, ScreenSource, WindowInfo } from '../../electron/sensing/capture/index.js';
import type { OcrEngine, OcrImage, OcrResult } from '../../electron/sensing/perception/index.js';
import { renderScene, type Scene } from '../fixtures/fake-screen.js';

/**
 * A desktop that changes on every capture: it cycles through scenes, and the active window and the
 * OCR text follow the scene on screen. Lets the real CaptureService run without a display or tesseract.
 */
export class ScriptedDesktop {
  private index = -1;
  private readonly images = new Map<number, Buffer>();
  readonly display: DisplayInfo = { id: 'main', name: 'Scripted', width: 960, height: 600, x: 0, y: 0, primary: true };
  captures = 0;

  constructor(private readonly scenes: Scene[]) {}

  get current(): Scene {
    return this.scenes[Math.max(0, this.index) % this.scenes.length]!;
  }

  readonly screen: ScreenSource = {
    name: 'scripted',
    // The desktop moves to its next scene when a tick starts, so the window lists read before and
    // after the grab see the scene that is grabbed.
    listDisplays: async () => {
      this.index++;
      return [this.display];
    },
    capture: async (): Promise<CapturedScreen[]> => {
      this.captures++;
      const i = Math.max(0, this.index) % this.scenes.length;
      let png = this.images.get(i);
      if (!png) {
        png = await renderScene(this.scenes[i]!, { width: 960, height: 600 });
        this.images.set(i, png);
      }
      return [{ display: this.display, image: { format: 'png', data: png, width: 960, height: 600 }, captured_at: Date.now() }];
    },
  };

  readonly windows: ActiveWindowSource = {
    active: async (): Promise<WindowInfo | null> => ({ app: this.current.app, title: this.current.title, url: null, pid: 4242, path: null, bounds: { x: 0, y: 0, width: 960, height: 600 } }),
  };

  readonly ocr: OcrEngine = {
    activeWorkers: 0,
    recognize: async (_image: OcrImage): Promise<OcrResult> => {
      const text = this.current.lines.join('\n');
      return { text, confidence: 95, lines: this.current.lines.map((t, i) => ({ text: t, confidence: 95, bbox: { x0: 0, y0: i * 20, x1: 600, y1: i * 20 + 18 } })) };
    },
    stop: async () => undefined,
  };
}
