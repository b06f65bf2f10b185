import { describe, expect, it } from 'vitest';
import type { Memory } from '../../shared/index.js';
import {
  buildPrompt,
  citedNumbers,
  DEFAULT_BUDGET,
  estimateTokens,
  mapCitations,
  type Candidate,
  type NumberedMemory,
} from '../../agents/chat/index.js';
import { TimeFormatter } from '../../shared/time/index.js';

const NOW = Date.parse('2025-06-12T13:00:00Z');
let seq = 0;
function mem(kind: Memory['kind'], text: string, extra: Partial<Memory> = {}): Memory {
  seq++;
  const at = new Date(NOW - seq * 3_600_000).toISOString();
  return {
    id: `mem_${seq}`,
    kind,
    title: '',
    text,
    details: '',
    fields: kind === 'core' ? { label: 'human' } : {},
    app: null,
    occurred_at: kind === 'episodic' ? at : null,
    ended_at: null,
    segment: null,
    created_at: at,
    updated_at: at,
    access_count: 0,
    last_accessed_at: null,
    superseded_by: null,
    version: 1,
    archived_at: null,
    ...extra,
  };
}

describe('citations', () => {
  it('reads [n], [n, m], [n-m] and [n][m], in order of first appearance', () => {
    expect(citedNumbers('A [2]. B [1, 3]. C [4-6] and [2][7]. Year [2019-2024] is not a citation.')).toEqual([2, 1, 3, 4, 5, 6, 7]);
    expect(citedNumbers('No marks, [x], [ 3 ]?')).toEqual([]);
  });

  it('maps numbers to memory ids and ignores numbers that were not in the prompt', () => {
    const numbered: NumberedMemory[] = [
      { n: 1, memory: mem('semantic', 'a'), source: 'search', score: 1, line: '' },
      { n: 2, memory: mem('episodic', 'b'), source: 'recent', score: null, line: '' },
    ];
    expect(mapCitations('x [2] y [9] z [1] [2]', numbered)).toEqual([
      { n: 2, memory_id: numbered[1]!.memory.id, kind: 'episodic' },
      { n: 1, memory_id: numbered[0]!.memory.id, kind: 'semantic' },
    ]);
  });
});

describe('prompt builder', () => {
  const fmt = new TimeFormatter('Europe/Paris');

  it('numbers memories grouped by kind (events in time order) and keeps core blocks in the system prompt', () => {
    const e1 = mem('episodic', 'later event'); // newer
    const e2 = mem('episodic', 'earlier event'); // older
    const f = mem('semantic', 'a fact');
    const candidates: Candidate[] = [
      { memory: f, score: 0.9, source: 'search', priority: 0 },
      { memory: e1, score: 0.8, source: 'search', priority: 0 },
      { memory: e2, score: null, source: 'recent', priority: 1 },
    ];
    const p = buildPrompt({
      question: 'q?',
      history: [],
      core: [mem('core', 'The user is Sam.')],
      candidates,
      withheldCount: 0,
      timeRange: null,
      now: NOW,
      fmt,
      budget: DEFAULT_BUDGET,
    });
    expect(p.numbered.map((m) => m.memory.text)).toEqual(['earlier event', 'later event', 'a fact']);
    expect(p.system).toContain('<core label="human">\nThe user is Sam.\n</core>');
    expect(p.context).toMatch(/\[1\] event · .* — earlier event\n\[2\] event · .* — later event\n\[3\] fact · noted .* — a fact/);
    expect(p.messages).toEqual([{ role: 'user', content: 'q?' }]);
  });

  it('takes secrets out of the question and earlier turns before the model sees them', () => {
    const p = buildPrompt({
      question: 'remember: the NAS password is x9!kq2 and my card is 4242 4242 4242 4242',
      history: [
        { role: 'user', text: 'token: ghp_abcdefghijklmnopqrstuvwxyz0123456789 for CI' },
        { role: 'assistant', text: 'Noted the GitHub token.' },
      ],
      core: [],
      candidates: [],
      withheldCount: 0,
      timeRange: null,
      now: NOW,
      fmt,
      budget: DEFAULT_BUDGET,
    });
    expect(p.messages).toEqual([
      { role: 'user', content: 'token: [redacted:github_token] for CI' },
      { role: 'assistant', content: 'Noted the GitHub token.' },
      { role: 'user', content: 'remember: the NAS password is [redacted:password] and my card is [redacted:card]' },
    ]);
  });

  it('takes secrets kept in notes (their redaction switched off) out of memories and core blocks before the model sees them', () => {
    // Long text before the card: the line is redacted whole, then cut, so no part of the number is left.
    const padding = 'worked on the quarterly report '.repeat(8);
    const m = mem('episodic', `${padding}paid with 4111 1111 1111 1111 and the wifi password is hunter22x`);
    const p = buildPrompt({
      question: 'how did I pay?',
      history: [],
      core: [mem('core', 'Sam; card 5555 5555 5555 4444; ana@acme.com')],
      candidates: [{ memory: m, score: 1, source: 'search', priority: 0 }],
      withheldCount: 0,
      timeRange: null,
      now: NOW,
      fmt,
      budget: { ...DEFAULT_BUDGET, memoryLineChars: padding.length + 60 },
    });
    expect(p.context).toContain('paid with [redacted:card]');
    expect(p.context).not.toMatch(/4111|1111 1111/);
    expect(p.system).toContain('Sam; card [redacted:card]; ana@acme.com');
    expect(p.system + p.context).not.toMatch(/5555|hunter22x/);
  });

  it('stays under the token budget however many candidates there are, dropping the lowest priority', () => {
    const candidates: Candidate[] = Array.from({ length: 200 }, (_, i) => ({
      memory: mem(i % 2 ? 'semantic' : 'episodic', `memory number ${i} `.repeat(30)),
      score: 1 - i / 1000,
      source: 'search' as const,
      priority: i,
    }));
    const history = Array.from({ length: 20 }, (_, i) => ({ role: (i % 2 ? 'assistant' : 'user') as 'user' | 'assistant', text: 'earlier words '.repeat(200) }));
    const p = buildPrompt({
      question: 'what about it?',
      history,
      core: [mem('core', 'x'.repeat(20_000))],
      candidates,
      withheldCount: 2,
      timeRange: null,
      now: NOW,
      fmt,
      budget: DEFAULT_BUDGET,
    });
    const total = estimateTokens(p.system) + estimateTokens(p.context) + p.messages.reduce((s, m) => s + estimateTokens(m.content as string) + 8, 0) + 8;
    expect(p.promptTokens).toBeLessThanOrEqual(4000);
    expect(total).toBeLessThanOrEqual(4000);
    expect(p.numbered.length).toBeGreaterThan(5);
    // The highest priorities were kept.
    const kept = new Set(p.numbered.map((m) => m.memory.id));
    expect(kept.has(candidates[0]!.memory.id)).toBe(true);
    expect(kept.has(candidates[199]!.memory.id)).toBe(false);
    expect(p.context).toContain('2 matching high-sensitivity vault items were withheld from you');
    // History alternates and ends with the question.
    expect(p.messages.at(-1)).toEqual({ role: 'user', content: 'what about it?' });
    p.messages.forEach((m, i) => expect(m.role).toBe(i % 2 ? 'assistant' : 'user'));
  });

  it('estimates tokens at least as high as chars/4 for prose and higher for ids and numbers', () => {
    const prose = 'The quick brown fox jumps over the lazy dog near the riverbank every morning.';
    expect(estimateTokens(prose)).toBeGreaterThanOrEqual(Math.ceil(prose.length / 5));
    expect(estimateTokens('2025-06-12 14:30–15:20 [12] mem_01jx57m14016fa9xs5gh4c9hnf')).toBeGreaterThan(57 / 4);
  });
});
