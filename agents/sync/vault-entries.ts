import { isWholeMarker, secretValueIdentity, type SecretMatch } from '../../shared/redaction/index.js';
import type { Memory } from '../../shared/index.js';
import type { EngramStore } from '../store/index.js';
import { vaultSecretId } from './arrival-scrub.js';
import type { SyncedMemory } from './change-record.js';
import type { MergeState } from './merge-state.js';

/** A secret taken out of an arriving memory, for the vault once the import's records are applied. */
export interface ArrivalSecret {
  memoryId: string;
  /** The memory as kept (masked). */
  memory: SyncedMemory;
  secret: SecretMatch;
  at: number;
}


const ms = (iso: string | null): number | null => (iso === null ? null : Date.parse(iso));

/** Vault entries read at a time: the store's list returns at most 10,000 a call. */
export const VAULT_PAGE = 10_000;

/** Every vault entry the store holds (oldest first, a page at a time: a vault may hold more than one page). */
function* vaultEntries(store: EngramStore, page: number): Generator<Memory> {
  for (let offset = 0; ; offset += page) {
    const rows = store.memories.list({ kinds: ['knowledge_vault'], order: 'oldest', limit: page, offset });
    yield* rows;
    if (rows.length < page) return;
  }
}

/**
 * The knowledge vault after an import pass: one entry per secret across the devices.
 *
 * Two devices can keep one secret each under an id of its own: a device on older detectors masks
 * its copy of a memory in its re-scrub (an id of its own) while a newer device had masked the same
 * memory on arrival. When such entries meet here (an arriving entry whose secret, judged as the
 * vault judges it, is the one of an entry this vault holds), one is kept and the others are
 * forgotten, logged, so the forget travels and a forgotten entry never comes back (merge-state.ts:
 * a forget wins over every put). Every device decides alike: the entry under the secret's shared id
 * (`vaultSecretId`) if it is among them, else the smallest id. The kept one takes what the others'
 * captions said that its own does not (whose the contact is, where it was seen).
 *
 * That shared id is also the secret's tombstone: once the user deleted an entry of it (here or
 * anywhere, under whatever id: vault-secret-ids.ts forgets the shared id with it), an
 * arriving entry holding that secret is forgotten too, and a secret masked on arrival is not kept
 * again. Then `found`, the secrets masked on arrival in this pass, are kept under that id, unless
 * the vault holds them already.
 */
export function settleVault(store: EngramStore, syncKey: Buffer, merge: MergeState, found: readonly ArrivalSecret[], arrived: readonly string[], page = VAULT_PAGE): void {
  if (!found.length && !arrived.length) return;
  const memories = store.memories;
  const identity = (type: string, value: string): string => `${type}\u0000${secretValueIdentity(type, value)}`;
  // What the vault holds, read once for the pass: each entry's secret revealed is a decrypt.
  const holders = new Map<string, string[]>();
  const secretOf = new Map<string, { type: string; value: string }>();
  for (const e of vaultEntries(store, page)) {
    const type = String(e.fields['entry_type'] ?? '');
    const value = memories.get(e.id, { reveal: true })?.fields['secret'];
    if (typeof value !== 'string' || !value.trim() || isWholeMarker(value)) continue;
    secretOf.set(e.id, { type, value });
    const key = identity(type, value);
    holders.set(key, [...(holders.get(key) ?? []), e.id]);
  }
  const losers = new Set<string>();
  /** The entries each kept one stands for now, to take their captions. */
  const merged = new Map<string, string[]>();
  for (const id of new Set(arrived)) {
    const s = secretOf.get(id);
    if (!s || losers.has(id)) continue;
    const key = identity(s.type, s.value);
    const shared = vaultSecretId(syncKey, s.type, s.value);
    const ids = (holders.get(key) ?? []).filter((x) => !losers.has(x));
    const keep = merge.isForgotten(shared) ? null : ids.includes(shared) ? shared : [...ids].sort()[0];
    for (const x of ids) {
      if (x === keep) continue;
      losers.add(x);
      if (keep) merged.set(keep, [...(merged.get(keep) ?? []), x]);
    }
    holders.set(key, keep ? [keep] : []);
  }
  // Outside the import's unlogged scope: these edits and forgets are this device's, and travel.
  for (const [keep, gone] of merged) {
    const patch = mergedCaption(memories.get(keep), gone.sort().map((id) => memories.get(id)));
    if (patch) memories.update(keep, patch, 'sync: one vault entry per secret');
  }
  if (losers.size) memories.delete([...losers]);

  for (const v of found) {
    const id = vaultSecretId(syncKey, v.secret.kind, v.secret.value);
    const key = identity(v.secret.kind, v.secret.value);
    if (merge.isForgotten(id) || memories.row(id) || holders.get(key)?.length) continue;
    holders.set(key, [id]);
    insertVaultEntry(store, id, v);
  }
}

/** A vault entry's caption (its title and text) as compared: white space and case aside. */
const plain = (s: string): string => s.replace(/\s+/g, ' ').trim().toLowerCase();
const MAX_TITLE = 200;

/**
 * The kept entry's caption with what the others' said that it does not: the same contact captured on
 * two devices says whose it is on one and where it was seen on the other, and neither is lost when
 * the entries become one. Their ids in order, so every device that merges them writes the same.
 */
function mergedCaption(keep: Memory | null, others: (Memory | null)[]): { title: string; text: string } | null {
  if (!keep) return null;
  let { title, text } = keep;
  for (const o of others) {
    if (!o) continue;
    if (o.text.trim() && !plain(text).includes(plain(o.text))) text = text.trim() ? `${text.trim()}\n${o.text.trim()}` : o.text.trim();
    if (o.title.trim() && !plain(title).includes(plain(o.title))) {
      const both = title.trim() ? `${title.trim()} · ${o.title.trim()}` : o.title.trim();
      // A title stays a title: a merged one too long to read keeps its first caption (the text keeps both).
      if (both.length <= MAX_TITLE) title = both;
    }
  }
  return title === keep.title && text === keep.text ? null : { title, text };
}

/** A secret masked on arrival, kept as capture and the re-scrub keep what they take out (masked in every view). */
function insertVaultEntry(store: EngramStore, id: string, v: ArrivalSecret): void {
  const label = v.secret.kind.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
  const about = v.memory.title.trim() || v.memory.text.trim();
  store.memories.insert({
    id,
    kind: 'knowledge_vault',
    title: `${label} in a memory from another device`,
    text: `${label}${v.secret.label ? ` (${v.secret.label})` : ''} was in the memory "${about.length > 80 ? `${about.slice(0, 79)}…` : about}" as it arrived from a device on an older Engram; Engram masked it there.`,
    fields: { entry_type: v.secret.kind, source: 'sync', sensitivity: 'high', secret: v.secret.value.slice(0, 8000) },
    app: v.memory.app,
    occurred_at: ms(v.memory.occurred_at),
  });
}
