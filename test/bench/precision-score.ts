/**
 * Scores what the brain kept against a hand-written key (test/fixtures/precision-day/key.json).
 *
 * Matching is by required words, not by the embedder: the key names, for every item, the words any
 * correct wording must hold (a name, a number, the thing decided), so a match is exact, offline,
 * readable in the key and the same on every machine; an embedder floor would let a memory that only
 * sounds like the item ("Jonas Weber — person.") pass for it. Text is lower-cased and accents folded;
 * "a|b" means either. Each key item can be claimed by one memory only: a second memory for the same
 * item is a duplicate and counts against precision (one resource per document, not three); items are
given out by a maximum matching, so the order memories were written in does not matter.
 */
import { z } from 'zod';

export const KINDS = ['semantic', 'procedural', 'resource', 'knowledge_vault'] as const;
export type ScoredKind = (typeof KINDS)[number];

const Item = z.object({ id: z.string(), all: z.array(z.string().min(1)).min(1), optional: z.boolean().default(false) });
const KeyEntity = z.object({ name: z.string(), types: z.array(z.string()).min(1), aliases: z.array(z.string()).default([]), optional: z.boolean().default(false) });
export const PrecisionKeySchema = z.object({
  memories: z.object({ semantic: z.array(Item), procedural: z.array(Item), resource: z.array(Item), knowledge_vault: z.array(Item) }),
  noise: z.array(z.object({ kind: z.enum(KINDS), all: z.array(z.string().min(1)).min(1), why: z.string() })),
  entities: z.array(KeyEntity),
  entity_noise: z.array(z.string()),
});
export type PrecisionKey = z.infer<typeof PrecisionKeySchema>;

/** The parts of an exported memory the scorer reads. */
export const ScoredMemorySchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  text: z.string(),
  details: z.string(),
  fields: z.record(z.string(), z.unknown()),
  superseded_by: z.string().nullable(),
  created_at: z.string(),
}).passthrough();
export type ScoredMemory = z.infer<typeof ScoredMemorySchema>;
export const ScoredEntitySchema = z.object({ id: z.string(), kind: z.string(), name: z.string(), aliases: z.array(z.string()).default([]) }).passthrough();
export type ScoredEntity = z.infer<typeof ScoredEntitySchema>;

export const fold = (s: string): string => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
const holds = (hay: string, all: string[]) => all.every((w) => w.split('|').some((alt) => hay.includes(fold(alt))));

/** What a memory says: title, text, details, and its string fields (steps, location, secret, name) but a resource's excerpt. */
export function memoryWords(m: ScoredMemory): string {
  // A resource's excerpt is the page's text, not what the memory says it is: left out, or an inbox's
  // excerpt would pass for every document its subjects name.
  const fieldText = Object.entries(m.fields).filter(([k]) => k !== 'excerpt').map(([, v]) => v).flatMap((v) => (typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []));
  return fold([m.title, m.text, m.details, ...fieldText].join(' \n '));
}

export interface KindScore {
  kept: number;
  precise: number;
  precision: number | null;
  /** Required items matched / required items. */
  recall: number | null;
  required: number;
  found: number;
  missing: string[];
  offenders: { id: string; title: string; why: string }[];
}

export function scoreKind(kind: ScoredKind, memories: ScoredMemory[], key: PrecisionKey): KindScore {
  const items = key.memories[kind];
  const noise = key.noise.filter((n) => n.kind === kind);
  const mine = memories.filter((m) => m.kind === kind && m.superseded_by === null);
  const offenders: KindScore['offenders'] = [];
  const matched = mine.map((m) => ({ m, words: memoryWords(m) })).map((x) => ({ ...x, items: items.filter((i) => holds(x.words, i.all)), bad: noise.find((n) => holds(x.words, n.all)) }));
  // Each item is claimed by one memory at most, matched so that as many memories as possible get one
  // (augmenting paths): which memory was written first does not change the score.
  const owner = new Map<string, number>();
  const claim = (k: number, tried: Set<string>): boolean => {
    for (const it of matched[k]!.items) {
      if (tried.has(it.id)) continue;
      tried.add(it.id);
      const other = owner.get(it.id);
      if (other === undefined || claim(other, tried)) {
        owner.set(it.id, k);
        return true;
      }
    }
    return false;
  };
  matched.forEach((x, k) => {
    if (!x.bad) claim(k, new Set());
  });
  const precise = owner.size;
  const owned = new Set(owner.values());
  matched.forEach((x, k) => {
    if (owned.has(k)) return;
    const why = x.bad ? x.bad.why : x.items.length ? `duplicate of ${x.items.map((i) => i.id).join(', ')}` : 'matches nothing a user would keep';
    offenders.push({ id: x.m.id, title: x.m.title, why });
  });
  // Recall: a required item counts when any kept memory matches it, duplicates or not.
  const required = items.filter((i) => !i.optional);
  const missing = required.filter((i) => !matched.some((x) => x.items.includes(i) && !x.bad)).map((i) => i.id);
  return {
    kept: mine.length,
    precise,
    precision: mine.length ? precise / mine.length : null,
    recall: required.length ? (required.length - missing.length) / required.length : null,
    required: required.length,
    found: required.length - missing.length,
    missing,
    offenders,
  };
}

export interface EntityScore {
  total: number;
  keyed: number;
  type_correct: number;
  type_accuracy: number | null;
  required: number;
  found: number;
  missing: string[];
  /** Named by a UI label or a page title. */
  noise: { name: string; kind: string; why: string }[];
  wrong_type: { name: string; kind: string; want: string[] }[];
  unkeyed: { name: string; kind: string }[];
}

/** Page titles, whole and by their parts (split at " — ", " · ", " - "), as entity names nobody should get. */
export function titleNames(titles: string[]): string[] {
  return titles.flatMap((t) => [t, ...t.split(/\s+[—·|-]\s+/)]).map(fold).filter(Boolean);
}

export function scoreEntities(entities: ScoredEntity[], key: PrecisionKey, pageTitles: string[]): EntityScore {
  const byName = new Map<string, PrecisionKey['entities'][number]>();
  for (const e of key.entities) for (const n of [e.name, ...e.aliases]) byName.set(fold(n), e);
  const uiLabels = new Set(key.entity_noise.map(fold));
  const titles = new Set(titleNames(pageTitles));
  const out: EntityScore = { total: entities.length, keyed: 0, type_correct: 0, type_accuracy: null, required: 0, found: 0, missing: [], noise: [], wrong_type: [], unkeyed: [] };
  const seen = new Set<string>();
  for (const e of entities) {
    const want = byName.get(fold(e.name)) ?? e.aliases.map((a) => byName.get(fold(a))).find((x) => x !== undefined);
    if (want) {
      out.keyed++;
      seen.add(want.name);
      if (want.types.includes(e.kind)) out.type_correct++;
      else out.wrong_type.push({ name: e.name, kind: e.kind, want: want.types });
      continue;
    }
    if (uiLabels.has(fold(e.name))) out.noise.push({ name: e.name, kind: e.kind, why: 'a UI label' });
    // A page is a document entity by its own title (dream joins it to its address); a title taken for a person, a place or a thing is noise.
    else if (titles.has(fold(e.name)) && e.kind !== 'document') out.noise.push({ name: e.name, kind: e.kind, why: 'a page title' });
    else out.unkeyed.push({ name: e.name, kind: e.kind });
  }
  out.type_accuracy = out.keyed ? out.type_correct / out.keyed : null;
  const required = key.entities.filter((e) => !e.optional);
  out.required = required.length;
  out.missing = required.filter((e) => !seen.has(e.name)).map((e) => e.name);
  out.found = required.length - out.missing.length;
  return out;
}
