import type { Memory } from '../../shared/index.js';
import type { TimeFormatter } from '../../shared/time/index.js';
import { nameKey } from '../store/index.js';
import { entityProfile, findEntity, kindPhrase, type EntityProfile, type EntityProfileStore } from './entity-profile.js';
import { clip, collapse, memoryTime, withTitle } from '../../shared/memory/index.js';
import { forModel } from './prompt-builder.js';

/**
 * "Who is Ana Souza?", "what's Orion?", "who was Dr. Lee": the name asked about, or null for any
 * other question. Only the whole rest of the question counts as the name: "what is Ana's phone
 * number" asks for a value, not about Ana.
 */
export function whoOrWhatIs(question: string): string | null {
  const m = /^\s*(?:so\s+|and\s+)?(?:who|what)(?:\s+(?:is|was|are|were)|'s|’s)\s+(.+?)\s*[?.!]*\s*$/iu.exec(question);
  if (!m) return null;
  const name = m[1]!.replace(/^(?:the|a|an)\s+/i, '').replace(/\s+(?:again|exactly|actually)$/i, '').trim();
  return name.length >= 2 && name.length <= 80 ? name : null;
}

/** The entity a who/what-is question asks about, when its whole name is one Engram knows. */
export function entityAskedAbout(store: EntityProfileStore, question: string): EntityProfile | null {
  const name = whoOrWhatIs(question);
  if (!name) return null;
  const entity = findEntity(store, name);
  if (!entity) return null;
  const key = nameKey(name);
  if (nameKey(entity.name) !== key && !entity.aliases.some((a) => nameKey(a) === key)) return null;
  return entityProfile(store, entity, { memories: 5, facts: 6, partners: 5 });
}

function span(p: EntityProfile, fmt: TimeFormatter): string {
  const { first_seen: a, last_seen: b } = p.entity;
  if (!a || !b) return '';
  const from = fmt.dayOf(a);
  const to = fmt.dayOf(b);
  return from === to ? `, on ${from}` : `, from ${from} to ${to}`;
}

function memoryText(m: Memory): string {
  return withTitle(collapse(m.title), collapse(m.text));
}

/**
 * The profile as a tool result: what the graph holds (facts with the entities they tie together)
 * and the latest memories, each numbered through `line` so the model cites them like any other.
 * Text from memories is data: redacted and clipped as every tool result is.
 */
export function entityToolText(p: EntityProfile, line: (m: Memory) => string, fmt: TimeFormatter): string {
  const e = p.entity;
  const out = [
    `${forModel(e.name)} (${e.kind}${e.aliases.length ? `; also called ${e.aliases.slice(0, 5).map((a) => forModel(a)).join(', ')}` : ''}): named in ${e.mentions} memor${e.mentions === 1 ? 'y' : 'ies'}${span(p, fmt)}.`,
  ];
  if (p.partners.length) out.push(`Tied to: ${p.partners.map((x) => `${forModel(x.name)} (${x.kind}, ${x.shared} fact${x.shared === 1 ? '' : 's'})`).join(', ')}`);
  if (p.facts.length) {
    out.push('Facts (newest first):');
    for (const f of p.facts) {
      const when = f.occurred_at ? `${fmt.dayOf(f.occurred_at)}: ` : '';
      out.push(`- ${when}${clip(forModel(f.statement), 200)}`);
    }
  }
  const lines = p.memories.map(line).filter((l) => l.startsWith('['));
  out.push(lines.length ? `Recent memories:\n${lines.join('\n')}` : 'No current memories name it.');
  return out.join('\n');
}

/**
 * The offline answer to "who is X" from the graph: one sentence saying what Engram knows X as, who
 * and what X is tied to, then the memories about X (its own first), each cited through `cite`.
 */
export function entityLeadLines(p: EntityProfile, cite: (m: Memory) => number | null, fmt: TimeFormatter): { lines: string[]; cited: number[] } {
  const e = p.entity;
  const lines = [
    `${e.name} is ${kindPhrase(e.kind)} named in ${e.mentions} of your memories${span(p, fmt)}${e.aliases.length ? ` (also called ${e.aliases.slice(0, 3).join(', ')})` : ''}.`,
  ];
  if (p.partners.length) lines.push(`Often together with: ${p.partners.map((x) => x.name).join(', ')}.`);
  const cited: number[] = [];
  const items: string[] = [];
  for (const m of p.memories) {
    const n = cite(m);
    if (n === null) continue;
    cited.push(n);
    items.push(`- ${fmt.dayOf(memoryTime(m).from)}: ${clip(memoryText(m), 220)} [${n}]`);
  }
  if (items.length) lines.push('', `What your memories say about ${e.name}:`, ...items);
  return { lines, cited };
}
