import { MEMORY_KINDS } from '../../shared/index.js';
import { maskSecret } from '../../shared/vault/index.js';
import type { EngramStore, ListMemoriesOptions } from '../store/index.js';
import type { ExportedMemory, ExportKind } from './export-document.js';
import { exportMask } from './vault-mask.js';

/** Which memories an export takes. Times are epoch ms. */
export interface MemorySelection {
  /** Memories whose time (occurred_at, else created_at) is at or after this. */
  since?: number;
  /** Kinds to take; none means all six plus experiences. "procedural" includes experiences. */
  kinds?: ExportKind[];
  /** Put knowledge-vault secret values in clear (default: masked). */
  includeSecrets?: boolean;
}

export interface SelectionPass {
  /** The group these memories are listed under (experiences apart from other procedural memories). */
  group: ExportKind;
  list: ListMemoriesOptions;
}

/** Export order: the six kinds in the design's order, experiences right after procedural. */
const ORDER: ExportKind[] = MEMORY_KINDS.flatMap((k): ExportKind[] => (k === 'procedural' ? [k, 'experience'] : [k]));
const PAGE = 500;

export function selectionPasses(sel: MemorySelection): SelectionPass[] {
  const wanted = new Set<ExportKind>(sel.kinds?.length ? sel.kinds : ORDER);
  if (wanted.has('procedural')) wanted.add('experience');
  return ORDER.filter((g) => wanted.has(g)).map((group) => {
    const base: ListMemoriesOptions = { since: sel.since, includeSuperseded: true, order: 'oldest' };
    if (group === 'experience') return { group, list: { ...base, kinds: ['procedural'], experiences: true } };
    if (group === 'procedural') return { group, list: { ...base, kinds: ['procedural'], experiences: false } };
    return { group, list: { ...base, kinds: [group] } };
  });
}

export function countSelected(store: EngramStore, sel: MemorySelection): number {
  return selectionPasses(sel).reduce((n, p) => n + store.memories.count(p.list), 0);
}

/**
 * A vault entry as a masked export writes it: the value's mask tells nothing of it. The window's
 * mask keeps a long value's last four characters so the user can tell two apart on their own screen;
 * a file that leaves the machine does not carry them ("••••2287" of a Wi-Fi password).
 */
function untold<M extends { kind: string; fields: Record<string, unknown> }>(m: M): M {
  if (m.kind !== 'knowledge_vault' || m.fields.masked !== true || typeof m.fields.secret !== 'string') return m;
  return { ...m, fields: { ...m.fields, secret: maskSecret(m.fields.secret, 'high') } };
}

/**
 * Every selected memory with its sources and history, a page at a time. Call it inside one read
 * transaction so the export is a consistent snapshot while the app keeps writing. Without
 * includeSecrets, every vault value a memory quotes is masked (exportMask), not only the vault's own.
 */
export function* readSelected(store: EngramStore, sel: MemorySelection, signal?: AbortSignal): Generator<{ group: ExportKind; memory: ExportedMemory }> {
  const reveal = sel.includeSecrets === true;
  const mask = exportMask(store, sel.includeSecrets);
  for (const pass of selectionPasses(sel)) {
    for (let offset = 0; ; offset += PAGE) {
      signal?.throwIfAborted();
      const page = store.memories.list({ ...pass.list, limit: PAGE, offset });
      for (const listed of page) {
        const m = reveal && listed.kind === 'knowledge_vault' ? (store.memories.get(listed.id, { reveal: true }) ?? listed) : listed;
        const history = store.memories.history(m.id, { reveal }).map((h) => ({ ...h, snapshot: reveal ? h.snapshot : untold(h.snapshot) }));
        yield {
          group: pass.group,
          memory: mask({ ...(reveal ? m : untold(m)), provenance: store.memories.provenance(m.id), history }),
        };
      }
      if (page.length < PAGE) break;
    }
  }
}
