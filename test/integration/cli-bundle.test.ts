import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = process.cwd();
const BIN = join(ROOT, 'bin', 'engram.js');
const BUNDLE = join(ROOT, 'dist', 'cli', 'engram.js');
const REGISTER = join(ROOT, 'test', 'fixtures', 'module-log', 'register.mjs');

// Issue 34: `engram` runs from one bundled entry (scripts/build-cli.mjs, npm run build). A module
// of ours that finds a file beside itself (the encoder's worker, package.json) must still find it
// from the bundle, which lives elsewhere in dist/.
describe('the bundled engram command', () => {
  const dir = mkdtempSync(join(tmpdir(), 'engram-cli-bundle-'));
  const env: NodeJS.ProcessEnv = { ...process.env, ENGRAM_KEY: randomBytes(32).toString('hex'), ENGRAM_DATA_DIR: dir, ENGRAM_TZ: 'UTC' };
  delete env.ENGRAM_EMBEDDER;
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is what bin/engram.js runs', async () => {
    expect(existsSync(BUNDLE)).toBe(true);
    const log = join(dir, 'modules.txt');
    await run(process.execPath, ['--import', REGISTER, BIN, '--version'], { env: { ...env, MODULE_LOG: log } });
    const loaded = readFileSync(log, 'utf8').split('\n');
    expect(loaded).toContain(new URL(`file://${BUNDLE}`).href);
    expect(loaded.filter((u) => u.includes('/dist/electron/'))).toEqual([]);
  });

  it("keeps only zod's English locale (the schemas' messages read as without the bundle)", async () => {
    const meta = JSON.parse(readFileSync(join(ROOT, 'dist', 'cli', 'meta.json'), 'utf8')) as { outputs: Record<string, { inputs: Record<string, unknown> }> };
    const locales = Object.values(meta.outputs).flatMap((o) => Object.keys(o.inputs).filter((i) => /\/zod\/v4\/locales\/(?!index\.js$)/.test(i)));
    expect(locales.map((l) => l.replace(/.*\//, ''))).toEqual(['en.js']);
    // A message zod writes itself (its English locale), as the user reads it.
    const r = await run(process.execPath, [BIN, 'search', 'budget '.repeat(400)], { env }).catch((e: unknown) => e as { code: number; stderr: string });
    expect(r).toMatchObject({ code: 2, stderr: 'engram: query: Too big: expected string to have <=2000 characters\n' });
  });

  it('reads the version from package.json', async () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const r = await run(process.execPath, [BIN, '--version'], { env });
    expect(r.stdout.trim()).toBe(`engram ${pkg.version}`);
  });

  it('starts the sentence encoder in its worker (a search that waits for meaning)', async () => {
    await run(process.execPath, [BIN, 'add', '--text', 'Ana moved the Q3 budget review to Thursday'], { env });
    const r = await run(process.execPath, [BIN, 'search', '--wait-for-meaning', 'budget review'], { env });
    expect(r.stdout).toContain('Q3 budget review');
    expect(r.stderr).toBe('');
  }, 60_000);
});
