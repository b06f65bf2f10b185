/**
 * The one vault policy: what each audience may see of a knowledge-vault secret.
 *
 * - The user's own window (and the CLI, which is the user at a terminal): the value masked by
 *   `maskSecret` unless the user explicitly reveals it; the store applies this on every read.
 * - A model (chat prompts, tool results): high-sensitivity items (and items without a sensitivity)
 *   are withheld entirely; others only in the masked form above.
 * - Outside agents (MCP clients): not even the masked form (no length, no last digits): the field is
 *   `WITHHELD`, and any copy of a vault value is cut out of every string they are sent.
 */
import { cutParts } from './partial-cut.js';

/** What an outside agent sees where a vault value was. */
export const WITHHELD = '[withheld: knowledge-vault secret]';

/** Shorter values would cut ordinary words out of answers; the vault field itself is still withheld. */
export const MIN_CUT_SECRET = 4;

/**
 * A secret as the user's window shows it: eight bullets, whatever its length (the length is not
 * told); a long secret that is not highly sensitive keeps its last four characters so the user can
 * tell two apart. A secret without a sensitivity counts as high.
 */
export function maskSecret(secret: string, sensitivity: string | null = 'high'): string {
  if (sensitivity !== 'high' && sensitivity !== null && secret.length >= 12) return `••••${secret.slice(-4)}`;
  return '••••••••';
}

/** A vault row's fields as the window shows them unrevealed: the secret masked, and marked so. */
export function maskedVaultFields(fields: Record<string, unknown>, sensitivity: string | null): Record<string, unknown> {
  if (typeof fields.secret !== 'string') return fields;
  return { ...fields, secret: maskSecret(fields.secret, sensitivity), masked: true };
}

/** Whether a memory is kept out of every model prompt. Vault items without a sensitivity count as high. */
export function isWithheldFromModel(m: { kind: string; fields: Record<string, unknown> }): boolean {
  if (m.kind !== 'knowledge_vault') return false;
  const s = m.fields['sensitivity'];
  return s !== 'low' && s !== 'medium';
}

/** A vault row's fields as an outside agent sees them: no secret, no masked form. */
export function outsideVaultFields(fields: Record<string, unknown>): Record<string, unknown> {
  const { secret: _secret, masked: _masked, ...rest } = fields;
  return { ...rest, secret: WITHHELD };
}

/** The vault values to cut out of what outside agents are sent: long enough, once each, longest first (a secret holding another is cut whole). */
export function valuesToCut(values: Iterable<string>): string[] {
  return [...new Set(values)].filter((s) => s.length >= MIN_CUT_SECRET).sort((a, b) => b.length - a.length);
}

/** Text with every copy of the given values (from `valuesToCut`) replaced by WITHHELD, and every clipped or masked part of one (partial-cut.ts). */
export function cutValues(text: string, values: readonly string[]): string {
  let out = text;
  for (const v of values) if (out.includes(v)) out = out.split(v).join(WITHHELD);
  return cutParts(out, values, WITHHELD);
}

/** Any JSON-like value with `cutValues` applied to every string in it. */
export function cutValuesDeep<T>(value: T, values: readonly string[]): T {
  if (values.length === 0) return value;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return cutValues(v, values);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value) as T;
}
