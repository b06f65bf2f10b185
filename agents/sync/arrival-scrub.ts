import { createHmac } from 'node:crypto';
import { DETECTORS_VERSION, redactText, secretValueIdentity, type LaidOutSecret, type RedactionSwitches, type SecretMatch } from '../../shared/redaction/index.js';
import type { ChangeRecord, SyncedMemory } from './change-record.js';
import type { SegmentTrailer } from './segment-seal.js';

/**
 * Whether a memory a segment brings is redacted again here before it is kept: only when its
 * writer's detectors are older than this device's (a segment without a trailer: 0), since a device
 * at this generation or a newer one has already judged its text with at least these detectors.
 * Knowledge-vault entries hold their secrets on purpose and are kept as sent. So is what the user
 * edited by hand on the other device (the re-scrub leaves it too): a trailer names those memories;
 * a segment from before trailers cannot, so there an edit ('edited') is taken for the user's, and
 * a memory as created or as the agents wrote it ('created') is redacted.
 */
export function scrubsOnArrival(r: ChangeRecord, trailer: SegmentTrailer | null): boolean {
  if (r.op !== 'memory.put' || r.memory.kind === 'knowledge_vault') return false;
  if ((trailer?.detectors ?? 0) >= DETECTORS_VERSION) return false;
  if (trailer) return !(trailer.by_hand ?? []).includes(r.id);
  return r.reason !== 'edited';
}

export interface ArrivalScrub {
  memory: SyncedMemory;
  /** What was taken out, each value once per kind: the vault keeps them. */
  secrets: SecretMatch[];
}

/** Where secrets this device already keeps stand in a text, quoted without the label a detector needs. */
export interface KnownSecrets {
  in(text: string): LaidOutSecret[];
}

/**
 * A memory's title, text, details and fields (every string in them) through the redactor, with the
 * user's switches. `known`: the secrets this device's vault holds, found wherever the text quotes
 * them alone (a note an older device wrote from a settings pane whose password only the word boxes
 * paired with its label: no detector finds the value in the note, the vault has it).
 */
export function scrubArrival(m: SyncedMemory, switches: RedactionSwitches, known?: KnownSecrets): ArrivalScrub {
  const found: SecretMatch[] = [];
  const text = (t: string): string => {
    const r = redactText(t, switches, known?.in(t) ?? []);
    found.push(...r.secrets);
    return r.text;
  };
  const json = (v: unknown): unknown =>
    typeof v === 'string' ? text(v) : Array.isArray(v) ? v.map(json) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, json(x)])) : v;
  const memory: SyncedMemory = { ...m, title: text(m.title), text: text(m.text), details: text(m.details), fields: json(m.fields) as SyncedMemory['fields'] };
  const seen = new Set<string>();
  const secrets = found.filter((s) => {
    const key = `${s.kind}\u0000${s.value}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { memory, secrets };
}

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/**
 * The id every device of a folder gives the vault entry of one secret it keeps because of sync: a
 * store id's shape ('mem_', 10 characters where a time goes, 16 of an HMAC keyed by the sync key
 * over the kind and the secret's identity, secret-identity.ts). Derived from the secret alone, not
 * from the memory or the moment it arrived, so every device that masks it, whichever memory or edit
 * brought it, names it alike, entries that meet are one, and a tombstone of the id (the user
 * deleted it) stands for the secret on every device. The time part is zeros: any time in it would
 * differ between devices, and the id says nothing of the value to whoever lacks the key.
 */
export function vaultSecretId(syncKey: Buffer, kind: string, value: string): string {
  const mac = createHmac('sha256', syncKey).update(`engram-sync-vault-secret\u0000${kind}\u0000${secretValueIdentity(kind, value)}`).digest();
  let rand = '';
  for (let i = 0; i < 16; i++) rand += ALPHABET[mac[i]! % 32]!;
  return `mem_${'0'.repeat(10)}${rand}`;
}
