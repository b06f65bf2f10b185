/** Settings schemas shared by the core, the UI and the CLI. */
export * from './brain.js';
export * from './capture.js';
export * from './ocr-languages.js';
export * from './redaction.js';
export * from './model-fallbacks.js';
export * from './caption-misses.js';
export * from './mcp.js';
export * from './syncthing.js';
