import { terminalSafe } from './terminal-text.js';
import { readFileSync } from 'node:fs';
import { parseCommandArgs } from './args.js';
import { CliError, type CliContext, type CliIo } from './command.js';
import { COMMAND_INDEX, type CommandEntry } from './command-index.js';
import { fsErrorLine } from './fs-error.js';
import { exitCodeOf, followParent, runWithArenaCap, tellParentEnd, wantsArenaCap } from './malloc-arenas.js';

function version(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { version?: string };
    return pkg.version ?? 'unknown';
  } catch {
    try {
      const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version?: string };
      return pkg.version ?? 'unknown';
    } catch {
      return 'unknown';
    }
  }
}

/**
 * The locator's door (data dir, key, the store's failures), loaded when a command runs or help names
 * the default folders: not the engine's whole module graph, which only the commands that use the
 * engine load (--version pays for neither).
 */
const locator = () => import('../../locate/index.js');

async function mainHelp(commands: readonly CommandEntry[]): Promise<string> {
  // The platform's defaults, not what this environment overrides.
  const places = (await locator()).engramPlaces({});
  const width = Math.max(...commands.map((c) => c.name.length)) + 2;
  return `engram — your local, encrypted memory

usage: engram [--data-dir DIR] [--json] COMMAND [options]

commands:
${commands.map((c) => `  ${c.name.padEnd(width)}${c.summary}`).join('\n')}

global options:
  --data-dir DIR   where the encrypted memory lives (default: $ENGRAM_DATA_DIR, else
                   ${places.dataDir})
  --json           machine-readable output on read commands
  --help, -h       help; "engram COMMAND --help" for a command
  --version        print the version

The master key comes from $ENGRAM_KEY (64 hex characters) or the data dir's key file, kept
outside it in ${places.keysDir} ($ENGRAM_KEY_DIR overrides) and created on first use with
mode 0600. Nothing leaves this machine unless you say so.
`;
}

async function errorLine(err: unknown): Promise<{ line: string; code: number }> {
  if (err instanceof CliError) return { line: err.message, code: err.exitCode };
  // The time parser (chrono) and the contract's schemas load here, on an error, rather than at
  // start-up: --help and commands that never parse a time or call the handler map skip them (a
  // command that did use them has them loaded already, so this costs nothing there).
  const [{ TimeArgError }, { hostFailureOf }, { storeFailureOf }] = await Promise.all([import('../../../shared/time/index.js'), import('../../../shared/api/index.js'), locator()]);
  if (err instanceof TimeArgError) return { line: err.message, code: 2 };
  const stored = storeFailureOf(err);
  if (stored) return { line: stored.message, code: 1 };
  // A refused call to the handler map: the one mapping of contract codes to lines and exit codes.
  const failed = hostFailureOf(err);
  if (failed) return { line: failed.line, code: failed.exitCode };
  const e = err as { message?: string; code?: string };
  if (e?.code === 'EPIPE') return { line: '', code: 0 };
  const fsLine = fsErrorLine(err);
  if (fsLine) return { line: fsLine, code: 1 };
  return { line: `unexpected error: ${String(e?.message ?? err).split('\n')[0]}`, code: 1 };
}

export interface CliHooks {
  /** Called once the command and its data dir are known, right before it runs (main installs the crash journal here). */
  onCommand?(command: string, dataDir: string): void | Promise<void>;
  /** Registers what a command says when a second Ctrl-C stops it at once (see CliContext.onHardStop). */
  onHardStop?: (lastWords: () => void) => () => void;
}

export async function runCli(argv: string[], raw: CliIo, env: NodeJS.ProcessEnv = process.env, signal?: AbortSignal, hooks: CliHooks = {}): Promise<number> {
  // Everything printed passes here: stored text may carry a stranger's terminal escapes.
  const io: CliIo = { ...raw, stdout: (t) => raw.stdout(terminalSafe(t)), stderr: (t) => raw.stderr(terminalSafe(t)) };
  const commands = COMMAND_INDEX;
  let dataDir: string | undefined;
  let json = false;
  let i = 0;
  // Global options come before the command name.
  for (; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--data-dir') {
      const v = argv[++i];
      if (!v) {
        io.stderr('engram: --data-dir needs a folder\n');
        return 2;
      }
      dataDir = v;
    } else if (a.startsWith('--data-dir=')) dataDir = a.slice('--data-dir='.length);
    else if (a === '--json') json = true;
    else if (a === '--help' || a === '-h') {
      io.stdout(await mainHelp(commands));
      return 0;
    } else if (a === '--version') {
      io.stdout(`engram ${version()}\n`);
      return 0;
    } else break;
  }
  const name = argv[i];
  if (!name) {
    io.stdout(await mainHelp(commands));
    return 2;
  }
  // `engram sync syncthing …` is `engram syncthing …`: the Syncthing that copies the sync folder, where users look for it.
  const alias = name === 'sync' && argv[i + 1] === 'syncthing';
  const entry = commands.find((c) => c.name === (alias ? 'syncthing' : name));
  if (!entry) {
    io.stderr(`engram: unknown command "${name}" (run engram --help)\n`);
    return 2;
  }
  const command = await entry.load();
  let rest = argv.slice(i + (alias ? 2 : 1));
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout(command.help + '\n');
    return 0;
  }
  // --data-dir is accepted after the command too.
  const dd = rest.findIndex((a) => a === '--data-dir' || a.startsWith('--data-dir='));
  if (dd >= 0) {
    const a = rest[dd]!;
    const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : rest[dd + 1];
    if (!v) {
      io.stderr('engram: --data-dir needs a folder\n');
      return 2;
    }
    dataDir = v;
    rest = [...rest.slice(0, dd), ...rest.slice(dd + (a.includes('=') ? 1 : 2))];
  }
  const place = (await locator()).locateEngram({ dataDir, env, notice: (line) => io.stderr(`${line}\n`) });
  const dir = place.dataDir;
  const controller = new AbortController();
  signal?.addEventListener('abort', () => controller.abort(), { once: true });
  const ctx: CliContext = {
    dataDir: dir,
    json,
    io,
    env,
    signal: controller.signal,
    onHardStop: hooks.onHardStop,
    storeSource: (opts) => place.store(opts),
  };
  try {
    const args = parseCommandArgs(rest, command.options, command.allowPositionals ?? false, command.name);
    await hooks.onCommand?.(command.name, dir);
    return await command.run(args, ctx);
  } catch (err) {
    const { line, code } = await errorLine(err);
    if (line) io.stderr(`engram: ${line}\n`);
    return code;
  }
}

/** How long a command may take to end after SIGTERM before the process exits anyway. */
const SIGTERM_BOUND_MS = 20_000;

/** Process entry: real stdio, Ctrl-C aborts the running command. */
export async function main(): Promise<void> {
  if (wantsArenaCap(process.argv.slice(2), process.env)) {
    process.exitCode = exitCodeOf(await runWithArenaCap(process));
    return;
  }
  const controller = new AbortController();
  let interrupted = false;
  let terminated = false;
  const lastWords = new Set<() => void>();
  process.on('SIGINT', () => {
    if (interrupted) {
      for (const say of lastWords) {
        try {
          say();
        } catch {
          // Exiting at once was asked for: a failed last line must not stop that.
        }
      }
      process.exit(130);
    }
    interrupted = true;
    controller.abort();
  });
  // SIGTERM (a service manager, `kill`) ends a command as Ctrl-C does, so a long-running serve stops
  // what it started (Engram's own Syncthing among them); a command that does not end within the
  // bound, or a second SIGTERM, exits at once.
  const stopBounded = () => {
    controller.abort();
    setTimeout(() => process.exit(143), SIGTERM_BOUND_MS).unref();
  };
  process.on('SIGTERM', () => {
    if (interrupted || terminated) process.exit(143);
    terminated = true;
    stopBounded();
  });
  // A capture started again with the arena cap (malloc-arenas.ts): its parent's SIGTERM, or the
  // parent's end, stops it like a first SIGTERM (the same signal may also reach it directly).
  const capped = followParent(process, stopBounded);
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(0);
  });
  const io: CliIo = {
    stdout: (t) => void process.stdout.write(t),
    stderr: (t) => void process.stderr.write(t),
    isTty: Boolean(process.stdout.isTTY),
    stdin: process.stdin,
  };
  // Keep the key out of process.env once read: Node's diagnostic reports (crash reports) include
  // the environment, and would otherwise write the master key to disk in plain text.
  const env = { ...process.env };
  delete process.env.ENGRAM_KEY;
  const code = await runCli(process.argv.slice(2), io, env, controller.signal, {
    // An error that escapes a command (a long-running serve or capture, say) is kept as a local
    // crash report and told in one line, instead of a stack trace on the terminal.
    // Loaded here, not at start-up: the journal and redaction pull in zod and the secret detectors,
    // which --version, --help and the waiting parent of a capture (malloc-arenas.ts) never need.
    onCommand: async (command, dataDir) => {
      const { installCrashJournal } = await import('./crash-install.js');
      installCrashJournal(process, dataDir, `engram ${command}`, (line) => process.stderr.write(line));
    },
    onHardStop: (say) => {
      lastWords.add(say);
      return () => lastWords.delete(say);
    },
  });
  if (capped) await tellParentEnd(process, code);
  process.exitCode = code;
}
