/** shared/layout: a screen's OCR word boxes read back as lines of cells (rows and columns). Pure TypeScript. */
export { readLines, type LayoutCell, type LayoutLine, type LineReading, type PlacedWord } from './lines.js';
