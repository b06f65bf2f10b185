import { findSecretsIn, secretsByLayout, type LaidOutSecret, type RedactionSwitches } from '../../../shared/redaction/index.js';
import type { FrameWord } from '../../../agents/store/index.js';
import type { OcrBox, OcrResult } from '../perception/index.js';

/** A word of an OCR result placed in the text its words make (lines joined by \n, words by a space). */
export interface WordSpan {
  start: number;
  end: number;
  text: string;
  bbox: OcrBox;
  confidence: number;
}

/** The words of every line as one text, so a secret labelled on one line and shown on the next is found as in the stored text; a line without word boxes counts as one word. */
export function wordSpans(result: OcrResult): { text: string; spans: WordSpan[] } {
  const spans: WordSpan[] = [];
  let text = '';
  for (const line of result.lines) {
    if (text) text += '\n';
    const words = line.words?.length ? line.words : [{ text: line.text, bbox: line.bbox, confidence: line.confidence }];
    words.forEach((w, i) => {
      if (i > 0) text += ' ';
      spans.push({ start: text.length, end: text.length + w.text.length, text: w.text, bbox: w.bbox, confidence: w.confidence ?? line.confidence });
      text += w.text;
    });
  }
  return { text, spans };
}

/**
 * Secrets whose label and value OCR read as separate blocks (a settings pane's label column and
 * value column), paired again by their word boxes; every text made of this result masks them.
 */
export function laidOutSecrets(result: OcrResult): LaidOutSecret[] {
  const words = result.lines.flatMap((line) => (line.words?.length ? line.words : [{ text: line.text, bbox: line.bbox }]));
  return secretsByLayout(words.map((w) => ({ text: w.text, ...w.bbox })));
}

/** What a redacted word's text becomes in the stored boxes: its box stays (nothing to read in it), its text does not. */
export const REDACTED_WORD = '[redacted]';

/**
 * The words to keep with a frame: every word OCR read, with its box and confidence, and the words
 * holding a secret (by the same switches as the observation's text) replaced by REDACTED_WORD.
 * Empty when the whole text has a secret these words do not account for (fail closed: no words
 * rather than a secret in them).
 */
export function wordsToKeep(result: OcrResult, switches: RedactionSwitches, laidOut: readonly LaidOutSecret[] = laidOutSecrets(result)): FrameWord[] {
  const { text, spans } = wordSpans(result);
  const found = findSecretsIn(text, switches, laidOut);
  if (findSecretsIn(result.text, switches, laidOut).length > found.length) return [];
  return spans
    .filter((w) => w.text.trim())
    .map((w) => ({
      text: found.some((s) => w.start < s.end && w.end > s.start) ? REDACTED_WORD : w.text,
      x0: w.bbox.x0,
      y0: w.bbox.y0,
      x1: w.bbox.x1,
      y1: w.bbox.y1,
      confidence: w.confidence,
    }));
}
