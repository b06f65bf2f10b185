/**
 * Fake OpenAI-compatible server (chat completions + models) for tests: the real `openai` client
 * against a local server, as Ollama, LM Studio, llama.cpp or vLLM would be.
 *
 *   const fake = await startFakeOpenAi({ models: ['llama3.1:8b'] });   // 127.0.0.1, random port
 *   const llm = new OpenAiProvider({ baseURL: fake.url, models: { chat: 'llama3.1:8b' } });
 *
 * Replies take the same shape as the fake Anthropic server's (text, toolUses with input or a raw
 * malformed rawInput, status errors with retryAfterSeconds, failAfterEvents, chunkSize, delayMs),
 * so one scripted transcript runs against both providers.
 *
 *   fake.requests    // every chat request: { path, headers, body, stream, apiKey }
 *   fake.allText()   // every request's messages and tools, joined: assert secrets never leak
 *   fake.images()    // images the requests carried (image_url data URLs), decoded; decodePixels reads them
 *   fake.requireKey = 'sk-test'   // answer 401 without that key (default: any or none accepted)
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { approxTokens as tokens, bearerKey, listenLoopback, readBody, ReplyScript, retryAfterHeader, sleep, writeFrames, writeJson, imagesIn, type ReceivedImage } from './fake-model-http.js';

export interface FakeOpenAiToolUse {
  name: string;
  input?: unknown;
  rawInput?: string;
  id?: string;
}

export interface FakeOpenAiReply {
  text?: string;
  toolUses?: FakeOpenAiToolUse[];
  /** Default 'tool_calls' with tool calls, else 'stop'. */
  finishReason?: string;
  usage?: Partial<{ prompt_tokens: number; completion_tokens: number; cached_tokens: number }>;
  model?: string;
  status?: number;
  errorMessage?: string;
  retryAfterSeconds?: number;
  delayMs?: number;
  /** SSE: destroy the connection after this many chunks. */
  failAfterEvents?: number;
  /** SSE: characters per content delta (default 8). */
  chunkSize?: number;
}

export interface FakeOpenAiBody {
  model: string;
  messages: Array<{ role: string; content?: unknown; tool_calls?: unknown; tool_call_id?: string }>;
  tools?: Array<{ type: string; function: { name: string; description?: string; parameters?: unknown } }>;
  tool_choice?: unknown;
  stream?: boolean;
  max_tokens?: number;
  [k: string]: unknown;
}

export interface FakeOpenAiRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: FakeOpenAiBody;
  stream: boolean;
  apiKey: string | null;
}

export type FakeOpenAiHandler = (req: FakeOpenAiRequest) => FakeOpenAiReply | Promise<FakeOpenAiReply>;

export interface FakeOpenAi {
  /** Base URL for the client, with the /v1 prefix. */
  url: string;
  requests: FakeOpenAiRequest[];
  requireKey: string | null;
  enqueue(...replies: FakeOpenAiReply[]): void;
  setHandler(handler: FakeOpenAiHandler | null): void;
  pending(): number;
  allText(): string;
  requestText(req: FakeOpenAiRequest): string;
  /** The images one request (default: every request) carried, decoded from base64. */
  images(req?: FakeOpenAiRequest): ReceivedImage[];
  reset(): void;
  close(): Promise<void>;
}

/** `modelInfo`: extra fields of a model's entry in the list, as servers add them (vLLM max_model_len, LM Studio max_context_length). */
export async function startFakeOpenAi(opts: { models?: string[]; modelInfo?: Record<string, Record<string, unknown>> } = {}): Promise<FakeOpenAi> {
  const script = new ReplyScript<FakeOpenAiRequest, FakeOpenAiReply>();
  const requests: FakeOpenAiRequest[] = [];
  let seq = 0;
  const state = { requireKey: null as string | null };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    // A client that gave up (a timeout) before its request was read is gone: the request is not
    // counted and takes no scripted reply, which would otherwise land in whatever test runs next.
    if (res.destroyed || req.socket.destroyed) return;
    const key = bearerKey(req);
    const refused = state.requireKey !== null && key !== state.requireKey;
    const path = (req.url ?? '').split('?')[0];
    if (req.method === 'GET' && path === '/v1/models') {
      if (refused) return sendError(res, 401, 'Incorrect API key provided');
      writeJson(res, 200, { object: 'list', data: (opts.models ?? ['fake-model']).map((id) => ({ id, object: 'model', created: 0, owned_by: 'fake', ...opts.modelInfo?.[id] })) });
      return;
    }
    if (req.method !== 'POST' || path !== '/v1/chat/completions') {
      sendError(res, 404, `no route ${req.method} ${req.url}`);
      return;
    }
    let body: FakeOpenAiBody;
    try {
      body = JSON.parse(raw) as FakeOpenAiBody;
    } catch {
      sendError(res, 400, 'body is not JSON');
      return;
    }
    const recorded: FakeOpenAiRequest = { method: req.method, path: req.url ?? '', headers: { ...req.headers }, body, stream: body.stream === true, apiKey: key };
    requests.push(recorded);
    if (refused) {
      sendError(res, 401, 'Incorrect API key provided');
      return;
    }
    const reply = await script.next(recorded, { text: 'ok' });
    if (reply.delayMs) await sleep(reply.delayMs);
    if (res.destroyed) return;
    if (reply.status && reply.status >= 400) {
      sendError(res, reply.status, reply.errorMessage ?? `fake ${reply.status}`, retryAfterHeader(reply));
      return;
    }
    const calls = (reply.toolUses ?? []).map((t) => ({ id: t.id ?? `call_fake_${++seq}`, name: t.name, args: t.rawInput ?? JSON.stringify(t.input ?? {}) }));
    const text = reply.text ?? '';
    const finish = reply.finishReason ?? (calls.length ? 'tool_calls' : 'stop');
    const promptTokens = reply.usage?.prompt_tokens ?? tokens(JSON.stringify(body.messages) + (body.tools ? JSON.stringify(body.tools) : ''));
    const completionTokens = reply.usage?.completion_tokens ?? Math.max(1, tokens(text + calls.map((c) => c.args).join('')));
    const usage = {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
      prompt_tokens_details: { cached_tokens: reply.usage?.cached_tokens ?? 0 },
    };
    const model = reply.model ?? body.model;
    const id = `chatcmpl-fake-${++seq}`;
    if (!recorded.stream) {
      writeJson(res, 200, {
        id,
        object: 'chat.completion',
        created: 0,
        model,
        choices: [
          {
            index: 0,
            finish_reason: finish,
            logprobs: null,
            message: {
              role: 'assistant',
              content: text || null,
              refusal: null,
              ...(calls.length ? { tool_calls: calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.args } })) } : {}),
            },
          },
        ],
        usage,
      });
      return;
    }
    const chunks: unknown[] = [];
    const chunk = (delta: object, finishReason: string | null = null, extra: object = {}) => ({
      id,
      object: 'chat.completion.chunk',
      created: 0,
      model,
      choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }],
      ...extra,
    });
    chunks.push(chunk({ role: 'assistant', content: '' }));
    const size = Math.max(1, reply.chunkSize ?? 8);
    for (let i = 0; i < text.length; i += size) chunks.push(chunk({ content: text.slice(i, i + size) }));
    calls.forEach((c, index) => {
      chunks.push(chunk({ tool_calls: [{ index, id: c.id, type: 'function', function: { name: c.name, arguments: '' } }] }));
      for (let i = 0; i < c.args.length; i += size * 2) chunks.push(chunk({ tool_calls: [{ index, function: { arguments: c.args.slice(i, i + size * 2) } }] }));
    });
    chunks.push(chunk({}, finish));
    chunks.push({ id, object: 'chat.completion.chunk', created: 0, model, choices: [], usage });

    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    await writeFrames(res, [...chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`), 'data: [DONE]\n\n'], { failAfterEvents: reply.failAfterEvents });
  }

  const server = await listenLoopback(handle, (res, message) => sendError(res, 500, message));
  const requestText = (r: FakeOpenAiRequest): string => JSON.stringify(r.body.messages) + (r.body.tools ? `\n${JSON.stringify(r.body.tools)}` : '');

  return {
    url: `http://127.0.0.1:${server.port}/v1`,
    requests,
    get requireKey() {
      return state.requireKey;
    },
    set requireKey(k: string | null) {
      state.requireKey = k;
    },
    enqueue: (...replies) => script.enqueue(...replies),
    setHandler: (h) => script.setHandler(h),
    pending: () => script.pending(),
    allText: () => requests.map(requestText).join('\n'),
    requestText,
    images: (r) => (r ? [r] : requests).flatMap((q) => imagesIn(q.body.messages)),
    reset: () => {
      script.reset();
      requests.length = 0;
      state.requireKey = null;
    },
    close: () => server.close(),
  };
}

function sendError(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  writeJson(res, status, { error: { message, type: status === 401 ? 'invalid_request_error' : 'server_error', code: null, param: null } }, headers);
}
