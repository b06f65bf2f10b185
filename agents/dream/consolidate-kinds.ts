import type { Memory } from '../../shared/index.js';
import { appendToBlock, blockLines, compressBlock, DEFAULT_CORE_LIMIT } from '../core/index.js';
import { normalizeContact } from '../knowledge-vault/index.js';
import { isWholeMarker } from '../../shared/redaction/index.js';
import type { MemoryPatch } from '../store/index.js';
import { normalizeUrl } from '../resource/index.js';
import { normalizeText, type BrainStore } from '../subagent-kit/index.js';
import type { ChangeReplay } from './change-replay.js';
import type { DreamChange } from './dream-types.js';
import { linesUnion, mergeGroup, newestFirst, oldestFirst, timeOf } from './merge-group.js';

/** A planned change; `apply` performs it and returns the id that stands for the group afterwards. */
export interface Planned {
  change: DreamChange;
  apply: () => string | null;
  /** The model's proposal as data, so a dry run kept across a restart can apply it without asking again. */
  replay?: ChangeReplay;
}

function groupBy<T>(items: T[], key: (t: T) => string | null): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const it of items) {
    const k = key(it);
    if (k === null) continue;
    const list = m.get(k) ?? [];
    list.push(it);
    m.set(k, list);
  }
  return m;
}

const nameOf = (m: Memory): string => (typeof m.fields.name === 'string' && m.fields.name ? m.fields.name : m.title);

function mergePlan(store: BrainStore, kind: DreamChange['kind'], group: Memory[], reason: string, patchFor: (survivor: Memory, others: Memory[]) => MemoryPatch): Planned {
  const sorted = [...group].sort(oldestFirst);
  const survivor = sorted[0]!;
  const others = sorted.slice(1);
  // Worked out now, not when applied: a dry run shows the text the survivor will have.
  const patch = patchFor(survivor, others);
  return {
    change: { action: 'merge', kind, before: sorted.map((m) => m.id), after: survivor.id, reason, result: { title: patch.title ?? survivor.title, text: patch.text ?? survivor.text } },
    apply: () => {
      mergeGroup(store, survivor, others, patch, reason);
      return survivor.id;
    },
  };
}

/** Semantic: duplicate profiles merge; facts with one key and several values resolve to the newest. */
export function planSemantic(store: BrainStore, all: Memory[]): Planned[] {
  const out: Planned[] = [];
  const facts = all.filter((m) => nameOf(m).startsWith('fact:'));
  const profiles = all.filter((m) => !nameOf(m).startsWith('fact:'));
  for (const group of groupBy(facts, (m) => normalizeText(nameOf(m))).values()) {
    if (group.length < 2) continue;
    const values = new Set(group.map((m) => normalizeText(m.text)));
    if (values.size === 1) {
      out.push(mergePlan(store, 'semantic', group, 'duplicate fact', () => ({})));
      continue;
    }
    const sorted = [...group].sort((a, b) => timeOf(b) - timeOf(a) || newestFirst(a, b));
    const newest = sorted[0]!;
    const older = sorted.slice(1);
    out.push({
      change: {
        action: 'supersede',
        kind: 'semantic',
        before: older.map((m) => m.id),
        after: newest.id,
        reason: `conflicting values for "${nameOf(newest).slice(5)}": newest wins`,
        result: { title: newest.title, text: newest.text },
      },
      apply: () => {
        store.transaction(() => {
          for (const m of older) store.memories.update(m.id, { superseded_by: newest.id }, `superseded by newer fact ${newest.id}`);
        });
        return newest.id;
      },
    });
  }
  for (const group of groupBy(profiles, (m) => normalizeText(nameOf(m))).values()) {
    if (group.length < 2) continue;
    out.push(
      mergePlan(store, 'semantic', group, 'duplicate entity', (s, others) => {
        const newest = [...group].sort(newestFirst)[0]!;
        const sources = new Set<string>();
        for (const m of group) for (const p of String(m.fields.source ?? '').split(/,\s*/)) if (p) sources.add(p);
        return {
          details: linesUnion([s.details, ...others.map((m) => m.details)], 2000),
          text: newest.text,
          fields: { source: [...sources].join(', ').slice(0, 256) },
        };
      }),
    );
  }
  return out;
}

export function planResource(store: BrainStore, all: Memory[]): Planned[] {
  const key = (m: Memory): string => {
    const loc = typeof m.fields.location === 'string' ? m.fields.location : '';
    if (loc) return /^https?:/i.test(loc) ? (normalizeUrl(loc) ?? loc) : loc;
    return `name:${normalizeText(m.title)}|${String(m.fields.resource_type ?? '')}`;
  };
  const out: Planned[] = [];
  for (const group of groupBy(all, key).values()) {
    if (group.length < 2) continue;
    out.push(
      mergePlan(store, 'resource', group, 'duplicate resource', (s, others) => {
        const excerpt = [s, ...others].map((m) => m.fields.excerpt).find((e) => typeof e === 'string' && e);
        return excerpt && !s.fields.excerpt ? { fields: { excerpt } } : {};
      }),
    );
  }
  return out;
}

export function planVault(store: BrainStore, all: Memory[]): Planned[] {
  const revealed = all.map((m) => store.memories.get(m.id, { reveal: true })).filter((m): m is Memory => m !== null);
  const key = (m: Memory): string => {
    const type = String(m.fields.entry_type ?? '');
    const secret = m.fields.secret;
    if (isWholeMarker(secret)) return `${type}|marker|${String(m.fields.source ?? '')}`;
    if (type === 'email' || type === 'phone' || type === 'address') return `${type}|${normalizeContact(type, String(secret))}`;
    return `${type}|${String(secret)}`;
  };
  const out: Planned[] = [];
  for (const group of groupBy(revealed, key).values()) {
    if (group.length < 2) continue;
    out.push(mergePlan(store, 'knowledge_vault', group, 'duplicate vault entry', () => ({})));
  }
  // A marker-only entry and a real value for the same kind and place are one secret.
  const real = revealed.filter((m) => !isWholeMarker(m.fields.secret));
  for (const marker of revealed.filter((m) => isWholeMarker(m.fields.secret))) {
    const match = real.find((r) => r.fields.entry_type === marker.fields.entry_type && r.fields.source === marker.fields.source);
    if (!match || out.some((p) => p.change.before.includes(marker.id))) continue;
    out.push({
      change: { action: 'merge', kind: 'knowledge_vault', before: [marker.id, match.id], after: match.id, reason: 'redacted marker matches a kept secret', result: { title: match.title, text: match.text } },
      apply: () => {
        mergeGroup(store, match, [marker], {}, 'redacted marker matches a kept secret');
        return match.id;
      },
    });
  }
  return out;
}

export function planProcedural(store: BrainStore, all: Memory[]): Planned[] {
  const guides = all.filter((m) => m.fields.entry_type !== 'experience');
  const out: Planned[] = [];
  for (const group of groupBy(guides, (m) => normalizeText(m.title)).values()) {
    if (group.length < 2) continue;
    out.push(
      mergePlan(store, 'procedural', group, 'duplicate guide (newest steps win)', () => {
        const newest = [...group].sort(newestFirst)[0]!;
        return { text: newest.text, details: newest.details, fields: { steps: newest.fields.steps ?? [] } };
      }),
    );
  }
  return out;
}

export function planExperience(store: BrainStore, all: Memory[]): Planned[] {
  const exps = all.filter((m) => m.fields.entry_type === 'experience' && typeof m.fields.context === 'string' && m.fields.context);
  const out: Planned[] = [];
  const key = (m: Memory): string => [m.fields.task, m.fields.action, m.fields.outcome, m.fields.context].map(String).join('\u0000');
  for (const group of groupBy(exps, key).values()) {
    if (group.length < 2) continue;
    out.push(mergePlan(store, 'experience', group, 'same experience recorded twice', () => ({})));
  }
  return out;
}

/** Core: a label held by two blocks becomes one; each block loses repeated keys and fits its limit. */
export function planCore(store: BrainStore, all: Memory[]): Planned[] {
  const out: Planned[] = [];
  const merged = new Set<string>();
  for (const group of groupBy(all, (m) => String(m.fields.label ?? m.title)).values()) {
    if (group.length < 2) continue;
    const sorted = [...group].sort(oldestFirst);
    const limit = typeof sorted[0]!.fields.limit === 'number' ? sorted[0]!.fields.limit : DEFAULT_CORE_LIMIT;
    const lines = sorted.flatMap((m) => blockLines(m.text));
    const text = appendToBlock('', lines, limit) ?? '';
    for (const m of sorted) merged.add(m.id);
    out.push(mergePlan(store, 'core', group, 'two blocks with one label', () => ({ text })));
  }
  for (const m of all) {
    if (merged.has(m.id)) continue;
    const limit = typeof m.fields.limit === 'number' ? m.fields.limit : DEFAULT_CORE_LIMIT;
    const tidy = compressBlock(appendToBlock('', blockLines(m.text), limit) ?? '', limit);
    if (tidy === m.text || !tidy) continue;
    out.push({
      change: { action: 'compress', kind: 'core', before: [m.id], after: m.id, reason: `tidied to ${tidy.length}/${limit} characters`, result: { title: m.title, text: tidy } },
      apply: () => {
        store.memories.update(m.id, { text: tidy }, 'dream: repeated keys removed, fitted to the limit');
        return m.id;
      },
    });
  }
  return out;
}
