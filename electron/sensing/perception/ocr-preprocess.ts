import type { OcrImage } from './ocr-engine.js';

export interface PreparedOcr extends OcrImage {
  /** Share of the image that was light-on-dark and got inverted (0..1). */
  invertedShare: number;
}

export interface PrepareOptions {
  /** Tile edge in pixels: dark areas are found and inverted tile by tile. */
  tile?: number;
  /** A tile whose median grey is below this counts as a dark background. */
  darkBelow?: number;
}

/** Grey step between neighbouring pixels that counts toward a straight edge. */
const EDGE_STEP = 48;
/** Shortest straight edge that cuts a tile, in tiles. */
const EDGE_RUN = 1.5;
/** Grey spread within a solid block. */
const BLOCK_EVEN = 12;
/** A tile whose middle grey is at most this is mostly ink (a heading's stroke): it is not stretched. */
const STRETCH_FLOOR = 64;
/** A tile whose median grey is at least this is paper, whatever lighter marks it holds. */
const LIGHT_INK_BELOW = 200;
/** How much lighter than a tile's background its text must be to count as light ink. */
const LIGHT_INK_STEP = 48;
/** Parts of a cut tile thinner than this (in pixels) are decided with the tile. */
const MIN_PART = 4;
/** Greys this close to a neighbouring tile's paper are that paper. */
const SAME_PAPER = 6;

/**
 * Makes light-on-dark text readable for tesseract, which is trained on dark-on-light: the image is
 * cut into tiles, and each tile whose median grey is dark (its background, since text covers a
 * minority of pixels) is inverted. Menu bars, dark panels and whole dark themes are handled alike,
 * and a mixed screen keeps its light parts as they are; then each tile's background is stretched to
 * white (see stretchTiles). Output is a binary PGM, free to decode.
 *
 * A tile that straddles a straight edge between a dark and a light area (a light window on a dark
 * desktop, a dark sidebar beside a light editor) is cut along that edge and each part decided on
 * its own: decided whole, the part of the first letter of each line that fell in the tile was
 * inverted and the letter lost (`card ...` at a terminal's left edge was read as `ard ...`). An
 * edge must run on for a tile and a half, longer than a glyph or a cursor, so letters are never cut.
 * A level edge (a window's top or bottom) is not cut along: a solid strip between it and the tile's
 * border goes with the tile beyond that border instead (see decide), so no dark bar is left along the
 * window for tesseract to read as a line of dashes, and a line of text is never cut across.
 */
export function prepareForOcr(grey: Uint8Array, width: number, height: number, opts: PrepareOptions = {}): PreparedOcr {
  if (grey.length < width * height) throw new Error('grey buffer smaller than width*height');
  const tile = opts.tile ?? 24;
  const darkBelow = opts.darkBelow ?? 110;
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1');
  const pgm = Buffer.allocUnsafe(header.length + width * height);
  header.copy(pgm, 0);
  const out = pgm.subarray(header.length);
  // What the tiles are decided on: the image less its block cursors (the caller's buffer is kept).
  grey = grey.slice(0, width * height);
  clearBlocks(grey, width, height);
  out.set(grey);
  const hist = new Uint32Array(256);
  /**
   * Whether an area is light-on-dark, and the grey below which its pixels count as its background
   * side: darkBelow, or for a coloured block whose text is lighter than it (see lightInk) halfway
   * from its grey to white, so the block's solid edge rows are told from the page around it.
   */
  const judge = (x0: number, y0: number, x1: number, y1: number): { dark: boolean; below: number } => {
    const median = medianGrey(grey, width, x0, y0, x1, y1, hist);
    if (median < darkBelow) return { dark: true, below: darkBelow };
    if (lightInk(hist, (x1 - x0) * (y1 - y0), median)) return { dark: true, below: Math.round((median + 255) / 2) };
    return { dark: false, below: darkBelow };
  };
  const isDark = (x0: number, y0: number, x1: number, y1: number): boolean => judge(x0, y0, x1, y1).dark;
  let inverted = 0;
  const invert = (x0: number, y0: number, x1: number, y1: number): void => {
    inverted += (x1 - x0) * (y1 - y0);
    for (let y = y0; y < y1; y++) {
      const row = y * width;
      for (let x = x0; x < x1; x++) out[row + x] = 255 - grey[row + x]!;
    }
  };
  const whiten = (x0: number, y0: number, x1: number, y1: number): void => {
    for (let y = y0; y < y1; y++) out.fill(255, y * width + x0, y * width + x1);
  };
  const cols = Math.ceil(width / tile);
  const rows = Math.ceil(height / tile);
  const cutsX = uprightCuts(grey, width, height, tile);
  // Each whole tile judged once: its side, and the grey its edge rows are told apart by.
  const tileDark = new Uint8Array(cols * rows);
  const tileBelow = new Uint8Array(cols * rows);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const j = judge(c * tile, r * tile, Math.min(width, (c + 1) * tile), Math.min(height, (r + 1) * tile));
      tileDark[r * cols + c] = j.dark ? 1 : 0;
      tileBelow[r * cols + c] = j.below;
    }
  }
  /** Rows from y (stepping by dir) whose pixels in [x0, x1) are all on one side of `below`, at most max. */
  const solidRows = (x0: number, x1: number, y: number, dir: 1 | -1, max: number, dark: boolean, below: number): number => {
    let n = 0;
    for (; n < max; n++, y += dir) {
      const row = y * width;
      for (let x = x0; x < x1; x++) if (grey[row + x]! < below !== dark) return n;
    }
    return n;
  };
  /**
   * Decides the part [x0, x1) of tile row r: a solid strip at its top or bottom that is the other
   * side from the part and the same side as the tile across that border (a dark desktop above a light
   * window's top edge, below its bottom edge) is decided with that neighbour; the rest with the part.
   */
  const decide = (x0: number, x1: number, r: number, c: number, y0: number, y1: number, dark: boolean): void => {
    const h = y1 - y0;
    // The coloured block's threshold wherever the strip's tile or its neighbour across the border is one.
    const own = tileBelow[r * cols + c]!;
    const topBelow = Math.max(own, r > 0 ? tileBelow[(r - 1) * cols + c]! : 0);
    const bottomBelow = Math.max(own, r + 1 < rows ? tileBelow[(r + 1) * cols + c]! : 0);
    let top = r > 0 ? solidRows(x0, x1, y0, 1, h, !dark, topBelow) : 0;
    if (top >= h || (top > 0 && isDark(x0, y0 - tile, x1, y0) === dark)) top = 0;
    let bottom = y1 < height ? solidRows(x0, x1, y1 - 1, -1, h - top, !dark, bottomBelow) : 0;
    if (bottom >= h - top || (bottom > 0 && isDark(x0, y1, x1, Math.min(height, y1 + tile)) === dark)) bottom = 0;
    // A solid edge strip of a coloured block holds no text: it becomes paper outright, since the
    // stretch that whitens the block's inverted grey is decided with the page's tile it lies in.
    if (top > 0 && !dark) (topBelow > darkBelow ? whiten : invert)(x0, y0, x1, y0 + top);
    if (bottom > 0 && !dark) (bottomBelow > darkBelow ? whiten : invert)(x0, y1 - bottom, x1, y1);
    if (dark) invert(x0, y0 + top, x1, y1 - bottom);
  };
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x0 = c * tile;
      const y0 = r * tile;
      const x1 = Math.min(width, x0 + tile);
      const y1 = Math.min(height, y0 + tile);
      const d = tileDark[r * cols + c] === 1;
      const cx = cutsX.get(r * cols + c);
      if (!cx) {
        decide(x0, x1, r, c, y0, y1, d);
        continue;
      }
      const xs = [x0, ...[...cx].sort((p, q) => p - q), x1];
      for (let i = 0; i + 1 < xs.length; i++) {
        const [px0, px1] = [xs[i]!, xs[i + 1]!];
        // A part thinner than a stroke lies between two edges: a rule or a window border, which
        // goes with the tile (a light separator in a dark theme turns dark like its text).
        const thin = px1 - px0 < MIN_PART;
        decide(px0, px1, r, c, y0, y1, thin ? d : isDark(px0, y0, px1, y1));
      }
    }
  }
  stretchTiles(out, width, height, tile, cutsX, hist);
  return { pgm, width, height, invertedShare: width * height > 0 ? inverted / (width * height) : 0 };
}

/**
 * Whether a mid-grey tile's text is lighter than its background: white text on a coloured block
 * (a calendar's event, a tag, a button) whose grey is above the dark threshold (salmon, orange, a
 * light blue). Stretched as paper, its background went white and took the lighter text with it (the
 * screen bench's day-5 calendar read none of its events). The ink is the tail of the tile's greys
 * far from the median: lighter than it by more than it is darker. `hist` holds the tile's greys.
 */
function lightInk(hist: Uint32Array, n: number, median: number): boolean {
  if (median >= LIGHT_INK_BELOW) return false;
  const lo = percentile(hist, n, 0.05);
  const hi = percentile(hist, n, 0.95);
  return hi - median >= LIGHT_INK_STEP && hi - median > 2 * (median - lo);
}

/** The grey below which `share` of a tile's `n` pixels lie. */
function percentile(hist: Uint32Array, n: number, share: number): number {
  const want = n * share;
  let acc = 0;
  for (let g = 0; g < 256; g++) {
    acc += hist[g]!;
    if (acc >= want) return g;
  }
  return 255;
}

/** The median grey of a rectangle (hist is scratch space, 256 bins). */
function medianGrey(px: Uint8Array, width: number, x0: number, y0: number, x1: number, y1: number, hist: Uint32Array): number {
  hist.fill(0);
  for (let y = y0; y < y1; y++) {
    const row = y * width;
    for (let x = x0; x < x1; x++) hist[px[row + x]!]!++;
  }
  const half = ((x1 - x0) * (y1 - y0)) / 2;
  let acc = 0;
  let median = 0;
  for (; median < 256; median++) {
    acc += hist[median]!;
    if (acc >= half) break;
  }
  return median;
}

/**
 * Brings each tile's background up to white, ink kept at its darkness: a coloured or grey region
 * (an event pill in a dark calendar, a button, a shaded header) comes out of inversion mid-grey with
 * black text, and tesseract's one threshold for the whole page then took the region for ink and
 * lost its text (a dark week calendar's pills were not read at all). Every background short of
 * white is stretched, light greys too: an inverted dark theme (#1e1e1e turns 225) beside white
 * (an inverted black desktop, a light window) gives the page two paper levels, and where white
 * outweighs the ink, as on a 1920x1080 screen with one terminal, tesseract's threshold fell between
 * them and read the whole window as ink (the capture bench's dark pages read 0% at that size). A cut
 * tile (see uprightCuts) is stretched part by part, so a window's edge strip comes up white with its
 * window; greys within SAME_PAPER of a differing neighbour tile's paper are that neighbour's paper
 * (a dark calendar's pill reaching into a tile of page read 'Design critique' as '(oe gn critique').
 * Tiles whose middle grey is ink (at most STRETCH_FLOOR) are left as they are.
 */
function stretchTiles(out: Uint8Array, width: number, height: number, tile: number, cutsX: Map<number, Set<number>>, hist: Uint32Array): void {
  const cols = Math.ceil(width / tile);
  const rows = Math.ceil(height / tile);
  const medians = new Uint8Array(cols * rows);
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) medians[r * cols + c] = medianGrey(out, width, c * tile, r * tile, Math.min(width, (c + 1) * tile), Math.min(height, (r + 1) * tile), hist);
  const papers: number[] = [];
  // The grey map of the last part stretched: neighbouring tiles mostly share a median and papers.
  const lut = new Uint8Array(256);
  let lutKey = '';
  const stretch = (x0: number, x1: number, y0: number, y1: number, median: number) => {
    if (median <= STRETCH_FLOOR || (median >= 255 && !papers.length)) return;
    const key = `${median} ${papers.join(' ')}`;
    if (key !== lutKey) {
      const k = 255 / median;
      for (let v = 0; v < 256; v++) lut[v] = papers.some((p) => Math.abs(v - p) <= SAME_PAPER) ? 255 : Math.min(255, Math.round(v * k));
      lutKey = key;
    }
    for (let y = y0; y < y1; y++) for (let x = x0, i = y * width + x0; x < x1; x++, i++) out[i] = lut[out[i]!]!;
  };
  for (let y0 = 0, r = 0; y0 < height; y0 += tile, r++) {
    for (let x0 = 0, c = 0; x0 < width; x0 += tile, c++) {
      const x1 = Math.min(width, x0 + tile);
      const y1 = Math.min(height, y0 + tile);
      const whole = medians[r * cols + c]!;
      // The paper of a neighbouring tile that differs from this one's: a region whose edge is too
      // short to cut along (a pill, a button: see uprightCuts) reaching into this tile comes up
      // white with the rest of it, not as a mid-grey sliver beside its first letter.
      papers.length = 0;
      for (const [dr, dc] of [[0, -1], [0, 1], [-1, 0], [1, 0]] as const) {
        const [nr, nc] = [r + dr, c + dc];
        if (nr < 0 || nc < 0 || nr >= rows || nc >= cols) continue;
        const m = medians[nr * cols + nc]!;
        if (m > STRETCH_FLOOR && m < 255 && Math.abs(m - whole) > EDGE_STEP) papers.push(m);
      }
      const cx = cutsX.get(r * cols + c);
      if (!cx) {
        stretch(x0, x1, y0, y1, whole);
        continue;
      }
      // A part thinner than a stroke (a border between two edges) goes with the whole tile.
      const xs = [x0, ...[...cx].sort((p, q) => p - q), x1];
      for (let i = 0; i + 1 < xs.length; i++) {
        const [px0, px1] = [xs[i]!, xs[i + 1]!];
        stretch(px0, px1, y0, y1, px1 - px0 < MIN_PART ? whole : medianGrey(out, width, px0, y0, px1, y1, hist));
      }
    }
  }
}

/**
 * Paints out solid blocks about the size of a character cell (at least 5 px wide and 10 tall, no
 * more than three times as tall as wide, 64 px wide at most) that stand out from what is around
 * them on all four sides: a terminal's block cursor, a caret, a filled icon. No glyph is a solid
 * block of that shape. Tesseract joins a block cursor to the line above it and loses that line's
 * first word (`Customer 4471 ...` above one was read as `gee 4471 ...`), and a cursor more than
 * half a tile's size turns its tile's decision. Done on the grey image, either polarity.
 */
function clearBlocks(px: Uint8Array, width: number, height: number): void {
  interface Stack {
    x0: number;
    x1: number;
    y0: number;
    rows: number;
    v: number;
  }
  const same = (a: number, b: number) => Math.abs(a - b) <= BLOCK_EVEN;
  const apart = (a: number, b: number) => Math.abs(a - b) > EDGE_STEP;
  /** Share of the row's pixels in [x0, x1) that stand out from v (the rows above and below a block). */
  const bounded = (y: number, x0: number, x1: number, v: number) => {
    if (y < 0 || y >= height) return true;
    let n = 0;
    for (let x = x0; x < x1; x++) if (apart(px[y * width + x]!, v)) n++;
    return n >= (x1 - x0) * 0.8;
  };
  const close = (st: Stack) => {
    const w = st.x1 - st.x0;
    if (st.rows < 10 || st.rows > 3 * w || !bounded(st.y0 - 1, st.x0, st.x1, st.v) || !bounded(st.y0 + st.rows, st.x0, st.x1, st.v)) return;
    const mid = (st.y0 + (st.rows >> 1)) * width;
    const fill = st.x0 > 0 ? px[mid + st.x0 - 1]! : px[mid + st.x1]!;
    for (let y = st.y0; y < st.y0 + st.rows; y++) px.fill(fill, y * width + st.x0, y * width + st.x1);
  };
  let open: Stack[] = [];
  for (let y = 0; y <= height; y++) {
    const next: Stack[] = [];
    if (y < height) {
      const row = y * width;
      for (let x = 1; x < width; ) {
        // A run of even grey that stands out from the pixels just left and right of it.
        const v = px[row + x]!;
        if (!apart(v, px[row + x - 1]!)) {
          x++;
          continue;
        }
        const x0 = x;
        while (x < width && same(px[row + x]!, v)) x++;
        const w = x - x0;
        if (w < 5 || w > 64 || x >= width || !apart(px[row + x]!, v)) continue;
        const i = open.findIndex((st) => Math.abs(st.x0 - x0) <= 1 && Math.abs(st.x1 - x) <= 1 && same(st.v, v));
        if (i >= 0) {
          const st = open[i]!;
          open.splice(i, 1);
          next.push({ ...st, x0: Math.min(st.x0, x0), x1: Math.max(st.x1, x), rows: st.rows + 1 });
        } else next.push({ x0, x1: x, y0: y, rows: 1, v });
      }
    }
    for (const st of open) close(st);
    open = next;
  }
}

/**
 * Where tiles are cut (tile index to the columns that cut it): along long upright edges, where the
 * grey steps sharply between neighbours on an unbroken run at least EDGE_RUN tiles long, in each
 * tile it crosses for at least MIN_PART pixels. Window and panel edges run on past a tile; a glyph's
 * stem or a block cursor ends within a tile and a half. Only upright edges cut: the letters lost
 * were the first of each line, at a window's left edge. Level edges do not: in a line of CJK glyphs
 * the horizontal strokes line up from glyph to glyph into one long edge, and a strip cut along it
 * was judged dark and inverted (a Chinese page's second line was read as Latin garbage).
 */
function uprightCuts(grey: Uint8Array, width: number, height: number, tile: number): Map<number, Set<number>> {
  const cols = Math.ceil(width / tile);
  const [aMax, bMax] = [width, height];
  const at = (a: number, b: number) => b * width + a;
  const cuts = new Map<number, Set<number>>();
  const add = (a: number, b0: number, b1: number) => {
    if (a % tile === 0) return; // on a tile's border already
    for (let t = Math.floor(b0 / tile); t * tile < b1; t++) {
      if (Math.min(b1, (t + 1) * tile) - Math.max(b0, t * tile) < MIN_PART) continue;
      const key = t * cols + Math.floor(a / tile);
      let set = cuts.get(key);
      if (!set) cuts.set(key, (set = new Set()));
      set.add(a);
    }
  };
  const minRun = EDGE_RUN * tile;
  for (let a = 1; a < aMax; a++) {
    let start = -1;
    for (let b = 0; b <= bMax; b++) {
      const d = b < bMax ? grey[at(a, b)]! - grey[at(a - 1, b)]! : 0;
      if (d > EDGE_STEP || d < -EDGE_STEP) {
        if (start < 0) start = b;
      } else if (start >= 0) {
        if (b - start >= minRun) add(a, start, b);
        start = -1;
      }
    }
  }
  return cuts;
}

/** Cuts a rectangle out of a grey image (for OCR of the changed part of a screen only). */
export function cropGrey(grey: Uint8Array, width: number, x: number, y: number, w: number, h: number): Uint8Array {
  const out = new Uint8Array(w * h);
  for (let row = 0; row < h; row++) out.set(grey.subarray((y + row) * width + x, (y + row) * width + x + w), row * w);
  return out;
}
