import { z } from 'zod';
import { CaptureError } from '../sources/index.js';
import type { TranscribeInput, Transcriber, Transcript } from './transcriber.js';

export interface OpenAiTranscriberOptions {
  /** Server base URL ("https://api.openai.com", "http://127.0.0.1:8080") or the full endpoint URL. */
  url: string;
  apiKey?: string | null;
  model?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const ResponseSchema = z.object({ text: z.string(), language: z.string().optional() }).passthrough();

/**
 * OpenAI-compatible transcription over HTTP: POST {base}/v1/audio/transcriptions, multipart with
 * `file` and `model`. OpenAI, whisper.cpp's server and faster-whisper servers speak it.
 */
export class OpenAiTranscriber implements Transcriber {
  readonly name: string;
  readonly endpoint: string;
  private readonly fetchFn: typeof fetch;

  constructor(private readonly opts: OpenAiTranscriberOptions) {
    this.endpoint = transcriptionEndpoint(opts.url);
    this.name = `openai-compatible:${new URL(this.endpoint).host}`;
    this.fetchFn = opts.fetch ?? fetch;
  }

  async transcribe(input: TranscribeInput, callOpts: { language?: string | null; signal?: AbortSignal } = {}): Promise<Transcript> {
    let lastError: unknown;
    // One retry for a dropped connection or a 5xx: servers restart; 4xx means our request is wrong.
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        return await this.once(input, callOpts);
      } catch (err) {
        lastError = err;
        if (!(err instanceof RetryableError) || callOpts.signal?.aborted) break;
      }
    }
    const msg = lastError instanceof Error ? lastError.message : String(lastError);
    throw new CaptureError('TRANSCRIBER', `transcription failed: ${msg}`, { cause: lastError });
  }

  private async once(input: TranscribeInput, callOpts: { language?: string | null; signal?: AbortSignal }): Promise<Transcript> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(input.data)], { type: input.mime }), input.filename);
    form.append('model', this.opts.model ?? 'whisper-1');
    form.append('response_format', 'json');
    if (callOpts.language) form.append('language', callOpts.language);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.opts.apiKey) headers.authorization = `Bearer ${this.opts.apiKey}`;
    const timeout = AbortSignal.timeout(this.opts.timeoutMs ?? 120_000);
    const signal = callOpts.signal ? AbortSignal.any([callOpts.signal, timeout]) : timeout;
    let res: Response;
    try {
      res = await this.fetchFn(this.endpoint, { method: 'POST', body: form, headers, signal });
    } catch (err) {
      throw new RetryableError(`cannot reach ${new URL(this.endpoint).host}: ${err instanceof Error ? err.message : String(err)}`);
    }
    const body = await res.text();
    if (!res.ok) {
      const detail = body.slice(0, 200).replace(/\s+/g, ' ');
      const msg = `server answered ${res.status}${detail ? `: ${detail}` : ''}`;
      if (res.status >= 500 || res.status === 429) throw new RetryableError(msg);
      throw new Error(msg);
    }
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw new Error('server answer is not JSON');
    }
    const parsed = ResponseSchema.safeParse(json);
    if (!parsed.success) throw new Error('server answer has no "text"');
    return { text: parsed.data.text.trim(), language: parsed.data.language ?? null };
  }
}

class RetryableError extends Error {}

export function transcriptionEndpoint(url: string): string {
  const u = new URL(url);
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new CaptureError('TRANSCRIBER', 'transcriber URL must be http(s)');
  const path = u.pathname.replace(/\/+$/, '');
  if (path.endsWith('/audio/transcriptions')) return u.toString();
  u.pathname = path.endsWith('/v1') ? `${path}/audio/transcriptions` : `${path}/v1/audio/transcriptions`;
  return u.toString();
}
