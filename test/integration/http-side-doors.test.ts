import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HashEmbedder, openStore, StaticKeyProvider } from '../../agents/store/index.js';
import { startEngramServer, type EngramServer } from '../../electron/hosts/http/index.js';

/**
 * A side door redteam56 left open: the browser host's answers other than chat. Secrets a user typed
 * into a conversation Engram kept (a password, a card, an IBAN) go to the vault masked; whatever the
 * window reads over HTTP (memory lists and search in every tab, one memory with its provenance, the
 * thread and its messages, entities, activity, the day's report, an offline answer) must not carry
 * them. Only memories.reveal, the user's explicit ask, may. Real server, real socket, real store.
 */
const SECRETS = ['Quill7-Orchard-Tide', '4929 1806 3377 2413', '4929180633772413', 'GB82 WEST 1234 5698 7654 32', 'GB82WEST12345698765432'];

describe('the browser host gives no secret back except on reveal', () => {
  let root: string;
  let server: EngramServer;
  let call: (name: string, input: unknown) => Promise<{ status: number; body: string }>;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'engram-http-side-'));
    const renderer = path.join(root, 'renderer');
    mkdirSync(renderer);
    writeFileSync(path.join(renderer, 'index.html'), '<!doctype html><title>Engram</title>');
    const store = await openStore({ dataDir: path.join(root, 'data'), keyProvider: new StaticKeyProvider(randomBytes(32)), embedder: new HashEmbedder() });
    server = await startEngramServer({ store, version: 'side', rendererDir: renderer, brain: true });
    const redeemed = await fetch(server.host.url, { redirect: 'manual' });
    const cookie = (redeemed.headers.get('set-cookie') ?? '').split(';')[0]!;
    const base = `http://127.0.0.1:${server.host.port}`;
    call = async (name, input) => {
      const r = await fetch(`${base}/api/call`, { method: 'POST', headers: { Cookie: cookie, 'Content-Type': 'application/json' }, body: JSON.stringify({ name, input }) });
      return { status: r.status, body: await r.text() };
    };
  });
  afterAll(async () => {
    await server?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('lists, searches, threads, entities, days and answers hold none of them', async () => {
    const added = await call('messages.add', {
      title: 'Setting up the shop account with Dana Whitfield',
      messages: [
        { role: 'user', content: 'Dana Whitfield set up the Larkspur shop account today. The admin password: Quill7-Orchard-Tide' },
        { role: 'user', content: 'Pay the Larkspur supplier to IBAN GB82 WEST 1234 5698 7654 32, and the deposit went on card 4929 1806 3377 2413.' },
      ],
    });
    expect(added.status, added.body).toBe(200);
    const { output } = JSON.parse(added.body) as { output: { thread_id: string; memory_ids: string[] } };

    const now = new Date();
    const day = now.toISOString().slice(0, 10);
    const answers: Array<[string, { status: number; body: string }]> = [];
    const ask = async (name: string, input: unknown, label = name) => answers.push([label, await call(name, input)]);
    for (const tab of ['core', 'episodic', 'semantic', 'procedural', 'resource', 'knowledge_vault', 'experience']) {
      await ask('memories.list', { tab }, `memories.list ${tab}`);
      await ask('memories.list', { tab, query: 'Larkspur password card IBAN' }, `memories.list ${tab} query`);
    }
    await ask('memories.search', { query: 'Larkspur admin password IBAN card' });
    for (const id of output.memory_ids) await ask('memories.get', { id });
    await ask('chat.listThreads', {});
    await ask('chat.messages', { thread_id: output.thread_id });
    await ask('entities.list', {});
    await ask('activity.daily', { range: { from: new Date(now.getTime() - 86_400_000).toISOString(), to: new Date(now.getTime() + 86_400_000).toISOString() }, timeZone: 'UTC' });
    await ask('day.report', { date: day, timeZone: 'UTC' });
    await ask('chat.send', { text: 'What is the Larkspur admin password and which card paid the deposit?' });

    // Every read was answered (a refused call would hide nothing), and none holds a secret.
    const refused = answers.filter(([, r]) => r.status !== 200 || !(JSON.parse(r.body) as { ok: boolean }).ok).map(([n, r]) => `${n}: ${r.body.slice(0, 160)}`);
    expect(refused).toEqual([]);
    const leaks = answers.flatMap(([n, r]) => SECRETS.filter((s) => r.body.includes(s)).map((s) => `${n} carries ${s}`));
    expect(leaks).toEqual([]);

    // The vault kept them (masked in the lists above), and reveal, asked explicitly, gives one back.
    const vault = JSON.parse((await call('memories.list', { tab: 'knowledge_vault' })).body) as { output: { items: Array<{ id: string }> } };
    expect(vault.output.items.length).toBeGreaterThan(0);
    const revealed = await Promise.all(vault.output.items.map(async (m) => (await call('memories.reveal', { id: m.id })).body));
    expect(revealed.some((b) => SECRETS.some((s) => b.includes(s)))).toBe(true);
  });
});
