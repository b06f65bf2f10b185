/**
 * The lead for a question about a procedure, read off the found screens: a recipe's quantity, time,
 * heat or next step (recipe-lead), the command that was run
 * (terminal-commands), why it went wrong or what holds it up (cause-answer), the step to take under the asked condition (step-condition), the step at the asked place
 * (step-ordinal: "the third step"), or the measure,
 * format or detour a step sets (step-detail). Null when the question asks none of these, or no
 * screen says it: the other readers of the fact sentence then answer.
 */
import type { AskedValue } from './asked-value.js';
import { ranCommand } from './terminal-commands.js';
import { causeLead } from './cause-answer.js';
import { conditionStep } from './step-condition.js';
import { stepDetail } from './step-detail.js';
import { stepAtPlace } from './step-ordinal.js';
import { recipeLead } from './recipe-lead.js';

export interface ProcedureScreen<P> {
  lines: readonly string[];
  title: string;
  n: number;
  passage: P;
  rank: number;
}

export interface ProcedureFound<P> {
  text: string;
  n: number;
  passage: P;
  /** False when what was asked is shown without its answer (a failure with no cause): said so, not stated. */
  found?: false;
}

export function procedureLead<P>(question: string, asked: AskedValue, screens: readonly ProcedureScreen<P>[]): ProcedureFound<P> | null {
  if (!screens.length) return null;
  // A recipe's amount, time, heat or next step first: its page says them in its own parts (recipe-lead).
  return recipeLead(question, asked, screens) ?? ranCommand(question, asked, screens) ?? causeLead(question, asked, screens) ?? conditionStep(question, asked, screens) ?? stepAtPlace(question, asked, screens) ?? stepDetail(question, asked, screens);
}
