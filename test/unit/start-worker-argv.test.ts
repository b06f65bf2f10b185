import { describe, expect, it } from 'vitest';
import { withoutTsx } from '../../agents/runtime/index.js';

/** A built worker must not inherit the dev loader its parent was started with (the embedder's cold start paid ~110 CPU-ms for it). */
describe('a built worker started from a process run under tsx', () => {
  it('inherits every option but tsx', () => {
    expect(withoutTsx(['--import', 'tsx', '--expose-gc'])).toEqual(['--expose-gc']);
    expect(withoutTsx(['--import=tsx', '--max-old-space-size=512'])).toEqual(['--max-old-space-size=512']);
    expect(withoutTsx(['--require', 'tsx/cjs', '--loader', 'file:///x/node_modules/tsx/dist/loader.mjs'])).toEqual([]);
    expect(withoutTsx(['-r', '/x/node_modules/tsx/dist/cjs/index.cjs', '--conditions', 'development'])).toEqual(['--conditions', 'development']);
  });

  it('keeps other preloads, even ones whose names merely contain tsx', () => {
    expect(withoutTsx(['--import', './setup.mjs', '--require', 'tsx-like-tool'])).toEqual(['--import', './setup.mjs', '--require', 'tsx-like-tool']);
    expect(withoutTsx([])).toEqual([]);
  });
});
