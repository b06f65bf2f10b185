export * from './kinds.js';
export * from './fields.js';
export * from './memory.js';
export * from './message-input.js';
