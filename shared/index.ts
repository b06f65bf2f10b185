/** shared/: pure TypeScript (no Node, no DOM) types and contracts used by every room. */
export * from './memory/index.js';
