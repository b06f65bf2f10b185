import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createBrain } from '../../agents/meta/index.js';
import { modelGetter } from '../../electron/engine/index.js';
import { openStore, StaticKeyProvider } from '../../agents/store/index.js';
import { captureControlOf, createApi } from '../../electron/api/index.js';
import { applyRetention, CaptureService } from '../../electron/sensing/capture/index.js';
import { CaptureSettingsSchema } from '../../shared/settings/index.js';
import type { CaptureStatus } from '../../shared/api/index.js';
import { BarcodeDesktop } from '../fakes/barcode-desktop.js';
import { steadyWork } from '../fakes/session-scripts.js';
import { mountSmallDisk, type SmallDisk } from './small-disk.js';

/**
 * A full disk under live capture: a small tmpfs (or loop ext4, or a labelled ENOSPC simulation)
 * holds the data dir; it fills up while the real CaptureService and the brain write. Capture must
 * say so (status and pushed event), keep ticking without crashing or damaging what is stored, and
 * carry on once space is back. The storage budget recycles the oldest frames first.
 */
const base = mkdtempSync(join(tmpdir(), 'engram-disk-'));
let disk: SmallDisk | null = null;
afterAll(() => {
  try {
    disk?.unmount();
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(cond: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await wait(50);
  }
}

describe('a full disk', { timeout: 180_000 }, () => {
  it('capture stops with a visible notice, damages nothing, and resumes when space returns', async () => {
    disk = mountSmallDisk(base, 8);
    console.log(`disk: ${disk.kind}${disk.why.length ? ` (${disk.why.join('; ')})` : ''}`);
    const dataDir = join(disk.dir, 'data');
    const store = await openStore({ dataDir, keyProvider: new StaticKeyProvider(randomBytes(32)), embedder: null });
    const desktop = new BarcodeDesktop(steadyWork);
    const settings = CaptureSettingsSchema.parse({});
    settings.interval_s = 0.1;
    const errors: string[] = [];
    const capture = new CaptureService({ store, screen: desktop.screen, windows: desktop.windows, ocr: desktop.ocr, settings, onError: (e) => errors.push(e instanceof Error ? e.message : String(e)) });
    const brain = createBrain({ store, llm: modelGetter({ settings: store.settings, env: {} }), subscribe: true, tickMs: 200 });
    const api = createApi({ store, host: 'headless', version: 't', capture: captureControlOf(capture), captureFeedMs: 100 });
    const statuses: CaptureStatus[] = [];
    api.events.subscribe((name, payload) => {
      if (name === 'capture.status') statuses.push(payload as CaptureStatus);
    });
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    try {
      await brain.start();
      capture.start();
      await until(() => store.frames.count() >= 5, 60_000, 'first frames');

      // Fill the disk, leaving a little room: capture runs into the wall within a few frames.
      disk.fill(96 * 1024);
      const framesAtFill = store.frames.count();
      await until(() => capture.status().state === 'error', 60_000, `capture to report the full disk (errors so far: ${errors.slice(-3).join(' | ')})`);
      const full = capture.status();
      console.log(`full: status ${JSON.stringify({ state: full.state, message: full.message })}; ${store.frames.count() - framesAtFill} frames fitted after the fill; errors reported: ${errors.length} (last: ${errors.at(-1)})`);
      expect(full.message ?? '').toMatch(/disk is full/i);
      await until(() => statuses.some((s) => s.state === 'error'), 5_000, 'a capture.status event with the error');
      const apiStatus = await api.dispatch('capture.status', {});
      expect(apiStatus).toMatchObject({ ok: true, output: { state: 'error' } });

      // Keeps ticking (and failing cleanly) while full: no crash, nothing half-written.
      const ticksBefore = desktop.drawn;
      await wait(1500);
      expect(desktop.drawn).toBeGreaterThan(ticksBefore);
      const framesWhileFull = store.frames.list({ limit: 10_000 });
      let unreadable = 0;
      for (const f of framesWhileFull) {
        try {
          await store.frames.readImage(f.id);
        } catch {
          unreadable++;
        }
      }
      expect(unreadable).toBe(0);
      const integrityFull = store.checkIntegrity();
      expect(integrityFull.sqlite).toBe('ok');
      expect(integrityFull.frames_without_file).toEqual([]);
      expect(integrityFull.orphan_frame_files).toEqual([]);

      // Space comes back: the next ticks keep frames again and the notice clears.
      disk.release();
      const framesAtRelease = store.frames.count();
      await until(() => store.frames.count() >= framesAtRelease + 5, 60_000, 'capture to resume');
      await until(() => capture.status().state === 'running' && capture.status().message === null, 10_000, 'the notice to clear');
      await until(() => statuses.at(-1)?.state === 'running', 5_000, 'a capture.status event back to running');
      console.log(`resumed: ${store.frames.count() - framesAtRelease} frames after the space came back`);

      await capture.stop();
      await capture.drain();
      await brain.flush();
      const end = store.checkIntegrity();
      expect(end.problems).toEqual([]);
      // A batch the brain could not write while the disk was full is taken up again, not stranded.
      expect(store.observations.listUnprocessed(1000)).toHaveLength(0);
      expect(unhandled.map(String)).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      api.dispose();
      await capture.close();
      await brain.stop();
      await store.close();
    }
  });

  it('the storage budget recycles the oldest frames first, keeping what was learned', async () => {
    const dir = join(base, 'budget');
    const store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(randomBytes(32)), embedder: null });
    try {
      const t0 = Date.now() - 3_600_000;
      const ids: string[] = [];
      for (let i = 0; i < 40; i++) {
        const f = store.frames.insert({ display: '0', captured_at: t0 + i * 60_000, width: 64, height: 64, phash: '0'.repeat(16), app: 'Editor', title: `t${i}`, url: null }, randomBytes(50_000));
        store.observations.insert({ kind: 'screen', frame_id: f.id, audio_id: null, display: '0', observed_at: f.captured_at, app: 'Editor', title: `t${i}`, url: null, text: `text of frame ${i}`, caption: null });
        ids.push(f.id);
      }
      const m = store.memories.insert({ kind: 'episodic', text: 'edited in Editor', occurred_at: t0, provenance: [{ source_type: 'frame', source_id: ids[0]! }] });
      const perFrame = store.frames.totalBytes() / 40;
      // A budget of about 25 frames (the settings' floor is 0.1 GB; the job takes any number).
      const report = applyRetention(store, { max_gb: (25 * perFrame) / 1024 ** 3, max_age_days: 365 });
      const left = store.frames.list({ limit: 100, order: 'oldest' }).map((f) => f.id);
      console.log(`budget: ${report.frames} of 40 frames recycled, ${left.length} kept`);
      expect(report.frames).toBe(15);
      expect(left).toEqual(ids.slice(15));
      expect(store.observations.count()).toBe(40);
      expect(store.memories.get(m.id)).not.toBeNull();
      expect(store.checkIntegrity().problems).toEqual([]);
    } finally {
      await store.close();
    }
  });
});
