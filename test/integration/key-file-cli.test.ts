import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../electron/hosts/cli/main.js';
import { keyFileOf } from '../helpers/key-file.js';

const root = mkdtempSync(join(tmpdir(), 'engram-keyfile-cli-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function cli(dir: string, argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io = { stdout: (t: string) => void (out += t), stderr: (t: string) => void (err += t), isTty: false, stdin: Readable.from([]) };
  const code = await runCli(['--data-dir', dir, ...argv], io, { PATH: process.env.PATH, ENGRAM_EMBEDDER: 'none', ENGRAM_KEY_DIR: join(root, 'keys') });
  return { code, out, err };
}

describe('engram with a key file left in the data folder (an older version made it)', () => {
  it('moves it out once, says so in one line on stderr, and keeps reading the memory', async () => {
    const dir = join(root, 'data');
    const first = await cli(dir, ['add', '--text', 'kept before the key moved']);
    expect(first.code).toBe(0);
    const env = { ENGRAM_KEY_DIR: join(root, 'keys') };
    const key = readFileSync(keyFileOf(dir, env), 'utf8');
    expect(existsSync(join(dir, 'engram.key'))).toBe(false);
    // Put it back where an older Engram kept it.
    writeFileSync(join(dir, 'engram.key'), key, { mode: 0o600 });
    rmSync(keyFileOf(dir, env));
    const moved = await cli(dir, ['search', 'moved', '--json']);
    expect(moved.code).toBe(0);
    expect(moved.out).toContain('kept before the key moved');
    expect(moved.err.trim().split('\n')).toHaveLength(1);
    expect(moved.err).toMatch(/moved the key file out of the data folder/);
    expect(existsSync(join(dir, 'engram.key'))).toBe(false);
    expect(readFileSync(keyFileOf(dir, env), 'utf8')).toBe(key);
    const again = await cli(dir, ['search', 'moved', '--json']);
    expect(again.code).toBe(0);
    expect(again.err).toBe('');
  });
});
