import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The lint rules hold by themselves only if they fire: each fixture in test/fixtures/lint breaks
// one rule (or none, for the clean ones) and is linted with the project's own eslint.config.js as
// if it stood where its first line says (`// lint-as: agents/store/fixture.ts`).
const dir = path.resolve('test/fixtures/lint');

function fixture(name: string): { text: string; as: string } {
  const text = readFileSync(path.join(dir, name), 'utf8');
  const as = /^\/\/ lint-as: (\S+)/.exec(text)?.[1];
  if (!as) throw new Error(`${name}: first line must be // lint-as: PATH`);
  return { text, as };
}

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: path.resolve('.') });
});

async function lint(name: string) {
  const { text, as } = fixture(name);
  const [result] = await eslint.lintText(text, { filePath: path.resolve(as) });
  return result!.messages.map((m) => ({ rule: m.ruleId, message: m.message }));
}

describe('lint rules', () => {
  it.each([
    ['store-imports-agent.ts', 'engram/rooms', /agents\/store may not import agents\/chat/],
    ['engine-imports-host.ts', 'engram/rooms', /electron\/engine may not import electron\/hosts\/http/],
    ['renderer-imports-agents.ts', 'engram/rooms', /renderer may not import agents\/store/],
    ['reaches-past-door.ts', 'engram/rooms', /through its door \(agents\/store\/index\.ts\)/],
    ['electron-outside-desktop.ts', 'no-restricted-imports', /Only electron\/desktop\/main and electron\/desktop\/preload may import 'electron'/],
    ['shared-imports-node.ts', 'no-restricted-imports', /no Node modules/],
    ['desktop-imports-sensing.ts', 'engram/rooms', /electron\/desktop\/main may not import electron\/(sensing\/capture|api)/, 2],
    ['host-imports-sensing.ts', 'engram/rooms', /electron\/hosts\/cli may not import electron\/(sensing\/capture|api)/, 2],
    ['settings-key-literal.ts', 'no-restricted-syntax', /Name a settings key by its exported constant/, 2],
    ['long-function.ts', 'max-lines-per-function', /too many lines \(152\)\. Maximum allowed is 150/],
    ['host-imports-store.ts', 'no-restricted-imports', /A host holds no store/, 2],
    ['host-reads-store.ts', 'no-restricted-syntax', /A host holds no store/, 2],
    ['host-imports-data-dir.ts', 'no-restricted-imports', /A host gets the data dir and its key from the engine/, 2],
    ['host-imports-agents.ts', 'engram/rooms', /electron\/hosts\/mcp may not import agents\/(store|chat)/, 2],
    ['desktop-imports-agents.ts', 'engram/rooms', /electron\/desktop\/main may not import agents\/store/],
    ['agent-imports-upward.ts', 'engram/rooms', /agents\/episodic may not import agents\/meta/],
  ])('%s breaks %s', async (name, rule, message, times = 1) => {
    const fired = (await lint(name)).filter((m) => m.rule === rule);
    expect(fired).toHaveLength(times);
    for (const f of fired) expect(f.message).toMatch(message);
  });

  it.each(['clean-host.ts', 'clean-store.ts', 'clean-desktop-electron.ts', 'clean-desktop-engine.ts'])('%s passes', async (name) => {
    expect(await lint(name)).toEqual([]);
  });

  it('has a case for every fixture', () => {
    expect(readdirSync(dir).sort()).toEqual(
      [
        'clean-desktop-electron.ts',
        'clean-desktop-engine.ts',
        'clean-host.ts',
        'host-imports-agents.ts',
        'host-imports-data-dir.ts',
        'host-imports-store.ts',
        'host-reads-store.ts',
        'desktop-imports-agents.ts',
        'agent-imports-upward.ts',
        'desktop-imports-sensing.ts',
        'host-imports-sensing.ts',
        'clean-store.ts',
        'electron-outside-desktop.ts',
        'engine-imports-host.ts',
        'long-function.ts',
        'reaches-past-door.ts',
        'renderer-imports-agents.ts',
        'settings-key-literal.ts',
        'shared-imports-node.ts',
        'store-imports-agent.ts',
      ].sort(),
    );
  });
});
