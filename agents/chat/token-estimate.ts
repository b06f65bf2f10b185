/**
 * Estimates the tokens a text costs a Claude-style BPE tokenizer without shipping the tokenizer.
 * Plain chars/4 undercounts text full of numbers, ids and punctuation (timestamps, URLs, [n]
 * markers), which is what a memory prompt is made of; counting word pieces and symbols separately
 * tracks real counts more closely. Short common words are one token; long words cost about one
 * token per 4 characters; digits tokenize in groups of up to 3; each symbol is one token.
 */
export function estimateTokens(text: string): number {
  let tokens = 0;
  const re = /(\p{L}+)|(\p{N}+)|([^\s\p{L}\p{N}])/gu;
  for (const m of text.matchAll(re)) {
    if (m[1] !== undefined) tokens += Math.max(1, Math.ceil(m[1].length / 4));
    else if (m[2] !== undefined) tokens += Math.ceil(m[2].length / 3);
    else tokens += 1;
  }
  return tokens;
}
