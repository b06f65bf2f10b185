import { describe, expect, it } from 'vitest';
import { selectionPasses } from '../../agents/portability/memory-selection.js';

describe('export order', () => {
  it('lists the six kinds in the design order, experiences right after procedural', () => {
    expect(selectionPasses({}).map((p) => p.group)).toEqual(['core', 'episodic', 'semantic', 'procedural', 'experience', 'resource', 'knowledge_vault']);
  });
  it('takes experiences with procedural, and only the kinds asked for', () => {
    expect(selectionPasses({ kinds: ['knowledge_vault', 'procedural'] }).map((p) => p.group)).toEqual(['procedural', 'experience', 'knowledge_vault']);
  });
});
