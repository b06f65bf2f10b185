import { createHash } from 'node:crypto';
import type { ExperienceOutcome } from '../../shared/index.js';
import { oneLine, truncate } from '../subagent-kit/index.js';

/** One message as the distiller reads it: the stored text plus the original JSON (MIRIX `add` shape). */
export interface DistillMessage {
  id: string;
  role: 'system' | 'user' | 'assistant' | 'tool';
  text: string;
  raw: unknown;
  at: number;
}

export interface DistilledExperience {
  task: string;
  action: string;
  outcome: ExperienceOutcome;
  reason?: string;
  /** Where it came from, with a fingerprint of the conversation so re-adding it is recognised. */
  context: string;
  /** Message ids it rests on (the call and its result). */
  messageIds: string[];
  at: number;
}

export interface DistilledWorkflow {
  task: string;
  steps: string[];
  messageIds: string[];
  at: number;
}

interface Call {
  id: string;
  name: string;
  args: unknown;
  messageId: string;
  at: number;
}

const ERROR_RE =
  /\b(error|errors|exception|traceback|failed|failure|fatal|denied|refused|not found|no such file|cannot|can't|unable|invalid|timed out|timeout|ENOENT|EACCES|EADDRINUSE|ERESOLVE|exit (?:code|status) [1-9]\d*|non-zero|panic|segmentation fault)\b/i;

function record(v: unknown): Record<string, unknown> | null {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

function callsOf(m: DistillMessage): Call[] {
  const raw = record(m.raw);
  const list = Array.isArray(raw?.tool_calls) ? (raw!.tool_calls as unknown[]) : [];
  const out: Call[] = [];
  list.forEach((c, i) => {
    const call = record(c);
    const fn = record(call?.function);
    const name = typeof fn?.name === 'string' ? fn.name : typeof call?.name === 'string' ? (call.name as string) : null;
    if (!name) return;
    let args: unknown = fn?.arguments ?? call?.input ?? {};
    if (typeof args === 'string') {
      try {
        args = JSON.parse(args);
      } catch {
        // Keep the raw string: it still says what was run.
      }
    }
    out.push({ id: typeof call?.id === 'string' ? call.id : `${m.id}#${i}`, name, args, messageId: m.id, at: m.at });
  });
  return out;
}

/** "run_command: npm ci --legacy-peer-deps": the tool and its one telling argument. */
export function describeCall(name: string, args: unknown): string {
  const a = record(args);
  if (typeof args === 'string') return `${name}: ${truncate(oneLine(args), 200)}`;
  if (a) {
    const values = Object.values(a);
    const strings = values.filter((v): v is string => typeof v === 'string');
    if (values.length === 1 && strings.length === 1) return `${name}: ${truncate(oneLine(strings[0]!), 200)}`;
    for (const k of ['command', 'cmd', 'query', 'q', 'path', 'file', 'url', 'code', 'input']) {
      if (typeof a[k] === 'string') return `${name}: ${truncate(oneLine(a[k] as string), 200)}`;
    }
    const json = JSON.stringify(a);
    return json === '{}' ? name : `${name} ${truncate(json, 200)}`;
  }
  return name;
}

function resultIsError(m: DistillMessage): boolean {
  const raw = record(m.raw);
  if (raw?.is_error === true || raw?.status === 'error') return true;
  return ERROR_RE.test(m.text.slice(0, 2000));
}

function firstErrorLine(text: string): string {
  const line = text.split(/\r?\n/).find((l) => ERROR_RE.test(l)) ?? text;
  return truncate(oneLine(line), 300);
}

/**
 * Turns a conversation with tool calls into experiences: each failed call ("tried, failed" with
 * its error), and each call that worked — noting when it was the fix after a failure.
 */
export function distillToolCalls(messages: DistillMessage[], fallbackTask: string): { experiences: DistilledExperience[]; workflows: DistilledWorkflow[] } {
  const fingerprint = createHash('sha256')
    .update(messages.map((m) => `${m.role}\u0000${m.text}`).join('\u0001'))
    .digest('hex')
    .slice(0, 12);
  const experiences: DistilledExperience[] = [];
  const workflows: DistilledWorkflow[] = [];
  const pending = new Map<string, Call>();
  let task = fallbackTask;
  let lastFailure: { tool: string; reason: string } | null = null;
  let steps: string[] = [];
  let stepIds: string[] = [];
  let stepAt = 0;

  const closeWorkflow = (): void => {
    if (steps.length >= 2) workflows.push({ task, steps, messageIds: stepIds, at: stepAt });
    steps = [];
    stepIds = [];
  };

  for (const m of messages) {
    if (m.role === 'user' && m.text.trim()) {
      closeWorkflow();
      task = truncate(oneLine(m.text), 300);
      lastFailure = null;
      continue;
    }
    if (m.role === 'assistant') {
      for (const c of callsOf(m)) pending.set(c.id, c);
      continue;
    }
    if (m.role !== 'tool') continue;
    const raw = record(m.raw);
    const callId = typeof raw?.tool_call_id === 'string' ? raw.tool_call_id : null;
    const call = (callId && pending.get(callId)) || [...pending.values()][0];
    if (!call) continue;
    pending.delete(call.id);
    const action = describeCall(call.name, call.args);
    const ids = [call.messageId, m.id];
    if (resultIsError(m)) {
      const reason = firstErrorLine(m.text);
      experiences.push({ task, action, outcome: 'failure', reason, context: `tool call in a conversation (ref ${fingerprint})`, messageIds: ids, at: m.at });
      lastFailure = { tool: call.name, reason };
    } else {
      const fix = lastFailure && lastFailure.tool === call.name ? `worked after: ${lastFailure.reason}` : undefined;
      experiences.push({
        task,
        action,
        outcome: 'success',
        ...(fix ? { reason: fix } : {}),
        context: `tool call in a conversation (ref ${fingerprint})`,
        messageIds: ids,
        at: m.at,
      });
      if (!steps.length) stepAt = m.at;
      steps.push(action);
      stepIds.push(...ids);
      lastFailure = null;
    }
  }
  closeWorkflow();
  return { experiences, workflows };
}

export function hasToolCalls(messages: DistillMessage[]): boolean {
  return messages.some((m) => m.role === 'tool' || callsOf(m).length > 0);
}
