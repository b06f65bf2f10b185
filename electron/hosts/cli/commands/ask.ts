import { ChatError, type ChatService, DEFAULT_MAX_QUESTION_CHARS, memoryLine, type ChatTurn, type NumberedMemory } from '../../../../agents/chat/index.js';
import type { EngramStore } from '../../../../agents/store/index.js';
import { startEngram, type Engram } from '../../../engine/index.js';
import { bool, str } from '../args.js';
import { CliError, type CliContext, type Command } from '../command.js';
import { packageVersion } from '../version.js';
import { isValidTimeZone, localTimeZone, TimeFormatter } from '../../../../shared/time/index.js';

/** $ENGRAM_TZ (an IANA zone) when set and valid, else the system's zone. */
export function cliTimeZone(env: NodeJS.ProcessEnv): string {
  const tz = env.ENGRAM_TZ?.trim();
  return tz && isValidTimeZone(tz) ? tz : localTimeZone();
}

export interface CliChatSession {
  chat: ChatService;
  engram: Engram;
}

/**
 * The engine for one terminal conversation: chat with the model from settings or the environment
 * (or none with --offline), each stored turn handed to the brain as in the app.
 */
export async function cliChatSession(store: EngramStore, ctx: CliContext, offline: boolean, topics: boolean): Promise<CliChatSession> {
  const engram = await startEngram({
    store,
    host: 'headless',
    version: packageVersion(),
    env: ctx.env,
    model: { offline },
    timeZone: cliTimeZone(ctx.env),
    brain: { start: 'manual', subscribe: false },
    chat: { topics },
  });
  return { chat: (await engram.chat())!, engram };
}

/**
 * Waits until every stored turn has been turned into memories, then stops the engine; says (on
 * stderr) when a conversation could not be learnt from: the answer itself stands, and the messages
 * stay unprocessed, so the next run takes them up.
 */
export async function settleSession(session: CliChatSession, ctx: CliContext): Promise<void> {
  const failure = await session.engram.settle();
  await session.engram.close();
  if (failure) ctx.io.stderr(`engram: the conversation is saved, but learning from it failed (${failure}); it will be retried next time\n`);
}

/** Reads the whole of stdin (for `engram ask -`), refusing more than `limit` characters without buffering it all. */
export async function readQuestionFromStdin(stdin: NodeJS.ReadableStream, limit: number): Promise<string> {
  let text = '';
  for await (const chunk of stdin) {
    text += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
    // Keep reading past the limit only far enough to report how big it was.
    if (text.length > limit * 80) break;
  }
  return text;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** `--json` shape: {answer, citations:[{n, memory_id, kind}], retrieved:[…], time_range:{from,to}|null, …}. */
export function turnJson(turn: ChatTurn) {
  const r = turn.retrieval;
  return {
    answer: turn.answer,
    citations: turn.citations,
    retrieved: r.numbered.map((m) => ({
      n: m.n,
      memory_id: m.memory.id,
      kind: m.memory.kind,
      title: m.memory.title,
      text: m.memory.text,
      occurred_at: m.memory.occurred_at,
      created_at: m.memory.created_at,
      app: m.memory.app,
      source: m.source,
      score: m.score === null ? null : Number(m.score.toFixed(6)),
      // Screen passages behind the memory that matched the question, whole, matched words marked (**word**).
      ...(m.passages?.length ? { snippet: m.passages[0]!.snippet, passages: m.passages } : {}),
    })),
    time_range: r.timeRange ? { from: iso(Math.max(0, r.timeRange.from)), to: iso(r.timeRange.to) } : null,
    status: turn.status,
    mode: turn.mode,
    error: turn.error,
    thread_id: turn.threadId,
    query: r.query,
    withheld: r.withheld.map((m) => ({ memory_id: m.id, title: m.title })),
    prompt_tokens: r.promptTokens,
  };
}

/** After a streamed answer: the cited memories with their ids (so `engram forget --id` can follow), and anything withheld. */
export function printSources(turn: ChatTurn, out: (t: string) => void, fmt: TimeFormatter): void {
  const byN = new Map<number, NumberedMemory>(turn.retrieval.numbered.map((m) => [m.n, m]));
  if (turn.citations.length && turn.mode === 'llm') {
    out('\nSources:\n');
    for (const c of turn.citations) {
      const m = byN.get(c.n);
      if (m) out(`  [${c.n}] ${memoryLine(m.memory, fmt, 110)}  (${m.memory.id})\n`);
    }
  } else if (turn.citations.length) {
    out(`\nSources: ${turn.citations.map((c) => `[${c.n}] ${c.memory_id}`).join('  ')}\n`);
  }
  for (const w of turn.retrieval.withheld) {
    out(`\nWithheld from the model (high sensitivity): "${w.title || 'vault item'}" (${w.id}); reveal it with: engram reveal ${w.id}\n`);
  }
}

export function chatFailure(err: unknown, command: string): never {
  if (err instanceof ChatError) throw new CliError(`${command}: ${err.message}`);
  throw err;
}

export const askCommand: Command = {
  name: 'ask',
  summary: 'ask a question; the answer cites your memories',
  help: `usage: engram ask "QUESTION" [--json] [--thread ID] [--offline] [--no-topics]
       engram ask - [--json]            (reads the question from stdin)

Answers from your memories: time expressions ("last 4 days", "yesterday at 3pm", "in March")
narrow the search; every kind of memory is searched; the answer cites memories as [1], [2].
With an Anthropic key (saved in settings, or $ANTHROPIC_API_KEY) the answer streams from the model;
without one you get the best matching memories, grouped by kind and time. Highly sensitive vault
items are never sent to a model.
  --json        one JSON object: {"answer", "citations": [{"n", "memory_id", "kind"}],
                "retrieved": [...], "time_range": {"from", "to"} | null, "status", ...}
  --thread ID   continue a conversation (see engram chat)
  --offline     do not call a model even if a key is set
  --no-topics   skip the model's search topics (active retrieval, on with a model: one small call)`,
  options: {
    json: { type: 'boolean' },
    thread: { type: 'string' },
    offline: { type: 'boolean' },
    topics: { type: 'boolean' },
    'no-topics': { type: 'boolean' },
  },
  allowPositionals: true,
  async run(args, ctx) {
    const json = ctx.json || bool(args, 'json');
    let question = args.positionals.join(' ');
    if (question.trim() === '-') question = await readQuestionFromStdin(ctx.io.stdin, DEFAULT_MAX_QUESTION_CHARS);
    // Checked before the store is opened: bad input must not even create a data dir.
    if (!question.trim()) throw new CliError('ask: give a question, e.g. engram ask "what did I work on yesterday?"');
    if (question.length > DEFAULT_MAX_QUESTION_CHARS) {
      throw new CliError(
        `ask: the question is ${question.length.toLocaleString('en-US')} characters long; the limit is ${DEFAULT_MAX_QUESTION_CHARS.toLocaleString('en-US')}: shorten it or ask about one part`,
      );
    }
    const store = await ctx.openStore();
    let session: CliChatSession | null = null;
    try {
      // An unknown thread is refused before the engine starts (its start does work that writes).
      const thread = str(args, 'thread');
      if (thread && !store.threads.get(thread)) throw new CliError(`ask: no conversation ${thread} (see engram chat's /threads)`);
      session = await cliChatSession(store, ctx, bool(args, 'offline'), !bool(args, 'no-topics'));
      const chat = session.chat;
      let streamed = false;
      const turn = await chat
        .ask(
          { text: question, threadId: str(args, 'thread'), signal: ctx.signal },
          json
            ? {}
            : {
                token: (t) => {
                  streamed = true;
                  ctx.io.stdout(t);
                },
              },
        )
        .catch((err: unknown) => chatFailure(err, 'ask'));
      if (json) {
        ctx.io.stdout(JSON.stringify(turnJson(turn)) + '\n');
      } else {
        if (streamed && !turn.answer.endsWith('\n')) ctx.io.stdout('\n');
        printSources(turn, ctx.io.stdout, new TimeFormatter(cliTimeZone(ctx.env)));
      }
      if (turn.error) ctx.io.stderr(`engram: ${turn.error}\n`);
      await settleSession(session, ctx);
      return turn.status === 'complete' ? 0 : 1;
    } finally {
      await session?.engram.close();
      await store.close();
    }
  },
};
