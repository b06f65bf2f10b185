import { foldOcr } from '../../../agents/store/index.js';
import type { FrameLink, FrameWordsDto } from '../../../shared/api/index.js';
import { fail } from '../errors.js';
import type { ApiDeps } from '../deps.js';
import type { HandlerGroup } from '../handler-types.js';

const MAX_LINKS = 5;
// Absolute paths as editors and terminals show them: /home/…, ~/…, C:\…
const PATH = /(?:^|[\s"'(])((?:~|\/)[\w.+@-]*(?:\/[\w.+@-]+)+|[A-Za-z]:\\[\w.+@ -]*(?:\\[\w.+@-]+)+)/g;

const bare = (w: string) => foldOcr(w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''));

/** The query's words as the frame's words are compared with them: folded for OCR's confusions, two letters at least. */
export function queryTerms(query: string): string[] {
  return [...new Set(query.split(/\s+/).map(bare).filter((t) => t.length >= 2))];
}

/** Indexes of the words holding one of the terms (a term inside a longer word counts: OCR glues words). */
export function matchingWords(words: readonly { text: string }[], terms: readonly string[]): number[] {
  if (!terms.length) return [];
  const out: number[] = [];
  words.forEach((w, i) => {
    const b = bare(w.text);
    if (b && terms.some((t) => b.includes(t))) out.push(i);
  });
  return out;
}

/** What a moment can open again: its page (http/https only) and the file paths on it or in its title. */
export function linksOf(url: string | null, title: string | null, words: readonly { text: string }[]): FrameLink[] {
  const links: FrameLink[] = [];
  if (url) {
    try {
      const u = new URL(url);
      if ((u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password) links.push({ kind: 'url', target: u.toString() });
    } catch {
      // Not an address.
    }
  }
  const seen = new Set<string>();
  for (const text of [title ?? '', words.map((w) => w.text).join(' ')]) {
    for (const m of text.matchAll(PATH)) {
      const p = m[1]!;
      if (seen.has(p) || p.includes('[redacted')) continue;
      seen.add(p);
      links.push({ kind: 'path', target: p });
      if (links.length >= MAX_LINKS) return links;
    }
  }
  return links;
}

/** frames.words: a screenshot's words with boxes, the query's matches among them, and what it can open again. */
export function frameWordsHandlers(deps: ApiDeps): HandlerGroup<'frames.words'> {
  const { store } = deps;
  return {
    'frames.words': (input) => {
      let frame = store.frames.get(input.id);
      const obs = frame ? null : store.observations.get(input.id);
      if (!frame && obs?.frame_id) frame = store.frames.get(obs.frame_id);
      if (!frame) fail('NOT_FOUND', 'That screenshot no longer exists.');
      const kept = store.frameWords.get(frame.id);
      const words = (kept?.words ?? []).map((w) => ({ text: w.text, box: [w.x0, w.y0, w.x1, w.y1] as [number, number, number, number], confidence: w.confidence }));
      const app = obs?.app ?? frame.app;
      const title = obs?.title ?? frame.title;
      const url = obs?.url ?? frame.url;
      const out: FrameWordsDto = {
        frame_id: frame.id,
        at: new Date(frame.captured_at).toISOString(),
        app,
        title,
        url,
        width: kept?.width ?? 0,
        height: kept?.height ?? 0,
        words,
        matches: matchingWords(words, queryTerms(input.query)),
        links: linksOf(url, title, words),
      };
      return out;
    },
  };
}
