import { describe, expect, it } from 'vitest';
import { previewDream } from '../../agents/dream/index.js';
import type { EngramStore } from '../../agents/store/index.js';
import { freshStores } from '../helpers/temp-store.js';
import { graphLines } from '../helpers/graph-lines.js';

/**
 * The window's dry run of "People and things" while capture keeps running: a person seen again
 * between the dry run and Apply (one more mention, a later last sighting) is the same person, so the
 * merge the user accepted still applies; a name or an alias that changed is STALE, nothing merged.
 */

const fresh = freshStores('engram-consolidation-entities-');
const T0 = Date.UTC(2026, 10, 2, 9);
const HOUR = 3_600_000;
const NOW = T0 + 30 * 24 * HOUR;

const { say } = graphLines(T0);

/** An address first, the name it spells later: write time kept two entries, the dry run proposes one. */
async function twoAnas(store: EngramStore): Promise<{ review: Awaited<ReturnType<typeof previewDream>>; change: string; ids: string[] }> {
  say(store, 'Sent the Atlas budget draft for review.', 'ana.souza@example.com');
  say(store, 'Ana Souza approved the Atlas budget.');
  const review = await previewDream(store, { kinds: ['entities'], now: NOW, timeZone: 'UTC' });
  const merge = review.proposals.find((p) => p.action === 'entity_merge');
  if (!merge) throw new Error(`no entity merge proposed: ${JSON.stringify(review.proposals)}`);
  return { review, change: merge.id, ids: merge.before.map((b) => b.id) };
}

describe('an entity merge under review while capture runs', () => {
  it('applies when the person was only seen again since the dry run', async () => {
    const store = await fresh();
    const { review, change } = await twoAnas(store);
    say(store, 'Ana Souza moved the Atlas review to Friday.');
    expect((await review.apply([change])).applied).toEqual([change]);
    expect(store.graph.list({ query: 'souza', limit: 10 })).toHaveLength(1);
  });

  it("the dry run's after is the person as the merge leaves them, with every name of the group", async () => {
    const store = await fresh();
    const { review, change } = await twoAnas(store);
    const shown = review.proposals.find((p) => p.id === change)!.after!;
    review.apply([change]);
    const [ana] = store.graph.list({ query: 'souza', limit: 10 });
    const kept = store.graph.get(ana!.id)!;
    expect(shown).toEqual({ id: kept.id, title: kept.name, text: [kept.kind, ...kept.aliases].join(' · ') });
    expect(shown.text).toContain('ana.souza@example.com');
  });

  it('is STALE when one of them was renamed since the dry run, and nothing is merged', async () => {
    const store = await fresh();
    const { review, change, ids } = await twoAnas(store);
    store.graph.rename(ids[0]!, 'Ana S. Souza');
    expect(() => review.apply([change])).toThrow(/out of date/);
    expect(store.graph.list({ query: 'souza', limit: 10 })).toHaveLength(2);
  });
});
