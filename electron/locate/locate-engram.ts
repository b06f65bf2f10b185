import { resolve } from 'node:path';
import { defaultDataDir, keysDir, resolveKeyProvider } from '../../agents/store/index.js';
import type { EnvReader, StoreLocation } from './store-location.js';

/** Where Engram keeps its data and, outside it, its key files, as a host tells the user (engram --help). */
export function engramPlaces(env: EnvReader = process.env): { dataDir: string; keysDir: string } {
  return { dataDir: defaultDataDir({ ...env }), keysDir: keysDir({ ...env }) };
}

/** A data dir found for a host: the folder, and where its engine opens the store (the key is looked up when it does). */
export interface EngramPlace {
  readonly dataDir: string;
  store(opts?: { embedder?: 'default' | 'none' }): StoreLocation;
}

/**
 * Finds a host's data dir (the one it was given, else $ENGRAM_DATA_DIR, else the platform's
 * app-data folder) and its master key ($ENGRAM_KEY, else the data dir's key file, created on first
 * use; `notice` hears about that). The desktop app, which wraps its key with the OS keychain,
 * passes its own key to openEngram instead.
 */
export function locateEngram(opts: { dataDir?: string; env: EnvReader; notice?: (line: string) => void }): EngramPlace {
  const env = { ...opts.env };
  const dataDir = resolve(opts.dataDir ?? defaultDataDir(env));
  return {
    dataDir,
    store: (o) => ({ dataDir, keyProvider: resolveKeyProvider(dataDir, env, opts.notice), embedder: o?.embedder }),
  };
}
