import { readFileSync, statSync } from 'node:fs';
import { MessageListSchema, type MessageInput } from '../../../../shared/index.js';
import { bool, str } from '../args.js';
import { CliError, type Command } from '../command.js';
import { startEngram, type Engram } from '../../../engine/index.js';
import { packageVersion } from '../version.js';

/** A conversation file beyond this is refused before parsing (a runaway pipe must not fill memory). */
const MAX_FILE_BYTES = 64 * 1024 * 1024;

async function readStdin(stdin: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buf.length;
    if (size > MAX_FILE_BYTES) throw new CliError(`add: standard input is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB; split the conversation`);
    chunks.push(buf);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function readMessages(path: string, stdin: NodeJS.ReadableStream): Promise<MessageInput[]> {
  let raw: string;
  try {
    if (path === '-') raw = await readStdin(stdin);
    else {
      if (statSync(path).size > MAX_FILE_BYTES) throw new CliError(`add: ${path} is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB; split the conversation`);
      raw = readFileSync(path, 'utf8');
    }
  } catch (err) {
    if (err instanceof CliError) throw err;
    throw new CliError(`add: cannot read ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (err) {
    // The parser's message quotes the file's bytes ('Unexpected token, "token=ghp_Q"... is not valid
    // JSON'): only where it stopped is said, as the importer does; the bytes could be a secret.
    const at = /at position (\d+)/.exec(String((err as Error).message))?.[1];
    throw new CliError(`add: ${path} is not valid JSON${at ? ` (at character ${at})` : ''}`);
  }
  const parsed = MessageListSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CliError(`add: ${path} is not a list of {role, content} messages (at ${issue?.path.join('.') || 'top level'}: ${issue?.message})`);
  }
  if (parsed.data.length === 0) throw new CliError(`add: ${path} has no messages`);
  return parsed.data;
}

export const addCommand: Command = {
  name: 'add',
  summary: 'remember a note or a conversation',
  help: `usage: engram add --text "..." | --file messages.json [--thread TITLE] [--json]

Stores what you give it and turns it into memories.
  --text TEXT     a note in your own words ("My manager is Ana", "the VPN needs the staging profile")
  --file FILE     a JSON list of chat messages {role, content} (content: a string or [{type:"text", text}]);
                  assistant tool_calls and role "tool" turns are kept and distilled into experiences.
                  Use - to read standard input.
  --thread TITLE  the conversation to file it under (default: a new one)
  --json          print {"thread_id", "message_ids", "memory_ids"}`,
  options: { text: { type: 'string' }, file: { type: 'string' }, thread: { type: 'string' }, json: { type: 'boolean' } },
  async run(args, ctx) {
    const text = str(args, 'text');
    const file = str(args, 'file');
    if ((text === undefined) === (file === undefined)) throw new CliError('add: give exactly one of --text or --file');
    if (text !== undefined && text.trim() === '') throw new CliError('add: --text is empty');
    const messages: MessageInput[] = text !== undefined ? [{ role: 'user', content: text }] : await readMessages(file!, ctx.io.stdin);
    let engram: Engram | null = null;
    try {
      engram = await startEngram({ store: ctx.storeSource(), host: 'headless', version: packageVersion(), env: ctx.env, brain: { start: 'manual', subscribe: false }, chat: false });
      const title = str(args, 'thread') ?? (text !== undefined ? 'Notes' : `Imported conversation`);
      // Stored in one step, then turned into memories by the brain (messages.add).
      const result = await engram.client.call('messages.add', { title, messages });
      if (ctx.json || bool(args, 'json')) ctx.io.stdout(JSON.stringify(result) + '\n');
      else {
        const n = result.message_ids.length;
        ctx.io.stdout(`stored ${n} message${n === 1 ? '' : 's'}, ${result.memory_ids.length} memor${result.memory_ids.length === 1 ? 'y' : 'ies'} written\n`);
      }
      return 0;
    } finally {
      await engram?.close();
    }
  },
};
