import { z } from 'zod';
import type { ChangeRecord, SyncedMemory, SyncedSetting } from './change-record.js';
import { SyncedSettingSchema } from './change-record.js';
import { compareHlc, DIRECTIVE_SETTING_PREFIX, HlcSchema, isDirectiveTombstone, type Hlc } from '../store/index.js';

/** What applying a record changes in the resolved state: the store carries these out, nothing else. */
export type MergeEffect =
  | { kind: 'put'; id: string; memory: SyncedMemory; supersededBy: string | null; at: Hlc }
  | { kind: 'supersede'; id: string; by: string }
  | { kind: 'forget'; id: string }
  | { kind: 'forget-range'; from: string; to: string }
  | { kind: 'setting'; key: SyncedSetting; value: unknown };

const MemoryClockSchema = z.object({
  put: HlcSchema.optional(),
  /**
   * When its puts said it happened (epoch ms; usually one value), so a range forget can tell what
   * it covers: every one is kept, not only the winner's, so the answer does not depend on the order
   * puts arrive in.
   */
  occurred: z.array(z.number()).optional(),
  sup: z.object({ at: HlcSchema, by: z.string() }).optional(),
  forgotten: HlcSchema.optional(),
});
type MemoryClock = z.infer<typeof MemoryClockSchema>;

const RangeSchema = z.object({ from: z.string(), to: z.string(), at: HlcSchema });

export const MergeStateJsonSchema = z.object({
  v: z.literal(1),
  memories: z.record(z.string(), MemoryClockSchema),
  ranges: z.array(RangeSchema),
  settings: z.record(z.string(), HlcSchema),
  /** Synced settings whose value is a tombstone (a deleted or rejected directive): nothing brings them back. */
  settingTombs: z.array(z.string()).optional(),
});
export type MergeStateJson = z.infer<typeof MergeStateJsonSchema>;

function occurredMs(memory: SyncedMemory, at: Hlc): number {
  return memory.occurred_at ? Date.parse(memory.occurred_at) : at.t;
}

/**
 * The clocks of everything this device has applied, local or imported, and the rules that decide
 * between them. Only clocks are kept (content lives in the store). Every rule is order-free, so
 * devices that apply the same records in any order, any number of times, end in the same state:
 * - a put wins over an older put of the same memory by clock (ties cannot happen: the device id
 *   is in the clock), and the same record applied again changes nothing;
 * - a forget covers every put of its memory, earlier or later by clock, so a device that edited a
 *   memory without having seen the forget does not bring it back;
 * - a range forget covers every memory any of whose puts happened in the range, whenever it arrives;
 * - a supersede and a synced setting are last-writer-wins on their own, except that a directive's
 *   tombstone (deleted or rejected) wins over every other value of it, earlier or later by clock.
 */
export class MergeState {
  private readonly memories = new Map<string, MemoryClock>();
  private readonly ranges: z.infer<typeof RangeSchema>[] = [];
  private readonly settings = new Map<SyncedSetting, Hlc>();
  private readonly settingTombs = new Set<SyncedSetting>();

  static fromJson(json: unknown): MergeState {
    const parsed = MergeStateJsonSchema.parse(json);
    const s = new MergeState();
    for (const [id, clock] of Object.entries(parsed.memories)) s.memories.set(id, clock);
    s.ranges.push(...parsed.ranges);
    for (const [key, at] of Object.entries(parsed.settings)) s.settings.set(SyncedSettingSchema.parse(key), at);
    for (const key of parsed.settingTombs ?? []) s.settingTombs.add(SyncedSettingSchema.parse(key));
    return s;
  }

  toJson(): MergeStateJson {
    return { v: 1, memories: Object.fromEntries(this.memories), ranges: [...this.ranges], settings: Object.fromEntries(this.settings), settingTombs: [...this.settingTombs] };
  }

  /** Is this memory forgotten here (by id or by a range)? */
  isForgotten(id: string): boolean {
    return this.memories.get(id)?.forgotten !== undefined;
  }

  apply(r: ChangeRecord): MergeEffect[] {
    switch (r.op) {
      case 'memory.put':
        return this.put(r.id, r.memory, r.at);
      case 'memory.supersede':
        return this.supersede(r.id, r.by, r.at);
      case 'memory.forget':
        return this.forget(r.id, r.at);
      case 'range.forget':
        return this.forgetRange(r.from, r.to, r.at);
      case 'setting.put':
        return this.setting(r.key, r.value, r.at);
    }
  }

  private entry(id: string): MemoryClock {
    let e = this.memories.get(id);
    if (!e) {
      e = {};
      this.memories.set(id, e);
    }
    return e;
  }

  private coveringRange(occurred: number): z.infer<typeof RangeSchema> | undefined {
    return this.ranges.find((g) => Date.parse(g.from) <= occurred && occurred <= Date.parse(g.to));
  }

  private put(id: string, memory: SyncedMemory, at: Hlc): MergeEffect[] {
    const e = this.entry(id);
    if (e.forgotten) return [];
    const occurred = occurredMs(memory, at);
    if (!e.occurred?.includes(occurred)) e.occurred = [...(e.occurred ?? []), occurred];
    const range = this.coveringRange(occurred);
    if (range) {
      e.forgotten = range.at;
      return e.put ? [{ kind: 'forget', id }] : [];
    }
    if (e.put && compareHlc(at, e.put) <= 0) return [];
    e.put = at;
    return [{ kind: 'put', id, memory, supersededBy: e.sup?.by ?? null, at }];
  }

  private supersede(id: string, by: string, at: Hlc): MergeEffect[] {
    const e = this.entry(id);
    if (e.forgotten) return [];
    if (e.sup && compareHlc(at, e.sup.at) <= 0) return [];
    e.sup = { at, by };
    return [{ kind: 'supersede', id, by }];
  }

  private forget(id: string, at: Hlc): MergeEffect[] {
    const e = this.entry(id);
    if (e.forgotten) return [];
    e.forgotten = at;
    // Said even when no put was seen here: the store may hold the memory from before sync began.
    return [{ kind: 'forget', id }];
  }

  private forgetRange(from: string, to: string, at: Hlc): MergeEffect[] {
    if (this.ranges.some((g) => g.from === from && g.to === to && compareHlc(g.at, at) === 0)) return [];
    this.ranges.push({ from, to, at });
    const a = Date.parse(from);
    const b = Date.parse(to);
    const effects: MergeEffect[] = [{ kind: 'forget-range', from, to }];
    for (const [id, e] of this.memories) {
      if (e.forgotten || !e.occurred?.some((o) => a <= o && o <= b)) continue;
      e.forgotten = at;
      effects.push({ kind: 'forget', id });
    }
    return effects;
  }

  private setting(key: SyncedSetting, value: unknown, at: Hlc): MergeEffect[] {
    if (this.settingTombs.has(key)) return [];
    const had = this.settings.get(key);
    const tomb = key.startsWith(DIRECTIVE_SETTING_PREFIX) && typeof value === 'object' && value !== null && 'status' in value && isDirectiveTombstone(value as { status: string });
    if (tomb) {
      this.settingTombs.add(key);
      if (!had || compareHlc(at, had) > 0) this.settings.set(key, at);
      return [{ kind: 'setting', key, value }];
    }
    if (had && compareHlc(at, had) <= 0) return [];
    this.settings.set(key, at);
    return [{ kind: 'setting', key, value }];
  }
}
