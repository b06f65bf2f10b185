import { spawn } from 'node:child_process';
import path from 'node:path';
import { CAPTURE_MALLOC_ENV, CAPTURE_V8_FLAGS } from '../../../shared/process-memory/index.js';

/**
 * The packaged app started from the desktop's menu on Linux gets the capture's malloc settings
 * (shared/process-memory) by starting itself once more with them (issue 34). glibc reads them only
 * when a process starts, electron-builder writes the menu entry's Exec= itself and refuses an
 * override (its executableArgs carry the V8 flag, see electron-builder.yml, but no environment),
 * and a launcher script in place of the binary would take the name electron-builder flips the fuses
 * in. This file runs before anything else of the app is loaded (launch.ts): the first process
 * costs one start of Electron up to here, then leaves; it holds no lock, window or store.
 * Imports nothing but Node and shared/process-memory, so that first process stays that small.
 */

/** Set in the relaunched process: it never starts a third, whatever its environment says. */
export const RELAUNCH_MARK = 'ENGRAM_MEMORY_RELAUNCHED';

export interface RelaunchInput {
  platform: NodeJS.Platform;
  isPackaged: boolean;
  env: NodeJS.ProcessEnv;
  /** process.argv: the binary, then its arguments (a packaged app has no script argument). */
  argv: readonly string[];
  execPath: string;
}

export interface RelaunchPlan {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
}

/** The V8 switch, as the autostart entry and the menu entry give it (policy/login-item.ts's electronJsFlags). */
const JS_FLAGS = `--js-flags=${CAPTURE_V8_FLAGS.join(' ')}`;

/**
 * Whether to start again, and how: only the packaged app on Linux (Electron's Linux builds are
 * glibc's), only when MALLOC_ARENA_MAX is not set (the autostart entry sets it; a value the user
 * set is theirs), not when turned off (ENGRAM_MALLOC_ARENAS=default, as for the CLI's captures),
 * and never in the process a relaunch started.
 */
export function memoryRelaunchPlan(input: RelaunchInput): RelaunchPlan | null {
  const { env } = input;
  if (input.platform !== 'linux' || !input.isPackaged) return null;
  if (env.MALLOC_ARENA_MAX !== undefined || env.ENGRAM_MALLOC_ARENAS === 'default' || env[RELAUNCH_MARK] !== undefined) return null;
  const rest = input.argv.slice(1);
  // The AppImage file, not its mount point, which goes away when this first process ends.
  const command = env.APPIMAGE && path.isAbsolute(env.APPIMAGE) ? env.APPIMAGE : input.execPath;
  // A --js-flags already given (the menu entry's, or the user's own) is kept as it is.
  const args = rest.some((a) => a.startsWith('--js-flags')) ? rest : [JS_FLAGS, ...rest];
  return { command, args, env: { ...env, ...CAPTURE_MALLOC_ENV, [RELAUNCH_MARK]: '1' } };
}

/**
 * Starts the app again per the plan, detached (this process leaves at once), and resolves to
 * 'relaunched' once the new process runs; to 'here' when no relaunch is wanted or it could not
 * start (the app then runs in this process, with the defaults, as before).
 */
export function relaunchWithMemorySettings(input: RelaunchInput, log: (line: string) => void): Promise<'relaunched' | 'here'> {
  const plan = memoryRelaunchPlan(input);
  // The mark is for this process only: what it starts (Syncthing, a browser) is not a relaunch.
  if (!plan) {
    delete input.env[RELAUNCH_MARK];
    return Promise.resolve('here');
  }
  return new Promise((resolve) => {
    const child = spawn(plan.command, plan.args, { env: plan.env, detached: true, stdio: 'inherit' });
    child.once('spawn', () => {
      child.unref();
      resolve('relaunched');
    });
    child.once('error', (err) => {
      log(`could not start again with the memory settings (${err.message}); starting with the defaults`);
      resolve('here');
    });
  });
}
