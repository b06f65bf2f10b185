import { randomUUID } from 'node:crypto';
import { CHAT_LIMITS, hostFailureOf, questionTooLongLine, type ApiClient, type ChatThread, type ChatTurnResult, type EventPayload } from '../../../../shared/api/index.js';
import { memoryLine } from '../../../../shared/memory/index.js';
import { startEngram, type Engram } from '../../../engine/index.js';
import { bool, str } from '../args.js';
import { CliError, type CliContext, type Command } from '../command.js';
import { packageVersion } from '../version.js';
import { KEYWORD_ONLY_LINE, MEANING_WAIT_MS } from '../cli-engine.js';
import { isValidTimeZone, localTimeZone, TimeFormatter } from '../../../../shared/time/index.js';

/** $ENGRAM_TZ (an IANA zone) when set and valid, else the system's zone. */
export function cliTimeZone(env: NodeJS.ProcessEnv): string {
  const tz = env.ENGRAM_TZ?.trim();
  return tz && isValidTimeZone(tz) ? tz : localTimeZone();
}

export interface CliChatSession {
  engram: Engram;
  /** The handler map, in process: the terminal asks through chat.send as the window does. */
  client: ApiClient;
}

/**
 * The engine for one terminal conversation: chat with the model from settings or the environment
 * (or none with --offline), each stored turn handed to the brain as in the app.
 */
export async function cliChatSession(ctx: CliContext, offline: boolean, topics: boolean, meaningWaitMs?: number | null): Promise<CliChatSession> {
  const engram = await startEngram({
    store: ctx.storeSource(),
    meaningWaitMs,
    host: 'headless',
    version: packageVersion(),
    env: ctx.env,
    model: { offline },
    timeZone: cliTimeZone(ctx.env),
    brain: { start: 'manual', subscribe: false },
    chat: { topics },
  });
  return { engram, client: engram.client };
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

/** The contract's limit, said before anything is opened or sent; null when the question fits. */
export function tooLongLine(question: string): string | null {
  return question.length > CHAT_LIMITS.maxQuestionChars ? questionTooLongLine(question.length) : null;
}

/** A turn as the terminal shows it: the stored result and the memories it was given (chat.retrieval). */
export interface CliTurn {
  result: ChatTurnResult;
  retrieval: EventPayload<'chat.retrieval'> | null;
}

/** A conversation as the handler map has it, or null when there is none by that id. */
export async function threadOf(client: ApiClient, threadId: string): Promise<ChatThread | null> {
  try {
    return (await client.call('chat.messages', { thread_id: threadId })).thread;
  } catch (err) {
    if (hostFailureOf(err)?.expected) return null;
    throw err;
  }
}

/**
 * One question through chat.send, its answer streamed from chat.token to `onToken`; Ctrl-C
 * (`signal`) cancels the turn with chat.cancel, keeping what was said as a partial answer.
 */
export async function sendTurn(client: ApiClient, input: { text: string; thread_id?: string; explain?: boolean }, signal: AbortSignal, onToken?: (text: string) => void): Promise<CliTurn> {
  const turnId = `cli_${randomUUID()}`;
  let retrieval: CliTurn['retrieval'] = null;
  let done = false;
  const offs = [
    client.on('chat.retrieval', (r) => {
      if (r.turn_id === turnId) retrieval = r;
    }),
    client.on('chat.token', (t) => {
      if (t.turn_id === turnId) onToken?.(t.text);
    }),
  ];
  // The turn is known to the handler map only once its send is dispatched: ask again until it stops.
  const cancel = async (): Promise<void> => {
    while (!done) {
      const { cancelled } = await client.call('chat.cancel', { turn_id: turnId }).catch(() => ({ cancelled: false }));
      if (cancelled) return;
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const onAbort = () => void cancel();
  if (signal.aborted) onAbort();
  else signal.addEventListener('abort', onAbort, { once: true });
  try {
    const result = await client.call('chat.send', { ...input, turn_id: turnId });
    return { result, retrieval };
  } finally {
    done = true;
    signal.removeEventListener('abort', onAbort);
    for (const off of offs) off();
  }
}

/** `--json` shape: {answer, citations:[{n, memory_id, kind, moment_id?}], retrieved:[…], time_range:{from,to}|null, …}. */
export function turnJson({ result, retrieval }: CliTurn) {
  return {
    answer: result.answer,
    citations: result.citations,
    retrieved: (retrieval?.memories ?? []).map((m) => ({
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
    time_range: result.time_range,
    status: result.status,
    mode: result.mode,
    error: result.error,
    thread_id: result.thread_id,
    query: retrieval?.query ?? '',
    withheld: (retrieval?.withheld ?? []).map((w) => ({ memory_id: w.memory_id, title: w.title })),
    prompt_tokens: result.prompt_tokens,
    ...(result.explain ? { explain: result.explain } : {}),
  };
}

/** After a streamed answer: the cited memories with their ids (so `engram forget --id` can follow), and anything withheld. */
export function printSources({ result, retrieval }: CliTurn, out: (t: string) => void, fmt: TimeFormatter): void {
  const byN = new Map((retrieval?.memories ?? []).map((m) => [m.n, m]));
  if (result.citations.length && result.mode === 'llm') {
    out('\nSources:\n');
    for (const c of result.citations) {
      const m = byN.get(c.n);
      if (m) out(`  [${c.n}] ${memoryLine(m.memory, fmt, 110)}  (${m.memory.id})\n`);
    }
  } else if (result.citations.length) {
    out(`\nSources: ${result.citations.map((c) => `[${c.n}] ${c.memory_id}`).join('  ')}\n`);
  }
  for (const w of retrieval?.withheld ?? []) {
    out(`\nWithheld from the model (high sensitivity): "${w.title || 'vault item'}" (${w.memory_id}); reveal it with: engram reveal ${w.memory_id}\n`);
  }
}

/** A question the handler map refused (too long, unknown thread, ...) as the command's one line; anything else as it came. */
export function chatFailure(err: unknown, command: string): never {
  const failed = hostFailureOf(err);
  if (failed?.expected) throw new CliError(`${command}: ${failed.line}`);
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
  --json        one JSON object: {"answer", "citations": [{"n", "memory_id", "kind", "moment_id"?}],
                "retrieved": [...], "time_range": {"from", "to"} | null, "status", ...}
  --thread ID   continue a conversation (see engram chat)
  --offline     do not call a model even if a key is set
  --no-topics   skip the model's search topics (active retrieval, on with a model: one small call)
  --wait-for-meaning
                without a model, wait for the meaning model to load (seconds on a cold
                start) instead of answering from the keyword index meanwhile
  --explain     with --json, offline: add "explain": why the answer leads with its line (the
                hand-written lead, each candidate screen line with its features and score, the
                line chosen); a developer's view, e.g. for npm run bench -- lead-ranker`,
  options: {
    json: { type: 'boolean' },
    thread: { type: 'string' },
    offline: { type: 'boolean' },
    topics: { type: 'boolean' },
    'no-topics': { type: 'boolean' },
    'wait-for-meaning': { type: 'boolean' },
    explain: { type: 'boolean' },
  },
  allowPositionals: true,
  async run(args, ctx) {
    const json = ctx.json || bool(args, 'json');
    let question = args.positionals.join(' ');
    if (question.trim() === '-') question = await readQuestionFromStdin(ctx.io.stdin, CHAT_LIMITS.maxQuestionChars);
    // Checked before the store is opened: bad input must not even create a data dir.
    if (!question.trim()) throw new CliError('ask: give a question, e.g. engram ask "what did I work on yesterday?"');
    const tooLong = tooLongLine(question);
    if (tooLong) throw new CliError(`ask: ${tooLong}`);
    let session: CliChatSession | null = null;
    try {
      // An offline answer is found in a few milliseconds, so the encoder's cold load would be nearly
      // all of it; a model's answer takes seconds anyway, and gets the full hybrid. Whether a model
      // answers is known once the engine has read settings, so the wait is given at start (it keeps a
      // cold encoder from loading for what the open finds pending) and lifted for a model.
      const wait = !bool(args, 'wait-for-meaning');
      session = await cliChatSession(ctx, bool(args, 'offline'), !bool(args, 'no-topics'), wait ? MEANING_WAIT_MS : undefined);
      const offline = bool(args, 'offline') || !session.engram.model().online;
      if (wait && !offline) session.engram.waitForMeaning(null);
      const thread = str(args, 'thread');
      if (thread && !(await threadOf(session.client, thread))) throw new CliError(`ask: no conversation ${thread} (see engram chat's /threads)`);
      let streamed = false;
      const turn = await sendTurn(
        session.client,
        { text: question, thread_id: thread, ...(json && bool(args, 'explain') ? { explain: true } : {}) },
        ctx.signal,
        json
          ? undefined
          : (t) => {
              streamed = true;
              ctx.io.stdout(t);
            },
      ).catch((err: unknown) => chatFailure(err, 'ask'));
      if (json) {
        ctx.io.stdout(JSON.stringify(turnJson(turn)) + '\n');
      } else {
        if (streamed && !turn.result.answer.endsWith('\n')) ctx.io.stdout('\n');
        printSources(turn, ctx.io.stdout, new TimeFormatter(cliTimeZone(ctx.env)));
      }
      if (session.engram.keywordOnlySearches() > 0) ctx.io.stderr(`engram: ${KEYWORD_ONLY_LINE}\n`);
      if (turn.result.error) ctx.io.stderr(`engram: ${turn.result.error}\n`);
      await settleSession(session, ctx);
      return turn.result.status === 'complete' ? 0 : 1;
    } finally {
      await session?.engram.close();
    }
  },
};
