/**
 * Consolidation you can review (issue 30), through the handler map of a real engine: the kinds the
 * window asks for are honoured, a dry run returns each proposed change with its id and before/after
 * text, only the accepted ones are applied, and a change whose memories moved is refused.
 */
import { describe, expect, it } from 'vitest';
import type { EngramStore } from '../../agents/store/index.js';
import { startEngram, type Engram } from '../../electron/engine/index.js';
import type { RequestOutput } from '../../shared/api/index.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';

type Preview = RequestOutput<'consolidation.preview'>;

const OLD = Date.parse('2025-06-10T09:00:00Z');

describe('consolidation review through the handler map', () => {
  let store: EngramStore;
  let engram: Engram;
  const ids: Record<string, string> = {};

  tempStoreEachTest('engram-consolidation-', async (t) => {
    store = t.store;
    const add = (m: { kind: 'semantic' | 'resource' | 'procedural'; title: string; text: string; fields: Record<string, unknown>; at: number }): string =>
      store.memories.insert({ kind: m.kind, title: m.title, text: m.text, fields: m.fields, created_at: m.at, provenance: [] }).id;
    ids.anaA = add({ kind: 'semantic', title: 'Ana Lima', text: 'Ana Lima — person.', fields: { name: 'Ana Lima' }, at: OLD });
    ids.anaB = add({ kind: 'semantic', title: 'Ana Lima', text: 'Ana Lima, finance.', fields: { name: 'ana lima' }, at: OLD + 1000 });
    ids.resA = add({ kind: 'resource', title: 'Pricing', text: 'Stripe pricing', fields: { resource_type: 'url', location: 'https://stripe.com/pricing' }, at: OLD });
    ids.resB = add({ kind: 'resource', title: 'stripe.com/pricing', text: 'link', fields: { resource_type: 'url', location: 'https://www.stripe.com/pricing/' }, at: OLD + 1000 });
    ids.guideA = add({ kind: 'procedural', title: 'How to deploy', text: 'old', fields: { entry_type: 'guide', steps: ['a'] }, at: OLD });
    ids.guideB = add({ kind: 'procedural', title: 'How to deploy', text: 'new', fields: { entry_type: 'guide', steps: ['a', 'b'] }, at: OLD + 1000 });
    engram = await startEngram({ store, host: 'headless', version: 't', env: {}, brain: { start: 'manual', subscribe: false } });
    return () => engram.close();
  }, { key: Buffer.alloc(32, 9) });

  const superseded = (id: string): string | null => store.memories.get(id)!.superseded_by;
  const rows = (): string => JSON.stringify(store.memories.list({ limit: 500, includeSuperseded: true }));

  it('a run over the kinds chosen leaves the other kinds alone', async () => {
    expect(await engram.api.dispatch('consolidation.run', { kinds: ['resource'] })).toMatchObject({ ok: true, output: { started: true } });
    await expect.poll(() => engram.api.progress.snapshot().find((t) => t.id === 'consolidation')?.state).toBe('done');
    expect(superseded(ids.resB!)).toBe(ids.resA);
    expect(superseded(ids.anaB!)).toBeNull();
    expect(superseded(ids.guideA!)).toBeNull();
  });

  it('a dry run lists the changes of the kinds chosen; apply changes only the accepted ones', async () => {
    const before = rows();
    const r = await engram.api.dispatch('consolidation.preview', { kinds: ['semantic', 'resource'] });
    if (!r.ok) throw new Error(r.error.message);
    const out = r.output as Preview;
    expect(rows()).toBe(before);
    expect(out.summary).toMatch(/^would change: 2 merged/);
    expect(out.changes.map((c) => c.kind).sort()).toEqual(['resource', 'semantic']);
    const ana = out.changes.find((c) => c.kind === 'semantic')!;
    // The survivor is shown too: a merged profile takes the newest text.
    expect(ana).toMatchObject({
      action: 'merge',
      source: 'rules',
      before: [
        { id: ids.anaA, title: 'Ana Lima', text: 'Ana Lima — person.' },
        { id: ids.anaB, title: 'Ana Lima', text: 'Ana Lima, finance.' },
      ],
      after: { id: ids.anaA, title: 'Ana Lima', text: 'Ana Lima, finance.' },
    });

    const applied = await engram.api.dispatch('consolidation.apply', { preview_id: out.preview_id, accept: [ana.id] });
    expect(applied).toMatchObject({ ok: true, output: { applied: 1, summary: 'changed 1 accepted: 1 merged, 0 superseded, 0 rolled up, 0 rewritten' } });
    expect(superseded(ids.anaB!)).toBe(ids.anaA);
    expect(superseded(ids.resB!)).toBeNull();
    expect(superseded(ids.guideA!)).toBeNull();
    // Spent: the same dry run is not applied twice.
    const again = await engram.api.dispatch('consolidation.apply', { preview_id: out.preview_id, accept: [] });
    expect(again).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
  });

  it('a change whose memories moved since the dry run is refused with one line, and nothing changes', async () => {
    const r = await engram.api.dispatch('consolidation.preview', {});
    if (!r.ok) throw new Error(r.error.message);
    const out = r.output as Preview;
    const res = out.changes.find((c) => c.kind === 'resource')!;
    const ana = out.changes.find((c) => c.kind === 'semantic')!;
    store.memories.update(ids.resB!, { text: 'the pricing page, edited by the user' }, 'edited');
    const before = rows();
    const refused = await engram.api.dispatch('consolidation.apply', { preview_id: out.preview_id, accept: [ana.id, res.id] });
    expect(refused).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    if (refused.ok) return;
    expect(refused.error.message).toBe(`change ${res.id} (merge of resource) is out of date: ${ids.resB} changed since the dry run; run the dry run again`);
    expect(rows()).toBe(before);
    // Another dry run's id, or one the engine never made, is not applied either.
    const unknown = await engram.api.dispatch('consolidation.apply', { preview_id: 'dry_nope', accept: [ana.id] });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'NOT_FOUND', message: 'that dry run is no longer current: run the dry run again' } });
    expect(rows()).toBe(before);
  });
});
