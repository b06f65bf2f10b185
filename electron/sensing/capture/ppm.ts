/** Parses a binary PPM (P6, maxval 255), the cheapest format ImageMagick can write to a pipe. */
export interface RawRgb {
  width: number;
  height: number;
  data: Buffer;
}

export function parsePpm(buf: Buffer): RawRgb {
  let pos = 0;
  const tokens: string[] = [];
  while (tokens.length < 4 && pos < buf.length) {
    // Skip whitespace and comments between header tokens.
    while (pos < buf.length && (isSpace(buf[pos]!) || buf[pos] === 0x23)) {
      if (buf[pos] === 0x23) while (pos < buf.length && buf[pos] !== 0x0a) pos++;
      else pos++;
    }
    const start = pos;
    while (pos < buf.length && !isSpace(buf[pos]!)) pos++;
    tokens.push(buf.toString('latin1', start, pos));
  }
  pos++; // the single whitespace byte after maxval
  const [magic, w, h, max] = tokens;
  const width = Number(w);
  const height = Number(h);
  if (magic !== 'P6' || max !== '255' || !Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) {
    throw new Error(`not an 8-bit P6 image (header ${tokens.join(' ').slice(0, 40)})`);
  }
  const size = width * height * 3;
  if (buf.length - pos < size) throw new Error(`truncated PPM: ${buf.length - pos} of ${size} bytes`);
  return { width, height, data: buf.subarray(pos, pos + size) };
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** Copies a rectangle out of a packed RGB image. */
export function cropRgb(img: RawRgb, x: number, y: number, width: number, height: number): RawRgb {
  const x0 = Math.max(0, Math.min(img.width, x));
  const y0 = Math.max(0, Math.min(img.height, y));
  const w = Math.max(0, Math.min(img.width - x0, width));
  const h = Math.max(0, Math.min(img.height - y0, height));
  if (x0 === 0 && y0 === 0 && w === img.width && h === img.height) return img;
  const out = Buffer.allocUnsafe(w * h * 3);
  for (let row = 0; row < h; row++) {
    const src = ((y0 + row) * img.width + x0) * 3;
    img.data.copy(out, row * w * 3, src, src + w * 3);
  }
  return { width: w, height: h, data: out };
}
