import type { PassageMatch } from '../../shared/index.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { splitPassages } from '../../agents/store/passage-split.js';
import { factSentence, type FactSentence } from '../../agents/chat/fact-sentence.js';
import { browsedScreen, screenPassage } from './screen-memory.js';

const fmt = new TimeFormatter('UTC');

/** The offline lead for a question over one page, split into passages as the store splits a screen (each its own rank, one sighting). */
export function askPage(q: string, title: string, text: string, at: string): FactSentence | null {
  const ps: PassageMatch[] = splitPassages(text).map((s, i) => screenPassage(s.text, title, 5 - i * 0.3, at, { kind: s.kind, observationId: 'obs_1' }));
  return factSentence(q, browsedScreen(title, at, ps), fmt, undefined, { screens: () => ps });
}

/** A sure lead's sentence without where it was seen; "(not stated) …" for a guess or "I don't know", "(nothing)" for no lead. */
export const statedLead = (f: FactSentence | null) => (!f ? '(nothing)' : f.known ? f.text.split(' — seen')[0]! : `(not stated) ${f.text}`);
