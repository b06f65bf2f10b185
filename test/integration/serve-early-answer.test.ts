import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';
import { startEngramServer, type EngramServer, type HeadlessHost } from '../../electron/hosts/http/index.js';

/** A promise and its resolve, for steps the test releases itself. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

/** The link's code swapped for the session cookie, as a browser opening it does. */
async function session(host: HeadlessHost) {
  const redeemed = await fetch(host.url, { redirect: 'manual' });
  const cookie = (redeemed.headers.get('set-cookie') ?? '').split(';')[0]!;
  const base = `http://127.0.0.1:${host.port}`;
  return {
    page: () => fetch(`${base}/`, { headers: { Cookie: cookie } }),
    call: async (name: string, input: unknown) => {
      const r = await fetch(`${base}/api/call`, { method: 'POST', headers: { Cookie: cookie, 'Content-Type': 'application/json' }, body: JSON.stringify({ name, input }) });
      return (await r.json()) as { ok: boolean; output?: Record<string, unknown>; error?: { code: string; message: string } };
    },
  };
}

/**
 * Browser mode answers early (issue 34's cold start): `engram serve` listens, and serves the page,
 * before the store is open and the engine's parts have started; a call that comes meanwhile waits
 * for the engine and gets its real answer, never an error.
 */
describe('engram serve answers before its engine has started', () => {
  let root: string;
  let renderer: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'engram-serve-early-'));
    renderer = path.join(root, 'renderer');
    mkdirSync(renderer);
    writeFileSync(path.join(renderer, 'index.html'), '<!doctype html><title>Engram</title>');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('serves the page while the store is still opening, and a call made then waits for the engine', async () => {
    const storeAsked = deferred<EngramStore>();
    const listening = deferred<HeadlessHost>();
    let storeGiven = false;
    const started = startEngramServer({
      store: () => storeAsked.promise,
      version: 'early',
      rendererDir: renderer,
      brain: false,
      onListening: (host) => listening.resolve(host),
    });
    const host = await listening.promise;
    const s = await session(host);
    const page = await s.page();
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Engram</title>');
    expect(storeGiven).toBe(false);

    let answered = false;
    const stats = s.call('store.stats', {}).then((r) => ((answered = true), r));
    // The call has reached the host (a second request on another connection is answered after it
    // was read) and still waits: the engine has no store yet.
    expect((await s.page()).status).toBe(200);
    expect(answered).toBe(false);

    const store = await openStore({ dataDir: path.join(root, 'data'), keyProvider: new StaticKeyProvider(randomBytes(32)), embedder: null });
    store.memories.insert({ kind: 'semantic', title: 'Budget review', text: 'Ana moved the Q3 budget review to Thursday' });
    storeGiven = true;
    storeAsked.resolve(store);
    const answer = await stats;
    expect(answer.ok).toBe(true);
    expect((answer.output?.counts as Record<string, number>).semantic).toBe(1);

    const server: EngramServer = await started;
    const found = await s.call('memories.search', { query: 'budget review' });
    expect(found.ok).toBe(true);
    await server.close();
    await store.close();
  });

  it('answers a call made while the engine failed to start with the failure, and stops listening', async () => {
    const listening = deferred<HeadlessHost>();
    const storeAsked = deferred<EngramStore>();
    const started = startEngramServer({ store: () => storeAsked.promise, version: 'early', rendererDir: renderer, brain: false, onListening: (host) => listening.resolve(host) });
    const host = await listening.promise;
    const s = await session(host);
    const call = s.call('store.stats', {});
    expect((await s.page()).status).toBe(200);
    storeAsked.reject(new Error('the key does not open this database'));
    await expect(started).rejects.toThrow('the key does not open this database');
    expect(await call).toEqual({ ok: false, error: { code: 'UNAVAILABLE', message: 'Engram did not start: the key does not open this database' } });
    await expect(fetch(`http://127.0.0.1:${host.port}/`)).rejects.toThrow();
  });
});
