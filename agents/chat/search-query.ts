/**
 * Turns what is left of a question (time expression removed) into a search query: the words that
 * carry its topic. Question scaffolding ("what did we discuss about") only adds noise to BM25 and
 * drags vector search toward other questions, so it is dropped.
 */
const STOP = new Set(
  `a about above after again all also am an and any anything are around as at be been before being
  between both but by can could did do does doing done during each else ever every few for from get got
  had has have having he her here hers him his how i i'd i'm i've if in into is it it's its just know
  let me might mine more most much my myself need no nor not now of off on once one only or other our
  ours ourselves out over own please remember remind same saw see seen she should show so some
  something tell than that that's the their theirs them then there these they thing things this those
  through to too under until up us very was wasn't we we're were what what's when where where's which
  while who whom whose why will with would you you're your yours yourself discuss discussed discussing
  talk talked talking say said mention mentioned look looked looking find found happen happened
  happening recall recently lately earlier ago today yesterday learn learned learnt
  work worked working`
    .split(/\s+/)
    .filter(Boolean),
);

/** Longest question text used for retrieval; the model still sees the whole (bounded) question. */
export const MAX_QUERY_CHARS = 2_000;

export function searchQueryOf(text: string): string {
  const words = text
    .slice(0, MAX_QUERY_CHARS)
    .replace(/[“”"«»]/g, ' ')
    .split(/[^\p{L}\p{N}'@._/:#+-]+/u)
    .map((w) => w.replace(/^['._:/-]+|['._:/-]+$/g, ''))
    .filter((w) => w.length > 0 && !STOP.has(w.toLowerCase()));
  return words.join(' ');
}
