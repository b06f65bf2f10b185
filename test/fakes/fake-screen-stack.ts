import type { ActiveWindowSource, CapturedScreen, DisplayInfo, ScreenSource, WindowInfo } from '../../electron/sensing/capture/index.js';
import type { OcrEngine, OcrImage, OcrResult } from '../../electron/sensing/perception/index.js';

const W = 320;
const H = 200;
const DISPLAY: DisplayInfo = { id: 'screen', name: 'screen', width: W, height: H, x: 0, y: 0, primary: true };

/** A screen that looks different on every grab (a block moves), so every tick keeps a frame. */
export class ChangingScreen implements ScreenSource {
  readonly name = 'fake';
  grabs = 0;
  closed = false;
  async listDisplays() {
    return [DISPLAY];
  }
  async capture(): Promise<CapturedScreen[]> {
    this.grabs++;
    const data = Buffer.alloc(W * H * 3, 250);
    const top = (this.grabs * 37) % (H - 60);
    for (let y = top; y < top + 60; y++) data.fill((this.grabs * 53) % 200, (y * W + 20) * 3, (y * W + 300) * 3);
    return [{ display: DISPLAY, captured_at: Date.now(), image: { format: 'raw', data, width: W, height: H, channels: 3 } }];
  }
  async close() {
    this.closed = true;
  }
}

export class FixedWindow implements ActiveWindowSource {
  constructor(private readonly win: WindowInfo = { app: 'Terminal', title: 'notes', url: null, pid: 99, path: null, bounds: null }) {}
  async active() {
    return this.win;
  }
}

/** OCR that "reads" the text the test sets. */
export class TextOcr implements OcrEngine {
  activeWorkers = 0;
  constructor(public text: string) {}
  async recognize(image: OcrImage): Promise<OcrResult> {
    return { text: this.text, confidence: 90, lines: [{ text: this.text, confidence: 90, bbox: { x0: 0, y0: 0, x1: image.width, y1: image.height } }] };
  }
  async stop() {}
}

/** A still screen: light, with one dark block whose shade a test changes to make the next grab differ. */
export class ShadedScreen implements ScreenSource {
  readonly name = 'fake';
  shade = 40;
  private readonly display: DisplayInfo;
  constructor(
    readonly width = W,
    readonly height = H,
    private readonly block = { x0: 20, x1: 200, y0: 40, y1: 160 },
  ) {
    this.display = { ...DISPLAY, width, height };
  }
  async listDisplays() {
    return [this.display];
  }
  async capture(): Promise<CapturedScreen[]> {
    const { width: w, height: h, block: b } = this;
    const data = Buffer.alloc(w * h * 3, 250);
    for (let y = b.y0; y < b.y1; y++) data.fill(this.shade, (y * w + b.x0) * 3, (y * w + b.x1) * 3);
    return [{ display: this.display, captured_at: Date.now(), image: { format: 'raw', data, width: w, height: h, channels: 3 } }];
  }
}
