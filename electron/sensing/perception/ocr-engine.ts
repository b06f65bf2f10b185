/** What OCR gives back: the text, and its lines with boxes so a later frame can reuse unchanged lines. */
export interface OcrBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface OcrWord {
  text: string;
  bbox: OcrBox;
  /** Tesseract's confidence in this word, 0..100 (kept with the frame's word boxes). */
  confidence?: number;
}

export interface OcrLine {
  text: string;
  confidence: number;
  bbox: OcrBox;
  /** Its words with their boxes (tesseract's), so a secret found in the text can be masked in the image. */
  words?: OcrWord[];
}

export interface OcrResult {
  text: string;
  /** Mean confidence 0..100 (tesseract's scale). */
  confidence: number;
  lines: OcrLine[];
}

/** A prepared greyscale image: binary PGM (P5), which tesseract reads without any decode work. */
export interface OcrImage {
  pgm: Buffer;
  width: number;
  height: number;
  /**
   * Page layout: 'auto' (tesseract PSM 3: finds columns; for whole screens; PSM 6 when Chinese or
   * Japanese is chosen, see wholeScreenPsm) or 'block' (PSM 6: one block of lines, no layout analysis; for strips of changed lines, about a third cheaper).
   */
  layout?: 'auto' | 'block';
}

/** The OCR seam: tesseract.js in production, a fake in queue tests. */
export interface OcrEngine {
  recognize(image: OcrImage): Promise<OcrResult>;
  /** Stops workers now; a later recognize() may start them again. */
  stop(): Promise<void>;
  /** Running workers (for status and tests of the idle stop). */
  readonly activeWorkers: number;
}
