import { homedir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../electron/hosts/cli/main.js';
import { COMMAND_INDEX } from '../../electron/hosts/cli/command-index.js';
import type { CliIo } from '../../electron/hosts/cli/command.js';
import { packageVersion } from '../../electron/hosts/cli/version.js';

async function help(argv: string[]): Promise<string> {
  let text = '';
  const io: CliIo = { stdout: (t) => void (text += t), stderr: (t) => void (text += `[stderr] ${t}`), isTty: false, stdin: process.stdin };
  const code = await runCli(argv, io, {});
  return `$ engram ${argv.join(' ')}  [exit ${code}]\n${text}`;
}

// Every help text the CLI prints, kept in one file: a refactor of the hosts (issue 32) must leave
// them byte for byte as they were; a deliberate change updates the file (vitest -u) in the same commit.
describe('engram --help texts', () => {
  it('are as recorded in test/fixtures/cli-help.txt', async () => {
    const parts = [await help(['--help']), await help(['--version'])];
    for (const c of COMMAND_INDEX) parts.push(await help([c.name, '--help']));
    const text = parts.join('\n').split(homedir()).join('~').split(packageVersion()).join('<VERSION>');
    await expect(text).toMatchFileSnapshot('../fixtures/cli-help.txt');
  });
});
