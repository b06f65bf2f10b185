import { openStore, type EngramStore, type KeyProvider } from '../../agents/store/index.js';
import { embedderFrom } from './embedder-choice.js';
import type { EnvReader } from './model-choice.js';

export interface OpenEngramOptions {
  dataDir: string;
  keyProvider: KeyProvider;
  /** 'default': the embedder $ENGRAM_EMBEDDER names (as for every host); 'none': a command that never searches by meaning. */
  embedder?: 'default' | 'none';
  /** Environment read for the embedder choice (default process.env). */
  env?: EnvReader;
}

/**
 * Opens (creating if needed) the encrypted store of a data dir: the one place a host's store is
 * opened, so the desktop app, the CLI and startEngram pick the embedder the same way.
 */
export function openEngram(opts: OpenEngramOptions): Promise<EngramStore> {
  return openStore({ dataDir: opts.dataDir, keyProvider: opts.keyProvider, embedder: embedderFrom(opts.env ?? process.env, opts.embedder ?? 'default') });
}
