import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the fake saw it, for assertions. */
export interface TranscriptionRequest {
  authorization: string | null;
  model: string | null;
  language: string | null;
  filename: string | null;
  fileMime: string | null;
  file: Buffer;
}

export interface FakeTranscriber {
  url: string;
  requests: TranscriptionRequest[];
  /** Status codes to answer before succeeding (e.g. [503] to test the retry). */
  failWith: number[];
  close(): Promise<void>;
}

/**
 * An OpenAI-compatible transcription server on 127.0.0.1 for tests: POST /v1/audio/transcriptions
 * with multipart form data. It checks the upload is a WAV and answers with `transcript(file)`.
 */
export async function startFakeTranscriber(opts: { transcript: (req: TranscriptionRequest) => string; apiKey?: string }): Promise<FakeTranscriber> {
  const requests: TranscriptionRequest[] = [];
  const fake: FakeTranscriber = { url: '', requests, failWith: [], close: async () => undefined };
  const server: Server = createServer(async (req, res) => {
    const send = (code: number, body: unknown) => {
      res.writeHead(code, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || req.url !== '/v1/audio/transcriptions') return send(404, { error: { message: 'not found' } });
    if (opts.apiKey && req.headers.authorization !== `Bearer ${opts.apiKey}`) return send(401, { error: { message: 'bad key' } });
    const body = await readBody(req);
    const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(req.headers['content-type'] ?? '');
    if (!boundary) return send(400, { error: { message: 'expected multipart/form-data' } });
    const parts = parseMultipart(body, boundary[1] ?? boundary[2]!);
    const file = parts.find((p) => p.name === 'file');
    if (!file || file.data.toString('ascii', 0, 4) !== 'RIFF' || file.data.toString('ascii', 8, 12) !== 'WAVE') {
      return send(400, { error: { message: 'file must be a WAV' } });
    }
    const field = (n: string) => parts.find((p) => p.name === n)?.data.toString('utf8') ?? null;
    const r: TranscriptionRequest = {
      authorization: req.headers.authorization ?? null,
      model: field('model'),
      language: field('language'),
      filename: file.filename,
      fileMime: file.contentType,
      file: file.data,
    };
    requests.push(r);
    const fail = fake.failWith.shift();
    if (fail) return send(fail, { error: { message: 'temporarily unavailable' } });
    send(200, { text: opts.transcript(r) });
  });
  // Idle sockets stay open until the client drops them (see listenLoopback in fake-model-http.ts).
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

interface Part {
  name: string | null;
  filename: string | null;
  contentType: string | null;
  data: Buffer;
}

function parseMultipart(body: Buffer, boundary: string): Part[] {
  const delim = Buffer.from(`--${boundary}`);
  const parts: Part[] = [];
  let pos = body.indexOf(delim);
  while (pos >= 0) {
    const start = pos + delim.length;
    if (body.toString('ascii', start, start + 2) === '--') break;
    const next = body.indexOf(delim, start);
    if (next < 0) break;
    const chunk = body.subarray(start + 2, next - 2); // skip CRLF after the delimiter and before the next
    const headerEnd = chunk.indexOf('\r\n\r\n');
    const headers = chunk.toString('utf8', 0, headerEnd);
    const disp = /content-disposition:[^\r\n]*/i.exec(headers)?.[0] ?? '';
    parts.push({
      name: /name="([^"]*)"/.exec(disp)?.[1] ?? null,
      filename: /filename="([^"]*)"/.exec(disp)?.[1] ?? null,
      contentType: /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim() ?? null,
      data: chunk.subarray(headerEnd + 4),
    });
    pos = next;
  }
  return parts;
}
