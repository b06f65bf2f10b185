import sharp from 'sharp';
import type { ActiveWindowSource, CapturedScreen, DisplayInfo, ScreenSource, WindowInfo } from '../../electron/sensing/capture/index.js';
import type { OcrEngine, OcrImage, OcrLine, OcrResult } from '../../electron/sensing/perception/index.js';

/** What one frame of a scripted session shows: the window in front and its text. */
export interface SessionScene {
  app: string;
  title: string;
  url?: string | null;
  lines: string[];
  /** Dark and light frames alternate in the scripts, so consecutive frames differ everywhere. */
  dark: boolean;
}

/** Frame number -> scene. Deterministic, so OCR can recover a frame's text from its number. */
export type SceneScript = (n: number) => SessionScene;

const W = 768;
const H = 480;
const TILE = 24;
const BITS = 20;
/** Bits per row of the strip, and each bit's width: three preprocessor tiles, wider than the 64 px
 * the OCR preprocessor paints out as a block cursor or a filled icon, so the strip survives it. */
const BITS_PER_ROW = 10;
const BIT_W = 3 * TILE;
/** Width of the bars that draw a one bit (and of the gaps between them). */
const STRIPE = 3;
const BAR_Y = 48;
const LINE_Y0 = 120;
const LINE_H = 30;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A scripted desktop for capture tests that run the real CaptureService: each capture draws the next
 * scene of a script (real pixels, rendered with sharp) and stamps the frame number as a strip of
 * barred or blank tiles. The fake OCR engine reads that number back from the image it is given, so the text it
 * returns is always the text of that very frame, however late OCR runs, whatever was deferred or
 * dropped, and a frame the privacy gate refused can never leak into another frame's text.
 * The bits are black bars on white or blank white, three tiles wide and aligned to the OCR
 * preprocessor's 24 px tiles: light tiles with ink, which its inversion and stretching leave as they are.
 */
export class BarcodeDesktop {
  readonly display: DisplayInfo = { id: 'scripted-0', name: 'Scripted', width: W, height: H, x: 0, y: 0, primary: true };
  /** Frames shown so far (the next tick shows frame `drawn`). */
  drawn = 0;
  private lastScene: SessionScene | null = null;
  ocrCalls = 0;
  unreadable = 0;

  constructor(
    private readonly script: SceneScript,
    private readonly opts: { clock?: () => number; ocrDelayMs?: number; start?: number } = {},
  ) {
    this.drawn = opts.start ?? 0;
  }

  sceneOf(n: number): SessionScene {
    return this.script(n);
  }

  /** The frame on screen now: the desktop moves on when a tick starts (it lists the displays). */
  private shown: number | null = null;

  readonly screen: ScreenSource = {
    name: 'barcode-scripted',
    listDisplays: async () => {
      // Each tick sees one scene: the window list read before the grab, the grab and the list read
      // after it all agree, as on a desktop where nothing moved during the tick.
      this.shown = this.drawn++;
      this.lastScene = this.script(this.shown);
      return [this.display];
    },
    capture: async (): Promise<CapturedScreen[]> => {
      if (this.shown === null) await this.screen.listDisplays();
      const n = this.shown!;
      const scene = this.lastScene!;
      const png = await renderFrame(n, scene);
      return [{ display: this.display, image: { format: 'png', data: png, width: W, height: H }, captured_at: (this.opts.clock ?? Date.now)() }];
    },
  };

  /** The window of the scene on screen (the pipeline reads it before and after the grab). */
  readonly windows: ActiveWindowSource = {
    active: async (): Promise<WindowInfo | null> => {
      const s = this.lastScene;
      if (!s) return null;
      return { app: s.app, title: s.title, url: s.url ?? null, pid: 4242, path: null, bounds: { x: 0, y: 0, width: W, height: H } };
    },
  };

  readonly ocr: OcrEngine = {
    activeWorkers: 0,
    recognize: async (image: OcrImage): Promise<OcrResult> => {
      this.ocrCalls++;
      if (this.opts.ocrDelayMs) await new Promise((r) => setTimeout(r, this.opts.ocrDelayMs));
      const n = decodeFrameNumber(image);
      if (n === null) {
        this.unreadable++;
        return { text: '', confidence: 0, lines: [] };
      }
      const lines: OcrLine[] = this.script(n).lines.map((text, i) => ({
        text,
        confidence: 96,
        bbox: { x0: 40, y0: LINE_Y0 + i * LINE_H - 20, x1: W - 40, y1: LINE_Y0 + i * LINE_H + 6 },
      }));
      return { text: lines.map((l) => l.text).join('\n'), confidence: 96, lines };
    },
    stop: async () => undefined,
  };
}

/** Top-left corner of bit k in the strip (two rows of ten, on the preprocessor's tile grid). */
function bitAt(k: number): [number, number] {
  return [TILE + (k % BITS_PER_ROW) * BIT_W, BAR_Y + Math.floor(k / BITS_PER_ROW) * TILE];
}

/** Draws frame n: title bar, the barcode strip, the scene's lines. */
export async function renderFrame(n: number, scene: SessionScene): Promise<Buffer> {
  const bg = scene.dark ? '#1b1c20' : '#fbfbfa';
  const fg = scene.dark ? '#e8e8e8' : '#202127';
  const tiles: string[] = [];
  for (let k = 0; k < BITS; k++) {
    const bit = (n >>> k) & 1;
    const [x, y] = bitAt(k);
    tiles.push(`<rect x="${x}" y="${y}" width="${BIT_W}" height="${TILE}" fill="#ffffff"/>`);
    // A one is ink on paper (upright black bars, half the bit's area), a zero blank paper: what the
    // preprocessor keeps as it is, unlike a flat grey it may stretch to white (11062c9 did).
    if (bit) for (let bx = 0; bx < BIT_W; bx += STRIPE * 2) tiles.push(`<rect x="${x + bx}" y="${y}" width="${STRIPE}" height="${TILE}" fill="#000000"/>`);
  }
  const text = scene.lines
    .slice(0, 11)
    .map((l, i) => `<text x="40" y="${LINE_Y0 + i * LINE_H}" font-family="DejaVu Sans, sans-serif" font-size="18" fill="${fg}">${esc(l)}</text>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
    <rect width="${W}" height="${H}" fill="${bg}"/>
    <rect width="${W}" height="40" fill="${scene.dark ? '#3a3f58' : '#5b7bd5'}"/>
    <text x="16" y="27" font-family="DejaVu Sans, sans-serif" font-size="15" font-weight="bold" fill="#ffffff">${esc(scene.app)} — ${esc(scene.title)}</text>
    ${tiles.join('')}
    ${text}
  </svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}

/** Reads the frame number back from a PGM handed to OCR (full frames only; any size, same aspect). */
export function decodeFrameNumber(image: OcrImage): number | null {
  const { pgm, width, height } = image;
  const headerEnd = pgmHeaderLength(pgm);
  if (headerEnd < 0) return null;
  const px = pgm.subarray(headerEnd);
  if (px.length < width * height) return null;
  // Only whole frames carry the strip where it was drawn; a stacked partial image does not.
  if (Math.abs(width / height - W / H) > 0.02) return null;
  const sx = width / W;
  const sy = height / H;
  let n = 0;
  for (let k = 0; k < BITS; k++) {
    const [x, y] = bitAt(k);
    // The mean over the bit's inside (bars and gaps alike, at any scale): about half grey for a one,
    // white for a zero; a dark mean means the strip is not where it was drawn.
    const x0 = Math.round((x + 4) * sx);
    const x1 = Math.round((x + BIT_W - 4) * sx);
    const y0 = Math.round((y + 4) * sy);
    const y1 = Math.round((y + TILE - 4) * sy);
    let sum = 0;
    let count = 0;
    for (let py = y0; py < y1; py++) {
      for (let pxX = x0; pxX < x1; pxX++) {
        sum += px[py * width + pxX]!;
        count++;
      }
    }
    const mean = sum / count;
    if (count === 0 || mean < 60) return null;
    if (mean < 200) n |= 1 << k;
  }
  return n;
}

function pgmHeaderLength(pgm: Buffer): number {
  // "P5\n<w> <h>\n255\n"
  let newlines = 0;
  for (let i = 0; i < Math.min(pgm.length, 64); i++) {
    if (pgm[i] === 0x0a && ++newlines === 3) return i + 1;
  }
  return -1;
}
