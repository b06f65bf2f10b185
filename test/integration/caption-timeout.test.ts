import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { OpenAiProvider } from '../../agents/llm/index.js';
import type { EngramStore } from '../../agents/store/index.js';
import { CAPTION_TIMEOUT_MS, CapturePipeline, ModelCaptioner } from '../../electron/sensing/capture/index.js';
import type { Captioner } from '../../electron/sensing/perception/index.js';
import { CAPTION_MISS_LAST_KEY, CaptionMissLastSchema, CaptureSettingsSchema, captionMissCounter } from '../../shared/settings/index.js';
import { ShadedScreen, TextOcr } from '../fakes/fake-screen-stack.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';

// Issue 30 (captioning): the caption call runs on an OCR worker's turn. A model server that takes
// the request and never answers must not hold that worker: the call ends at its deadline, the frame
// keeps its OCR text, and the miss is counted as a model failure.


/** An OpenAI-compatible server that reads every request and never answers any. */
async function silentServer(): Promise<{ url: string; requests: () => number; close: () => Promise<void> }> {
  let requests = 0;
  const held: ServerResponse[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    requests++;
    req.resume();
    held.push(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests: () => requests,
    close: () =>
      new Promise<void>((r) => {
        for (const res of held) res.destroy();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

describe('a caption request that never ends', () => {
  let store: EngramStore;
  let server: Awaited<ReturnType<typeof silentServer>>;
  tempStoreEachTest('engram-caption-timeout-', async (t) => {
    store = t.store;
    server = await silentServer();
    return () => server.close();
  }, { key: Buffer.alloc(32, 3) });

  const settings = CaptureSettingsSchema.parse({ captioning: { enabled: true }, ocr: { workers: 1 } });
  const pipeline = (captioner: Captioner, captionTimeoutMs: number) =>
    new CapturePipeline({ store, screen: new ShadedScreen(), windows: { active: async () => ({ app: 'Sheets', title: 'Q3', url: null, pid: 5, path: null, bounds: null }) }, ocr: new TextOcr('Quarterly chart'), captioner, captionTimeoutMs, settings });

  it('is 30 s by default', () => {
    expect(CAPTION_TIMEOUT_MS).toBe(30_000);
  });

  it('a server that never answers: the frame keeps its OCR text at the deadline, counted as a caption the model failed to give', async () => {
    // The provider retries timeouts as an outage would be retried: the deadline covers every attempt.
    const llm = new OpenAiProvider({ apiKey: 'sk-local', baseURL: server.url, models: { chat: 'llava', extraction: 'llava' }, timeoutMs: 60_000 });
    // 3 s, not less: the provider loads its client lazily, and under load that alone took over 500 ms,
    // so the deadline fell before the request reached the server.
    const p = pipeline(new ModelCaptioner(() => llm), 3_000);
    const started = Date.now();
    const [obsId] = await (await p.tick()).observations;
    const took = Date.now() - started;
    expect(server.requests()).toBeGreaterThanOrEqual(1);
    expect(took).toBeLessThan(15_000);
    const obs = store.observations.get(obsId!)!;
    expect(obs.text).toBe('Quarterly chart');
    expect(obs.caption).toBeNull();
    expect(store.counters.get('capture.captions_failed')).toBe(1);
    await p.close();
  }, 30_000);

  it('a captioner that ignores the abort is given up on all the same, and the next frame is read', async () => {
    let asked = 0;
    const deaf: Captioner = { caption: () => (asked++, new Promise<string | null>(() => undefined)) };
    const screen = new ShadedScreen();
    const p = new CapturePipeline({ store, screen, windows: { active: async () => null }, ocr: new TextOcr('Quarterly chart'), captioner: deaf, captionTimeoutMs: 300, settings });
    const [a] = await (await p.tick()).observations;
    screen.shade = 200;
    const [b] = await (await p.tick()).observations;
    expect(asked).toBe(2);
    expect([store.observations.get(a!)!.text, store.observations.get(b!)!.text]).toEqual(['Quarterly chart', 'Quarterly chart']);
    expect(store.counters.get('capture.captions_failed')).toBe(2);
    await p.close();
  }, 15_000);

  it('keeps the last miss\'s reason for Settings → Privacy: the error\'s first line, redacted, and today\'s counter', async () => {
    const failing: Captioner = { caption: async () => { throw new Error('401 invalid key sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789\nstack line'); } };
    const p = new CapturePipeline({ store, screen: new ShadedScreen(), windows: { active: async () => null }, ocr: new TextOcr('Quarterly chart'), captioner: failing, captionTimeoutMs: 3_000, settings });
    await (await p.tick()).observations;
    const last = store.settings.get(CAPTION_MISS_LAST_KEY, CaptionMissLastSchema.nullable(), null);
    expect(last?.why).toBe('error');
    expect(last?.detail).toMatch(/^401 invalid key /);
    expect(last?.detail).not.toContain('AbCdEfGhIjKlMnOp');
    expect(last?.detail).not.toContain('stack line');
    const d = new Date();
    const day = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    expect(store.counters.get(captionMissCounter(day))).toBe(1);
    await p.close();
  }, 15_000);
});
