import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';
import { createApi, type EngramApi } from '../../electron/api/index.js';
import type { CaptureStatus, EventName } from '../../shared/api/index.js';
import { seedUiFixture, type SeededIds } from '../fixtures/ui-seed.js';
import { FakeCapture } from '../fakes/fake-capture.js';

/**
 * The handlers over a real encrypted store, through the validating dispatcher with output checks on.
 * Each test gets its own copy of the seeded store (and its own capture and event log): the tests
 * delete, forget and wipe, and run in any order.
 */

const key = randomBytes(32);
let root: string;
let template: string;
let seeded: SeededIds;
let dir: string;
let store: EngramStore;
let api: EngramApi;
let capture: FakeCapture;
let events: { name: EventName; payload: unknown }[] = [];
let copies = 0;

async function ok<T = Record<string, unknown>>(name: string, input: unknown = {}): Promise<T> {
  const r = await api.dispatch(name, input);
  if (!r.ok) throw new Error(`${name}: ${r.error.code} ${r.error.message}`);
  return r.output as T;
}
async function err(name: string, input: unknown = {}) {
  const r = await api.dispatch(name, input);
  if (r.ok) throw new Error(`${name} should have failed`);
  return r.error;
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'engram-api-'));
  template = path.join(root, 'template');
  const seeding = await openStore({ dataDir: template, keyProvider: new StaticKeyProvider(key), embedder: null });
  seeded = await seedUiFixture(seeding);
  await seeding.close();
});
beforeEach(async () => {
  dir = path.join(root, `store-${++copies}`);
  cpSync(template, dir, { recursive: true });
  store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: null });
  capture = new FakeCapture();
  events = [];
  api = createApi({ store, host: 'headless', version: 'test', capture, checkOutputs: true, captureFeedMs: 50 });
  api.events.subscribe((name, payload) => events.push({ name, payload }));
});
afterEach(async () => {
  api.dispose();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('dispatch', () => {
  it('refuses unknown requests and bad input with typed errors, never a stack', async () => {
    expect(await err('nope.nothing')).toMatchObject({ code: 'UNKNOWN_REQUEST' });
    const bad = await err('memories.list', { tab: 'secrets' });
    expect(bad.code).toBe('INVALID_INPUT');
    expect(bad.message).toMatch(/^tab:/);
    expect(await err('memories.get', { id: '' })).toMatchObject({ code: 'INVALID_INPUT' });
    expect(await err('memories.get', { id: 'mem_does_not_exist' })).toMatchObject({ code: 'NOT_FOUND' });
    expect(await err('privacy.wipe', { confirm: 'yes' })).toMatchObject({ code: 'INVALID_INPUT' });
    expect(store.stats().counts.frames).toBeGreaterThan(0);
  });
});

describe('memories', () => {
  it('lists per tab with experiences apart from procedural, and counts match', async () => {
    const counts = (await ok<{ counts: Record<string, number> }>('memories.counts')).counts;
    expect(counts.experience).toBe(2);
    expect(counts.procedural).toBe(1);
    const exp = await ok<{ items: { fields: Record<string, unknown> }[]; total: number }>('memories.list', { tab: 'experience' });
    expect(exp.total).toBe(2);
    expect(exp.items.every((m) => m.fields['entry_type'] === 'experience')).toBe(true);
    const proc = await ok<{ items: { fields: Record<string, unknown> }[] }>('memories.list', { tab: 'procedural' });
    expect(proc.items.every((m) => m.fields['entry_type'] !== 'experience')).toBe(true);
    const searched = await ok<{ items: { id: string }[] }>('memories.list', { tab: 'semantic', query: 'Ana manager' });
    expect(searched.items[0]?.id).toBe(seeded.memories['sem_ana']);
  });

  it('masks vault values until revealed, and resolves provenance to frames', async () => {
    const id = seeded.memories['vault_booking']!;
    const got = await ok<{ memory: { fields: Record<string, unknown> }; provenance: { frame_id: string | null; excerpt: string; missing: boolean }[] }>('memories.get', { id });
    expect(got.memory.fields['secret']).not.toBe('LH7QX2-BER-LIS');
    expect(got.provenance.length).toBeGreaterThan(0);
    expect(got.provenance[0]!.frame_id).toBeTruthy();
    expect(got.provenance[0]!.missing).toBe(false);
    expect((await ok<{ secret: string }>('memories.reveal', { id })).secret).toBe('LH7QX2-BER-LIS');
    expect(await err('memories.reveal', { id: seeded.memories['sem_ana'] })).toMatchObject({ code: 'INVALID_INPUT' });
  });

  it('edits keep the previous version in history', async () => {
    const id = seeded.memories['sem_mirixdb']!;
    await ok('memories.update', { id, patch: { text: 'MirixDB is the internal time-series database (v2 partitions by month).' } });
    const got = await ok<{ memory: { version: number }; history: { version: number; snapshot: { text: string } }[] }>('memories.get', { id });
    expect(got.memory.version).toBe(2);
    expect(got.history[0]!.snapshot.text).toMatch(/team’s internal/);
    expect(await err('memories.update', { id, patch: {} })).toMatchObject({ code: 'INVALID_INPUT' });
  });
});

describe('timeline', () => {
  it('sums episodic time per app per day, without double counting overlaps', async () => {
    const from = new Date(seeded.dayStart).toISOString();
    const to = new Date(seeded.dayStart + 86_400_000).toISOString();
    const r = await ok<{ days: { apps: { app: string; minutes: number }[] }[]; totals: { app: string; minutes: number }[] }>('activity.daily', { range: { from, to }, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
    const code = r.totals.find((t) => t.app === 'Visual Studio Code')!;
    // 09:02–10:38 and 15:55–17:20: 96 + 85 minutes.
    expect(code.minutes).toBeCloseTo(181, 0);
    expect(r.days).toHaveLength(1);
  });

  it('returns a day sorted, with the memories each moment made', async () => {
    const from = new Date(seeded.dayStart).toISOString();
    const to = new Date(seeded.dayStart + 86_400_000).toISOString();
    const r = await ok<{ items: { type: string; id: string; at: string; memory_ids?: string[] }[] }>('timeline.range', { range: { from, to } });
    const at = r.items.map((i) => i.at);
    expect([...at].sort()).toEqual(at);
    const first = r.items.find((i) => i.id === seeded.observations[0]);
    expect(first?.memory_ids).toContain(seeded.memories['ep_migration']);
    const days = await ok<{ days: { date: string; observations: number }[] }>('timeline.days', { range: { from, to }, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
    // The workday, plus any of the last half hour's moments that fell in that day (just after
    // midnight, "40 minutes ago" is yesterday).
    const recentInDay = seeded.recent.at.filter((t) => t >= seeded.dayStart && t < seeded.dayStart + 86_400_000).length;
    expect(days.days[0]!.observations).toBe(seeded.observations.length + recentInDay);
  });

  it('decrypts thumbnails in memory', async () => {
    const img = await ok<{ mime: string; data: string; width: number }>('frames.image', { id: seeded.frames[0], size: 'thumb' });
    expect(img.mime).toBe('image/webp');
    expect(img.width).toBeLessThanOrEqual(320);
    expect(Buffer.from(img.data, 'base64').subarray(8, 12).toString()).toBe('WEBP');
  });

  it('deleting a moment takes its frame, its text and the memories citing it', async () => {
    const obs = seeded.observations[1]!;
    const frame = store.observations.get(obs)!.frame_id!;
    const citing = store.memories.bySource('observation', [obs]);
    expect(citing.length).toBeGreaterThan(0);
    const r = await ok<{ report: { observations: number; frames: number; memories: number } }>('timeline.delete', { items: [{ type: 'observation', id: obs }] });
    expect(r.report).toMatchObject({ observations: 1, frames: 1 });
    expect(r.report.memories).toBe(citing.length);
    expect(store.observations.get(obs)).toBeNull();
    expect(store.frames.get(frame)).toBeNull();
    expect(events.some((e) => e.name === 'data.forgotten')).toBe(true);
  });
});

describe('forget, activity, capture, settings, secrets', () => {
  it('forget.preview says exactly what forget.run removes', async () => {
    const what = { span: 'last', minutes: 15 };
    const preview = await ok<{ report: Record<string, number> }>('forget.preview', { what });
    expect(preview.report).toMatchObject({ frames: 3, observations: 3 });
    const run = await ok<{ report: Record<string, number> }>('forget.run', { what });
    expect(run.report).toEqual(preview.report);
    for (const id of seeded.recent.observations.slice(0, 2)) expect(store.observations.get(id)).not.toBeNull();
  });

  it('pauses and resumes capture, pushing the status', async () => {
    const paused = await ok<CaptureStatus>('capture.pause', { minutes: 60 });
    expect(paused.state).toBe('paused');
    expect(Date.parse(paused.paused_until!)).toBeGreaterThan(Date.now() + 59 * 60_000);
    expect(events.some((e) => e.name === 'capture.status' && (e.payload as CaptureStatus).state === 'paused')).toBe(true);
    expect((await ok<CaptureStatus>('capture.resume')).state).toBe('running');
  });

  it('settings: a bad value changes nothing; a good one is saved and capture reloads', async () => {
    const before = await ok<{ capture: { interval_s: number; privacy: { excluded_apps: string[] } } }>('settings.get');
    expect(await err('settings.update', { patch: { capture: { interval_s: -4, privacy: { excluded_apps: ['Signal'] } } } })).toMatchObject({ code: 'INVALID_INPUT' });
    expect(await ok('settings.get')).toEqual(before);
    expect(await err('settings.update', { patch: { capture: { privacy: { excluded_title_patterns: ['(unclosed'] } } } })).toMatchObject({ code: 'INVALID_INPUT' });
    const after = await ok<{ capture: { interval_s: number; privacy: { excluded_apps: string[] } } }>('settings.update', { patch: { capture: { interval_s: 5, ['__proto__']: { polluted: true } } } });
    expect(after.capture.interval_s).toBe(5);
    expect(after.capture.privacy.excluded_apps).toEqual(before.capture.privacy.excluded_apps);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(capture.reloads).toBe(1);
  });

  it('settings: redaction switches default on for secrets and off for emails; bad ones get one line and save nothing', async () => {
    type View = { capture: { interval_s: number; redaction: Record<string, boolean> } };
    const before = await ok<View>('settings.get');
    expect(before.capture.redaction).toEqual({ secrets: true, passwords: true, cards: true, bank_accounts: true, id_numbers: true, emails: false, phones: false });
    const reloads = capture.reloads;
    const bad = [
      { capture: { redaction: { cards: 'no' } } },
      { capture: { redaction: { email: true } } },
      { capture: { redaction: 'off' } },
      { capture: { interval_s: 7, redaction: { phones: null } } },
    ];
    for (const patch of bad) {
      const e = await err('settings.update', { patch });
      expect(e.code, JSON.stringify(patch)).toBe('INVALID_INPUT');
      expect(e.message, JSON.stringify(patch)).toMatch(/redaction/);
      expect(e.message).not.toContain('\n');
    }
    expect(await ok('settings.get')).toEqual(before);
    expect(capture.reloads).toBe(reloads);

    const after = await ok<View>('settings.update', { patch: { capture: { redaction: { cards: false, emails: true } } } });
    expect(after.capture.redaction).toMatchObject({ cards: false, emails: true, secrets: true, phones: false });
    expect(after.capture.interval_s).toBe(before.capture.interval_s);
    expect((await ok<View>('settings.get')).capture.redaction).toEqual(after.capture.redaction);
    expect(capture.reloads).toBe(reloads + 1);
    await ok('settings.update', { patch: { capture: { redaction: { cards: true, emails: false } } } });
  });

  it('the API key is stored, shown masked only, and flips offline mode', async () => {
    expect((await ok<{ offline: boolean }>('app.info')).offline).toBe(true);
    expect(await err('secrets.setAnthropicKey', { key: 'short' })).toMatchObject({ code: 'INVALID_INPUT' });
    const set = await ok<{ anthropic: { set: boolean; masked: string } }>('secrets.setAnthropicKey', { key: 'sk-ant-api03-abcdefghijklmnopqrstuvwxyz-WXYZ' });
    expect(set.anthropic).toEqual({ set: true, masked: 'sk-ant-…WXYZ', source: 'store' });
    expect(JSON.stringify(await ok('secrets.status'))).not.toContain('abcdefghijklmnop');
    expect((await ok<{ offline: boolean }>('app.info')).offline).toBe(false);
    await ok('secrets.clearAnthropicKey');
    expect((await ok<{ offline: boolean }>('app.info')).offline).toBe(true);
  });

  it('without a capture service, capture reads as unavailable and chat as unavailable', async () => {
    const bare = createApi({ store, host: 'headless', version: 'test', checkOutputs: true });
    try {
      const r = await bare.dispatch('capture.status', {});
      expect(r).toMatchObject({ ok: true, output: { state: 'unavailable' } });
      expect(await bare.dispatch('chat.listThreads', {})).toMatchObject({ ok: false, error: { code: 'UNAVAILABLE' } });
    } finally {
      bare.dispose();
    }
  });

  it('wipe needs the typed phrase and empties everything, the exports saved in the data dir included', async () => {
    const { existsSync, readdirSync } = await import('node:fs');
    const { portabilityExporter } = await import('../../electron/api/index.js');
    const saved = await portabilityExporter(store).run({ format: 'markdown', includeSecrets: false, onProgress: () => undefined });
    expect(existsSync(saved.path!)).toBe(true);
    const exportsDir = path.join(store.dataDir, 'exports');
    const n = readdirSync(exportsDir).length;
    expect(await ok('privacy.wipe', { confirm: 'delete everything' })).toEqual({ ok: true, exports_removed: n });
    expect(existsSync(exportsDir)).toBe(false);
    expect(store.stats().counts).toMatchObject({ frames: 0, observations: 0, episodic: 0, semantic: 0 });
    expect(events.some((e) => e.name === 'data.forgotten' && (e.payload as { wiped: boolean }).wiped)).toBe(true);
  });
});

describe('export from the window', () => {
  it('writes the memories to a file in the data dir and reports progress', async () => {
    const { existsSync, readFileSync } = await import('node:fs');
    const { portabilityExporter } = await import('../../electron/api/index.js');
    const exp = createApi({ store, host: 'headless', version: 'test', exporter: portabilityExporter(store), checkOutputs: true });
    const seen: { name: string; payload: unknown }[] = [];
    exp.events.subscribe((name, payload) => seen.push({ name, payload }));
    try {
      store.memories.insert({ kind: 'semantic', title: 'Export me', text: 'A fact worth taking along.' });
      const r = await exp.dispatch('export.run', { format: 'json' });
      expect(r).toMatchObject({ ok: true, output: { started: true } });
      await expect.poll(() => exp.progress.snapshot().find((t) => t.id === 'export')?.state, { timeout: 10_000 }).toBe('done');
      const task = exp.progress.snapshot().find((t) => t.id === 'export')!;
      expect(existsSync(task.detail!)).toBe(true);
      expect(readFileSync(task.detail!, 'utf8')).toContain('A fact worth taking along.');
      expect(seen.some((e) => e.name === 'progress.changed')).toBe(true);
    } finally {
      exp.dispose();
    }
  });
  it('export.write waits for the export, selects by kind and time, and refuses secrets in clear where the host does not allow them', async () => {
    const { readFileSync } = await import('node:fs');
    const { portabilityExporter } = await import('../../electron/api/index.js');
    const exp = createApi({ store, host: 'headless', version: 'test', exporter: portabilityExporter(store), checkOutputs: true });
    try {
      store.memories.insert({ kind: 'semantic', title: 'Kept fact', text: 'Selected by kind.' });
      store.memories.insert({ kind: 'knowledge_vault', title: 'Door code', text: 'Door code', fields: { secret: 'door-code-559911-xy', sensitivity: 'medium' } });
      const r = await exp.dispatch('export.write', { format: 'json', kinds: ['semantic', 'knowledge_vault'] });
      expect(r).toMatchObject({ ok: true, output: { format: 'json', secrets: 'masked' } });
      const out = (r as { output: { path: string; memories: number; by_kind: Record<string, number> } }).output;
      const doc = JSON.parse(readFileSync(out.path, 'utf8')) as { memories: { kind: string }[]; filter: { kinds: string[] } };
      expect(doc.filter.kinds).toEqual(['semantic', 'knowledge_vault']);
      expect(doc.memories.every((m) => m.kind === 'semantic' || m.kind === 'knowledge_vault')).toBe(true);
      expect(out.memories).toBe(doc.memories.length);
      expect(readFileSync(out.path, 'utf8')).not.toContain('door-code-559911-xy');
      const future = await exp.dispatch('export.write', { format: 'markdown', since: new Date(Date.now() + 86_400_000).toISOString() });
      expect(future).toMatchObject({ ok: true, output: { format: 'markdown', memories: 0 } });
      const clear = await exp.dispatch('export.write', { format: 'json', include_secrets: true });
      expect(clear).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', message: expect.stringMatching(/only from the command line/) } });
    } finally {
      exp.dispose();
    }
  });
});
