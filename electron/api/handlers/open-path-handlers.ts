import type { ApiDeps } from '../deps.js';
import { fail } from '../errors.js';
import type { HandlerGroup } from '../handler-types.js';
import { checkOpenablePath } from '../open-path-check.js';

/** Said where no host can open local files: the browser (browser mode) has no safe way to. */
export const NO_OPEN_PATH = 'Engram in a browser cannot open files on this computer (a browser has no safe way to): copy the path and open it yourself.';

/**
 * "Open that again" for a file path seen on screen: checked here (checkOpenablePath), opened by
 * the host with the system's default app (the desktop app's shell.openPath); hosts that cannot
 * (browser mode, CLI, MCP) refuse in one line.
 */
export function openPathHandlers(deps: ApiDeps): HandlerGroup<'system.open_path'> {
  return {
    'system.open_path': async (input) => {
      if (!deps.openPath) fail('UNAVAILABLE', NO_OPEN_PATH);
      const real = checkOpenablePath(input.path);
      const why = await deps.openPath(real);
      if (why) fail('IO', `Could not open ${input.path}: ${why}`);
      return { path: real };
    },
  };
}
