import type { GraphRepo, ResolutionEntity } from '../store/index.js';
import type { Planned } from './consolidate-kinds.js';

/**
 * Duplicate entities that write-time resolution could not see when it wrote them, because what
 * tells them apart or together was learned later:
 * - an email address and the person it spells ("ana.souza@…" before anyone said "Ana Souza");
 * - an initial and a surname ("A. Souza") seen before the full name;
 * - a first name seen alone while it was ambiguous (or before it was known for a name), now
 *   that exactly one person has it;
 * - the same name with and without diacritics ("José Ramos" / "Jose Ramos");
 * - a document seen by its address and by its title (one URL or path).
 * Only strong evidence merges; a pair the user split apart on the entity page never does.
 */

type Rule = 'accents' | 'email' | 'initial' | 'first name' | 'document';

const PERSONISH = new Set(['person', 'other']);
const fold = (s: string): string => s.normalize('NFD').replace(/\p{M}+/gu, '');
const toks = (key: string): string[] => key.split(' ').filter(Boolean);
const isEmail = (s: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s.trim());
const isUrlish = (s: string): boolean => /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:www\.)?[\w-]+(?:\.[\w-]+)+(?::\d+)?(?:\/\S*)?$/i.test(s.trim()) && /[./]/.test(s) && !/\s/.test(s.trim());

/** One address however it was written: scheme, "www.", a trailing slash and a fragment do not count. */
export function urlKey(s: string): string | null {
  const t = s.trim();
  if (t.startsWith('/') || /^[a-z]:\\/i.test(t) || t.startsWith('~')) return t.replace(/[\\/]+$/, '');
  if (!isUrlish(t)) return null;
  const noScheme = t.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/^www\./i, '').replace(/#.*$/, '');
  const slash = noScheme.indexOf('/');
  const host = (slash < 0 ? noScheme : noScheme.slice(0, slash)).toLowerCase();
  const path = slash < 0 ? '' : noScheme.slice(slash).replace(/\/+$/, '');
  return host + path;
}

/** The parts an email's local part spells: "ana.souza" → [ana, souza]; "a_souza" → [a, souza]. */
function emailName(email: string): [string, string] | null {
  const m = /^([\p{L}]+)[._-]([\p{L}]+)@/u.exec(fold(email.trim().toLowerCase()));
  return m ? [m[1]!, m[2]!] : null;
}

export interface EntityMergeGroup {
  keep: ResolutionEntity;
  gone: ResolutionEntity[];
  reasons: string[];
}

/** Which entity stands for a group: a real name before an address, a full name before a partial one, accents kept, the most named. */
function standing(e: ResolutionEntity): number[] {
  const addr = isEmail(e.name) || urlKey(e.name) !== null ? 0 : 1;
  const words = Math.min(toks(fold(e.name.toLowerCase())).length, 4);
  const initial = /^\p{L}\.?\s/u.test(e.name) ? 0 : 1;
  const accents = e.name !== fold(e.name) ? 1 : 0;
  return [addr, words, initial, accents, e.mentions, -e.first_seen];
}

function better(a: ResolutionEntity, b: ResolutionEntity): boolean {
  const x = standing(a);
  const y = standing(b);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! > y[i]!;
  return a.id < b.id;
}

/** Finds the groups of duplicate entities in the graph (nothing is changed). */
export function findEntityDuplicates(graph: Pick<GraphRepo, 'resolutionView' | 'documentLocations' | 'apartPairs' | 'sharedNeighbours'>): EntityMergeGroup[] {
  const all = graph.resolutionView();
  const byId = new Map(all.map((e) => [e.id, e]));
  const apart = graph.apartPairs();
  const isApart = (a: string, b: string): boolean => apart.has(a < b ? `${a}|${b}` : `${b}|${a}`);

  // Components that grow as evidence links two entities, never across a pair the user split apart.
  const comp = new Map<string, Set<string>>(all.map((e) => [e.id, new Set([e.id])]));
  const why = new Map<Set<string>, string[]>();
  const link = (a: string, b: string, rule: Rule, detail: string): boolean => {
    const ca = comp.get(a)!;
    const cb = comp.get(b)!;
    if (ca === cb) return false;
    for (const x of ca) for (const y of cb) if (isApart(x, y)) return false;
    const merged = new Set([...ca, ...cb]);
    why.set(merged, [...(why.get(ca) ?? []), ...(why.get(cb) ?? []), `${rule}: ${detail}`]);
    why.delete(ca);
    why.delete(cb);
    for (const id of merged) comp.set(id, merged);
    return true;
  };

  const persons = all.filter((e) => PERSONISH.has(e.kind));
  /** Full names (two or more words, no address) of people, by folded first and last word. */
  const fullNames: { e: ResolutionEntity; first: string; last: string }[] = [];
  for (const e of persons) {
    for (const a of e.aliases) {
      if (a.key.includes('@') || urlKey(a.alias) !== null) continue;
      const t = toks(fold(a.key));
      if (t.length >= 2 && t[0]!.length > 1) fullNames.push({ e, first: t[0]!, last: t[t.length - 1]! });
    }
  }
  // Indexed by last and by first word, so a graph of many thousand people is compared in one pass.
  const byLast = new Map<string, typeof fullNames>();
  const byFirst = new Map<string, typeof fullNames>();
  const push = <K, V>(m: Map<K, V[]>, k: K, v: V): void => {
    const list = m.get(k);
    if (list) list.push(v);
    else m.set(k, [v]);
  };
  for (const f of fullNames) {
    push(byLast, f.last, f);
    push(byFirst, f.first, f);
  }
  const fullCandidates = (self: ResolutionEntity, among: typeof fullNames, pred: (f: { first: string; last: string }) => boolean): ResolutionEntity[] => {
    const out = new Map<string, ResolutionEntity>();
    for (const f of among) if (f.e.id !== self.id && f.e.kind === 'person' && pred(f)) out.set(f.e.id, f.e);
    return [...out.values()];
  };
  /** Candidates counted as people: entities already joined above count once. */
  const distinctPeople = (cands: ResolutionEntity[]): ResolutionEntity[] => {
    const seen = new Set<Set<string>>();
    return cands.filter((c) => {
      const k = comp.get(c.id)!;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
  };

  // 1. Accents: the same words once diacritics are set aside ("José Ramos" / "Jose Ramos").
  const byFolded = new Map<string, { e: ResolutionEntity; key: string }[]>();
  for (const e of all) {
    for (const a of e.aliases) {
      const f = fold(a.key);
      const list = byFolded.get(f) ?? [];
      list.push({ e, key: a.key });
      byFolded.set(f, list);
    }
  }
  for (const [f, list] of byFolded) {
    const multiWord = toks(f).length >= 2;
    for (let i = 1; i < list.length; i++) {
      for (let j = 0; j < i; j++) {
        const a = list[j]!;
        const b = list[i]!;
        // The same key twice is not new evidence (two people both called "Ana" stay two).
        if (a.e.id === b.e.id || a.key === b.key) continue;
        const kindsFit = multiWord ? a.e.kind === b.e.kind || a.e.kind === 'other' || b.e.kind === 'other' : a.e.kind === b.e.kind && a.e.kind !== 'other';
        if (kindsFit) link(a.e.id, b.e.id, 'accents', `"${a.e.name}" and "${b.e.name}" differ only in accents`);
      }
    }
  }

  // 2. Email ↔ name: the address spells exactly one known person's first and last name (or initial and last name).
  for (const e of persons) {
    for (const a of e.aliases) {
      if (!isEmail(a.alias)) continue;
      const parts = emailName(a.alias);
      if (!parts) continue;
      const [first, last] = parts;
      const cands = distinctPeople(fullCandidates(e, byLast.get(last) ?? [], (f) => f.last === last && (first.length === 1 ? f.first.startsWith(first) : f.first === first)));
      if (cands.length === 1) link(e.id, cands[0]!.id, 'email', `${a.alias} spells ${cands[0]!.name}`);
    }
  }

  // 3. Initial and surname ("A. Souza") written before the full name was known.
  for (const e of persons) {
    const names = e.aliases.filter((a) => !a.key.includes('@'));
    if (!names.length || !names.every((a) => /^\p{L}$/u.test(toks(a.key)[0] ?? '') && toks(a.key).length >= 2)) continue;
    const t = toks(fold(names[0]!.key));
    const cands = distinctPeople(fullCandidates(e, byLast.get(t[t.length - 1]!) ?? [], (f) => f.first.startsWith(t[0]!) && f.last === t[t.length - 1]));
    if (cands.length === 1) link(e.id, cands[0]!.id, 'initial', `"${e.name}" fits only ${cands[0]!.name}`);
  }

  // 4. Documents: one address (URL or path), whether the entity is named by it or points at it.
  const locations = graph.documentLocations();
  const byAddress = new Map<string, ResolutionEntity[]>();
  for (const e of all) {
    if (e.kind !== 'document' && e.kind !== 'other') continue;
    const addrs = new Set<string>();
    for (const a of e.aliases) {
      const k = urlKey(a.alias);
      if (k) addrs.add(k);
    }
    for (const l of locations.get(e.id) ?? []) {
      const k = urlKey(l);
      if (k) addrs.add(k);
    }
    // A title that stands for many addresses ("GitHub") is a site, not one document.
    if (addrs.size !== 1 || (e.kind === 'other' && !e.aliases.some((a) => urlKey(a.alias)))) continue;
    const k = [...addrs][0]!;
    const list = byAddress.get(k) ?? [];
    list.push(e);
    byAddress.set(k, list);
  }
  for (const [addr, list] of byAddress) for (let i = 1; i < list.length; i++) link(list[0]!.id, list[i]!.id, 'document', `both are ${addr}`);

  // 5. A first name seen alone, now that exactly one person has it. An unclassified word ("Kwame"
  // before compromise knew it for a name) also needs a neighbour in common with that person.
  const loneBy = new Map<string, ResolutionEntity[]>();
  for (const e of persons) {
    if (!e.aliases.length || !e.aliases.every((a) => toks(a.key).length === 1)) continue;
    const k = fold(e.aliases[0]!.key);
    if (e.aliases.every((a) => fold(a.key) === k)) push(loneBy, k, e);
  }
  for (const e of persons) {
    const names = e.aliases.filter((a) => !a.key.includes('@'));
    if (!names.length || !names.every((a) => toks(a.key).length === 1)) continue;
    const first = fold(toks(names[0]!.key)[0]!);
    if (first.length < 2 || !names.every((a) => fold(a.key) === first)) continue;
    // Another lone entity with the same name is another person called that: not evidence for either.
    if ((loneBy.get(first) ?? []).some((o) => o.id !== e.id && comp.get(o.id) !== comp.get(e.id))) continue;
    const cands = distinctPeople(fullCandidates(e, byFirst.get(first) ?? [], (f) => f.first === first));
    if (cands.length !== 1) continue;
    const c = cands[0]!;
    if (e.kind === 'other' && graph.sharedNeighbours(e.id, c.id) < 1) continue;
    link(e.id, c.id, 'first name', `"${e.name}" is now unambiguous: only ${c.name} is called that`);
  }

  const groups: EntityMergeGroup[] = [];
  const done = new Set<Set<string>>();
  for (const e of all) {
    const c = comp.get(e.id)!;
    if (c.size < 2 || done.has(c)) continue;
    done.add(c);
    const members = [...c].map((id) => byId.get(id)!);
    const keep = members.reduce((best, m) => (better(m, best) ? m : best));
    groups.push({ keep, gone: members.filter((m) => m !== keep), reasons: why.get(c) ?? [] });
  }
  return groups;
}

const show = (e: ResolutionEntity): string => {
  const others = e.aliases.map((a) => a.alias).filter((a) => a !== e.name);
  return `[${e.id}] ${e.name} (${e.kind}${others.length ? `; also ${others.slice(0, 4).join(', ')}` : ''}; ${e.mentions} mentions)`;
};

/** The keeper's names after the merge, as the graph lists them: an alias is one per key, the keeper's own first, in alias order, its name aside. */
function mergedAliases(g: EntityMergeGroup): string[] {
  const byKey = new Map<string, string>();
  for (const e of [g.keep, ...g.gone]) for (const a of e.aliases) if (!byKey.has(a.key)) byKey.set(a.key, a.alias);
  return [...byKey.values()].filter((a) => a !== g.keep.name).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Dream's plans for the entity duplicates: each group merged into the entity that stands for it, with the merge in its history. */
export function planEntityMerges(graph: GraphRepo): Planned[] {
  return findEntityDuplicates(graph).map((g) => {
    const reason = g.reasons.join('; ');
    return {
      change: {
        action: 'entity_merge',
        kind: 'entity',
        before: [g.keep.id, ...g.gone.map((e) => e.id)],
        after: g.keep.id,
        reason,
        diff: [...g.gone.map((e) => `- ${show(e)}`), `~ ${show(g.keep)}`],
        // What a dry run shows as standing afterwards: the keeper with every name of the group.
        result: { title: g.keep.name, text: [g.keep.kind, ...mergedAliases(g)].join(' · ') },
      },
      apply: () => {
        for (const e of g.gone) {
          // Something may have moved on since the plan (a forget, the user's own edit): skip what no longer fits.
          if (!graph.get(e.id) || !graph.get(g.keep.id) || graph.keptApart(g.keep.id, e.id)) continue;
          graph.merge(g.keep.id, e.id, { by: 'dream', reason: `dream: ${reason}` });
        }
        return graph.get(g.keep.id) ? g.keep.id : null;
      },
    };
  });
}
