/**
 * A screen's lines as the sentences its steps and rules are said in, each without its marker ("3.",
 * "Step 2:", a bullet). OCR and the passage splitter run a list's items into one paragraph ("- Export
 * as PDF. - Add 5 mm margin."), so items are cut at a marker after a sentence's end too.
 */
const MARKER = /^\s*(?:(?:step\s+)?\d{1,2}[.):]\s*|[-•*▪◦‣●○–]\s+)/iu;
/**
 * A sentence's end, before the next sentence, bullet or numbered step; a colon before a numbered step
 * ("freezes: 1. Hold …"); and a heading OCR ran into a condition after it ("Card payments If the reader …").
 * Not a question mark: "Parcel missing? Report it …" is one step, its condition asked first.
 */
const END = /(?<=[.!])\s+(?=(?:[-•*▪◦‣●○–]\s+|\d{1,2}[.)]\s+)?["“(]?\p{Lu})|(?<=:)\s+(?=\d{1,2}[.)]\s+\p{Lu})|(?<=[\p{L}\d])\s+(?=(?:If|When|Should|In case of)\s)/u;

export function stepSentences(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    for (const piece of line.trim().split(END)) {
      const s = piece.replace(MARKER, '').trim();
      if (s) out.push(s);
    }
  }
  return out;
}
