import { describe, expect, it } from 'vitest';
import { ObservationBuffer } from '../../agents/meta/index.js';
import type { ObservationRecord } from '../../agents/store/index.js';

const MIN = 60_000;
let n = 0;
function obs(at: number, app: string | null = 'Calc', kind: 'screen' | 'audio' = 'screen'): ObservationRecord {
  return { id: `obs_${++n}`, kind, frame_id: null, audio_id: null, display: ':0', observed_at: at, app, title: 't', url: null, text: 'x', caption: null, processed_at: null };
}
const opts = { flushSize: 20, idleGapMs: 10 * MIN, segmentCollapseMs: 120 * MIN };
const T = Date.parse('2025-03-03T09:00:00Z');

describe('ObservationBuffer flush rules', () => {
  it('flushes every 20 observations', () => {
    const b = new ObservationBuffer(opts);
    const flushes = [];
    for (let i = 0; i < 45; i++) flushes.push(...b.add(obs(T + i * 3000), T).flushes);
    expect(flushes.map((f) => [f.observations.length, f.reason])).toEqual([
      [20, 'size'],
      [20, 'size'],
    ]);
    expect(b.size).toBe(5);
  });

  it('flushes on an app switch, before the new app', () => {
    const b = new ObservationBuffer(opts);
    b.add(obs(T, 'Calc'));
    b.add(obs(T + MIN, 'Calc'));
    const r = b.add(obs(T + 2 * MIN, 'Firefox'));
    expect(r.flushes).toHaveLength(1);
    expect(r.flushes[0]!.reason).toBe('app_switch');
    expect(r.flushes[0]!.observations.map((o) => o.app)).toEqual(['Calc', 'Calc']);
    expect(b.size).toBe(1);
  });

  it('does not count audio chunks between screens as app switches', () => {
    const b = new ObservationBuffer(opts);
    b.add(obs(T, 'Calc'));
    expect(b.add(obs(T + 1000, null, 'audio')).flushes).toHaveLength(0);
    expect(b.add(obs(T + 2000, 'Calc')).flushes).toHaveLength(0);
    expect(b.add(obs(T + 3000, 'Zoom')).flushes[0]!.observations).toHaveLength(3);
  });

  it('flushes after an idle gap, by observation time and by the clock', () => {
    const b = new ObservationBuffer(opts);
    b.add(obs(T), T);
    expect(b.add(obs(T + 11 * MIN), T).flushes[0]!.reason).toBe('idle');
    // Timer: nothing new for 10 minutes of wall clock and observation time.
    expect(b.check(T + 15 * MIN).flushes).toHaveLength(0); // added at wall T, observed T+11: not idle yet
    expect(b.check(T + 22 * MIN).flushes[0]!.reason).toBe('idle');
    expect(b.size).toBe(0);
  });

  it('does not call a fast replay of old observations idle', () => {
    const b = new ObservationBuffer(opts);
    const wall = T + 30 * 86_400_000;
    b.add(obs(T), wall);
    expect(b.check(wall + 1000).flushes).toHaveLength(0);
  });

  it('ends the segment after the collapse gap (setting), and when time runs backwards', () => {
    const b = new ObservationBuffer({ ...opts, segmentCollapseMs: 60 * MIN });
    b.add(obs(T));
    const seg = b.segment;
    const r = b.add(obs(T + 61 * MIN));
    expect(r.flushes[0]!.reason).toBe('segment_end');
    expect(r.ended).toEqual([{ segment: seg, start: T, end: T }]);
    expect(b.segment).not.toBe(seg);
    const back = b.add(obs(T));
    expect(back.ended).toHaveLength(1);
    expect(b.segment).toBe(seg); // a replay of the same stream gets the same segment id
  });

  it('collapses an idle segment from the timer', () => {
    const b = new ObservationBuffer(opts);
    b.add(obs(T), T);
    const r = b.check(T + 121 * MIN);
    expect(r.flushes[0]!.reason).toBe('segment_end');
    expect(r.ended).toHaveLength(1);
    expect(b.segment).toBeNull();
  });

  it('drains on demand (chat turn)', () => {
    const b = new ObservationBuffer(opts);
    b.add(obs(T));
    expect(b.drain('chat_turn')!.reason).toBe('chat_turn');
    expect(b.drain('chat_turn')).toBeNull();
  });
});
