import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { loadLocomo, MetricSum, normaliseEvidence, parseSessionDate, turnText } from '../bench/locomo-data.js';

describe('LoCoMo-format reader (retrieval benchmark)', () => {
  it('reads session dates like "1:56 pm on 8 May, 2023" (UTC) and rejects what it cannot read', () => {
    expect(parseSessionDate('1:56 pm on 8 May, 2023')).toBe(Date.UTC(2023, 4, 8, 13, 56));
    expect(parseSessionDate('12:09 am on 1 January, 2024')).toBe(Date.UTC(2024, 0, 1, 0, 9));
    expect(parseSessionDate('12:30 pm on 15 Sept, 2023')).toBe(Date.UTC(2023, 8, 15, 12, 30));
    expect(parseSessionDate('sometime in spring')).toBeNull();
  });

  it('repairs malformed evidence ids the way the data README describes', () => {
    expect(normaliseEvidence('D8:6; D9:17')).toEqual(['D8:6', 'D9:17']);
    expect(normaliseEvidence('D9:1 D4:4 D4:6')).toEqual(['D9:1', 'D4:4', 'D4:6']);
    expect(normaliseEvidence('D:11:26')).toEqual(['D11:26']);
    expect(normaliseEvidence('D30:05')).toEqual(['D30:5']);
    expect(normaliseEvidence('D')).toEqual([]);
  });

  it('loads a file of the same format: sessions in order, captions kept, unusable evidence set aside', () => {
    const [conv] = loadLocomo(join(import.meta.dirname, '..', 'fixtures', 'locomo-format-mini.json'));
    expect(conv!.id).toBe('mini-1');
    expect(conv!.sessions.map((s) => s.index)).toEqual([1, 2, 3]);
    expect(conv!.sessions[2]!.at).toBeNull();
    expect(turnText(conv!.sessions[0]!.turns[2]!)).toBe('Ana: Great, look at the lake this morning! [shared an image: a photo of a calm lake at sunrise]');
    const ev = conv!.questions.map((q) => q.evidence);
    expect(ev).toEqual([['D1:2'], ['D2:1', 'D2:3'], ['D1:3'], ['D3:1'], ['D2:3'], []]);
    expect(conv!.droppedEvidence.sort()).toEqual(['D', 'D7:7']);
  });

  it('scores recall@k as the share of gold turns in the top k, and MRR from the first gold turn', () => {
    const m = new MetricSum();
    m.add(['a', 'x', 'y', 'z', 'w', 'b'], ['a', 'b']); // r@5 0.5, r@10 1, rr 1
    m.add(['x', 'y', 'c'], ['c']); // r@5 1, r@10 1, rr 1/3
    m.add(['x'], ['d']); // 0, 0, 0
    const r = m.result();
    expect(r.questions).toBe(3);
    expect(r['recall@5']).toBeCloseTo(0.5, 4);
    expect(r['recall@10']).toBeCloseTo(2 / 3, 4);
    expect(r.mrr).toBeCloseTo((1 + 1 / 3) / 3, 4);
  });
});
