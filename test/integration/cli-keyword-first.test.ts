import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaticKeyProvider, openStore } from '../../agents/store/index.js';
import { searchCommand } from '../../electron/hosts/cli/commands/search.js';
import { askCommand } from '../../electron/hosts/cli/commands/ask.js';
import { KEYWORD_ONLY_LINE } from '../../electron/hosts/cli/cli-engine.js';
import { runCommand } from '../helpers/run-command.js';
import { StalledEmbedder } from '../fakes/stalled-embedder.js';

// Issue 34: the encoder's cold load (seconds) was most of `engram search` and offline `engram ask`.
// While the query's vector is not ready, both answer from the keyword index and say so in one line.
describe('engram search and offline ask while meaning is still loading', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'engram-keyword-first-'));
  const key = randomBytes(32);
  let embedder: StalledEmbedder | null = null;
  const at = { dataDir, key, embedder: () => (embedder = new StalledEmbedder()) };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  beforeAll(async () => {
    const store = await openStore({ dataDir, keyProvider: new StaticKeyProvider(key), embedder: null });
    try {
      store.memories.insert({ kind: 'semantic', title: 'Budget review', text: 'Ana moved the Q3 budget review to Thursday at 10:00' });
      store.memories.insert({ kind: 'semantic', title: 'Staging VPN', text: 'The staging VPN needs the eng-staging profile' });
    } finally {
      await store.close();
    }
  });

  it('search prints the keyword hits and the line, with an embedder that never answers', async () => {
    const r = await runCommand(searchCommand, ['budget', 'review'], at);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Budget review');
    expect(r.out).not.toContain('Staging VPN');
    expect(r.out).toContain(KEYWORD_ONLY_LINE);
    // The query was asked for (meaning is used when it comes in time), marked as a query.
    expect(embedder!.asked.some((a) => a.opts.query && a.texts[0] === 'budget review')).toBe(true);
  });

  it('search --json stays a JSON array; the line goes to stderr', async () => {
    const r = await runCommand(searchCommand, ['--json', 'staging', 'vpn'], at);
    expect(r.code).toBe(0);
    const [json, line] = r.out.split('\n').filter(Boolean);
    expect((JSON.parse(line!.startsWith('[') ? line! : json!) as { title: string }[]).map((x) => x.title)).toEqual(['Staging VPN']);
    expect(r.out).toContain(KEYWORD_ONLY_LINE);
  });

  it('offline ask answers from the keyword index and says so', async () => {
    const r = await runCommand(askCommand, ['--offline', 'when is the budget review?'], at);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Thursday at 10:00');
    expect(r.out).toContain(KEYWORD_ONLY_LINE);
  });
});
