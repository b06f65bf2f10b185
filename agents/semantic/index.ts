/** agents/semantic: the semantic memory agent (entities and facts, newest value wins). */
export { SemanticAgent, SEMANTIC_PROMPT } from './semantic-agent.js';
export { findEntities, recurs, type EntityType, type FoundEntity } from './entity-finder.js';
export { statedFacts, type StatedFact } from './fact-patterns.js';
export { screenFacts, type ScreenFact } from './screen-facts.js';
