/** agents/runtime: small process-level helpers shared by every room (worker start-up, packaged paths). */
export { startWorker } from './start-worker.js';
export { asarUnpackedTwin, resolvePackagedPath, type PackagedPathKind } from './packaged-path.js';
