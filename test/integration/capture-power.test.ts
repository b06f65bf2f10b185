import { describe, expect, it, vi } from 'vitest';
import type { EngramStore } from '../../agents/store/index.js';
import { CapturePipeline, CaptureService, MAX_BUSY_WAIT_MS, OsLoadSource, type IdleSource, type LoadLevel } from '../../electron/sensing/capture/index.js';
import type { OcrEngine, OcrImage, OcrResult } from '../../electron/sensing/perception/index.js';
import { CaptureSettingsSchema } from '../../shared/settings/index.js';
import { ChangingScreen, FixedWindow, ShadedScreen } from '../fakes/fake-screen-stack.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';

/** OCR that counts what it reads. */
class CountingOcr implements OcrEngine {
  activeWorkers = 0;
  reads = 0;
  async recognize(image: OcrImage): Promise<OcrResult> {
    this.reads++;
    return { text: `page ${this.reads}`, confidence: 90, lines: [{ text: `page ${this.reads}`, confidence: 90, bbox: { x0: 0, y0: 0, x1: image.width, y1: image.height } }] };
  }
  async stop() {}
}

class SwitchIdle implements IdleSource {
  value: 'active' | 'idle' | 'locked' = 'active';
  async state() {
    return this.value;
  }
}

const KEY = Buffer.alloc(32, 9);

describe('capture on battery and on a still screen (issue 34)', () => {
  let store: EngramStore;
  let now: number;
  tempStoreEachTest('engram-capture-power-', (t) => {
    store = t.store;
    now = Date.UTC(2026, 0, 5, 12);
  }, { key: KEY });

  it('a still screen writes no counter per tick: skips are counted in memory and written at most a minute late', async () => {
    const screen = new ShadedScreen();
    const p = new CapturePipeline({ store, screen, windows: new FixedWindow(), ocr: new CountingOcr(), clock: () => now, settings: CaptureSettingsSchema.parse({}) });
    expect((await p.tick()).kept).toBe(true);
    await p.drain();
    const bump = vi.spyOn(store.counters, 'bump');
    for (let i = 0; i < 10; i++) {
      now += 3000;
      expect((await p.tick()).reason).toBe('unchanged');
    }
    // Ten skipped ticks, 30 s: nothing written yet (each was two fsynced commits before).
    expect(bump).not.toHaveBeenCalled();
    expect(store.counters.get('capture.frames_skipped')).toBe(0);
    // Past a minute of skips they are written, in one go.
    for (let i = 0; i < 11; i++) {
      now += 3000;
      await p.tick();
    }
    expect(store.counters.get('capture.frames_skipped')).toBeGreaterThanOrEqual(20);
    bump.mockClear();
    // Status (and drain, and close) write what is pending, so what the user reads is exact.
    now += 3000;
    await p.tick();
    p.flushCounters();
    expect(store.counters.get('capture.frames_skipped')).toBe(21);
    await p.close();
  });

  it('on battery, OCR waits for AC or idle; frames wait encrypted and none is lost across a quit', async () => {
    const ocr = new CountingOcr();
    const idle = new SwitchIdle();
    let battery = true;
    const settings = CaptureSettingsSchema.parse({});
    const service = new CaptureService({ store, screen: new ChangingScreen(), windows: new FixedWindow(), ocr, idle, settings, clock: () => now, power: { onBattery: () => battery } });
    expect(service.batterySaverActive()).toBe(true);
    expect(service.intervalMs()).toBe(settings.interval_s * 2000);
    for (let i = 0; i < 3; i++) {
      now += 6000;
      expect((await service.tick()).kept).toBe(true);
    }
    await service.drain();
    expect(ocr.reads).toBe(0);
    expect(service.status().ocr_backlog).toBe(3);
    expect(store.frames.countUnread()).toBe(3);
    // The user steps away: the waiting frames are read.
    idle.value = 'idle';
    now += 6000;
    await service.tick();
    await service.drain();
    expect(ocr.reads).toBe(3);
    expect(store.frames.countUnread()).toBe(0);
    // Back at the keyboard, still on battery: new frames wait again; then the app quits.
    idle.value = 'active';
    for (let i = 0; i < 2; i++) {
      now += 6000;
      expect((await service.tick()).kept).toBe(true);
    }
    await service.drain();
    expect(ocr.reads).toBe(3);
    await service.close();
    expect(store.frames.countUnread()).toBe(2);

    // The next start, on AC: what waited is read, nothing was lost.
    battery = false;
    const ocr2 = new CountingOcr();
    const next = new CaptureService({ store, screen: new ChangingScreen(), windows: new FixedWindow(), ocr: ocr2, idle, settings, clock: () => now, power: { onBattery: () => battery } });
    expect(next.batterySaverActive()).toBe(false);
    const requeued = next.pipeline.requeueUnread();
    expect(requeued.queued).toBe(2);
    expect(await requeued.observations).toHaveLength(2);
    expect(ocr2.reads).toBe(2);
    expect(store.frames.countUnread()).toBe(0);
    await next.close();
  });

  it('a capture the user asks for is read at once, even on battery', async () => {
    const ocr = new CountingOcr();
    const service = new CaptureService({ store, screen: new ChangingScreen(), windows: new FixedWindow(), ocr, settings: CaptureSettingsSchema.parse({}), clock: () => now, power: { onBattery: () => true } });
    const r = await service.tick({ force: true });
    expect(r.kept).toBe(true);
    expect(await r.observations).toHaveLength(1);
    expect(ocr.reads).toBe(1);
    await service.close();
  });

  it('with the battery saver off, battery changes nothing', async () => {
    const ocr = new CountingOcr();
    const settings = CaptureSettingsSchema.parse({ battery_saver: false });
    const service = new CaptureService({ store, screen: new ChangingScreen(), windows: new FixedWindow(), ocr, settings, clock: () => now, power: { onBattery: () => true } });
    expect(service.intervalMs()).toBe(settings.interval_s * 1000);
    const r = await service.tick();
    expect(await r.observations).toHaveLength(1);
    expect(ocr.reads).toBe(1);
    await service.close();
  });

  it('on a busy machine OCR backs off first, capture second, and nothing waits longer than MAX_BUSY_WAIT_MS', async () => {
    // The fake screen stamps frames with the real clock; the service's clock starts there too.
    now = Date.now();
    const ocr = new CountingOcr();
    let level: LoadLevel = 'busy';
    const settings = CaptureSettingsSchema.parse({});
    const service = new CaptureService({ store, screen: new ChangingScreen(), windows: new FixedWindow(), ocr, settings, clock: () => now, power: { onBattery: () => false }, load: { level: () => level } });
    // Busy: OCR waits, capture keeps its pace.
    expect(service.intervalMs()).toBe(settings.interval_s * 1000);
    for (let i = 0; i < 2; i++) {
      now += 3000;
      expect((await service.tick()).kept).toBe(true);
    }
    await service.drain();
    expect(ocr.reads).toBe(0);
    expect(service.status().ocr_backlog).toBe(2);
    // Overloaded: capture slows down too.
    level = 'overloaded';
    expect(service.intervalMs()).toBe(settings.interval_s * 2000);
    // A load that never ends: the oldest frame has waited long enough, so what waits is read (with
    // this tick's own frame, in one batch).
    now += MAX_BUSY_WAIT_MS;
    expect((await service.tick()).kept).toBe(true);
    await service.drain();
    expect(ocr.reads).toBe(3);
    // The load falls: frames are read as they come.
    level = 'ok';
    now += 3000;
    const r = await service.tick();
    expect(await r.observations).toHaveLength(1);
    expect(ocr.reads).toBe(4);
    expect(store.frames.countUnread()).toBe(0);
    await service.close();
  });

  it('the load level: per core, with a quarter of hysteresis before it drops back', () => {
    let load1 = 0.5;
    let t = 0;
    const src = new OsLoadSource({ read: () => ({ load1, cores: 2 }), clock: () => t, cacheMs: 10_000 });
    expect(src.level()).toBe('ok');
    load1 = 2.2; // 1.1 per core
    expect(src.level()).toBe('ok'); // read at most every 10 s
    t += 10_000;
    expect(src.level()).toBe('busy');
    load1 = 1.8; // 0.9 per core: above 0.75, still busy
    t += 10_000;
    expect(src.level()).toBe('busy');
    load1 = 4.4; // 2.2 per core
    t += 10_000;
    expect(src.level()).toBe('overloaded');
    load1 = 3.4; // 1.7 per core: above 1.5, still overloaded
    t += 10_000;
    expect(src.level()).toBe('overloaded');
    load1 = 1.2; // 0.6 per core
    t += 10_000;
    expect(src.level()).toBe('ok');
  });
});
