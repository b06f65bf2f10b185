import { Readable } from 'node:stream';
import { runCli } from '../../electron/hosts/cli/main.js';

/** Runs one `engram` command in this process (no stdin, not a terminal) and keeps what it printed. */
export async function cliInProcess(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(args, { stdout: (t) => void (out += t), stderr: (t) => void (err += t), isTty: false, stdin: Readable.from([]) }, env);
  return { code, out, err };
}
