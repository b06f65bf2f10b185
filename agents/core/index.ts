/** agents/core: the core memory agent (the `human` and `persona` blocks always in the prompt). */
export { CoreAgent, CORE_PROMPT, readCoreBlocks, type CoreBlock } from './core-agent.js';
export { DEFAULT_CORE_LIMIT, appendToBlock, blockLines, compressBlock, lineKey, renderBlock } from './core-block.js';
export { selfFacts, type CoreLine } from './self-facts.js';
export { CoreInstructionRefused, coreLineProblem, guardCoreLines, wordsFromAnswer } from './core-guard.js';
