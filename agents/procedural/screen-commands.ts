import { splitPassages } from '../store/index.js';
import type { BatchAnalysis } from '../subagent-kit/index.js';

/**
 * Commands run in a terminal seen on screen, with what each printed. A session whose commands
 * end in success is a workflow; a command that failed followed by commands that then worked is
 * an experience: the error, and the fix that made it go away.
 */
export interface ScreenCommand {
  command: string;
  output: string[];
  failed: boolean;
}

export interface ScreenFix {
  /** The error that was fixed (its first line). */
  error: string;
  /** The command that failed. */
  failed: string;
  /** What was run after it, up to the command that worked. */
  fix: string[];
  source: number;
  at: number;
}

export interface ScreenWorkflow {
  title: string;
  steps: string[];
  source: number;
  at: number;
}

const PROMPT = /^\s*(?:\$|❯|➜|>>>|PS>|[\w.-]+@[\w.-]+:[^$#]*[$#])\s+(\S.*)$/;
const FAILURE = /\b(?:error|errors|failed|failure|fatal|exception|not found|does not exist|denied|refused|cannot|can't|unable|ERR!)\b/i;
const SUCCESS = /\b(?:passed|success(?:ful(?:ly)?)?|complete[d]?|done|started|created|applied|ok|ready|listening|installed|built)\b/i;

/** Commands and their output in reading order, from the code passages of a screen's text. */
export function commandsIn(text: string): ScreenCommand[] {
  const out: ScreenCommand[] = [];
  for (const p of splitPassages(text)) {
    if (p.kind !== 'code') continue;
    for (const line of p.text.split('\n')) {
      const m = PROMPT.exec(line);
      if (m) out.push({ command: m[1]!.trim(), output: [], failed: false });
      else if (out.length && line.trim()) out[out.length - 1]!.output.push(line.trim());
    }
  }
  for (const c of out) c.failed = c.output.some((l) => FAILURE.test(l) && !/\b0 (?:failed|errors?)\b/i.test(l));
  return out;
}

function worked(c: ScreenCommand): boolean {
  return !c.failed && c.output.some((l) => SUCCESS.test(l));
}

export function screenFixes(a: BatchAnalysis): ScreenFix[] {
  if (a.isChat) return [];
  const out: ScreenFix[] = [];
  const seen = new Set<string>();
  for (const s of a.sources) {
    if (s.role !== 'screen') continue;
    const cmds = commandsIn(s.text);
    cmds.forEach((c, i) => {
      if (!c.failed) return;
      // The fix ends where the failed command (or one that contains it) finally worked; else at the first success.
      const again = cmds.findIndex((d, k) => k > i && worked(d) && d.command.includes(c.command));
      const j = again >= 0 ? again : cmds.findIndex((d, k) => k > i && worked(d));
      if (j < 0) return;
      const error = c.output.find((l) => FAILURE.test(l)) ?? c.output[0] ?? '';
      const key = `${c.command}\n${error}`.toLowerCase();
      if (seen.has(key)) return;
      seen.add(key);
      out.push({ error, failed: c.command, fix: cmds.slice(i + 1, j + 1).map((d) => d.command), source: s.index, at: s.at });
    });
  }
  return out;
}

/** A command session that ended in success, as steps (at least two commands). */
export function screenWorkflows(a: BatchAnalysis): ScreenWorkflow[] {
  if (a.isChat) return [];
  const out: ScreenWorkflow[] = [];
  for (const s of a.sources) {
    if (s.role !== 'screen') continue;
    const cmds = commandsIn(s.text);
    if (cmds.length < 2 || !worked(cmds[cmds.length - 1]!)) continue;
    const steps = cmds.filter((c) => !c.failed).map((c) => c.command);
    if (steps.length < 2) continue;
    const title = `Commands run${s.title ? ` in "${s.title}"` : ''}: ${steps[0]} … ${steps[steps.length - 1]}`;
    if (!out.some((w) => w.steps.join('\n') === steps.join('\n'))) out.push({ title, steps, source: s.index, at: s.at });
  }
  return out;
}
