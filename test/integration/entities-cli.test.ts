import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { HashEmbedder, StaticKeyProvider, openStore } from '../../agents/store/index.js';
import { entitiesCommand } from '../../electron/hosts/cli/commands/entities.js';
import { CliError } from '../../electron/hosts/cli/command.js';
import { runCommand } from '../helpers/run-command.js';

const DAY = Date.parse('2026-03-02T09:00:00Z');

describe('engram entities', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'engram-entities-'));
  const key = randomBytes(32);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  async function seed(): Promise<void> {
    const store = await openStore({ dataDir, keyProvider: new StaticKeyProvider(key), embedder: new HashEmbedder(64) });
    try {
      const ana = store.graph.upsertEntity({ name: 'Ana Souza', kind: 'person', at: DAY });
      const acme = store.graph.upsertEntity({ name: 'Acme Corp', kind: 'organization', at: DAY + 3_600_000 });
      store.graph.upsertEntity({ name: 'Orca migration', kind: 'project', at: DAY + 7_200_000 });
      const src = store.memories.insert({ kind: 'semantic', title: 'Ana at Acme', text: 'Ana Souza works at Acme Corp.' }).id;
      store.graph.mention(ana, src, 'subject');
      store.graph.addFact({ relation: 'works_at', statement: 'Ana Souza works at Acme Corp', occurred_at: DAY, confidence: 0.9, participants: [{ entity_id: ana, role: 'subject' }, { entity_id: acme, role: 'object' }], sources: [src] });
    } finally {
      await store.close();
    }
  }

  it('lists what People & projects shows, filters by kind (either spelling), and prints JSON', async () => {
    await seed();
    const at = { dataDir, key };
    const all = await runCommand(entitiesCommand, [], at);
    expect(all.code).toBe(0);
    // A snapshot of the plain listing: name, kind as the page names it, moments and facts, last seen.
    expect(all.out).toMatchInlineSnapshot(`
      "Orca migration  Project       0 moments · 0 facts · last seen 2026-03-02
      Acme Corp       Organisation  0 moments · 1 fact · last seen 2026-03-02
      Ana Souza       Person        1 moment · 1 fact · last seen 2026-03-02
      "
    `);
    const orgs = await runCommand(entitiesCommand, ['--kind', 'organisation', '--json'], at);
    expect(orgs.code).toBe(0);
    const items = JSON.parse(orgs.out) as { name: string; kind: string; facts: number }[];
    expect(items.map((e) => [e.name, e.kind, e.facts])).toEqual([['Acme Corp', 'organization', 1]]);
    const people = JSON.parse((await runCommand(entitiesCommand, ['--kind', 'person', '--json'], at)).out) as { name: string }[];
    expect(people.map((e) => e.name)).toEqual(['Ana Souza']);
    expect((await runCommand(entitiesCommand, ['--query', 'nobody-by-this-name'], at)).out).toBe('No matches.\n');
  });

  it('refuses a kind it does not know, in one line', async () => {
    await expect(runCommand(entitiesCommand, ['--kind', 'robot'], { dataDir, key })).rejects.toThrow(CliError);
    await expect(runCommand(entitiesCommand, ['--kind', 'robot'], { dataDir, key })).rejects.toThrow(/--kind must be one of person, organisation/);
  });
});
