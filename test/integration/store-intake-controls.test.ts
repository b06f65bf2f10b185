/**
 * No terminal sequence, control character or bidi override is kept, whichever way a stranger's text
 * comes in (issue 28): an imported chat (`engram add --file`), an MCP client's record_experience,
 * screen text with its window title and caption, a memory and its fields, a graph entity. Every text
 * column of every table is read back raw. The words, tabs and newlines stay.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';
import { startEngram } from '../../electron/engine/index.js';
import { createEngramMcpServer } from '../../electron/hosts/mcp/index.js';
import { runCli } from '../../electron/hosts/cli/main.js';
import { connectInProcess } from '../helpers/mcp-client.js';

const LINK = '\x1b]8;;https://evil.example/agenda\x07Open the agenda\x1b]8;;\x07';
const CLIP = '\x1b]52;c;cm0gLXJmIH4=\x07';
const RLO = 'invoice\u202efdp.exe';
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;

/** Every string of every ordinary table, as stored; the keyword and vector indexes' own tables are left out (derived, not read as text). */
function storedStrings(store: EngramStore): { where: string; text: string }[] {
  const out: { where: string; text: string }[] = [];
  const tables = store.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%' AND name NOT LIKE '%fts%' AND name NOT LIKE '%vec%' AND name NOT LIKE 'sqlite_%'").pluck().all() as string[];
  for (const t of tables) {
    for (const row of store.db.prepare(`SELECT * FROM "${t}"`).all() as Record<string, unknown>[]) {
      for (const [col, v] of Object.entries(row)) if (typeof v === 'string') out.push({ where: `${t}.${col}`, text: v });
    }
  }
  return out;
}

describe('controls are not kept at intake', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('an imported chat, an MCP write, screen text, a memory and an entity keep their words and lines, not their controls', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'engram-intake-controls-'));
    dirs.push(dir);
    const key = randomBytes(32);
    const env = { ...process.env, ENGRAM_KEY: key.toString('hex'), ENGRAM_EMBEDDER: 'hash' };
    const f = join(dir, 'chat.json');
    writeFileSync(f, JSON.stringify([{ role: 'user', content: `The harbour meeting\u202e moved to Friday.\n\t${LINK} and ${CLIP}bring the \x1b[31mred\x1b[0m folder.\rDone.` }, { role: 'assistant', content: 'Noted.' }]));
    let said = '';
    expect(await runCli(['--data-dir', dir, 'add', '--file', f], { stdout: (t) => (said += t), stderr: (t) => (said += t), isTty: false, stdin: process.stdin }, env), said).toBe(0);

    const store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: null });
    try {
      const engram = await startEngram({ store, host: 'headless', version: '0.0.0-test', env: {}, chat: false, checkOutputs: true });
      const client: Client = await connectInProcess(createEngramMcpServer({ client: engram.client, vault: engram.vault, now: () => new Date(), log: () => undefined }, '0.0.0-test'), 'controls-test');
      try {
        const r = (await client.callTool({ name: 'record_experience', arguments: { task: `rotate the \x1b[1mstaging\x1b[0m cert ${CLIP}`, action: `run ${LINK} certbot\u2066 renew\u2069`, outcome: 'success' } })) as CallToolResult;
        expect(r.isError).toBeFalsy();
      } finally {
        await client.close();
        await engram.close();
      }
      store.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: '0', observed_at: Date.now(), app: 'Mail\x1b[2J', title: `Re: ${RLO}`, url: 'https://mail.example/\x1b]8;;x\x07', caption: `A mail ${CLIP}about ${RLO}`, text: `Attached: ${RLO}\nFrom:\tAna\x07\x85` });
      const m = store.memories.insert({ kind: 'resource', title: `Saved ${RLO}`, text: `Downloaded ${LINK}`, fields: { url: `https://files.example/${RLO}` } });
      store.memories.update(m.id, { text: `Downloaded ${RLO} again\x1b[1A` }, 'test');
      store.graph.upsertEntity({ kind: 'person', name: `Ana\u202e Kestrel\x1b[0m`, at: Date.now() });

      const all = storedStrings(store);
      const bad = all.filter((s) => CONTROL.test(s.text)).map((s) => `${s.where}: ${JSON.stringify(s.text.slice(0, 120))}`);
      expect(bad).toEqual([]);
      const text = all.map((s) => s.text).join('\n');
      for (const words of ['The harbour meeting moved to Friday.\n\tOpen the agenda and bring the red folder.\nDone.', 'rotate the staging cert', 'run Open the agenda certbot renew', 'Attached: invoicefdp.exe\nFrom:\tAna', 'Ana Kestrel']) {
        expect(text).toContain(words);
      }
      expect(text).not.toContain('evil.example');
      expect(text).not.toContain('cm0gLXJmIH4=');
    } finally {
      await store.close();
    }
  });
});
