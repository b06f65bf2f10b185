import { z } from 'zod';
import { MemoryKindSchema, type Memory } from '../../../shared/index.js';
import { outsideVaultFields } from '../../../shared/vault/index.js';
import { TrustLabelSchema, trustLabel, type ContentOrigin } from './content-origin.js';

/** What an MCP client sees of a memory. Knowledge-vault secret values are never part of it. */
export const McpMemorySchema = z.object({
  id: z.string(),
  kind: MemoryKindSchema,
  title: z.string(),
  text: z.string(),
  details: z.string(),
  app: z.string().nullable(),
  occurred_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  fields: z.record(z.string(), z.unknown()),
  superseded_by: z.string().nullable(),
  version: z.number().int(),
  ...TrustLabelSchema,
});
export type McpMemory = z.infer<typeof McpMemorySchema>;

function clip(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

/**
 * A memory as MCP shows it. Vault rows lose the secret field entirely (not even the masked form:
 * clients should not learn its length or last digits); the vault guard cuts any copy of the value
 * out of every answer on top of that (the engine's VaultGuard); both rules are shared/vault's.
 */
export function mcpMemory(m: Memory, origin: ContentOrigin, opts: { detailsMax?: number } = {}): McpMemory {
  const fields = m.kind === 'knowledge_vault' ? outsideVaultFields(m.fields) : m.fields;
  return {
    id: m.id,
    kind: m.kind,
    title: m.title,
    text: m.text,
    details: clip(m.details, opts.detailsMax ?? 2000),
    app: m.app,
    occurred_at: m.occurred_at,
    ended_at: m.ended_at,
    created_at: m.created_at,
    updated_at: m.updated_at,
    fields,
    superseded_by: m.superseded_by,
    version: m.version,
    ...trustLabel(origin),
  };
}

const short = (iso: string | null): string => (iso ? iso.slice(0, 16).replace('T', ' ') : '');
const flat = (s: string, n: number): string => clip(s.replace(/\s+/g, ' ').trim(), n);

/** One line for the text part of a tool result: kind, time, title/text, id. */
export function memoryLine(m: McpMemory): string {
  const when = m.occurred_at ? (m.ended_at ? `${short(m.occurred_at)}–${short(m.ended_at).slice(11)}` : short(m.occurred_at)) : short(m.created_at);
  const head = m.title && !m.text.startsWith(m.title) ? `${m.title}: ${m.text}` : m.text || m.title;
  return `[${m.kind}] ${when}${m.app ? ` (${m.app})` : ''} ${flat(head, 400)} — ${m.id}`;
}
