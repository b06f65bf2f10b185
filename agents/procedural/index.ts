/** agents/procedural: the procedural memory agent (guides, workflows, and experiences from tool calls). */
export { ProceduralAgent, PROCEDURAL_PROMPT, guideText, numbered } from './procedural-agent.js';
export { findStepLists, sequenceIn, stepListsIn, type FoundSteps } from './step-lists.js';
export { commandsIn, screenFixes, screenWorkflows, type ScreenCommand, type ScreenFix, type ScreenWorkflow } from './screen-commands.js';
