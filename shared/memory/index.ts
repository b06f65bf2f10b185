export * from './kinds.js';
export * from './fields.js';
export * from './memory.js';
export * from './message-input.js';
// One memory as one line of text: chat's prompt and the CLI's sources print the same line.
export { clip, collapse, isExperience, memoryLine, memoryTime, passageAllowance, withTitle } from './memory-line.js';
// Observed text quoted to a model between delimiters it cannot close: the brain's batches, chat's memories.
export { OBSERVED_CLOSE, OBSERVED_OPEN, OBSERVED_RULE, defuseDelimiters, quoteObserved } from './observed-quote.js';
