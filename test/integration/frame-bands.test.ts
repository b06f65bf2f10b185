import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';
import { createApi } from '../../electron/api/index.js';
import { decryptDatabasePages, decryptWalFrames } from '../reliability/sqlcipher-pages.js';

/**
 * Frames keep only the bands that changed (issue 34): a frame is cut into 32-row bands, each band
 * stored once in the encrypted database under a keyed hash of its pixels, and a frame lists its
 * bands. Read back it is the same picture, pixel for pixel; forget, delete and retention remove
 * exactly the bands no kept frame shows.
 */

const W = 64;
const H = 100; // three whole bands and a 4-row one
const KEY = Buffer.alloc(32, 7);

/** Pixels where every band has its own noise (seeded), so bands only match where the test says. */
function band(seed: number, rows: number): Buffer {
  const out = Buffer.alloc(W * rows * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < out.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = (x >>> 16) & 0xff;
  }
  return out;
}
const frame = (...seeds: number[]) => ({ data: Buffer.concat(seeds.map((s, i) => band(s, i === 3 ? 4 : 32))), width: W, height: H, channels: 3 as const });
const meta = (at: number) => ({ display: 'main', captured_at: at, width: W, height: H, phash: '0'.repeat(16), app: 'xterm', title: 't', url: null });

async function pixelsOf(store: EngramStore, id: string): Promise<Buffer> {
  return sharp(await store.frames.readImage(id)).removeAlpha().raw().toBuffer();
}

/** The stored (encoded) bands of a frame, in order. */
function bandsOf(store: EngramStore, id: string): Buffer[] {
  const ids = JSON.parse(store.db.prepare('SELECT bands FROM frames WHERE id = ?').pluck().get(id) as string) as number[];
  return ids.map((b) => store.db.prepare('SELECT data FROM frame_band_pixels WHERE id = ?').pluck().get(b) as Buffer);
}

/** Every place in the decrypted database file and WAL where `needle` is, counted. */
function onDisk(store: EngramStore, needle: Buffer): number {
  const pages = [...decryptDatabasePages(store.dbPath, KEY).pages, ...decryptWalFrames(store.dbPath, KEY).pages];
  return pages.filter((p) => p.includes(needle)).length;
}

describe('frames kept as bands', () => {
  let dir: string;
  let store: EngramStore;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'engram-bands-'));
    store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(KEY), embedder: null });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores a band once however many frames show it, and reads every frame back pixel for pixel', async () => {
    const a = (await store.frames.insertAsync(meta(1_000), frame(1, 2, 3, 4)))!;
    const b = (await store.frames.insertAsync(meta(2_000), frame(1, 2, 5, 4)))!;
    const c = (await store.frames.insertAsync(meta(3_000), frame(1, 2, 5, 4)))!;
    expect(store.db.prepare('SELECT count(*) FROM frame_band_pixels').pluck().get()).toBe(5);
    expect(b.bytes).toBeGreaterThan(0);
    expect(b.bytes).toBeLessThan(a.bytes / 2);
    expect(c.bytes).toBe(0);
    expect(store.frames.totalBytes()).toBe(a.bytes + b.bytes);
    expect((await pixelsOf(store, a.id)).equals(frame(1, 2, 3, 4).data)).toBe(true);
    expect((await pixelsOf(store, b.id)).equals(frame(1, 2, 5, 4).data)).toBe(true);
    // The same band twice in one frame (a blank area) is one band, counted once for the frame.
    const d = (await store.frames.insertAsync(meta(4_000), frame(9, 9, 9, 4)))!;
    expect((await pixelsOf(store, d.id)).equals(frame(9, 9, 9, 4).data)).toBe(true);
    expect(store.checkIntegrity().ok).toBe(true);
    store.frames.delete([d.id]);
    expect(store.db.prepare('SELECT count(*) FROM frame_band_pixels').pluck().get()).toBe(5);
    expect(store.checkIntegrity().problems).toEqual([]);
  });

  it('a forgotten frame\'s own band is gone from the disk; a band a kept frame shows stays', async () => {
    const a = (await store.frames.insertAsync(meta(1_000), frame(1, 2, 3, 4)))!;
    const b = (await store.frames.insertAsync(meta(5_000), frame(1, 2, 5, 4)))!;
    const stored = bandsOf(store, a.id);
    // 48 bytes from the middle of each stored band: the unique band (3) and a shared one (1).
    const needle = (data: Buffer) => data.subarray(data.length >> 1, (data.length >> 1) + 48);
    const own = needle(stored[2]!);
    const shared = needle(stored[0]!);
    store.db.pragma('wal_checkpoint(TRUNCATE)');
    expect(onDisk(store, own)).toBeGreaterThan(0);
    expect(onDisk(store, shared)).toBeGreaterThan(0);

    const report = store.forget({ from: 0, to: 2_000 });
    expect(report.frames).toBe(1);
    expect(onDisk(store, own)).toBe(0);
    expect(onDisk(store, shared)).toBeGreaterThan(0);
    expect((await pixelsOf(store, b.id)).equals(frame(1, 2, 5, 4).data)).toBe(true);
    expect(store.checkIntegrity().problems).toEqual([]);
  });

  it('retention counts a shared band once and stops when what is left fits', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push((await store.frames.insertAsync(meta(1_000 + i), frame(1, 2, 10 + i, 4)))!.id);
    const perFrame = store.frames.get(ids[5]!)!.bytes;
    const total = store.frames.totalBytes();
    // Room for all but one and a half frames' own band: the two oldest go, the shared bands stay
    // (the first frame's bytes count the shared bands too, yet taking it frees its own band only).
    const maxBytes = Math.round(total - 1.5 * perFrame);
    const removed = store.frames.recycle({ maxBytes, maxAgeMs: 1e12, now: 10_000 });
    expect(removed).toBe(2);
    expect(store.frames.count()).toBe(4);
    expect(store.frames.totalBytes()).toBeLessThanOrEqual(maxBytes);
    for (const id of ids.slice(2)) expect((await pixelsOf(store, id)).equals(frame(1, 2, 10 + ids.indexOf(id), 4).data)).toBe(true);
    expect(store.checkIntegrity().problems).toEqual([]);
  });

  it('a missing band marks its frame damaged with a clear error, and the integrity check names it', async () => {
    const a = (await store.frames.insertAsync(meta(1_000), frame(1, 2, 3, 4)))!;
    const bandId = (JSON.parse(store.db.prepare('SELECT bands FROM frames WHERE id = ?').pluck().get(a.id) as string) as number[])[2];
    store.db.prepare('DELETE FROM frame_band_pixels WHERE id = ?').run(bandId);
    await expect(store.frames.readImage(a.id)).rejects.toThrow(/bands of .* are missing/);
    expect(store.frames.get(a.id)!.damaged).toBe(true);
    expect(store.checkIntegrity().problems).toContain('1 frames missing some of their bands');
  });

  it('the moment view and its thumbnails show a banded frame, and a frame missing a band is explained as damaged', async () => {
    const api = createApi({ store, host: 'headless', version: 't', checkOutputs: true });
    const a = (await store.frames.insertAsync(meta(Date.now() - 60_000), frame(1, 2, 3, 4)))!;
    const full = await api.dispatch('frames.image', { id: a.id, size: 'full' });
    expect(full.ok).toBe(true);
    const fullOut = (full as { output: { mime: string; data: string } }).output;
    expect(fullOut.mime).toBe('image/webp');
    expect((await sharp(Buffer.from(fullOut.data, 'base64')).removeAlpha().raw().toBuffer()).equals(frame(1, 2, 3, 4).data)).toBe(true);
    const thumb = await api.dispatch('frames.image', { id: a.id, size: 'thumb' });
    expect(thumb.ok).toBe(true);
    const item = await api.dispatch('timeline.item', { type: 'frame', id: a.id });
    expect((item as { output: { damage: string | null } }).output.damage).toBeNull();

    const b = (await store.frames.insertAsync(meta(Date.now() - 30_000), frame(5, 6, 7, 8)))!;
    const bandId = (JSON.parse(store.db.prepare('SELECT bands FROM frames WHERE id = ?').pluck().get(b.id) as string) as number[])[1];
    store.db.prepare('DELETE FROM frame_band_pixels WHERE id = ?').run(bandId);
    const broken = await api.dispatch('timeline.item', { type: 'frame', id: b.id });
    expect(broken.ok).toBe(true);
    expect((broken as { output: { damage: string | null; item: { damaged: boolean } } }).output.item.damaged).toBe(true);
    const img = await api.dispatch('frames.image', { id: b.id, size: 'thumb' });
    expect(img).toMatchObject({ ok: false, error: { code: 'IO' } });
  });

  it('a frame kept whole in its file (before bands, or imported) still reads', async () => {
    const webp = await sharp(frame(1, 2, 3, 4).data, { raw: { width: W, height: H, channels: 3 } }).webp({ lossless: true }).toBuffer();
    const f = store.frames.insert(meta(1_000), webp);
    expect((await store.frames.readImage(f.id)).equals(webp)).toBe(true);
    expect(store.frames.fileBytes()).toBe(f.bytes);
    expect(store.checkIntegrity().ok).toBe(true);
  });

  it('pixels that do not match the frame size are refused and nothing is stored', async () => {
    await expect(store.frames.insertAsync({ ...meta(1_000), height: 90 }, frame(1, 2, 3, 4))).rejects.toThrow(/do not match/);
    expect(store.frames.count()).toBe(0);
    expect(store.db.prepare('SELECT count(*) FROM frame_bands').pluck().get()).toBe(0);
  });
});
