import { HashEmbedder, UseEmbedder, type Embedder } from '../../agents/store/index.js';
import type { EnvReader } from './model-choice.js';

/**
 * ENGRAM_EMBEDDER=none|hash|use (default use), the same for every host, so one data dir works
 * with all of them. `none` from the caller: a command that never searches by meaning.
 */
export function embedderFrom(env: EnvReader, pref: 'default' | 'none' = 'default'): Embedder | null {
  if (pref === 'none') return null;
  const choice = (env.ENGRAM_EMBEDDER ?? 'use').toLowerCase();
  if (choice === 'none') return null;
  if (choice === 'hash') return new HashEmbedder(256);
  return new UseEmbedder();
}
