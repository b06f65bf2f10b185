import { openStore, resolveKeyProvider, type EngramStore, type KeyProvider } from '../../agents/store/index.js';
import { embedderFrom } from './embedder-choice.js';
import type { EnvReader } from './model-choice.js';

export interface OpenEngramOptions {
  dataDir: string;
  /** Where the master key comes from (the desktop app: the keychain-wrapped key); default $ENGRAM_KEY, else the data dir's key file. */
  keyProvider?: KeyProvider;
  /** 'default': the embedder $ENGRAM_EMBEDDER names (as for every host); 'none': a command that never searches by meaning. */
  embedder?: 'default' | 'none';
  /** Environment read for the embedder choice (default process.env). */
  env?: EnvReader;
  /** A one-shot command's wait for a query's vector (see EngineOptions.meaningWaitMs). */
  meaningWaitMs?: number | null;
}

/**
 * An open store as a host holds it: where it is, and close(). The store itself stays inside the
 * engine (startEngram takes the handle), so a host reads and writes only through the handler map.
 */
export interface OpenedStore {
  readonly dataDir: string;
  close(): Promise<void>;
}

const opened = new WeakMap<OpenedStore, EngramStore>();

/** Opens (creating if needed) the encrypted store of a data dir, so the desktop app, the CLI and startEngram pick the embedder the same way. */
export function openEngramStore(opts: OpenEngramOptions): Promise<EngramStore> {
  const env = opts.env ?? process.env;
  const keyProvider = opts.keyProvider ?? resolveKeyProvider(opts.dataDir, { ...env });
  return openStore({ dataDir: opts.dataDir, keyProvider, embedder: embedderFrom(env, opts.embedder ?? 'default'), meaningWaitMs: opts.meaningWaitMs });
}

/**
 * Opens the store for a host that must know the key works before it starts anything else (the
 * desktop app's passphrase page): the one place a host's store is opened. Pass the handle to
 * startEngram; the host closes it after the engine.
 */
export async function openEngram(opts: OpenEngramOptions): Promise<OpenedStore> {
  const store = await openEngramStore(opts);
  const handle: OpenedStore = { dataDir: store.dataDir, close: () => store.close() };
  opened.set(handle, store);
  return handle;
}

/** The store behind a handle openEngram gave, or null for anything else. */
export function storeOf(handle: object): EngramStore | null {
  return opened.get(handle as OpenedStore) ?? null;
}
