import { accessSync, constants } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';
import { SyncthingError } from './syncthing-error.js';

/** Where Syncthing's own installers and the usual package managers put the binary, beyond PATH. */
function commonPaths(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string[] {
  const home = env.HOME ?? homedir();
  if (platform === 'win32') {
    const local = env.LOCALAPPDATA ?? join(home, 'AppData', 'Local');
    const programs = env.ProgramFiles ?? 'C:\\Program Files';
    return [join(local, 'Programs', 'Syncthing', 'syncthing.exe'), join(programs, 'Syncthing', 'syncthing.exe'), join(local, 'Microsoft', 'WinGet', 'Links', 'syncthing.exe')];
  }
  return [
    '/usr/bin/syncthing',
    '/usr/local/bin/syncthing',
    '/opt/homebrew/bin/syncthing',
    '/snap/bin/syncthing',
    join(home, '.local', 'bin', 'syncthing'),
    join(home, 'bin', 'syncthing'),
    '/Applications/Syncthing.app/Contents/Resources/syncthing/syncthing',
  ];
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The syncthing binary: $ENGRAM_SYNCTHING if set (it must exist), else the first on PATH, else a
 * common install path. Throws NOT_FOUND with one line saying how to install it.
 */
export function findSyncthing(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  const given = env.ENGRAM_SYNCTHING;
  if (given) {
    if (executable(given)) return given;
    throw new SyncthingError('NOT_FOUND', `ENGRAM_SYNCTHING is ${given}, which is not an executable file`);
  }
  const name = platform === 'win32' ? 'syncthing.exe' : 'syncthing';
  const onPath = (env.PATH ?? env.Path ?? '').split(delimiter).filter(Boolean).map((d) => join(d, name));
  for (const p of [...onPath, ...commonPaths(env, platform)]) if (executable(p)) return p;
  throw new SyncthingError(
    'NOT_FOUND',
    'Syncthing is not installed (not on PATH nor in the usual places): install it (Debian/Ubuntu: apt install syncthing; macOS: brew install syncthing; Windows: syncthing.net), or set ENGRAM_SYNCTHING to its path',
  );
}
