import { describe, expect, it } from 'vitest';
import type { EngramStore } from '../../agents/store/index.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';

/** Issue 15: every search hit says where the query's words matched, marked. */
describe('search results carry a snippet of the matching text', () => {
  let store: EngramStore;
  tempStoreEachTest('engram-snip-', (t) => {
    store = t.store;
  });

  it('marks the matched words in the text or details, not only the title; a vault secret never appears', async () => {
    const filler = Array.from({ length: 60 }, (_, i) => `line ${i} of the quarterly planning sheet`).join('\n');
    const ep = store.memories.insert({
      kind: 'episodic',
      title: 'Edited planning.xlsx in LibreOffice Calc',
      text: 'Edited the planning sheet',
      details: `${filler}\nContingency reserve approved by Ana: 12,400 EUR\n${filler}`,
      occurred_at: 1_000,
    });
    const vault = store.memories.insert({
      kind: 'knowledge_vault',
      title: 'Contingency account PIN',
      text: 'PIN of the contingency account',
      fields: { entry_type: 'credential', source: 'chat', sensitivity: 'high', secret: '4711-contingency' },
    });
    const results = await store.search({ query: 'contingency reserve' });
    const hit = results.find((r) => r.memory.id === ep.id)!;
    expect(hit.snippet).toContain('**Contingency** **reserve** approved by Ana: 12,400 EUR');
    expect(hit.snippet!.length).toBeLessThan(300);
    const v = results.find((r) => r.memory.id === vault.id)!;
    expect(v.snippet).toContain('**contingency**');
    expect(JSON.stringify(results)).not.toContain('4711');
  });
});
