/**
 * A CLI error does not echo the secret the refused input held (issue 28). `engram add --file` with a
 * broken JSON file quoted the parser's message, which quotes the file's first bytes: a pasted
 * "token=ghp_…" went to the terminal (and to a service's journal when run from a script). Now only
 * where the parser stopped is said, as `engram import` does. Real CLI in process; a made-up token.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../electron/hosts/cli/main.js';

const TOKEN = 'ghp_Zx8Cv2Bn6Mq4Wl9Er3Ty7Ui1Op5As0Df2Gh6J';

describe('CLI errors and the input they refuse', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  const add = async (content: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'engram-cli-echo-'));
    dirs.push(dir);
    const file = join(dir, 'chat.json');
    writeFileSync(file, content);
    let out = '';
    const code = await runCli(['--data-dir', join(dir, 'data'), 'add', '--file', file], { stdout: (t) => (out += t), stderr: (t) => (out += t), isTty: false, stdin: process.stdin }, { ...process.env, ENGRAM_KEY: randomBytes(32).toString('hex') });
    return { code, out, file };
  };

  it('a file that is not JSON: refused in one line that quotes none of its bytes', async () => {
    for (const content of [`token=${TOKEN}`, `[{"role": "user", "content": "my key ${TOKEN}" oops}]`]) {
      const r = await add(content);
      expect(r.code).toBe(2);
      expect(r.out).toMatch(/^engram: add: .*chat\.json is not valid JSON/);
      expect(r.out).not.toContain(TOKEN.slice(0, 6));
      expect(r.out).not.toContain('token=');
    }
  });

  it('says where the parser stopped when it knows', async () => {
    const r = await add(`[{"role": "user", "content": "hello" oops}]`);
    expect(r.out).toMatch(/is not valid JSON \(at character \d+\)/);
  });
});
