/** shared/process-memory: the malloc and V8 settings a long-running capture starts with (issue 34). */
export * from './capture-malloc.js';
