import type { StoreSource } from '../../engine/index.js';

/** Option spec in the shape node:util parseArgs takes; every command declares its own. */
export type OptionSpec = Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean; default?: string | boolean }>;

export interface ParsedArgs {
  values: Record<string, string | boolean | string[] | boolean[] | undefined>;
  positionals: string[];
}

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** True when stdout is a terminal (progress bars, live lines). */
  isTty: boolean;
  stdin: NodeJS.ReadableStream;
}

export interface CliContext {
  dataDir: string;
  json: boolean;
  io: CliIo;
  /** Where the engine opens (creating if needed) the encrypted store of dataDir, with the CLI's key provider. */
  storeSource(opts?: { embedder?: 'default' | 'none' }): StoreSource;
  /** Aborted on Ctrl-C; long-running commands stop cleanly. */
  signal: AbortSignal;
  /**
   * A second Ctrl-C exits at once; `lastWords` runs right before (one line on what was left, say).
   * Returns the function that withdraws it.
   */
  onHardStop?: (lastWords: () => void) => () => void;
  env: NodeJS.ProcessEnv;
}

/**
 * One CLI command. Each lives in its own file under commands/ and is listed in command-index.ts.
 * run() returns the exit code; a thrown CliError (or a store's error) is printed as one line by main.
 */
export interface Command {
  name: string;
  summary: string;
  /** Full --help text: usage line, options, examples. */
  help: string;
  options: OptionSpec;
  /** Whether extra positionals are allowed (e.g. search QUERY). */
  allowPositionals?: boolean;
  run(args: ParsedArgs, ctx: CliContext): Promise<number>;
}

export class CliError extends Error {
  constructor(message: string, readonly exitCode = 2) {
    super(message);
    this.name = 'CliError';
  }
}
