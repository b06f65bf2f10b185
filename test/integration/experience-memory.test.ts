import { describe, expect, it } from 'vitest';
import { StoreError, type EngramStore } from '../../agents/store/index.js';
import { ExperienceMemory, jeffreysLowerBound } from '../../agents/experience/index.js';
import { experienceEachTest } from '../helpers/experience-recommender.js';

const DAY = 86_400_000;
const NOW = Date.parse('2025-06-01T12:00:00Z');

describe('ExperienceMemory', () => {
  let store: EngramStore;
  let exp: ExperienceMemory;
  experienceEachTest('engram-exp-', NOW, (t) => ({ store, exp } = t));

  it('records experiences as procedural rows and recalls them for similar tasks only', async () => {
    const m = exp.record({ task: 'renew the TLS certificate', action: 'run certbot renew', outcome: 'success', score: 0.9, context: 'prod box' }, [], NOW - DAY);
    expect(m.kind).toBe('procedural');
    expect(m.fields).toMatchObject({ entry_type: 'experience', task: 'renew the TLS certificate', action: 'run certbot renew', outcome: 'success', score: 0.9, success_count: 1 });
    exp.recordFailure('renew the TLS certificate', 'restart nginx only', 'certificate still expired');
    exp.record({ task: 'renew my passport', action: 'book an appointment online', outcome: 'success' });
    const recalled = await exp.recall('how do I renew the TLS certificate');
    expect(recalled.map((r) => r.action).sort()).toEqual(['restart nginx only', 'run certbot renew']);
    expect(recalled.find((r) => r.outcome === 'failure')!.reason).toBe('certificate still expired');
    expect(store.stats().counts.experience).toBe(3);
  });

  it('recommends with the Jeffreys lower bound and cites its experiences', async () => {
    for (let i = 0; i < 9; i++) exp.record({ task: 'deploy the app', action: 'make deploy', outcome: 'success' }, [], NOW - (i + 1) * DAY);
    const fail = exp.recordFailure('deploy the app', 'make deploy', 'ssh timeout');
    const lucky = exp.record({ task: 'deploy the app', action: 'deploy.sh', outcome: 'success' });
    const rec = (await exp.recommend('deploy the app'))!;
    expect(rec.action).toBe('make deploy');
    expect(rec.successes).toBe(9);
    expect(rec.failures).toBe(1);
    expect(rec.confidence).toBeCloseTo(jeffreysLowerBound(9, 1), 6);
    expect(rec.experience_ids).toContain(fail.id);
    expect(rec.experience_ids).toHaveLength(10);
    expect(rec.alternatives.map((a) => a.action)).toEqual(['deploy.sh']);
    expect(rec.alternatives[0]!.experience_ids).toEqual([lucky.id]);
  });

  it('never recommends an action that only failed, and shows it as tried', async () => {
    exp.recordFailure('connect to the VPN', 'default profile', 'auth failed');
    exp.recordFailure('connect to the VPN', 'default profile', 'auth failed');
    expect(await exp.recommend('connect to the VPN')).toBeNull();
    exp.record({ task: 'connect to the VPN', action: 'staging profile', outcome: 'success' });
    const rec = (await exp.recommend('connect to the VPN'))!;
    expect(rec.action).toBe('staging profile');
    expect(rec.tried_failed).toMatchObject([{ action: 'default profile', successes: 0, failures: 2 }]);
  });

  it('leaves superseded experiences out, keeping them in history', async () => {
    const old = exp.record({ task: 'back up the laptop', action: 'copy to the USB disk', outcome: 'success' });
    const next = exp.record({ task: 'back up the laptop', action: 'run restic backup', outcome: 'success' });
    exp.supersede(old.id, next.id);
    expect((await exp.recall('back up the laptop')).map((r) => r.memory.id)).toEqual([next.id]);
    expect(store.memories.get(old.id)!.superseded_by).toBe(next.id);
    expect(store.memories.history(old.id)).toHaveLength(1);
    expect(() => exp.supersede(old.id, old.id)).toThrow(StoreError);
    expect(() => exp.supersede(old.id, 'mem_nope')).toThrow(/no experience/);
  });

  it('with a half-life, old evidence counts less', async () => {
    const decaying = new ExperienceMemory(store, { now: () => NOW, halfLifeDays: 30, searchMode: 'bm25' });
    for (let i = 0; i < 6; i++) decaying.record({ task: 'print the report', action: 'old printer', outcome: 'success' }, [], NOW - 365 * DAY);
    for (let i = 0; i < 3; i++) decaying.record({ task: 'print the report', action: 'new printer', outcome: 'success' }, [], NOW - DAY);
    expect((await decaying.recommend('print the report'))!.action).toBe('new printer');
    expect((await exp.recommend('print the report'))!.action).toBe('old printer');
  });

  it('rejects invalid input without writing', () => {
    expect(() => exp.record({ task: '', action: 'x', outcome: 'success' })).toThrow(StoreError);
    expect(() => exp.record({ task: 't', action: 'x', outcome: 'maybe' as never })).toThrow(/outcome/);
    expect(() => exp.record({ task: 't', action: 'x', outcome: 'success', score: 2 })).toThrow(/score/);
    expect(store.memories.count({})).toBe(0);
  });
});
