import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';
import { createApi, type EngramApi } from '../../electron/api/index.js';
import { TIMELINE_FLAGS, TIMELINE_INLINE_TEXTS, TIMELINE_KINDS, type TimelineDay, type TimelineItem } from '../../shared/api/index.js';
import { renderScene } from '../fixtures/fake-screen.js';
import { seedUiFixture, type SeededIds } from '../fixtures/ui-seed.js';

/**
 * The timeline as the window reads it (timeline.day in columns, timeline.texts, timeline.match,
 * timeline.item) against timeline.range, over a real encrypted store with output checks on; and
 * damaged frame files: a clear typed error, the frame marked damaged, the day still loads.
 */

const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

async function fresh(): Promise<{ dir: string; store: EngramStore; api: EngramApi; close(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'engram-tlday-'));
  roots.push(dir);
  const store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(randomBytes(32)), embedder: null });
  const api = createApi({ store, host: 'headless', version: 'test', checkOutputs: true });
  return {
    dir,
    store,
    api,
    close: async () => {
      api.dispose();
      await store.close();
    },
  };
}

async function call<T>(api: EngramApi, name: string, input: unknown): Promise<T> {
  const r = await api.dispatch(name, input);
  if (!r.ok) throw new Error(`${name}: ${r.error.code} ${r.error.message}`);
  return r.output as T;
}

const TYPE = (k: number) => {
  const kind = TIMELINE_KINDS[k]!;
  return kind === 'screen' || kind === 'audio' ? 'observation' : kind === 'frame' ? 'frame' : 'memory';
};

function frameFile(dir: string, id: string): string {
  for (const shard of readdirSync(path.join(dir, 'frames'))) {
    const p = path.join(dir, 'frames', shard, `${id}.bin`);
    if (existsSync(p)) return p;
  }
  throw new Error(`no file for ${id}`);
}

describe('timeline.day: the window in columns', () => {
  let t: Awaited<ReturnType<typeof fresh>>;
  let seeded: SeededIds;
  let range: { from: string; to: string };
  let longObs: string;
  let unreadFrame: string;
  let audioObs: string;

  beforeAll(async () => {
    t = await fresh();
    seeded = await seedUiFixture(t.store);
    range = { from: new Date(seeded.dayStart).toISOString(), to: new Date(seeded.dayStart + 86_400_000).toISOString() };
    const at = seeded.dayStart + 20 * 3600_000;
    // A page of OCR whose telling word sits far past what a row shows.
    const long = `${'Quarterly planning notes, nothing to see here. '.repeat(40)}The zebrafish protocol is in appendix C.`;
    longObs = t.store.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: 'main', observed_at: at, app: 'Notes', title: 'Planning', url: null, text: long, caption: null }).id;
    audioObs = t.store.observations.insert({ kind: 'audio', frame_id: null, audio_id: null, display: null, observed_at: at + 1000, app: null, title: null, url: null, text: 'Let us ship on Friday.', caption: null }).id;
    const img = await renderScene({ app: 'Figma', title: 'Unread', hue: 10, lines: ['not read yet'] }, { width: 320, height: 200, format: 'webp' });
    unreadFrame = t.store.frames.insert({ display: 'main', captured_at: at + 2000, width: 320, height: 200, phash: '0'.repeat(16), app: 'Figma', title: 'Unread', url: null }, img).id;
    // A memory merged into another no longer counts as made from its moments.
    const keep = seeded.memories['ep_launch']!;
    const merged = t.store.memories.insert({ kind: 'episodic', title: 'Old launch note', text: 'An older note about the launch.', provenance: [{ source_type: 'observation', source_id: seeded.observations[0]! }] }).id;
    t.store.memories.update(merged, { superseded_by: keep }, 'merged');
  });
  afterAll(() => t.close());

  it('holds the same items as timeline.range, in the same order, in far fewer bytes', async () => {
    const day = await call<TimelineDay>(t.api, 'timeline.day', { range });
    const { items } = await call<{ items: TimelineItem[] }>(t.api, 'timeline.range', { range });
    expect(day.count).toBe(items.length);
    expect(day.count).toBeGreaterThan(60);
    for (let i = 0; i < day.count; i++) {
      const it = items[i]!;
      const [app, title, url] = day.contexts[day.context[i]!]!.map((n) => (n >= 0 ? day.strings[n]! : null));
      expect({ type: TYPE(day.kind[i]!), id: day.id[i], at: new Date(day.base + day.at[i]!).toISOString(), app, title: title ?? (it.type === 'memory' ? '' : null), url }).toEqual({
        type: it.type,
        id: it.id,
        at: it.at,
        app: it.app,
        title: it.title,
        url: it.type === 'memory' ? null : it.url,
      });
      if (it.type === 'observation') {
        expect(day.memories[i]).toBe(it.memory_ids.length);
        expect(TIMELINE_KINDS[day.kind[i]!]).toBe(it.source);
        expect((day.flags[i]! & TIMELINE_FLAGS.picture) !== 0).toBe(it.frame_id !== null);
      }
      if (it.type === 'memory') {
        expect(TIMELINE_KINDS[day.kind[i]!]).toBe(it.experience ? 'experience' : it.kind);
        expect(day.span[i]).toBe(it.ended_at ? Date.parse(it.ended_at) - Date.parse(it.at) : 0);
      }
      if (i < day.text.length) expect(day.text[i]).toBe(it.type === 'frame' ? '' : it.text);
    }
    expect(day.text).toHaveLength(Math.min(day.count, TIMELINE_INLINE_TEXTS));
    const kinds = new Set(day.kind.map((k) => TIMELINE_KINDS[k]));
    expect([...kinds]).toEqual(expect.arrayContaining(['screen', 'audio', 'frame', 'episodic', 'semantic', 'experience']));
    expect(day.id.indexOf(unreadFrame)).toBeGreaterThan(-1);
    expect(JSON.stringify(day).length).toBeLessThan(JSON.stringify(items).length / 2);
  });

  it('counts only current memories as made from a moment', async () => {
    const day = await call<TimelineDay>(t.api, 'timeline.day', { range });
    const first = day.id.indexOf(seeded.observations[0]!);
    const current = t.store.memories.bySource('observation', [seeded.observations[0]!]).filter((id) => t.store.memories.get(id)?.superseded_by === null);
    expect(day.memories[first]).toBe(current.length);
    const detail = await call<{ item: { memory_ids: string[] }; memories: { id: string }[] }>(t.api, 'timeline.item', { type: 'observation', id: seeded.observations[0] });
    expect(detail.item.memory_ids.sort()).toEqual(current.sort());
    expect(detail.memories.map((m) => m.id).sort()).toEqual(current.sort());
  });

  it('timeline.texts gives the rows their text in the order asked', async () => {
    const { items } = await call<{ items: TimelineItem[] }>(t.api, 'timeline.range', { range });
    // Every fifth row, and the long page of OCR whatever its place in the day (asked for first, so
    // its text is checked in every order the rows may come in).
    const longItem = items.find((i) => i.id === longObs)!;
    expect(longItem).toBeDefined();
    const some = [longItem, ...items.filter((i, n) => n % 5 === 0 && i.id !== longObs)];
    const { texts } = await call<{ texts: string[] }>(t.api, 'timeline.texts', { items: [...some.map((i) => ({ type: i.type, id: i.id })), { type: 'observation', id: 'obs_00000000000000000000000000' }] });
    expect(texts).toEqual([...some.map((i) => (i.type === 'frame' ? '' : i.text)), '']);
    // The row's text is cut short (the whole text is timeline.item's).
    expect(texts[0]!.length).toBeLessThanOrEqual(180);
    expect(texts[0]).toMatch(/^Quarterly planning notes/);
  });

  it('timeline.match searches whole texts, titles, apps and URLs, ignoring case', async () => {
    const ids = async (text: string) => (await call<{ ids: string[] }>(t.api, 'timeline.match', { range, text })).ids;
    expect(await ids('ZEBRAFISH')).toEqual([longObs]);
    expect(await ids('ship on friday')).toEqual([audioObs]);
    const north = await ids('northwind');
    expect(north).toEqual(expect.arrayContaining([seeded.memories['ep_launch'], seeded.memories['sem_launch']]));
    expect(north.some((id) => seeded.observations.includes(id))).toBe(true);
    const pg = await ids('PostgreSQL.org/docs');
    expect(pg.length).toBeGreaterThan(0);
    for (const id of pg) expect((t.store.observations.get(id) ?? t.store.frames.get(id))?.url).toMatch(/postgresql\.org\/docs/);
    expect(await ids('no such words anywhere')).toEqual([]);
    // Memories merged into others are not on the timeline, so not found either.
    expect(await ids('older note about the launch')).toEqual([]);
  });

  it('timeline.item has the whole text and the memories made from a moment', async () => {
    const r = await call<{ item: TimelineItem; damage: string | null; memories: { id: string; tab: string; title: string }[] }>(t.api, 'timeline.item', { type: 'observation', id: longObs });
    expect(r.item.type === 'observation' && r.item.text).toContain('zebrafish protocol');
    expect(r.damage).toBeNull();
    const first = await call<{ item: TimelineItem; damage: string | null; memories: { id: string; tab: string; title: string }[] }>(t.api, 'timeline.item', { type: 'observation', id: seeded.observations[0] });
    expect(first.memories.map((m) => m.id)).toContain(seeded.memories['ep_migration']);
    expect(first.memories.find((m) => m.id === seeded.memories['ep_migration'])).toMatchObject({ tab: 'episodic', title: 'Worked on the MirixDB migration' });
    const exp = await call<{ item: TimelineItem }>(t.api, 'timeline.item', { type: 'memory', id: seeded.memories['exp_fix'] });
    expect(exp.item).toMatchObject({ type: 'memory', experience: true, kind: 'procedural' });
    expect((await t.api.dispatch('timeline.item', { type: 'frame', id: 'frm_00000000000000000000000000' })).ok).toBe(false);
  });

  it('frames.image takes an observation id for the frame it was read from', async () => {
    const obs = seeded.observations[2]!;
    const frame = t.store.observations.get(obs)!.frame_id!;
    const a = await call<{ data: string }>(t.api, 'frames.image', { id: obs, size: 'thumb' });
    const b = await call<{ data: string }>(t.api, 'frames.image', { id: frame, size: 'thumb' });
    expect(a.data).toBe(b.data);
    const r = await t.api.dispatch('frames.image', { id: longObs, size: 'thumb' });
    expect(!r.ok && r.error.code).toBe('NOT_FOUND');
  });
});

describe('damaged frame files', () => {
  it('a good and a bit-flipped frame: the day loads, the damaged one is flagged, its picture answers IO', async () => {
    const t = await fresh();
    try {
      const t0 = Date.now() - 60_000;
      const ids: { frame: string; obs: string }[] = [];
      for (let i = 0; i < 5; i++) {
        const img = await renderScene({ app: 'Editor', title: `doc ${i}`, hue: 40 * i, lines: [`line ${i}`] }, { width: 320, height: 200, format: 'webp' });
        // The fourth holds bytes no decoder reads (it encrypts and decrypts fine).
        const f = t.store.frames.insert({ display: '0', captured_at: t0 + i * 1000, width: 320, height: 200, phash: '0'.repeat(16), app: 'Editor', title: `doc ${i}`, url: null }, i === 3 ? Buffer.from('not an image at all') : img);
        const o = t.store.observations.insert({ kind: 'screen', frame_id: f.id, audio_id: null, display: '0', observed_at: f.captured_at, app: 'Editor', title: `doc ${i}`, url: null, text: `line ${i}`, caption: null });
        ids.push({ frame: f.id, obs: o.id });
      }
      const [good, flipped, truncated, undecodable, unseen] = ids as [(typeof ids)[0], (typeof ids)[0], (typeof ids)[0], (typeof ids)[0], (typeof ids)[0]];
      for (const v of [flipped, unseen]) {
        const p = frameFile(t.dir, v.frame);
        const bytes = readFileSync(p);
        bytes[Math.floor(bytes.length / 2)]! ^= 0x10;
        writeFileSync(p, bytes);
      }
      const tp = frameFile(t.dir, truncated.frame);
      truncateSync(tp, Math.floor(statSync(tp).size / 2));
      const range = { from: new Date(t0 - 1000).toISOString(), to: new Date().toISOString() };

      // Damage is found when a file is read: thumbnails of the three bad ones answer a typed IO error.
      for (const [v, why] of [
        [flipped, /damaged \(authentication failed\)/],
        [truncated, /damaged/],
        [undecodable, /damaged \(its image cannot be decoded\)/],
      ] as const) {
        for (const id of [v.frame, v.obs]) {
          const r = await t.api.dispatch('frames.image', { id, size: 'thumb' });
          expect(r.ok).toBe(false);
          if (r.ok) continue;
          expect(r.error.code).toBe('IO');
          expect(r.error.message).toMatch(why);
          expect(r.error.message).not.toMatch(/\n\s*at |node_modules|\.ts:\d+/);
        }
        expect(t.store.frames.get(v.frame)?.damaged).toBe(true);
      }
      const full = await t.api.dispatch('frames.image', { id: undecodable.frame, size: 'full' });
      expect(!full.ok && full.error.code).toBe('IO');
      expect((await t.api.dispatch('frames.image', { id: good.obs, size: 'thumb' })).ok).toBe(true);

      // Opening a moment whose file nobody read yet finds the damage and says why.
      const opened = await call<{ item: TimelineItem; damage: string | null }>(t.api, 'timeline.item', { type: 'observation', id: unseen.obs });
      expect(opened.damage).toBe('The screenshot file is damaged (authentication failed).');
      expect(opened.item).toMatchObject({ type: 'observation', frame_id: null, damaged: true, text: 'line 4' });
      expect(t.store.frames.get(unseen.frame)?.damaged).toBe(true);
      expect((await call<{ damage: string | null }>(t.api, 'timeline.item', { type: 'observation', id: good.obs })).damage).toBeNull();

      // The day loads whole; the damaged ones are flagged and offer no picture, the good one does.
      const day = await call<TimelineDay>(t.api, 'timeline.day', { range });
      expect(day.count).toBe(5);
      const flags = (v: { obs: string }) => day.flags[day.id.indexOf(v.obs)]!;
      expect(flags(good)).toBe(TIMELINE_FLAGS.picture);
      for (const v of [flipped, truncated, undecodable, unseen]) expect(flags(v)).toBe(TIMELINE_FLAGS.damaged);
      expect(day.text).toEqual(['line 0', 'line 1', 'line 2', 'line 3', 'line 4']);
      const { items } = await call<{ items: TimelineItem[] }>(t.api, 'timeline.range', { range });
      expect(items.map((i) => i.type === 'observation' && [i.damaged, i.frame_id !== null])).toEqual([
        [false, true],
        [true, false],
        [true, false],
        [true, false],
        [true, false],
      ]);
      expect(t.store.checkIntegrity().sqlite).toBe('ok');
    } finally {
      await t.close();
    }
  });

  it('a frame file not read yet still shows in the day; its frame item says damaged once found', async () => {
    const t = await fresh();
    try {
      const img = await renderScene({ app: 'Editor', title: 'unread', hue: 200, lines: ['x'] }, { width: 320, height: 200, format: 'webp' });
      const f = t.store.frames.insert({ display: '0', captured_at: Date.now() - 5000, width: 320, height: 200, phash: '0'.repeat(16), app: 'Editor', title: 'unread', url: null }, img);
      const p = frameFile(t.dir, f.id);
      truncateSync(p, 10);
      const range = { from: new Date(Date.now() - 60_000).toISOString(), to: new Date(Date.now() + 1000).toISOString() };
      const before = await call<TimelineDay>(t.api, 'timeline.day', { range });
      expect(before.flags).toEqual([TIMELINE_FLAGS.picture]);
      const opened = await call<{ item: TimelineItem; damage: string | null }>(t.api, 'timeline.item', { type: 'frame', id: f.id });
      expect(opened.damage).toBe('The screenshot file is damaged (truncated or not an Engram file).');
      expect(opened.item).toMatchObject({ type: 'frame', damaged: true });
      const after = await call<TimelineDay>(t.api, 'timeline.day', { range });
      expect(after.flags).toEqual([TIMELINE_FLAGS.damaged]);
    } finally {
      await t.close();
    }
  });

  it('a masked frame carries its counts by reason (timeline.range, timeline.item); an unmasked one none', async () => {
    const t = await fresh();
    try {
      const t0 = Date.UTC(2025, 5, 2, 9, 0, 0);
      const img = await renderScene({ app: 'Editor', title: 'notes', hue: 30, lines: ['the editor beside a private window'] }, { width: 320, height: 200, format: 'webp' });
      const base = { display: '0', width: 320, height: 200, phash: '0'.repeat(16), app: 'Editor', title: 'notes', url: null };
      const masked = t.store.frames.insert({ ...base, captured_at: t0, hidden: { excluded_title: 1, excluded_app: 1 } }, img);
      const plain = t.store.frames.insert({ ...base, captured_at: t0 + 1000 }, img);
      const read = t.store.frames.insert({ ...base, captured_at: t0 + 2000, hidden: { excluded_title: 1 } }, img);
      const obs = t.store.observations.insert({ kind: 'screen', frame_id: read.id, audio_id: null, display: '0', observed_at: t0 + 2000, app: 'Editor', title: 'notes', url: null, text: 'the editor beside a private window', caption: null });
      // Counts only: nothing else of the excluded windows is in the row.
      expect(t.store.db.prepare('SELECT hidden FROM frames WHERE id = ?').pluck().get(masked.id)).toBe('{"excluded_title":1,"excluded_app":1}');

      const range = { from: new Date(t0 - 1000).toISOString(), to: new Date(t0 + 10_000).toISOString() };
      const { items } = await call<{ items: TimelineItem[] }>(t.api, 'timeline.range', { range });
      const byId = new Map(items.map((i) => [i.id, i]));
      expect(byId.get(masked.id)).toMatchObject({ type: 'frame', hidden: { excluded_title: 1, excluded_app: 1 } });
      expect(byId.get(plain.id)).toMatchObject({ type: 'frame', hidden: null });
      expect(byId.get(obs.id)).toMatchObject({ type: 'observation', frame_id: read.id, hidden: { excluded_title: 1 } });

      // The day the window draws carries them too, so a row says "2 windows hidden" before it is opened.
      const day = await call<TimelineDay>(t.api, 'timeline.day', { range });
      const hiddenById = new Map(day.hidden.map(([i, counts]) => [day.id[i], counts]));
      expect(hiddenById.get(masked.id)).toEqual({ excluded_title: 1, excluded_app: 1 });
      expect(hiddenById.get(obs.id)).toEqual({ excluded_title: 1 });
      expect(hiddenById.has(plain.id)).toBe(false);
      expect(day.hidden.length).toBe(day.id.filter((id) => id === masked.id || id === obs.id || id === read.id).length);

      const one = await call<{ item: TimelineItem }>(t.api, 'timeline.item', { type: 'frame', id: masked.id });
      expect(one.item).toMatchObject({ hidden: { excluded_title: 1, excluded_app: 1 } });
      const none = await call<{ item: TimelineItem }>(t.api, 'timeline.item', { type: 'frame', id: plain.id });
      expect(none.item).toMatchObject({ hidden: null });
      const seen = await call<{ item: TimelineItem }>(t.api, 'timeline.item', { type: 'observation', id: obs.id });
      expect(seen.item).toMatchObject({ hidden: { excluded_title: 1 } });
    } finally {
      await t.close();
    }
  });
});
