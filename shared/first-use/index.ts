/** shared/first-use: the one way a costly library is loaded on its first use rather than at start-up. Pure TypeScript. */
export { onFirstUse, onFirstUseSync, type LazyModule } from './first-use.js';
