/**
 * A stranger's terminal escapes never reach the user's terminal through the CLI (issue 28). An
 * imported chat holds an OSC 8 hyperlink (words made a live link to a page), an OSC 52 clipboard
 * write and colour codes; `engram search` and `engram ask` print what was stored, and a terminal
 * obeys what it is printed. The words stay; the sequences go.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../electron/hosts/cli/main.js';

describe('terminal escapes in stored text', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'engram-cli-terminal-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('search and ask print the words without the sequences', async () => {
    const env = { ...process.env, ENGRAM_KEY: randomBytes(32).toString('hex'), ENGRAM_EMBEDDER: 'hash' };
    const run = async (argv: string[]) => {
      let out = '';
      const code = await runCli(['--data-dir', dir, ...argv], { stdout: (t) => (out += t), stderr: (t) => (out += t), isTty: true, stdin: process.stdin }, env);
      return { code, out };
    };
    const f = join(dir, 'chat.json');
    const hostile = 'The harbour meeting moved to Friday. \x1b]8;;https://evil.example/agenda\x07Open the agenda\x1b]8;;\x07 and \x1b]52;c;cm0gLXJmIH4=\x07 bring the \x1b[31mred\x1b[0m folder.';
    writeFileSync(f, JSON.stringify([{ role: 'user', content: hostile }, { role: 'assistant', content: 'Noted.' }]));
    expect((await run(['add', '--file', f])).code).toBe(0);
    for (const argv of [['search', 'harbour meeting'], ['ask', 'when is the harbour meeting?']]) {
      const { code, out } = await run(argv);
      expect(code, argv.join(' ')).toBe(0);
      expect(out, argv.join(' ')).toContain('harbour meeting moved to Friday');
      expect(out, argv.join(' ')).not.toMatch(/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/);
    }
  });
});
