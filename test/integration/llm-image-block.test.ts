import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AnthropicProvider, OpenAiProvider, type LlmCallRecord, type LlmRequest } from '../../agents/llm/index.js';
import { startFakeAnthropic, type FakeAnthropic } from '../fakes/fake-anthropic-server.js';
import { decodePixels } from '../fakes/fake-model-http.js';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/fake-openai-server.js';

let anthropic: FakeAnthropic;
let openai: FakeOpenAi;
let png: Buffer;
beforeAll(async () => {
  [anthropic, openai] = await Promise.all([startFakeAnthropic(), startFakeOpenAi({ models: ['llava:7b'] })]);
  // 4x2: left half red, right half blue.
  const raw = Buffer.alloc(4 * 2 * 3);
  for (let y = 0; y < 2; y++) for (let x = 0; x < 4; x++) raw.set(x < 2 ? [255, 0, 0] : [0, 0, 255], (y * 4 + x) * 3);
  png = await sharp(raw, { raw: { width: 4, height: 2, channels: 3 } }).png().toBuffer();
});
afterAll(() => Promise.all([anthropic.close(), openai.close()]));
beforeEach(() => {
  anthropic.reset();
  openai.reset();
});

const request = (): LlmRequest => ({
  purpose: 'caption',
  system: 'Describe the screenshot.',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'App: Figma' }, { type: 'image', mediaType: 'image/png', data: png.toString('base64') }] }],
  maxTokens: 100,
});

describe('an image in a request, through both providers', () => {
  it('Anthropic: sent as a base64 image block beside the text; the call is recorded with its purpose', async () => {
    const calls: LlmCallRecord[] = [];
    anthropic.enqueue({ text: 'A bar chart.' });
    const llm = new AnthropicProvider({ apiKey: 'k', baseURL: anthropic.url, usage: { record: (c) => calls.push(c) }, retry: { maxRetries: 0 } });
    const res = await llm.complete(request());
    expect(res.text).toBe('A bar chart.');
    const content = anthropic.requests[0]!.body.messages[0]!.content as Array<{ type: string }>;
    expect(content.map((b) => b.type)).toEqual(['text', 'image']);
    const [img] = anthropic.images();
    expect(img!.mediaType).toBe('image/png');
    const px = await decodePixels(img!);
    expect([px.width, px.height, px.rgb(0, 0), px.rgb(3, 1)]).toEqual([4, 2, [255, 0, 0], [0, 0, 255]]);
    expect(calls.map((c) => c.purpose)).toEqual(['caption']);
  });

  it('OpenAI-compatible (a local vision model): content parts with an image_url data URL', async () => {
    openai.enqueue({ text: 'A video call with four people.' });
    const llm = new OpenAiProvider({ baseURL: openai.url, models: { chat: 'llava:7b' }, retry: { maxRetries: 0 } });
    const res = await llm.complete(request());
    expect(res.text).toBe('A video call with four people.');
    const user = openai.requests[0]!.body.messages[1]!;
    expect(user.role).toBe('user');
    expect((user.content as Array<{ type: string }>).map((p) => p.type)).toEqual(['text', 'image_url']);
    const [img] = openai.images();
    const px = await decodePixels(img!);
    expect([img!.mediaType, px.rgb(1, 0), px.rgb(2, 0)]).toEqual(['image/png', [255, 0, 0], [0, 0, 255]]);
  });

  it('OpenAI-compatible without an image: the plain string content every server takes', async () => {
    openai.enqueue({ text: 'ok' });
    await new OpenAiProvider({ baseURL: openai.url, models: { chat: 'llava:7b' } }).complete({ purpose: 'x', messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] });
    expect(openai.requests[0]!.body.messages[0]).toEqual({ role: 'user', content: 'hi' });
  });
});
