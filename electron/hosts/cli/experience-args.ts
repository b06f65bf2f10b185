import type { z } from 'zod';
import { GroupBySchema } from '../../../shared/api/index.js';
import { str } from './args.js';
import { CliError, type ParsedArgs } from './command.js';

/** The longest task the experience requests accept (their Task schema, shared/api/experiences.ts). */
const TASK_MAX_CHARS = 2000;

/** The task the positionals name, trimmed ('' when none, unless `required`): what recall, recommend and reflect ask about. */
export function taskArg(args: ParsedArgs, command: string, required: boolean): string {
  const task = args.positionals.join(' ').trim();
  if (!task && required) throw new CliError(`${command}: give the task, e.g. engram ${command} "deploy the web app"`);
  if (task.length > TASK_MAX_CHARS) throw new CliError(`${command}: the task is longer than 2,000 characters`);
  return task;
}

/** --group: how differently worded actions are counted, text (the default) or meaning. */
export function groupArg(args: ParsedArgs, command: string): z.infer<typeof GroupBySchema> {
  const group = GroupBySchema.safeParse(str(args, 'group') ?? 'text');
  if (!group.success) throw new CliError(`${command}: --group must be text or meaning (got "${str(args, 'group')}")`);
  return group.data;
}
