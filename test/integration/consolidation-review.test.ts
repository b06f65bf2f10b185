/**
 * Consolidation you can review (issue 30), through the handler map of a real engine: the kinds the
 * window asks for are honoured, a dry run returns each proposed change with its id and before/after
 * text, only the accepted ones are applied, and a change whose memories moved is refused.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';
import { startEngram, type Engram } from '../../electron/engine/index.js';
import type { RequestOutput } from '../../shared/api/index.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';

type Preview = RequestOutput<'consolidation.preview'>;

const OLD = Date.parse('2025-06-10T09:00:00Z');

/** Two look-alike people, two links to one page and two versions of a guide, all old enough to consolidate. */
function seed(store: EngramStore, ids: Record<string, string>): void {
  const add = (m: { kind: 'semantic' | 'resource' | 'procedural'; title: string; text: string; fields: Record<string, unknown>; at: number }): string =>
    store.memories.insert({ kind: m.kind, title: m.title, text: m.text, fields: m.fields, created_at: m.at, provenance: [] }).id;
  ids.anaA = add({ kind: 'semantic', title: 'Ana Lima', text: 'Ana Lima — person.', fields: { name: 'Ana Lima' }, at: OLD });
  ids.anaB = add({ kind: 'semantic', title: 'Ana Lima', text: 'Ana Lima, finance.', fields: { name: 'ana lima' }, at: OLD + 1000 });
  ids.resA = add({ kind: 'resource', title: 'Pricing', text: 'Stripe pricing', fields: { resource_type: 'url', location: 'https://stripe.com/pricing' }, at: OLD });
  ids.resB = add({ kind: 'resource', title: 'stripe.com/pricing', text: 'link', fields: { resource_type: 'url', location: 'https://www.stripe.com/pricing/' }, at: OLD + 1000 });
  ids.guideA = add({ kind: 'procedural', title: 'How to deploy', text: 'old', fields: { entry_type: 'guide', steps: ['a'] }, at: OLD });
  ids.guideB = add({ kind: 'procedural', title: 'How to deploy', text: 'new', fields: { entry_type: 'guide', steps: ['a', 'b'] }, at: OLD + 1000 });
}

describe('consolidation review through the handler map', () => {
  let store: EngramStore;
  let engram: Engram;
  const ids: Record<string, string> = {};

  tempStoreEachTest('engram-consolidation-', async (t) => {
    store = t.store;
    seed(store, ids);
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

/** Reopens its store mid-test, so it opens and closes its own (tempStoreEachTest closes the store it opened). */
describe('a consolidation dry run kept across a restart', () => {
  let dir: string;
  let store: EngramStore;
  let engram: Engram;
  const ids: Record<string, string> = {};
  const KEY = Buffer.alloc(32, 7);
  const start = async (): Promise<void> => {
    store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(KEY), embedder: null });
    engram = await startEngram({ store, host: 'headless', version: 't', env: {}, brain: { start: 'manual', subscribe: false } });
  };
  /** Closes the app and opens it again on the same data (the store reopened from disk, a new engine). */
  const restart = async (): Promise<void> => {
    await engram.close();
    await store.close();
    await start();
  };
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'engram-consolidation-kept-'));
    await start();
    seed(store, ids);
  });
  afterEach(async () => {
    await engram.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const superseded = (id: string): string | null => store.memories.get(id)!.superseded_by;
  const rows = (): string => JSON.stringify(store.memories.list({ limit: 500, includeSuperseded: true }));
  const preview = async (kinds: ('semantic' | 'resource')[]): Promise<Preview> => {
    const r = await engram.api.dispatch('consolidation.preview', { kinds });
    if (!r.ok) throw new Error(r.error.message);
    return r.output as Preview;
  };
  const pending = async () => {
    const r = await engram.api.dispatch('consolidation.pending', {});
    if (!r.ok) throw new Error(r.error.message);
    return (r.output as RequestOutput<'consolidation.pending'>).pending;
  };

  it('survives a restart until it is applied: the window finds it again, and its accepted changes apply', async () => {
    const out = await preview(['semantic', 'resource']);
    const ana = out.changes.find((c) => c.kind === 'semantic')!;
    await restart();
    const kept = await pending();
    expect(kept).toMatchObject({ preview_id: out.preview_id, summary: out.summary, changes: out.changes });
    expect(Number.isNaN(Date.parse(kept!.created_at))).toBe(false);
    const applied = await engram.api.dispatch('consolidation.apply', { preview_id: out.preview_id, accept: [ana.id] });
    expect(applied).toMatchObject({ ok: true, output: { applied: 1 } });
    expect(superseded(ids.anaB!)).toBe(ids.anaA);
    expect(superseded(ids.resB!)).toBeNull();
    // Applied: no longer kept, here or after the next restart.
    expect(await pending()).toBeNull();
    await restart();
    expect(await pending()).toBeNull();
  });

  it('is refused after the restart when its memories moved meanwhile, and kept; discard drops it; forgetting a memory it quotes drops it', async () => {
    const out = await preview(['semantic', 'resource']);
    const res = out.changes.find((c) => c.kind === 'resource')!;
    await restart();
    store.memories.update(ids.resB!, { text: 'the pricing page, edited by the user' }, 'edited');
    const before = rows();
    const refused = await engram.api.dispatch('consolidation.apply', { preview_id: out.preview_id, accept: [res.id] });
    expect(refused).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    expect(rows()).toBe(before);
    expect((await pending())?.preview_id).toBe(out.preview_id);
    expect(await engram.api.dispatch('consolidation.discard', { preview_id: out.preview_id })).toMatchObject({ ok: true, output: { discarded: true } });
    expect(await pending()).toBeNull();

    const next = await preview(['semantic']);
    expect((await pending())?.preview_id).toBe(next.preview_id);
    store.memories.delete([ids.anaB!]);
    expect(await pending()).toBeNull();
  });
});
