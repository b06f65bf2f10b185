import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { betaQuantile, jeffreysLowerBound } from '../../agents/experience/index.js';
import { openStore, StaticKeyProvider } from '../../agents/store/index.js';
import { createApi } from '../../electron/api/index.js';

describe('experiences.byTask ("What worked")', () => {
  it('lists experiences per task, newest task first, each action with exact counts and its Jeffreys interval; failed-only actions last', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'engram-what-worked-'));
    const store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(randomBytes(32)), embedder: null });
    const api = createApi({ store, host: 'headless', version: 'test', checkOutputs: true });
    try {
      const rec = async (input: Record<string, unknown>) => {
        const r = await api.dispatch('experiences.record', input);
        if (!r.ok) throw new Error(r.error.message);
      };
      await rec({ task: 'Renew the TLS certificate', action: 'restart nginx only', outcome: 'failure', reason: 'still expired' });
      for (let i = 0; i < 3; i++) await rec({ task: 'renew the TLS certificate', action: 'run certbot renew', outcome: 'success' });
      await rec({ task: 'renew the TLS certificate', action: 'run certbot renew', outcome: 'failure' });
      await rec({ task: 'import the CSV', action: 'split the file in two', outcome: 'partial' });
      const r = await api.dispatch('experiences.byTask', {});
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      const { tasks } = r.output as { tasks: { task: string; experiences: number; actions: { action: string; successes: number; failures: number; partials: number; low: number; high: number }[] }[] };
      expect(tasks.map((t) => [t.task, t.experiences])).toEqual([
        ['import the CSV', 1],
        ['renew the TLS certificate', 5],
      ]);
      const [certbot, nginx] = tasks[1]!.actions;
      expect(certbot).toMatchObject({ action: 'run certbot renew', successes: 3, failures: 1, partials: 0 });
      expect(certbot!.low).toBeCloseTo(jeffreysLowerBound(3, 1), 6);
      expect(certbot!.high).toBeCloseTo(betaQuantile(0.95, 3.5, 1.5), 6);
      expect(certbot!.low).toBeLessThan(certbot!.high);
      expect(nginx).toMatchObject({ action: 'restart nginx only', successes: 0, failures: 1 });
    } finally {
      api.dispose();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
