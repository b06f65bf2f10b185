import { createInterface } from 'node:readline';
import { hostFailureOf, type ChatThread } from '../../../../shared/api/index.js';
import { bool, str } from '../args.js';
import { CliError, type Command } from '../command.js';
import { cliChatSession, cliTimeZone, printSources, sendTurn, settleSession, threadOf, tooLongLine, type CliChatSession } from './ask.js';
import { TimeFormatter } from '../../../../shared/time/index.js';

const HELP_LINES = `commands:
  /new            start a new conversation
  /threads        list conversations
  /open N|ID      continue conversation N (from /threads) or with that id
  /title TEXT     rename this conversation
  /help           this list
  /quit           leave (Ctrl-D works too)
anything else is a question.
`;

/**
 * `engram chat`: a conversation in the terminal. Each line is a question in the current thread;
 * answers stream as they come. Works the same when stdin is a pipe (one question per line).
 */
export const chatCommand: Command = {
  name: 'chat',
  summary: 'talk with your memory in the terminal',
  help: `usage: engram chat [--thread ID] [--offline] [--no-topics]

An interactive conversation: each line you type is a question; answers cite your memories as [n].
With a pipe, every line of stdin is one question (e.g. printf 'who is Ana?\\n' | engram chat).
  --thread ID   continue an earlier conversation
  --offline     do not call a model even if a key is set
  --no-topics   skip the model's search topics (active retrieval, on with a model)

${HELP_LINES}`,
  options: {
    thread: { type: 'string' },
    offline: { type: 'boolean' },
    topics: { type: 'boolean' },
    'no-topics': { type: 'boolean' },
  },
  allowPositionals: false,
  async run(args, ctx) {
    const out = ctx.io.stdout;
    const session: CliChatSession = await cliChatSession(ctx, bool(args, 'offline'), !bool(args, 'no-topics'));
    const rl = createInterface({ input: ctx.io.stdin, terminal: false, crlfDelay: Infinity });
    const stop = () => rl.close();
    ctx.signal.addEventListener('abort', stop, { once: true });
    try {
      const client = session.client;
      const fmt = new TimeFormatter(cliTimeZone(ctx.env));
      let threadId: string | undefined = str(args, 'thread');
      let listed: ChatThread[] = [];
      if (threadId) {
        const t = await threadOf(client, threadId);
        if (!t) throw new CliError(`chat: no conversation ${threadId} (see /threads)`);
        out(`Continuing "${t.title}".\n`);
      }
      const mode = bool(args, 'offline') ? 'offline' : 'model when a key is set';
      if (ctx.io.isTty) out(`Engram chat (${mode}). Ask about anything you saw, heard or said; /help for commands.\n`);
      const prompt = () => {
        if (ctx.io.isTty) out('\n› ');
      };
      prompt();

      for await (const raw of rl) {
        const line = raw.trim();
        if (!line) {
          prompt();
          continue;
        }
        if (line.startsWith('/')) {
          const [cmd, ...rest] = line.split(/\s+/);
          const arg = rest.join(' ');
          if (cmd === '/quit' || cmd === '/exit') break;
          if (cmd === '/help') out(HELP_LINES);
          else if (cmd === '/new') {
            threadId = undefined;
            out('New conversation.\n');
          } else if (cmd === '/threads') {
            listed = (await client.call('chat.listThreads', {})).threads;
            if (!listed.length) out('No conversations yet.\n');
            listed.forEach((t, i) => out(`${String(i + 1).padStart(3)}. ${t.title}  (${fmt.span(Date.parse(t.updated_at), null)}, ${t.id})${t.id === threadId ? '  ← current' : ''}\n`));
          } else if (cmd === '/open') {
            const byIndex = /^\d+$/.test(arg) ? listed[Number(arg) - 1] : undefined;
            const id = byIndex?.id ?? arg;
            const t = id ? await threadOf(client, id) : null;
            if (t) {
              threadId = t.id;
              out(`Continuing "${t.title}".\n`);
            } else {
              out(`No conversation "${arg}" (use /threads first, then /open N).\n`);
            }
          } else if (cmd === '/title') {
            if (!threadId) out('Ask something first: there is no conversation to rename yet.\n');
            else if (!arg) out('Give a title: /title Berlin trip\n');
            else {
              const renamed = await client.request('chat.renameThread', { thread_id: threadId, title: arg });
              if (renamed.ok) out(`Renamed to "${renamed.output.thread.title}".\n`);
              else ctx.io.stderr(`engram: ${renamed.error.message}\n`);
            }
          } else {
            out(`Unknown command ${cmd}; /help lists them.\n`);
          }
          prompt();
          continue;
        }

        try {
          // The contract's limit, said in the same words as engram ask says it.
          const tooLong = tooLongLine(raw);
          if (tooLong) throw new CliError(tooLong);
          const turn = await sendTurn(client, { thread_id: threadId, text: raw }, ctx.signal, (t) => out(t));
          threadId = turn.result.thread_id;
          if (!turn.result.answer.endsWith('\n')) out('\n');
          printSources(turn, out, fmt);
          if (turn.result.error) ctx.io.stderr(`engram: ${turn.result.error}\n`);
        } catch (err) {
          // One bad question (too long, ...) must not end the conversation.
          const failed = err instanceof CliError ? { line: err.message } : hostFailureOf(err)?.expected ? hostFailureOf(err) : null;
          if (failed) ctx.io.stderr(`engram: ${failed.line}\n`);
          else throw err;
        }
        if (ctx.signal.aborted) break;
        prompt();
      }
      if (ctx.io.isTty) out('\n');
      return 0;
    } finally {
      ctx.signal.removeEventListener('abort', stop);
      rl.close();
      await settleSession(session, ctx);
    }
  },
};
