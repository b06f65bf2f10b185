import { describe, expect, it } from 'vitest';
import type { EngramStore } from '../../agents/store/index.js';
import { createApi, type EngramApi } from '../../electron/api/index.js';
import { BRAIN_SETTINGS_KEY, BrainSettingsSchema, defaultBrainSettings } from '../../shared/settings/index.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';

/** Settings → Brain through the handler map: the brain settings that were read by code and written by nothing (issue 30). */
describe('brain.settings / brain.updateSettings', () => {
  let store: EngramStore;
  let api: EngramApi;
  tempStoreEachTest('engram-brain-settings-', (t) => {
    store = t.store;
    api = createApi({ store, host: 'headless', version: 'test', checkOutputs: true });
    return () => api.dispose();
  });
  const call = async (name: string, input: unknown) => {
    const r = await api.dispatch(name, input);
    if (!r.ok) throw new Error(r.error.message);
    return r.output as Record<string, unknown>;
  };
  const stored = () => store.settings.get(BRAIN_SETTINGS_KEY, BrainSettingsSchema, defaultBrainSettings());

  it('round-trips every field the card sets, keeps the ones it does not name, and the next request uses them', async () => {
    expect(await call('brain.settings', {})).toEqual({
      experience_half_life_days: null,
      max_chaining_steps: 5,
      chain_budget_calls: 16,
      segment_collapse_min: 120,
      archive_after_days: 180,
      dream: { auto: true, min_interval_h: 24, idle_min: 30 },
    });
    store.settings.set(BRAIN_SETTINGS_KEY, { ...stored(), flush_size: 7 });
    await call('brain.updateSettings', { patch: { experience_half_life_days: 45, max_chaining_steps: 9, chain_budget_calls: 40 } });
    const after = await call('brain.updateSettings', { patch: { segment_collapse_min: 60, dream: { min_interval_h: 6 } } });
    expect(after).toEqual({ experience_half_life_days: 45, max_chaining_steps: 9, chain_budget_calls: 40, segment_collapse_min: 60, archive_after_days: 180, dream: { auto: true, min_interval_h: 6, idle_min: 30 } });
    expect(stored()).toMatchObject({ flush_size: 7, experience_half_life_days: 45, max_chaining_steps: 9, chain_budget_calls: 40, segment_collapse_min: 60, dream: { auto: true, min_interval_h: 6, idle_min: 30 } });
    expect(await call('brain.settings', {})).toEqual(after);
    // Live: the experience handlers read it on their next call, no restart.
    expect((await call('experiences.recommend', { task: 'anything at all' })).half_life_days).toBe(45);
    await call('brain.updateSettings', { patch: { experience_half_life_days: null } });
    expect((await call('experiences.recommend', { task: 'anything at all' })).half_life_days).toBeNull();
  });

  it('refuses a bad value or an unknown field in one line and changes nothing', async () => {
    await call('brain.updateSettings', { patch: { max_chaining_steps: 4 } });
    const before = stored();
    for (const patch of [{ max_chaining_steps: 0 }, { max_chaining_steps: 2.5 }, { chain_budget_calls: 1 }, { chain_budget_calls: 201 }, { experience_half_life_days: -3 }, { dream: { idle_min: 0 } }, { flush_size: 3 }, { dream: { when: 'now' } }]) {
      const r = await api.dispatch('brain.updateSettings', { patch });
      expect(r.ok, JSON.stringify(patch)).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe('INVALID_INPUT');
        expect(r.error.message).not.toContain('\n');
      }
    }
    expect(stored()).toEqual(before);
  });
});
