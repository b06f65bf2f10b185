/** agents/runtime: small process-level helpers shared by every room (worker start-up, packaged paths, lazy compromise, lazy WordNet). */
export { startWorker, withoutTsx } from './start-worker.js';
export { asarUnpackedTwin, resolvePackagedPath, type PackagedPathKind } from './packaged-path.js';
export { nlp } from './compromise.js';
export { labelKin, labelPhrasesIn, phraseToken } from './label-kin.js';
export { closeKin, nounSenses, onlyVerb, wordKin, wordKinCacheSize } from './wordnet.js';
export { defaultCodeCacheDir, isPrivateDir, privateTempCacheDir, requireWithCodeCache, type CachedModule } from './code-cache.js';
