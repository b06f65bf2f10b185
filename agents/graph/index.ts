/** agents/graph: entities and n-ary facts read out of memories (MIRIX's graph), offline. */
export { buildGraph, type GraphBuildReport } from './graph-builder.js';
export { extractGraph, type Extraction, type ExtractedEntity, type ExtractedFact, type GraphSourceMemory } from './entity-extractor.js';
export { GraphKeeper, type GraphStore } from './graph-keeper.js';
export { ModelGraphSchema, checkModelGraph, recordModelGraph, type ModelGraph } from './model-graph.js';
