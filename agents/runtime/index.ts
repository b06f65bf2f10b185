/** agents/runtime: small process-level helpers shared by every room (worker start-up). */
export { startWorker } from './start-worker.js';
