/**
 * Fake Anthropic Messages API for tests: the real @anthropic-ai/sdk code path against a local server.
 *
 *   import { startFakeAnthropic } from './fake-anthropic-server.js';
 *   const fake = await startFakeAnthropic();            // HTTP on 127.0.0.1, random port
 *   const llm = new AnthropicProvider({ apiKey: 'test-key', baseURL: fake.url });
 *
 *   fake.enqueue({ text: 'Hello' });                     // next reply; JSON or SSE, as the request asks
 *   fake.enqueue({ toolUses: [{ name: 'route', input: { kinds: ['episodic'] } }] });
 *   fake.enqueue({ text: 'Let me look.', toolUses: [...] }); // text block, then tool_use blocks
 *   fake.enqueue({ status: 429, retryAfterSeconds: 0 });  // error reply (429, 500, 529, 401, ...)
 *   fake.enqueue({ text: 'partial answer', failAfterEvents: 5 });          // SSE socket dropped after 5 events
 *   fake.enqueue({ text: 'x', streamError: { afterEvents: 4, type: 'overloaded_error' } }); // SSE `error` event
 *   fake.enqueue({ toolUses: [{ name: 't', rawInput: '{"broken' }] }); // malformed tool JSON
 *   fake.enqueue({ text: 'slow', delayMs: 2000 });        // answer late (timeouts); eventDelayMs paces SSE
 *   fake.setHandler((req) => ({ text: 'echo ' + req.body.messages.length }));  // used when the queue is empty
 *
 *   fake.requests            // every request: { path, headers, body, stream, at, apiKey }
 *   startFakeAnthropic({ models: ['claude-haiku-4-5'] })  // GET /v1/models lists these (Test connection)
 *   fake.requireKey = 'sk-ant-…'                          // 401 for any other key
 *   fake.allText()           // every request's system + messages + tool text, joined: assert secrets never leak
 *   fake.images()            // images the requests carried, decoded; decodePixels (fake-model-http) reads them
 *   fake.reset(); await fake.close();
 *
 * With an empty queue and no handler it answers { text: 'ok' }. Usage is simulated: ~4 characters
 * per token, and prompt caching is honoured: a system block with cache_control writes the prefix
 * (tools + system up to that block) to a cache on first sight and reads it on later requests.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';
import { approxTokens as tokens, bearerKey, listenLoopback, readBody, ReplyScript, retryAfterHeader, sleep, writeFrames, writeJson, imagesIn, type ReceivedImage } from './fake-model-http.js';

export type FakeContent =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; name: string; input?: unknown; rawInput?: string; id?: string };

export interface FakeToolUse {
  name: string;
  input?: unknown;
  /** Sent verbatim as the tool input JSON (to test malformed arguments). */
  rawInput?: string;
  id?: string;
}

export interface FakeReply {
  text?: string;
  toolUses?: FakeToolUse[];
  /** Full control over the content blocks; overrides text / toolUses. */
  content?: FakeContent[];
  /** Default: 'tool_use' when the reply has tool calls, else 'end_turn'. */
  stopReason?: string;
  usage?: Partial<{ input_tokens: number; output_tokens: number; cache_read_input_tokens: number; cache_creation_input_tokens: number }>;
  model?: string;
  /** Error reply: HTTP status (>= 400) with an Anthropic error body. */
  status?: number;
  errorType?: string;
  errorMessage?: string;
  retryAfterSeconds?: number;
  /** Wait before answering at all. */
  delayMs?: number;
  /** SSE: wait between events. */
  eventDelayMs?: number;
  /** SSE: destroy the connection after this many events. */
  failAfterEvents?: number;
  /** SSE: send an `error` event after this many events, then end. */
  streamError?: { afterEvents: number; type?: string; message?: string };
  /** SSE: characters per text delta (default 8). */
  chunkSize?: number;
}

export interface FakeMessagesBody {
  model: string;
  max_tokens: number;
  stream?: boolean;
  system?: string | Array<{ type: 'text'; text: string; cache_control?: unknown }>;
  messages: Array<{ role: string; content: unknown }>;
  tools?: Array<{ name: string; description?: string; input_schema: unknown; cache_control?: unknown }>;
  tool_choice?: unknown;
  [k: string]: unknown;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: FakeMessagesBody;
  stream: boolean;
  at: number;
  /** The key the client sent (x-api-key, or the SDK's `authorization: Bearer`). */
  apiKey: string | null;
}

export type FakeHandler = (req: RecordedRequest) => FakeReply | Promise<FakeReply>;

export interface FakeAnthropic {
  /** Base URL for the SDK (`baseURL`). */
  url: string;
  port: number;
  requests: RecordedRequest[];
  enqueue(...replies: FakeReply[]): void;
  setHandler(handler: FakeHandler | null): void;
  /** Replies still queued. */
  pending(): number;
  /** Every request's system, messages and tools as one string. */
  allText(): string;
  /** The text of one request (system + messages + tools). */
  requestText(req: RecordedRequest): string;
  /** The images one request (default: every request) carried, decoded from base64. */
  images(req?: RecordedRequest): ReceivedImage[];
  reset(): void;
  close(): Promise<void>;
  /** Answer 401 without this key (default: any key accepted). */
  requireKey: string | null;
}

export async function startFakeAnthropic(opts: { models?: string[] } = {}): Promise<FakeAnthropic> {
  const state = { requireKey: null as string | null };
  const script = new ReplyScript<RecordedRequest, FakeReply>();
  const requests: RecordedRequest[] = [];
  const cache = new Set<string>();
  let seq = 0;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    // A client that gave up (a timeout) before its request was read is gone: the request is not
    // counted and takes no scripted reply, which would otherwise land in whatever test runs next.
    if (res.destroyed || req.socket.destroyed) return;
    const key = apiKeyOf(req);
    const refused = !key || (state.requireKey !== null && key !== state.requireKey);
    if (req.method === 'GET' && (req.url ?? '').split('?')[0] === '/v1/models') {
      if (refused) {
        sendError(res, 401, 'authentication_error', key ? 'invalid x-api-key' : 'missing API key');
        return;
      }
      // Anthropic's list shape, one page.
      const data = (opts.models ?? ['claude-haiku-4-5', 'claude-sonnet-4-6']).map((id) => ({ type: 'model', id, display_name: id, created_at: '2025-01-01T00:00:00Z' }));
      writeJson(res, 200, { data, has_more: false, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null });
      return;
    }
    if (req.method !== 'POST' || !(req.url ?? '').startsWith('/v1/messages')) {
      sendError(res, 404, 'not_found_error', `no route ${req.method} ${req.url}`);
      return;
    }
    let body: FakeMessagesBody;
    try {
      body = JSON.parse(raw) as FakeMessagesBody;
    } catch {
      sendError(res, 400, 'invalid_request_error', 'body is not JSON');
      return;
    }
    const recorded: RecordedRequest = {
      method: req.method,
      path: req.url ?? '',
      headers: { ...req.headers },
      body,
      stream: body.stream === true,
      at: Date.now(),
      apiKey: apiKeyOf(req),
    };
    requests.push(recorded);
    if (refused) {
      sendError(res, 401, 'authentication_error', key ? 'invalid x-api-key' : 'missing API key');
      return;
    }
    const reply = await script.next(recorded, { text: 'ok' });
    if (reply.delayMs) await sleep(reply.delayMs);
    if (res.destroyed) return;
    if (reply.status && reply.status >= 400) {
      sendError(res, reply.status, reply.errorType ?? defaultErrorType(reply.status), reply.errorMessage ?? `fake ${reply.status}`, retryAfterHeader(reply));
      return;
    }
    const message = buildMessage(body, reply);
    if (recorded.stream) await sendStream(res, message, reply);
    else sendJson(res, 200, message);
  }

  function buildMessage(body: FakeMessagesBody, reply: FakeReply): FakeMessage {
    const content: FakeContent[] =
      reply.content ??
      [
        ...(reply.text !== undefined && reply.text !== '' ? [{ type: 'text' as const, text: reply.text }] : []),
        ...(reply.toolUses ?? []).map((t) => ({ type: 'tool_use' as const, ...t })),
      ];
    if (content.length === 0) content.push({ type: 'text', text: reply.text ?? '' });
    const blocks = content.map((c) =>
      c.type === 'text'
        ? { type: 'text' as const, text: c.text, json: '' }
        : {
            type: 'tool_use' as const,
            id: c.id ?? `toolu_fake_${++seq}`,
            name: c.name,
            input: c.rawInput !== undefined ? undefined : (c.input ?? {}),
            json: c.rawInput ?? JSON.stringify(c.input ?? {}),
          },
    );
    const hasTool = blocks.some((b) => b.type === 'tool_use');
    const { prefixTokens, restTokens, prefixKey } = promptTokens(body);
    let cacheRead = 0;
    let cacheWrite = 0;
    if (prefixKey) {
      if (cache.has(prefixKey)) cacheRead = prefixTokens;
      else {
        cache.add(prefixKey);
        cacheWrite = prefixTokens;
      }
    }
    const outChars = blocks.reduce((n, b) => n + (b.type === 'text' ? b.text.length : b.json.length), 0);
    return {
      id: `msg_fake_${++seq}`,
      type: 'message',
      role: 'assistant',
      model: reply.model ?? body.model,
      content: blocks.map((b) =>
        b.type === 'text' ? { type: 'text', text: b.text, citations: null } : { type: 'tool_use', id: b.id, name: b.name, input: b.input ?? b.json },
      ),
      stop_reason: reply.stopReason ?? (hasTool ? 'tool_use' : 'end_turn'),
      stop_sequence: null,
      stop_details: null,
      container: null,
      usage: {
        input_tokens: reply.usage?.input_tokens ?? (prefixKey ? restTokens : prefixTokens + restTokens),
        output_tokens: reply.usage?.output_tokens ?? Math.max(1, tokens('x'.repeat(outChars))),
        cache_read_input_tokens: reply.usage?.cache_read_input_tokens ?? cacheRead,
        cache_creation_input_tokens: reply.usage?.cache_creation_input_tokens ?? cacheWrite,
      },
      _blocks: blocks,
    };
  }

  const server = await listenLoopback(handle, (res, message) => sendError(res, 500, 'api_error', message));

  const requestText = (r: RecordedRequest): string => {
    const parts: string[] = [];
    const sys = r.body.system;
    if (typeof sys === 'string') parts.push(sys);
    else if (Array.isArray(sys)) for (const b of sys) parts.push(b.text);
    parts.push(JSON.stringify(r.body.messages));
    if (r.body.tools) parts.push(JSON.stringify(r.body.tools));
    return parts.join('\n');
  };

  return {
    url: `http://127.0.0.1:${server.port}`,
    port: server.port,
    requests,
    enqueue: (...replies) => script.enqueue(...replies),
    setHandler: (h) => script.setHandler(h),
    pending: () => script.pending(),
    allText: () => requests.map(requestText).join('\n'),
    requestText,
    images: (r) => (r ? [r] : requests).flatMap((q) => imagesIn(q.body.messages)),
    reset: () => {
      script.reset();
      requests.length = 0;
      cache.clear();
    },
    close: () => server.close(),
    get requireKey() {
      return state.requireKey;
    },
    set requireKey(k: string | null) {
      state.requireKey = k;
    },
  };
}

interface FakeMessage {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: unknown[];
  stop_reason: string;
  stop_sequence: null;
  stop_details: null;
  container: null;
  usage: { input_tokens: number; output_tokens: number; cache_read_input_tokens: number; cache_creation_input_tokens: number };
  _blocks: Array<{ type: 'text'; text: string; json: string } | { type: 'tool_use'; id: string; name: string; input: unknown; json: string }>;
}

/** Tokens of the cached prefix (tools + system through the last cache_control block) and of the rest. */
function promptTokens(body: FakeMessagesBody): { prefixTokens: number; restTokens: number; prefixKey: string | null } {
  const toolsText = body.tools ? JSON.stringify(body.tools) : '';
  const sys = typeof body.system === 'string' ? [{ type: 'text' as const, text: body.system }] : (body.system ?? []);
  let cut = -1;
  sys.forEach((b, i) => {
    if ('cache_control' in b && b.cache_control) cut = i;
  });
  const msgText = JSON.stringify(body.messages);
  if (cut < 0) {
    const all = toolsText + sys.map((b) => b.text).join('') + msgText;
    return { prefixTokens: 0, restTokens: tokens(all), prefixKey: null };
  }
  const prefix = toolsText + sys.slice(0, cut + 1).map((b) => b.text).join('');
  const rest = sys.slice(cut + 1).map((b) => b.text).join('') + msgText;
  return {
    prefixTokens: tokens(prefix),
    restTokens: tokens(rest),
    prefixKey: createHash('sha256').update(body.model).update(prefix).digest('hex'),
  };
}

async function sendStream(res: ServerResponse, message: FakeMessage, reply: FakeReply): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive', 'request-id': message.id });
  const events: Array<{ event: string; data: unknown }> = [];
  const { _blocks: blocks, ...msg } = message;
  events.push({
    event: 'message_start',
    data: {
      type: 'message_start',
      message: { ...msg, content: [], stop_reason: null, usage: { ...msg.usage, output_tokens: 1 } },
    },
  });
  events.push({ event: 'ping', data: { type: 'ping' } });
  const size = Math.max(1, reply.chunkSize ?? 8);
  blocks.forEach((b, index) => {
    if (b.type === 'text') {
      events.push({ event: 'content_block_start', data: { type: 'content_block_start', index, content_block: { type: 'text', text: '', citations: null } } });
      for (let i = 0; i < b.text.length; i += size) {
        events.push({ event: 'content_block_delta', data: { type: 'content_block_delta', index, delta: { type: 'text_delta', text: b.text.slice(i, i + size) } } });
      }
    } else {
      events.push({
        event: 'content_block_start',
        data: { type: 'content_block_start', index, content_block: { type: 'tool_use', id: b.id, name: b.name, input: {} } },
      });
      for (let i = 0; i < b.json.length; i += size * 2) {
        events.push({
          event: 'content_block_delta',
          data: { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: b.json.slice(i, i + size * 2) } },
        });
      }
    }
    events.push({ event: 'content_block_stop', data: { type: 'content_block_stop', index } });
  });
  events.push({
    event: 'message_delta',
    data: {
      type: 'message_delta',
      delta: { stop_reason: msg.stop_reason, stop_sequence: null, stop_details: null, container: null },
      usage: { output_tokens: msg.usage.output_tokens },
    },
  });
  events.push({ event: 'message_stop', data: { type: 'message_stop' } });

  const se = reply.streamError;
  await writeFrames(
    res,
    events.map((e) => sse(e.event, e.data)),
    {
      failAfterEvents: reply.failAfterEvents,
      eventDelayMs: reply.eventDelayMs,
      interrupt: se && { at: se.afterEvents, frame: sse('error', { type: 'error', error: { type: se.type ?? 'overloaded_error', message: se.message ?? 'Overloaded' } }) },
    },
  );
}

function sse(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

function sendJson(res: ServerResponse, status: number, body: FakeMessage): void {
  const { _blocks: _unused, ...rest } = body;
  writeJson(res, status, rest, { 'request-id': 'req_fake' });
}

function sendError(res: ServerResponse, status: number, type: string, message: string, headers: Record<string, string> = {}): void {
  writeJson(res, status, { type: 'error', error: { type, message } }, headers);
}

function defaultErrorType(status: number): string {
  if (status === 429) return 'rate_limit_error';
  if (status === 401) return 'authentication_error';
  if (status === 403) return 'permission_error';
  if (status === 529) return 'overloaded_error';
  if (status >= 500) return 'api_error';
  return 'invalid_request_error';
}

function apiKeyOf(req: IncomingMessage): string | null {
  const x = req.headers['x-api-key'];
  if (typeof x === 'string' && x) return x;
  return bearerKey(req);
}
