export * from './kinds.js';
export * from './fields.js';
export * from './memory.js';
export * from './message-input.js';
// One memory as one line of text: chat's prompt and the CLI's sources print the same line.
export { clip, collapse, isExperience, memoryLine, memoryTime, passageAllowance, withTitle } from './memory-line.js';
