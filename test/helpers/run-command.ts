import { PassThrough } from 'node:stream';
import { HashEmbedder, StaticKeyProvider, openStore, type Embedder } from '../../agents/store/index.js';
import { parseCommandArgs } from '../../electron/hosts/cli/args.js';
import type { CliContext, Command } from '../../electron/hosts/cli/command.js';

/**
 * `engram <cmd> argv` in this process on a data folder (its store opened with the given key and a
 * hash embedder, or the one given), stdout and stderr captured together; no model keys from the environment.
 */
export async function runCommand(cmd: Command, argv: string[], at: { dataDir: string; key: Buffer; embedder?: () => Embedder | null }): Promise<{ code: number; out: string }> {
  let out = '';
  const ctx: CliContext = {
    dataDir: at.dataDir,
    json: false,
    io: { stdout: (t) => void (out += t), stderr: (t) => void (out += t), isTty: false, stdin: new PassThrough() },
    storeSource: () => () => openStore({ dataDir: at.dataDir, keyProvider: new StaticKeyProvider(at.key), embedder: at.embedder ? at.embedder() : new HashEmbedder(64) }),
    signal: new AbortController().signal,
    env: {},
  };
  return { code: await cmd.run(parseCommandArgs(argv, cmd.options, cmd.allowPositionals ?? false, cmd.name), ctx), out };
}
