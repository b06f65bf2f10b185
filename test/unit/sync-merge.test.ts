import { describe, expect, it } from 'vitest';
import { ChangeRecordSchema, MergeState, type ChangeRecord, type Hlc, type MergeEffect, type SyncedMemory } from '../../agents/sync/index.js';
import { seededRandom } from '../../shared/random/index.js';

const A = 'a'.repeat(32);
const B = 'b'.repeat(32);
const at = (t: number, d = A, c = 0): Hlc => ({ t, c, d });
const mem = (text: string, occurred_at: string | null = '2026-12-01T10:00:00.000Z'): SyncedMemory => ({
  kind: 'episodic',
  title: `title ${text}`,
  text,
  details: '',
  fields: {},
  app: 'Code',
  occurred_at,
  ended_at: null,
  segment: null,
});
const put = (id: string, text: string, t: Hlc, occurred?: string | null): ChangeRecord => ({ op: 'memory.put', id, at: t, reason: 'edited', memory: mem(text, occurred) });

/** A stand-in store that carries out effects, as the real one does through its write and forget paths. */
function materialize(records: ChangeRecord[], state = new MergeState()) {
  const store = new Map<string, { text: string; supersededBy: string | null }>();
  const settings = new Map<string, unknown>();
  const run = (e: MergeEffect) => {
    if (e.kind === 'put') store.set(e.id, { text: e.memory.text, supersededBy: e.supersededBy });
    else if (e.kind === 'forget') store.delete(e.id);
    else if (e.kind === 'supersede') {
      const m = store.get(e.id);
      if (m) m.supersededBy = e.by;
    } else if (e.kind === 'setting') settings.set(e.key, e.value);
  };
  for (const r of records) state.apply(r).forEach(run);
  return { store: Object.fromEntries([...store].sort()), settings: Object.fromEntries(settings) };
}

describe('merge rules', () => {
  it('an edit wins by clock, whichever arrives first', () => {
    const older = put('m1', 'old text', at(100, B));
    const newer = put('m1', 'new text', at(200, A));
    expect(materialize([older, newer]).store.m1?.text).toBe('new text');
    expect(materialize([newer, older]).store.m1?.text).toBe('new text');
  });

  it('equal wall time and counter: the device id breaks the tie the same way on every device', () => {
    const fromA = put('m1', 'from A', at(100, A));
    const fromB = put('m1', 'from B', at(100, B));
    expect(materialize([fromA, fromB]).store.m1?.text).toBe('from B');
    expect(materialize([fromB, fromA]).store.m1?.text).toBe('from B');
  });

  it('importing the same record twice changes nothing', () => {
    const state = new MergeState();
    const r = put('m1', 'text', at(100));
    expect(state.apply(r)).toHaveLength(1);
    expect(state.apply(r)).toEqual([]);
    const f: ChangeRecord = { op: 'memory.forget', id: 'm1', at: at(300) };
    expect(state.apply(f)).toEqual([{ kind: 'forget', id: 'm1' }]);
    expect(state.apply(f)).toEqual([]);
  });

  it('a forget wins over edits it covers, even one with a later clock from a device that had not seen it', () => {
    const forget: ChangeRecord = { op: 'memory.forget', id: 'm1', at: at(200, A) };
    const lateEdit = put('m1', 'edited on B after the forget', at(900, B));
    const records = [put('m1', 'secret', at(100)), forget, lateEdit];
    expect(materialize(records).store).toEqual({});
    expect(materialize([lateEdit, forget, records[0] as ChangeRecord]).store).toEqual({});
  });

  it('a range forget ("the last 15 minutes") covers memories that happened in it, also ones arriving later', () => {
    const range: ChangeRecord = { op: 'range.forget', from: '2026-12-01T10:00:00.000Z', to: '2026-12-01T10:15:00.000Z', at: at(500) };
    const inside = put('in', 'inside', at(100, B), '2026-12-01T10:05:00.000Z');
    const after = put('out', 'after', at(100, B), '2026-12-01T10:20:00.000Z');
    const insideLate = put('late', 'inside, imported after the forget', at(900, B), '2026-12-01T10:14:59.000Z');
    const state = new MergeState();
    const { store } = materialize([inside, after, range, insideLate], state);
    expect(Object.keys(store)).toEqual(['out']);
    expect(state.isForgotten('in') && state.isForgotten('late')).toBe(true);
  });

  it('a supersede and a synced setting are last-writer-wins; a put arriving after its supersede keeps the link', () => {
    const sup: ChangeRecord = { op: 'memory.supersede', id: 'm1', by: 'm2', at: at(300) };
    const { store } = materialize([sup, put('m1', 'old fact', at(100))]);
    expect(store.m1?.supersededBy).toBe('m2');
    const s1: ChangeRecord = { op: 'setting.put', key: 'exclusions', value: ['1Password'], at: at(100, B) };
    const s2: ChangeRecord = { op: 'setting.put', key: 'exclusions', value: ['1Password', 'Signal'], at: at(200, A) };
    expect(materialize([s2, s1]).settings.exclusions).toEqual(['1Password', 'Signal']);
  });

  it("a directive's tombstone wins over its other values, earlier or later by clock, and survives a restart", () => {
    const directive = (status: string, text: string) => ({ text, topic: 'language', stance: 'for', status, origin: 'rules', edited: false, created_at: 1, retired_reason: null });
    const del: ChangeRecord = { op: 'setting.put', key: 'directive:dir_1', value: directive('deleted', ''), at: at(100, A) };
    const edit: ChangeRecord = { op: 'setting.put', key: 'directive:dir_1', value: directive('active', 'Answer in French.'), at: at(200, B) };
    expect(materialize([del, edit]).settings['directive:dir_1']).toMatchObject({ status: 'deleted' });
    expect(materialize([edit, del]).settings['directive:dir_1']).toMatchObject({ status: 'deleted' });
    const state = new MergeState();
    state.apply(del);
    expect(MergeState.fromJson(JSON.parse(JSON.stringify(state.toJson()))).apply(edit)).toEqual([]);
    // Two directives are two values: an edit of one does not undo an edit of the other.
    const other: ChangeRecord = { op: 'setting.put', key: 'directive:dir_2', value: directive('active', 'Be brief.'), at: at(50, A) };
    expect(Object.keys(materialize([edit, other]).settings).sort()).toEqual(['directive:dir_1', 'directive:dir_2']);
  });

  it('devices applying the same records in any order, with repeats, end in the same state', () => {
    const records: ChangeRecord[] = [];
    for (let i = 0; i < 60; i++) {
      const id = `m${i % 7}`;
      const d = i % 2 ? A : B;
      const t = at(100 + (i % 5), d, i % 3);
      if (i % 11 === 5) records.push({ op: 'memory.forget', id, at: t });
      else if (i % 13 === 6) records.push({ op: 'memory.supersede', id, by: `m${(i + 1) % 7}`, at: t });
      else records.push(put(id, `v${i}`, t, `2026-12-01T10:${String(i % 60).padStart(2, '0')}:00.000Z`));
    }
    records.push({ op: 'range.forget', from: '2026-12-01T10:40:00.000Z', to: '2026-12-01T10:45:00.000Z', at: at(150) });
    const want = materialize(records);
    const rand = seededRandom(33);
    for (let k = 0; k < 20; k++) {
      const shuffled = [...records, ...records.slice(0, 10)].map((r) => ({ r, w: rand() })).sort((x, y) => x.w - y.w).map((x) => x.r);
      expect(materialize(shuffled)).toEqual(want);
    }
  });

  it('the kept clocks survive a restart: an old record imported after it still loses', () => {
    const state = new MergeState();
    state.apply(put('m1', 'new', at(200)));
    state.apply({ op: 'memory.forget', id: 'm9', at: at(50) });
    const again = MergeState.fromJson(JSON.parse(JSON.stringify(state.toJson())));
    expect(again.apply(put('m1', 'old', at(100, B)))).toEqual([]);
    expect(again.apply(put('m9', 'back?', at(900, B)))).toEqual([]);
  });

  it('refuses malformed records at the edge', () => {
    expect(ChangeRecordSchema.safeParse({ op: 'memory.put', id: 'm1', at: at(1), reason: 'created', memory: { ...mem('x'), access_count: 3 } }).success).toBe(false);
    expect(ChangeRecordSchema.safeParse({ op: 'range.forget', from: '2026-12-01T11:00:00.000Z', to: '2026-12-01T10:00:00.000Z', at: at(1) }).success).toBe(false);
    expect(ChangeRecordSchema.safeParse({ op: 'setting.put', key: 'model', value: 'x', at: at(1) }).success).toBe(false);
    expect(ChangeRecordSchema.safeParse({ op: 'setting.put', key: 'directive:../x', value: 'x', at: at(1) }).success).toBe(false);
    expect(ChangeRecordSchema.safeParse({ op: 'memory.forget', id: 'm1', at: { t: 1, c: 0, d: 'laptop' } }).success).toBe(false);
  });
});
