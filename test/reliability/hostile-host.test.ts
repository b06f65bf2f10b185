import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { connect } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';
import { startEngramServer, type EngramServer } from '../../electron/hosts/http/index.js';
import { seedUiFixture, type SeededIds } from '../fixtures/ui-seed.js';

/**
 * The headless host under hostile requests: no token, a wrong token, a foreign Origin, path
 * traversal in static paths and frame ids, oversized bodies and headers, floods of WebSocket
 * messages. Each is refused, the cost stays bounded, it is logged (without the token), and the
 * real client keeps being served: a real request succeeds after every attack.
 */
let root: string;
let store: EngramStore;
let server: EngramServer;
let seeded: SeededIds;
const logs: string[] = [];
const SECRET_FILE_TEXT = `outside-the-renderer-${randomBytes(6).toString('hex')}`;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'engram-hostile-'));
  const renderer = join(root, 'renderer');
  mkdirSync(join(renderer, 'assets'), { recursive: true });
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>Engram</title><div id="root"></div>');
  writeFileSync(join(renderer, 'assets', 'app.js'), 'console.log("engram")');
  writeFileSync(join(root, 'secret.txt'), SECRET_FILE_TEXT);
  // A symlink inside the renderer folder pointing out of it.
  symlinkSync(join(root, 'secret.txt'), join(renderer, 'assets', 'link.js'));
  store = await openStore({ dataDir: join(root, 'data'), keyProvider: new StaticKeyProvider(randomBytes(32)), embedder: null });
  seeded = await seedUiFixture(store);
  server = await startEngramServer({ store, version: 'hostile', rendererDir: renderer, brain: false, log: (l) => logs.push(l) });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await store?.close();
  rmSync(root, { recursive: true, force: true });
});

interface Res {
  status: number;
  body: string;
}

/**
 * One request. `status` is the answer's status even when the server closes the connection after
 * answering (a write then fails with EPIPE); -1 only when no answer came at all. `sent` counts the
 * body bytes the client managed to hand to the socket; `stream` sends that many bytes (chunked, with
 * backpressure, 64 KiB at a time) or stops once the answer has come.
 */
function raw(path: string, opts: { method?: string; headers?: Record<string, string>; body?: string | Buffer; chunks?: number; stream?: number } = {}): Promise<Res & { sent: number }> {
  return new Promise((resolve, reject) => {
    let status = -1;
    let sent = 0;
    let answered = false;
    const req = request({ host: '127.0.0.1', port: server.host.port, path, method: opts.method ?? 'GET', headers: opts.headers }, (res) => {
      status = res.statusCode ?? 0;
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status, body: Buffer.concat(chunks).toString(), sent }));
      res.on('error', () => resolve({ status, body: '', sent }));
    });
    req.on('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNRESET' || e.code === 'EPIPE' ? resolve({ status, body: e.code, sent }) : reject(e)));
    const total = opts.stream ?? (opts.chunks ? opts.chunks * 64 * 1024 : 0);
    if (total > 0) {
      // Chunked body with no Content-Length: the host must stop reading at its limit.
      const piece = Buffer.alloc(64 * 1024, 0x61);
      const write = () => {
        while (sent < total && !answered && !req.destroyed) {
          sent += piece.length;
          if (!req.write(piece)) return req.once('drain', write);
        }
        req.end();
      };
      write();
      return;
    }
    if (opts.body) {
      sent = Buffer.byteLength(opts.body);
      req.write(opts.body);
    }
    req.end();
  });
}

const bearer = () => ({ Authorization: `Bearer ${server.host.token}`, 'Content-Type': 'application/json' });
const apiCall = (name: string, input: unknown, headers: Record<string, string> = bearer()) => raw('/api/call', { method: 'POST', headers, body: JSON.stringify({ name, input }) });

/** The real client: a call over HTTP and one over a fresh WebSocket both answer. */
async function realClientWorks(): Promise<void> {
  const r = await apiCall('app.info', {});
  expect(r.status).toBe(200);
  expect(JSON.parse(r.body)).toMatchObject({ ok: true, output: { host: 'headless' } });
  const ws = new WebSocket(`ws://127.0.0.1:${server.host.port}/api/ws`, ['engram.v1', `token.${server.host.token}`]);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const answer = new Promise<{ response: { ok: boolean } }>((resolve) => {
    ws.on('message', (d) => {
      const m = JSON.parse(String(d)) as { type: string; id?: number; response?: { ok: boolean } };
      if (m.type === 'result' && m.id === 7) resolve(m as { response: { ok: boolean } });
    });
  });
  ws.send(JSON.stringify({ type: 'call', id: 7, name: 'memories.counts', input: {} }));
  expect((await answer).response.ok).toBe(true);
  ws.close();
}

function logsSince(n: number): string[] {
  return logs.slice(n);
}

describe('headless host under hostile requests', { timeout: 120_000 }, () => {
  it('no token, a wrong token, a foreign Origin or Host: refused, logged without the token', async () => {
    const n = logs.length;
    expect((await apiCall('memories.counts', {}, { 'Content-Type': 'application/json' })).status).toBe(401);
    expect((await apiCall('memories.counts', {}, { Authorization: 'Bearer wrong-token' })).status).toBe(401);
    expect((await apiCall('memories.counts', {}, { Authorization: `Bearer ${server.host.token.slice(0, -1)}` })).status).toBe(401);
    expect((await apiCall('memories.counts', {}, { Authorization: `Basic ${server.host.token}` })).status).toBe(401);
    expect((await raw(`/?token=${server.host.token}x`)).status).toBe(401);
    expect((await apiCall('memories.counts', {}, { ...bearer(), Origin: 'https://evil.example' })).status).toBe(403);
    expect((await apiCall('memories.counts', {}, { ...bearer(), Origin: 'null' })).status).toBe(403);
    expect((await apiCall('memories.counts', {}, { ...bearer(), Origin: `http://127.0.0.1:${server.host.port + 1}` })).status).toBe(403);
    expect((await apiCall('memories.counts', {}, { ...bearer(), Host: `evil.example:${server.host.port}` })).status).toBe(421);
    const logged = logsSince(n);
    expect(logged.length, 'refusals are logged').toBeGreaterThanOrEqual(1);
    expect(logged.join('\n')).not.toContain(server.host.token);
    console.log(`refusal log lines:\n  ${logged.join('\n  ')}`);
    await realClientWorks();
  });

  it('path traversal in static paths: nothing outside the renderer folder is served', async () => {
    const paths = [
      '/../secret.txt',
      '/..%2fsecret.txt',
      '/%2e%2e/secret.txt',
      '/%2e%2e%2fsecret.txt',
      '/%252e%252e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/..\\secret.txt',
      '/%5c..%5csecret.txt',
      '/%c0%ae%c0%ae/secret.txt',
      '/assets/link.js',
      '//etc/passwd',
      '/%00index.html',
      '/index.html%00.js',
      '/' + '../'.repeat(30) + 'etc/passwd',
      '/assets/' + 'a'.repeat(5000),
    ];
    const statuses: number[] = [];
    for (const p of paths) {
      const r = await raw(`${p}${p.includes('?') ? '&' : '?'}token=${server.host.token}`);
      statuses.push(r.status);
      expect(r.body, p).not.toContain(SECRET_FILE_TEXT);
      expect(r.body, p).not.toMatch(/root:.*:0:0:/);
      expect([400, 404, 414, 431], p).toContain(r.status);
    }
    // A raw request line that is not even a path.
    const weird = await new Promise<string>((resolve) => {
      const s = connect(server.host.port, '127.0.0.1', () => s.end(`GET ../../secret.txt HTTP/1.1\r\nHost: 127.0.0.1:${server.host.port}\r\nAuthorization: Bearer ${server.host.token}\r\n\r\n`));
      let out = '';
      s.on('data', (d) => (out += d.toString()));
      s.on('close', () => resolve(out));
      s.on('error', () => resolve(out));
    });
    expect(weird).not.toContain(SECRET_FILE_TEXT);
    console.log(`static traversal: ${paths.length} paths -> ${[...new Set(statuses)].join('/')}; raw request line: ${weird.split('\r\n')[0] || '(closed)'}`);
    await realClientWorks();
  });

  it('path traversal in frame ids: refused as input or not found, never a file', async () => {
    const frames = store.frames.count();
    const bad = ['../../engram.key', '..%2f..%2fengram.key', 'frm_../../../engram.key', '/etc/passwd', `${seeded.frames[0]}/../../engram.key`, 'frm_\u0000', 'C:\\engram.key', '.', '..', 'frames'];
    for (const id of bad) {
      for (const [name, input] of [
        ['frames.image', { id, size: 'full' }],
        ['timeline.delete', { items: [{ type: 'frame', id }] }],
        ['memories.get', { id }],
      ] as const) {
        const r = await apiCall(name, input);
        const body = JSON.parse(r.body) as { ok: boolean; output?: { report?: { frames: number } }; error?: { code: string; message: string } };
        if (body.ok) {
          // timeline.delete of an unknown id is a no-op.
          expect(name).toBe('timeline.delete');
          expect(body.output?.report?.frames).toBe(0);
        } else {
          expect(['INVALID_INPUT', 'NOT_FOUND']).toContain(body.error?.code);
          expect(body.error?.message).not.toMatch(/\n\s*at /);
        }
        expect(r.body).not.toMatch(/[0-9a-f]{64}/);
      }
    }
    expect(store.frames.count()).toBe(frames);
    expect(store.checkIntegrity().problems).toEqual([]);
    await realClientWorks();
  });

  it('oversized bodies and headers are refused (an answer, not a dropped connection) without being read whole', async () => {
    const limit = 1_048_576;
    const declared = await raw('/api/call', { method: 'POST', headers: { ...bearer(), 'Content-Length': String(50 * limit) }, body: 'x' });
    expect(declared.status).toBe(413);
    const chunked = await raw('/api/call', { method: 'POST', headers: { ...bearer(), 'Transfer-Encoding': 'chunked' }, chunks: 64 });
    expect(chunked.status).toBe(413);
    // Memory stays bounded while a client streams 256 MiB at the host: it is not read whole. The
    // host runs in this process, so its buffers show in this process's memory, sampled throughout.
    const base = process.memoryUsage();
    let peak = 0;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peak = Math.max(peak, m.rss - base.rss, m.heapUsed + m.arrayBuffers - base.heapUsed - base.arrayBuffers);
    }, 10);
    const stream = await raw('/api/call', { method: 'POST', headers: { ...bearer(), 'Transfer-Encoding': 'chunked' }, stream: 256 * limit });
    clearInterval(sampler);
    expect(stream.status).toBe(413);
    // The answer came long before the body was all sent (socket buffers take a few MiB at most).
    expect(stream.sent).toBeLessThan(64 * limit);
    const many = await Promise.all(Array.from({ length: 20 }, () => raw('/api/call', { method: 'POST', headers: bearer(), body: Buffer.alloc(limit + 10, 0x61) })));
    expect(many.map((r) => r.status)).toEqual(many.map(() => 413));
    const bigHeader = await raw('/api/call', { method: 'POST', headers: { ...bearer(), 'X-Junk': 'y'.repeat(64 * 1024) }, body: '{}' });
    expect([431, 400]).toContain(bigHeader.status);
    console.log(
      `bodies: declared 50 MiB -> ${declared.status}, chunked 4 MiB -> ${chunked.status}, streamed ${(stream.sent / limit).toFixed(0)} MiB -> ${stream.status} ` +
        `(memory peak +${(peak / 1e6).toFixed(1)} MB), 20 x 1 MiB+ -> ${[...new Set(many.map((m) => m.status))].join('/')}, 64 KiB header -> ${bigHeader.status}`,
    );
    // Whole, the stream would be 268 MB in memory; the host holds at most its 1 MiB limit per request.
    expect(peak).toBeLessThan(64 * 1e6);
    await realClientWorks();
  });

  it('a flood of WebSocket messages (calls, junk, binary, oversized) is bounded and logged; the host keeps serving', async () => {
    const n = logs.length;
    const open = (): Promise<WebSocket> =>
      new Promise((resolve, reject) => {
        const ws = new WebSocket(`ws://127.0.0.1:${server.host.port}/api/ws`, ['engram.v1', `token.${server.host.token}`]);
        ws.once('open', () => resolve(ws));
        ws.once('error', reject);
      });
    const flood = async (label: string, send: (ws: WebSocket, i: number) => void, count: number) => {
      const ws = await open();
      let replies = 0;
      let limited = 0;
      ws.on('message', (d) => {
        replies++;
        if (String(d).includes('RATE_LIMITED')) limited++;
      });
      const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
      ws.on('error', () => undefined);
      for (let i = 0; i < count && ws.readyState === ws.OPEN; i++) send(ws, i);
      const code = await Promise.race([closed, new Promise<number>((r) => setTimeout(() => r(0), 5000))]);
      if (ws.readyState === ws.OPEN) ws.terminate();
      return { label, count, replies, limited, closedWith: code };
    };
    const results = [
      await flood('valid calls', (ws, i) => ws.send(JSON.stringify({ type: 'call', id: i, name: 'capture.status', input: {} })), 3000),
      await flood('junk text', (ws, i) => ws.send(`{not json ${i}`), 3000),
      await flood('wrong shape', (ws, i) => ws.send(JSON.stringify({ type: 'nope', id: i })), 3000),
      await flood('binary frames', (ws) => ws.send(randomBytes(64)), 3000),
      await flood('one oversized message', (ws) => ws.send('x'.repeat(2 * 1_048_576)), 1),
    ];
    console.log(`WebSocket floods:\n  ${results.map((r) => JSON.stringify(r)).join('\n  ')}`);
    for (const r of results) {
      // Either the socket was closed on the flooder, or most of the flood was refused.
      expect(r.closedWith !== 0 || r.limited > r.count / 2, JSON.stringify(r)).toBe(true);
    }
    expect(results.find((r) => r.label === 'one oversized message')!.closedWith).toBe(1009);
    expect(logsSince(n).length, 'floods are logged').toBeGreaterThanOrEqual(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(server.host.connections()).toBe(0);
    await realClientWorks();
  });
});
