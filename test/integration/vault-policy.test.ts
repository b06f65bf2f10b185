import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';
import { startEngram, type Engram } from '../../electron/engine/index.js';
import { createEngramMcpServer } from '../../electron/hosts/mcp/index.js';
import { maskSecret, WITHHELD } from '../../shared/vault/index.js';
import { startFakeAnthropic, type FakeAnthropic } from '../fakes/fake-anthropic-server.js';
import { connectInProcess } from '../helpers/mcp-client.js';

// One vault policy (shared/vault) for every audience: the user's window sees the mask, a model sees
// the same mask or nothing (high sensitivity), an MCP client sees neither the value nor the mask.
const MEDIUM = 'correct-horse-battery-staple';
const HIGH = 'pin-7391-0042-8817';

describe('the same vault secrets through the window API, chat and MCP', () => {
  let dir: string;
  let store: EngramStore;
  let engram: Engram;
  let offline: Engram;
  let fake: FakeAnthropic;
  let mcp: Client;
  let ids: { medium: string; high: string };

  beforeAll(async () => {
    fake = await startFakeAnthropic();
    dir = mkdtempSync(join(tmpdir(), 'engram-vault-policy-'));
    store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(randomBytes(32)), embedder: null });
    const medium = store.memories.insert({ kind: 'knowledge_vault', title: 'Staging password', text: 'Staging database password', fields: { secret: MEDIUM, sensitivity: 'medium' } });
    const high = store.memories.insert({ kind: 'knowledge_vault', title: 'Staging bank PIN', text: 'Staging bank card PIN', fields: { secret: HIGH, sensitivity: 'high' } });
    ids = { medium: medium.id, high: high.id };
    engram = await startEngram({ store, host: 'headless', version: 't', env: { ANTHROPIC_API_KEY: 'test-key', ENGRAM_ANTHROPIC_BASE_URL: fake.url }, chat: { topics: false } });
    offline = await startEngram({ store, host: 'headless', version: 't', env: {}, chat: { topics: false } });
    mcp = await connectInProcess(createEngramMcpServer({ client: engram.client, vault: engram.vault, now: () => new Date(), log: () => undefined }, 't'), 'vault-policy');
  });
  afterAll(async () => {
    await mcp.close();
    await engram.close();
    await offline.close();
    await store.close();
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the window API shows each secret masked by the policy, never in plain', async () => {
    const { results } = await engram.client.call('memories.search', { query: 'staging', limit: 10 });
    const field = (id: string) => results.find((r) => r.memory.id === id)!.memory.fields;
    expect(field(ids.medium)).toMatchObject({ secret: maskSecret(MEDIUM, 'medium'), masked: true });
    expect(field(ids.high)).toMatchObject({ secret: maskSecret(HIGH, 'high'), masked: true });
    const got = await engram.client.call('memories.get', { id: ids.medium });
    expect(JSON.stringify(got)).toContain(maskSecret(MEDIUM, 'medium'));
    expect(JSON.stringify([results, got])).not.toMatch(new RegExp(`${MEDIUM}|${HIGH}`));
  });

  it('chat gives a model the same mask for the medium secret and nothing of the high one', async () => {
    fake.enqueue({ text: 'Your staging password is stored in Engram [1].' });
    const turn = await engram.client.call('chat.send', { text: 'what is my staging password and the staging bank PIN?' });
    expect(turn.answer).toBeTruthy();
    const sent = fake.allText();
    expect(sent).toContain(maskSecret(MEDIUM, 'medium'));
    expect(sent).not.toContain(MEDIUM);
    expect(sent).not.toContain(HIGH);
    expect(sent).not.toContain('Staging bank card PIN');
    expect(sent).toMatch(/high-sensitivity vault item was withheld/);
  });

  it('the offline answer (the user reading it) shows the same mask', async () => {
    const turn = await offline.client.call('chat.send', { text: 'what is my staging password?' });
    expect(turn.answer).toContain(maskSecret(MEDIUM, 'medium'));
    expect(turn.answer).not.toContain(MEDIUM);
    expect(turn.answer).not.toContain(HIGH);
  });

  it('MCP shows neither the value nor the mask, and cuts any copy of a value', async () => {
    const r = (await mcp.callTool({ name: 'search_memory', arguments: { query: 'staging' } })) as CallToolResult;
    const all = JSON.stringify(r);
    const vault = (r.structuredContent as { results: { memory: { id: string; fields: Record<string, unknown> } }[] }).results.map((x) => x.memory).filter((m) => m.id === ids.medium || m.id === ids.high);
    expect(vault).toHaveLength(2);
    for (const m of vault) expect(m.fields.secret).toBe(WITHHELD);
    expect(all).not.toContain(maskSecret(MEDIUM, 'medium'));
    expect(all).not.toMatch(new RegExp(`${MEDIUM}|${HIGH}`));
    expect(engram.vault.text(`pin is ${HIGH}.`)).toBe(`pin is ${WITHHELD}.`);
  });
});
