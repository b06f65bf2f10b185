/** agents/memory: the encrypted memory store (the door every other room uses). */
export { openStore, EngramStore, type OpenStoreOptions } from './store.js';
export { StoreError, type StoreErrorCode } from './errors.js';
export { type KeyProvider, EnvKeyProvider, FileKeyProvider, StaticKeyProvider, resolveKeyProvider, parseKey, KEY_FILE_NAME } from './key-provider.js';
export { type Embedder, normalize } from './embedder.js';
export { HashEmbedder } from './hash-embedder.js';
export { UseEmbedder } from './use-embedder.js';
export { DEFAULT_WEIGHTS, type RetrievalWeights } from './retriever.js';
export { LATEST_SCHEMA_VERSION } from './migrations/index.js';
export { DB_FILE_NAME } from './database.js';
export { newId, isValidId } from './ids.js';
export { maskSecret } from './memory-codec.js';
export { queryTerms, queryEntities } from './query-text.js';
export type { LlmCallRecord, LlmUsageSummary } from './llm-call-repo.js';
export type * from './types.js';
export { defaultDataDir } from './data-dir.js';
