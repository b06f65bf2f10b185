import { spawn, type ChildProcess } from 'node:child_process';
import { CAPTURE_MALLOC_ENV, CAPTURE_V8_FLAGS } from '../../../shared/process-memory/index.js';

/**
 * glibc's malloc gives every thread that allocates its own arena (up to 8 per core) and keeps what
 * the arena once held: in a capturing process the libuv pool and libvips' threads fill ~100 MB of
 * arenas that stay resident (issue 34's soak, rss_parts). MALLOC_ARENA_MAX caps them, but glibc
 * reads it once, when the process starts, and Node 20 has no execve: so a long-running capture
 * (`engram capture --watch`, `engram serve --capture`) starts itself again once, as a child with
 * the variable set, and waits for it. One-shot commands never do (it would cost start-up time).
 * The settings themselves are shared/process-memory's, which the desktop's launchers use too.
 */
export { CAPTURE_MALLOC_ENV } from '../../../shared/process-memory/index.js';

/** The V8 flags (shared/process-memory), given first so a flag the user gave (node's own options) wins. */
export const CAPTURE_NODE_FLAGS: readonly string[] = CAPTURE_V8_FLAGS;

/** Set in the child so it knows its parent only waits for it (see followParent). */
const CHILD_MARK = 'ENGRAM_ARENA_CAPPED';

/** The command and its options from the CLI's argv (global options such as --data-dir D skipped). */
function commandOf(argv: readonly string[]): { name: string; rest: readonly string[] } | null {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--data-dir') i++;
    else if (!a.startsWith('-')) return { name: a, rest: argv.slice(i + 1) };
  }
  return null;
}

/** Whether argv runs a capture that lasts: capture --watch, serve --capture (not their --help). */
export function capturesLong(argv: readonly string[]): boolean {
  const c = commandOf(argv);
  if (!c || c.rest.includes('--help') || c.rest.includes('-h')) return false;
  return (c.name === 'capture' && c.rest.includes('--watch')) || (c.name === 'serve' && c.rest.includes('--capture'));
}

/** Whether this process should start itself again with the arena cap: Linux with glibc, not set yet. */
export function wantsArenaCap(argv: readonly string[], env: NodeJS.ProcessEnv, glibc: () => boolean = hasGlibc): boolean {
  // MALLOC_ARENA_MAX already given (any value, the user's own choice too), turned off on purpose,
  // or this is the child already: it never starts a third process, whatever its environment says.
  if (env.MALLOC_ARENA_MAX !== undefined || env.ENGRAM_MALLOC_ARENAS === 'default' || env[CHILD_MARK] !== undefined) return false;
  return capturesLong(argv) && glibc();
}

/** True on Linux with glibc (musl and other systems have no per-thread arenas to cap). */
export function hasGlibc(proc: NodeJS.Process = process): boolean {
  if (proc.platform !== 'linux') return false;
  const header = (proc.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)?.header;
  return typeof header?.glibcVersionRuntime === 'string';
}

/**
 * Runs this very command again as a child with MALLOC_ARENA_MAX set and resolves to its exit code.
 * The child shares the terminal and the process group, so a Ctrl-C (or a service manager's signal
 * to the whole group) reaches it directly; a SIGINT, SIGTERM or SIGHUP sent to this parent is passed
 * on as a message that stops the child as a first signal would, so one signal arriving both ways
 * stops it cleanly once (a second Ctrl-C to the child still ends it at once). If this parent dies,
 * the child sees its channel close and stops the same way.
 */
export function runWithArenaCap(proc: NodeJS.Process = process): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  const child: ChildProcess = spawn(proc.execPath, [...CAPTURE_NODE_FLAGS, ...proc.execArgv, ...proc.argv.slice(1)], {
    env: { ...proc.env, ...CAPTURE_MALLOC_ENV, [CHILD_MARK]: '1' },
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  });
  const passOn = (sig: NodeJS.Signals) => {
    if (child.connected) child.send({ stop: sig });
  };
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const sig of signals) proc.on(sig, passOn);
  // The code the child's command ended with, told before it exits (tellParentEnd).
  let told: number | undefined;
  child.on('message', (m: unknown) => {
    const ended = typeof m === 'object' && m !== null && 'ended' in m ? (m as { ended: unknown }).ended : undefined;
    if (typeof ended === 'number' && Number.isInteger(ended)) told = ended;
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      for (const sig of signals) proc.off(sig, passOn);
      // A signal that reaches the child while Node tears it down (its handlers already gone) kills
      // it after its command had ended: a service manager's SIGTERM to the whole group does that
      // when the parent's message stopped the child first. Its own end is the truth, not 143.
      resolve(signal !== null && told !== undefined ? { code: told, signal: null } : { code, signal });
    });
  });
}

/**
 * In a child started by runWithArenaCap: tells the parent the code its command ended with, before
 * the process exits, so a signal that only kills it during exit does not turn a clean stop into a
 * failure. Resolves once the message is written (or the channel is gone).
 */
export function tellParentEnd(proc: NodeJS.Process, code: number): Promise<void> {
  return new Promise((resolve) => {
    if (!proc.send || !proc.connected) return resolve();
    try {
      proc.send({ ended: code }, undefined, {}, () => resolve());
    } catch {
      resolve();
    }
  });
}

/**
 * In a child started by runWithArenaCap: calls stop() when the parent passes a signal on or goes
 * away (its channel closes), without keeping the process alive. Returns whether it is such a child.
 */
export function followParent(proc: NodeJS.Process, stop: () => void): boolean {
  if (proc.env[CHILD_MARK] !== '1' || !proc.channel) return false;
  // The mark is for this process only: what it starts (Syncthing, a browser) is no such child.
  delete proc.env[CHILD_MARK];
  proc.on('message', (m: unknown) => {
    if (typeof m === 'object' && m !== null && 'stop' in m) stop();
  });
  proc.once('disconnect', stop);
  proc.channel.unref();
  return true;
}

/** The exit code a parent gives for its child's end (a signal as the shell shows it: 128 + n). */
export function exitCodeOf(end: { code: number | null; signal: NodeJS.Signals | null }): number {
  if (end.code !== null) return end.code;
  const n = end.signal ? ({ SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 } as Record<string, number>)[end.signal] : undefined;
  return 128 + (n ?? 1);
}
