import { describe, expect, it, vi } from 'vitest';
import { OfflineProvider } from '../../agents/llm/index.js';
import { createBrain } from '../../agents/meta/index.js';
import { redactionRescrub } from '../../agents/meta/redaction-rescrub.js';
import { REDACTION_VERSION_KEY, type EngramStore, type RescrubbedSecret } from '../../agents/store/index.js';
import { CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, defaultCaptureSettings } from '../../shared/settings/index.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';

/**
 * The brain runs the store's re-scrub (store-rescrub.test.ts has the pass itself): at start when the
 * store's text predates the detectors, a batch per turn of its queue, with the user's switches.
 */
const KEY = 'sk live 51QxTm8Ab29dKp4LmN7qRsT3uV';
const IBAN = 'DESY 3704 0044 0532 0130 00';

describe('the brain re-scrubs what an older Engram kept', () => {
  let store: EngramStore;
  tempStoreEachTest('engram-brain-rescrub-', (t) => {
    store = t.store;
  });

  /** Screens kept by older detectors: each holds a key and, after its label, an account number. */
  function keptByOlderDetectors(n: number): void {
    for (let i = 0; i < n; i++) {
      store.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: 'main', observed_at: 1_000 + i, app: 'Chromium', title: `Billing ${i}`, url: null, text: `Invoice ${i}\nFrom account: ${IBAN}\nShop key: ${KEY}`, caption: null });
    }
    store.db.prepare('UPDATE meta SET value = ? WHERE key = ?').run('0', REDACTION_VERSION_KEY);
  }
  const leaked = (v: string) => store.db.prepare('SELECT count(*) FROM observations WHERE text LIKE ?').pluck().get(`%${v}%`);

  it("runs a batch per turn of the queue, with the user's switches", async () => {
    keptByOlderDetectors(7);
    // The user keeps account numbers (switched off); keys are still redacted.
    const capture = defaultCaptureSettings();
    store.settings.set(CAPTURE_SETTINGS_KEY, CaptureSettingsSchema.parse({ ...capture, redaction: { ...capture.redaction, bank_accounts: false } }));
    let jobs = 0;
    const meta = {
      exclusive: async <T>(job: () => Promise<T>): Promise<T> => {
        jobs++;
        return job();
      },
    };
    const lines: string[] = [];
    const vaulted: { table: string; id: string; value: string }[] = [];
    const vault = (found: RescrubbedSecret[]) => {
      for (const f of found) vaulted.push({ table: f.place.table, id: f.place.id, value: f.value });
    };
    const r = await redactionRescrub({ store, meta, batch: 3, vault, log: (l) => lines.push(l) }).run();
    expect(r.done).toBe(true);
    expect(r.slices).toBe(jobs);
    expect(r.slices).toBeGreaterThanOrEqual(3);
    expect(r).toMatchObject({ changed: 7, masked: 7 });
    expect(leaked('3uV')).toBe(0);
    expect(leaked(IBAN)).toBe(7);
    // What was taken out goes to the vault with its value, as capture's redactions do; the kept account number does not.
    expect(vaulted).toHaveLength(7);
    expect(new Set(vaulted.map((v) => v.id)).size).toBe(7);
    expect(vaulted.every((v) => v.table === 'observations' && v.value === '51QxTm8Ab29dKp4LmN7qRsT3uV')).toBe(true);
    expect(r.kept).toBe(7);
    // Counted and logged by number; no secret in the log.
    expect(store.counters.get('redaction.rescrub.masked')).toBe(7);
    expect(lines.join('\n')).toContain('masked 7 secrets');
    expect(lines.join('\n')).not.toMatch(/3uV|0532/);
  });

  it('starts the pass when the brain starts', async () => {
    keptByOlderDetectors(30);
    const brain = createBrain({ store, llm: new OfflineProvider(), timeZone: 'UTC', tickMs: 3_600_000 });
    try {
      await brain.start();
      await vi.waitFor(() => expect(store.rescrubDue).toBe(false), { timeout: 20_000, interval: 20 });
      expect(leaked('3uV')).toBe(0);
      expect(leaked('0532')).toBe(0);
      // The vault keeps them, masked where shown: the user can still ask for the key they saw.
      const vault = () => store.memories.list({ kinds: ['knowledge_vault'], limit: 100 }).map((m) => store.memories.get(m.id, { reveal: true })!.fields.secret);
      await vi.waitFor(() => expect(vault()).toEqual(expect.arrayContaining(['51QxTm8Ab29dKp4LmN7qRsT3uV', IBAN])), { timeout: 20_000, interval: 20 });
    } finally {
      await brain.stop();
    }
  });
});
