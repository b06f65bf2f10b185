/**
 * What the fake model servers (fake-anthropic-server, fake-openai-server) share: a loopback HTTP
 * server on a random port, the reply script (a queue, then a handler, then a default), JSON and SSE
 * writing with the failure knobs tests use (a dropped connection after N events, pacing), and the
 * ~4 characters a token estimate. Each fake keeps only its wire format.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const approxTokens = (s: string): number => Math.ceil(s.length / 4);
export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Replies in order: queued ones first, then the handler's, then the fallback. */
export class ReplyScript<Req, Reply> {
  private readonly queue: Reply[] = [];
  private handler: ((req: Req) => Reply | Promise<Reply>) | null = null;

  enqueue(...replies: Reply[]): void {
    this.queue.push(...replies);
  }

  setHandler(handler: ((req: Req) => Reply | Promise<Reply>) | null): void {
    this.handler = handler;
  }

  pending(): number {
    return this.queue.length;
  }

  async next(req: Req, fallback: Reply): Promise<Reply> {
    return this.queue.shift() ?? (this.handler ? await this.handler(req) : fallback);
  }

  reset(): void {
    this.queue.length = 0;
    this.handler = null;
  }
}

export interface LoopbackServer {
  port: number;
  close(): Promise<void>;
}

/**
 * Serves `handle` on 127.0.0.1 at a random port. A handler that throws answers 500 through
 * `fail` (or drops the connection if the answer had started).
 */
export async function listenLoopback(handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>, fail: (res: ServerResponse, message: string) => void): Promise<LoopbackServer> {
  const server: Server = createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) fail(res, `fake server: ${String(err)}`);
      else res.destroy();
    });
  });
  // Idle keep-alive sockets stay open until the client drops them or the file closes the server.
  // With Node's default (closed after 5 s idle), a test's client could send its next request on a
  // pooled socket just as the server closed it: ECONNRESET, 'cannot reach the model API' with the
  // tests' maxRetries 0 (dream-review and first-person-memory failed so at load ~40).
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function writeJson(res: ServerResponse, status: number, body: object, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), ...headers });
  res.end(text);
}

/** The retry-after header a scripted error reply asks for. */
export function retryAfterHeader(reply: { retryAfterSeconds?: number }): Record<string, string> {
  return reply.retryAfterSeconds !== undefined ? { 'retry-after': String(reply.retryAfterSeconds) } : {};
}

/** The key a client sent as `authorization: Bearer …`. */
export function bearerKey(req: IncomingMessage): string | null {
  const auth = req.headers.authorization;
  return typeof auth === 'string' && auth.startsWith('Bearer ') ? auth.slice(7) : null;
}

/**
 * Writes SSE frames one by one (each after the previous reached the socket). failAfterEvents drops
 * the connection after that many, once those already written had time to arrive; `interrupt`
 * replaces the rest with one last frame (a stream `error` event) at its index.
 */
export async function writeFrames(
  res: ServerResponse,
  frames: string[],
  opts: { failAfterEvents?: number; eventDelayMs?: number; interrupt?: { at: number; frame: string } } = {},
): Promise<void> {
  for (let i = 0; i < frames.length; i++) {
    if (opts.failAfterEvents !== undefined && i >= opts.failAfterEvents) {
      await sleep(30);
      res.destroy();
      return;
    }
    if (opts.interrupt && i >= opts.interrupt.at) {
      res.write(opts.interrupt.frame);
      res.end();
      return;
    }
    if (res.destroyed) return;
    await new Promise<void>((resolve) => res.write(frames[i]!, () => resolve()));
    if (opts.eventDelayMs) await sleep(opts.eventDelayMs);
  }
  res.end();
}

/** An image a request carried, decoded from base64. */
export interface ReceivedImage {
  mediaType: string;
  data: Buffer;
}

/**
 * The images in a request's messages, in either API's shape: Anthropic's `{type: 'image', source:
 * {type: 'base64', media_type, data}}` or OpenAI's `{type: 'image_url', image_url: {url: 'data:…'}}`.
 */
export function imagesIn(messages: ReadonlyArray<{ content?: unknown }>): ReceivedImage[] {
  const out: ReceivedImage[] = [];
  for (const m of messages) {
    if (!Array.isArray(m.content)) continue;
    for (const b of m.content as Array<Record<string, unknown>>) {
      const source = b.source as { type?: string; media_type?: string; data?: string } | undefined;
      if (b.type === 'image' && source?.type === 'base64' && source.data) out.push({ mediaType: String(source.media_type), data: Buffer.from(source.data, 'base64') });
      const url = (b.image_url as { url?: string } | undefined)?.url;
      const parsed = b.type === 'image_url' && url ? /^data:([^;]+);base64,(.*)$/s.exec(url) : null;
      if (parsed) out.push({ mediaType: parsed[1]!, data: Buffer.from(parsed[2]!, 'base64') });
    }
  }
  return out;
}

/** An image's pixels as the server would see them (RGB, row by row), decoded with sharp. */
export async function decodePixels(img: ReceivedImage): Promise<{ width: number; height: number; rgb(x: number, y: number): [number, number, number] }> {
  const { default: sharp } = await import('sharp');
  const { data, info } = await sharp(img.data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    rgb: (x, y) => {
      const i = (y * info.width + x) * info.channels;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    },
  };
}
