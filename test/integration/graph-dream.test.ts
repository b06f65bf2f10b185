import { describe, expect, it } from 'vitest';
import { dream } from '../../agents/dream/index.js';
import type { EngramStore } from '../../agents/store/index.js';
import { createApi } from '../../electron/api/index.js';
import type { EntityHistoryEntry } from '../../shared/api/index.js';
import { FakeCapture } from '../fakes/fake-capture.js';
import { changedParts, storeFingerprint } from '../reliability/store-fingerprint.js';
import { freshStores } from '../helpers/temp-store.js';
import { graphLines } from '../helpers/graph-lines.js';

/**
 * `engram dream` on the graph: the duplicates write-time resolution could not see when it wrote
 * them (it learned the evidence later) are merged, with the merge in history; a dry run changes
 * nothing; two people who share a first name, and a pair the user split, stay apart.
 */

const fresh = freshStores('engram-graph-dream-');

const T0 = Date.UTC(2026, 10, 2, 9);
const HOUR = 3_600_000;
const NOW = T0 + 30 * 24 * HOUR;

const { say, page } = graphLines(T0);

const named = (store: EngramStore, q: string) => store.graph.list({ query: q, limit: 50 });
const entityDream = (store: EngramStore, dryRun = false) => dream(store, { mode: 'entities', dryRun, now: NOW, timeZone: 'UTC' });

describe('dream merges the duplicate entities write-time resolution missed', () => {
  it('an address first, the name it spells later: one person, the address kept as an alias', async () => {
    const store = await fresh();
    say(store, 'Sent the Atlas budget draft for review.', 'ana.souza@example.com');
    say(store, 'Ana Souza approved the Atlas budget.');
    // Write time could not know: two entries.
    const address = named(store, 'ana.souza@');
    const ana = named(store, 'ana souza');
    expect(address).toHaveLength(1);
    expect(ana).toHaveLength(1);
    expect(address[0]!.id).not.toBe(ana[0]!.id);

    const r = await entityDream(store);
    expect(r.counts.entities_merged).toBe(1);
    const after = named(store, 'souza');
    expect(after).toHaveLength(1);
    expect(after[0]!.name).toBe('Ana Souza');
    expect(after[0]!.aliases).toContain('ana.souza@example.com');
    expect(after[0]!.mentions).toBe(2);
  });

  it('an initial and a surname seen before the full name; accents and case variants of one name', async () => {
    const store = await fresh();
    say(store, 'A. Souza asked for the launch slides.');
    say(store, 'Ana Souza presented the launch slides.');
    say(store, 'José Ramos approved the venue.');
    say(store, 'JOSE RAMOS sent the venue invoice.');
    say(store, 'Jose Ramos booked the train.');
    expect(named(store, 'souza')).toHaveLength(2);
    expect(named(store, 'ramos')).toHaveLength(2);

    const r = await entityDream(store);
    expect(r.counts.entities_merged).toBe(2);
    const souza = named(store, 'souza');
    expect(souza.map((e) => e.name)).toEqual(['Ana Souza']);
    expect(souza[0]!.aliases).toContain('A. Souza');
    const ramos = named(store, 'ramos');
    expect(ramos).toHaveLength(1);
    // The spelling with accents stands; the other spellings stay as aliases.
    expect(ramos[0]!.name).toBe('José Ramos');
    expect(ramos[0]!.mentions).toBe(3);
  });

  it('a first name seen alone while two people had it merges once only one is left, and never while two are', async () => {
    const store = await fresh();
    say(store, 'Ana Souza reviewed the Atlas checklist.');
    const limaOnly = say(store, 'Ana Lima sent the receipts.');
    say(store, 'Ana said she would be late to the standup.');
    const people = () => store.graph.list({ kind: 'person', limit: 50 }).map((e) => e.name).sort();
    expect(people()).toEqual(['Ana', 'Ana Lima', 'Ana Souza', 'Ben Okafor']);

    // Two Anas with surnames: the lone "Ana" could be either; nothing merges, and they stay two people.
    const first = await entityDream(store);
    expect(first.counts.entities_merged).toBe(0);
    expect(people()).toEqual(['Ana', 'Ana Lima', 'Ana Souza', 'Ben Okafor']);

    // Ana Lima is forgotten: "Ana" now fits one person only.
    store.memories.delete([limaOnly]);
    expect(people()).toEqual(['Ana', 'Ana Souza', 'Ben Okafor']);
    const second = await entityDream(store);
    expect(second.counts.entities_merged).toBe(1);
    expect(second.changes[0]!.reason).toMatch(/first name/);
    expect(people()).toEqual(['Ana Souza', 'Ben Okafor']);
  });

  it('a document seen by its address and by its title is one document; a site title over many pages is not', async () => {
    const store = await fresh();
    page(store, 'Atlas launch planner', 'https://github.com/acme/atlas');
    // The same page known by its address (a link in chat, the model naming it).
    const mentionedIn = say(store, 'Ben shared the launch planner link.');
    const byUrl = store.graph.upsertEntity({ name: 'github.com/acme/atlas/', kind: 'document', at: T0 });
    store.graph.mention(byUrl, mentionedIn, 'mention');
    // "GitHub" titles two different pages: a site, not a duplicate of either.
    page(store, 'GitHub', 'https://github.com/acme/atlas');
    page(store, 'GitHub', 'https://github.com/acme/orbit');
    expect(store.graph.list({ kind: 'document', limit: 50 })).toHaveLength(3);

    const r = await entityDream(store);
    expect(r.counts.entities_merged).toBe(1);
    const docs = store.graph.list({ kind: 'document', limit: 50 });
    expect(docs.map((d) => d.name).sort()).toEqual(['Atlas launch planner', 'GitHub']);
    expect(docs.find((d) => d.name === 'Atlas launch planner')!.aliases).toContain('github.com/acme/atlas/');
  });
});

describe('dream on entities: dry run, history, the user split', () => {
  it('a dry run lists the merges and leaves the store exactly as it was', async () => {
    const store = await fresh();
    say(store, 'Sent the Atlas budget draft.', 'ana.souza@example.com');
    say(store, 'Ana Souza approved the Atlas budget.');
    say(store, 'José Ramos approved the venue.');
    say(store, 'Jose Ramos booked the train.');
    const before = storeFingerprint(store);
    const r = await entityDream(store, true);
    expect(changedParts(before, storeFingerprint(store))).toEqual([]);
    expect(r.dry_run).toBe(true);
    expect(r.counts.entities_merged).toBe(2);
    const merges = r.changes.filter((c) => c.action === 'entity_merge');
    expect(merges).toHaveLength(2);
    // The diff names what would go and what stands for it.
    expect(merges.flatMap((c) => c.diff ?? []).join('\n')).toMatch(/- \[ent_\w+\] ana\.souza@example\.com[\s\S]*~ \[ent_\w+\] Ana Souza/);
    expect(named(store, 'souza')).toHaveLength(2);
    // The same run for real does what the dry run said.
    const real = await entityDream(store);
    expect(real.changes.map((c) => c.before.slice().sort())).toEqual(merges.map((c) => c.before.slice().sort()));
  });

  it('the merge is in the kept entity\'s history, shown by entities.get as memory history is', async () => {
    const store = await fresh();
    say(store, 'A. Souza asked for the slides.');
    say(store, 'Ana Souza presented the slides.');
    const gone = named(store, 'souza').find((e) => e.name === 'A. Souza')!;
    await entityDream(store);
    const kept = named(store, 'souza')[0]!;
    const history = store.graph.historyOf(kept.id);
    expect(history[0]!.reason).toMatch(new RegExp(`^merged ${gone.id} \\(dream: initial`));

    const api = createApi({ store, host: 'headless', version: 'test', capture: new FakeCapture(), checkOutputs: true });
    try {
      const r = await api.dispatch('entities.get', { id: kept.id });
      if (!r.ok) throw new Error(r.error.message);
      const h = (r.output as { history: EntityHistoryEntry[] }).history;
      expect(h[0]).toMatchObject({ by: 'dream', was: 'Ana Souza', merged: { name: 'A. Souza', aliases: [] } });
      // A second run finds nothing more to do.
      expect((await entityDream(store)).counts.entities_merged).toBe(0);
    } finally {
      api.dispose();
    }
  });

  it('never merges back an alias the user split off, though the name alone would say so', async () => {
    const store = await fresh();
    say(store, 'Sent the launch slides.', 'ana.souza@example.com');
    say(store, 'Ana will review the launch checklist.');
    say(store, 'Ana Souza signed off the Atlas budget.');
    // Write time took the lone "Ana" for Ana Souza; the user knows better and splits it off.
    const souza = named(store, 'ana souza')[0]!;
    expect(souza.aliases).toContain('Ana');
    const split = store.graph.splitAlias(souza.id, 'Ana');
    expect(store.graph.keptApart(souza.id, split.id)).toBe(true);

    // The address folds into Ana Souza; the split-off "Ana" does not, though she is the only Ana with a surname.
    const address = named(store, 'ana.souza@')[0]!;
    expect(address.id).not.toBe(souza.id);
    const r = await entityDream(store);
    expect(r.counts.entities_merged).toBe(1);
    expect(r.changes[0]!.before.sort()).toEqual([souza.id, address.id].sort());
    expect(store.graph.get(split.id)).not.toBeNull();
    expect(store.graph.get(souza.id)!.aliases).not.toContain('Ana');
    expect((await entityDream(store)).counts.entities_merged).toBe(0);
    expect(store.graph.get(split.id)).not.toBeNull();

    // The decision follows Ana Souza when she is merged into another entry.
    const other = store.graph.upsertEntity({ name: 'Ana S. Souza', kind: 'person', at: T0 });
    store.graph.merge(other, souza.id);
    expect(store.graph.keptApart(other, split.id)).toBe(true);
    expect((await entityDream(store)).counts.entities_merged).toBe(0);
    // Dream's merge refuses the pair outright; the user's own merge is allowed and drops the split.
    expect(() => store.graph.merge(other, split.id, { by: 'dream' })).toThrow(/split apart/);
    store.graph.merge(other, split.id);
    expect(store.db.prepare('SELECT count(*) FROM entity_apart').pluck().get()).toBe(0);
  });
});
