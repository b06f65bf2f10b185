import { createRequire } from 'node:module';
import type Compromise from 'compromise';

// compromise loads with its first use, from its one-file CommonJS build: no start-up cost in a
// process that reads no text (many test files and CLI commands import the rooms that use it), and
// half its ES modules' cost in one that does (0.45 s of CPU instead of 0.95 s; the same lexicon
// and tags). One loader for every room that reads names, instructions or entities.
let compromise: typeof Compromise | undefined;

/** compromise's `nlp(text)`, loading the library on the first call. */
export function nlp(text: string): ReturnType<typeof Compromise> {
  compromise ??= createRequire(import.meta.url)('compromise') as typeof Compromise;
  return compromise(text);
}
