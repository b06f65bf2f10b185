import type { EngramStore, KeyProvider } from '../../agents/store/index.js';

/** The environment as a host reads it (process.env, or a test's own object); the engine's EnvReader is the same shape. */
export type EnvReader = Readonly<Record<string, string | undefined>>;

/** Where a host's engine opens its store (the engine opens it, and closes it on close()). */
export interface StoreLocation {
  dataDir: string;
  keyProvider: KeyProvider;
  /** 'default': the embedder $ENGRAM_EMBEDDER names; 'none': a command that never searches by meaning. */
  embedder?: 'default' | 'none';
}

/** A store the engine opens and owns: where it lives, or (tests, tools) a function that opens it. */
export type StoreSource = StoreLocation | (() => Promise<EngramStore>);
