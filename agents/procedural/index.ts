/** agents/procedural: the procedural memory agent (guides, workflows, and experiences from tool calls). */
export { ProceduralAgent, PROCEDURAL_PROMPT, guideText, numbered, seenFrom } from './procedural-agent.js';
export { findStepLists, sequenceIn, stepListsIn, type FoundSteps } from './step-lists.js';
export { howTosIn, answeredHowTos, type ProseHowTo } from './prose-how-tos.js';
export { statedExperiences, type StatedExperience } from './stated-experiences.js';
export { isInstruction } from './instructions.js';
export { commandsIn, screenFixes, screenWorkflows, type ScreenCommand, type ScreenFix, type ScreenWorkflow } from './screen-commands.js';
