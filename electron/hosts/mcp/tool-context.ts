import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { VaultFilter } from '../../engine/index.js';
import { hostFailureOf, type ApiClient } from '../../../shared/api/index.js';
import { MCP_OFF_MESSAGE } from './mcp-settings.js';
import { switchesForModel } from '../../../shared/redaction/index.js';
import { errorLine } from '../../../shared/text/index.js';
import { TimeArgError } from '../../../shared/time/index.js';
import { ToolError } from './tool-error.js';
import { originOf, type ContentOrigin } from './content-origin.js';
import { redactDeep, redactOutgoing } from './answer-filter.js';

/**
 * What every tool handler gets: the window's handler map in process (client: experiences too), the
 * vault rule for outside agents, a clock, and a log line writer (stderr). Settings and where a
 * memory came from are asked of the engine too (mcp.status, mcp.sourceTypes).
 */
export interface ToolContext {
  client: ApiClient;
  vault: VaultFilter;
  now(): Date;
  log(line: string): void;
}

/** A handler's answer: the text a model reads, and the same facts as structured content. */
export interface ToolAnswer<T extends Record<string, unknown>> {
  text: string;
  data: T;
}

/** Read-only tools: clients that ask per tool can let these run without a prompt. */
export const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;
/** Writes add a memory (and may mark an older one superseded, kept in history); they never delete one. */
export const ADDS_MEMORY = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false } as const;
/** Marks a memory superseded: it stays in history; doing it twice changes nothing more. */
export const SUPERSEDES_MEMORY = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

/** Where each memory's text came from, by the types of the sources it cites (one call for all of them). */
export async function memoryOrigins(ctx: ToolContext, ids: string[]): Promise<(id: string) => ContentOrigin> {
  const { source_types } = ids.length ? await ctx.client.call('mcp.sourceTypes', { ids: [...new Set(ids)] }) : { source_types: {} as Record<string, never[]> };
  return (id) => originOf(source_types[id] ?? []);
}

/**
 * Counts memories an MCP client read as used (issue 30): a client that searches or opens a memory
 * keeps it out of the archive as a chat citation does. Counting is best effort: a failed count
 * never fails the read.
 */
export async function recordRead(ctx: ToolContext, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const r = await ctx.client.request('memories.used', { ids: ids.slice(0, 200), via: 'mcp' }).catch(() => null);
  if (r && !r.ok) ctx.log(`engram mcp: use not counted: ${r.error.message}`);
}

export function errorResult(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/**
 * Wraps a handler: refuses when MCP is switched off (checked on every call), passes the answer
 * through the vault rule and the always-on redaction (answer-filter.ts), and turns any failure into a one-line tool error (a refused API call
 * through the same mapping as the CLI's), so a bad call never takes the server down or leaks a stack.
 */
export function guarded<A>(ctx: ToolContext, name: string, fn: (args: A) => Promise<ToolAnswer<Record<string, unknown>>>) {
  return async (args: A): Promise<CallToolResult> => {
    try {
      if (!(await ctx.client.call('mcp.status', {})).enabled) return errorResult(MCP_OFF_MESSAGE);
      const answer = await fn(args);
      // The vault's exact values first, then the always-on redaction, on both parts of every answer;
      // an agent with shell access is as far outside as a cloud model, so it gets the rule prompts get,
      // read on every call so a change in the app applies to a server already running.
      const switches = switchesForModel((await ctx.client.call('mcp.status', {})).redaction);
      return {
        content: [{ type: 'text', text: redactOutgoing(ctx.vault.text(answer.text), switches) }],
        structuredContent: redactDeep(ctx.vault.deep(answer.data), switches),
      };
    } catch (err) {
      if (err instanceof ToolError || err instanceof TimeArgError) return errorResult(err.message);
      const failed = hostFailureOf(err);
      if (failed) {
        if (!failed.expected) ctx.log(`${name}: ${failed.code}: ${failed.line}`);
        return errorResult(failed.line);
      }
      ctx.log(`${name}: unexpected error: ${errorLine(err)}`);
      return errorResult(`${name} failed: ${errorLine(err)}`);
    }
  };
}
