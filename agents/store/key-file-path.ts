import { createHash } from 'node:crypto';
import { existsSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';

/**
 * The folder that holds CLI/headless key files: outside every data folder, so a copy or a sync of
 * a data folder never carries the key that opens it. ENGRAM_KEY_DIR overrides it (tests use a temp one).
 */
export function keysDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  const set = (v: string | undefined): v is string => v !== undefined && v.trim() !== '';
  if (set(env.ENGRAM_KEY_DIR)) return resolve(env.ENGRAM_KEY_DIR);
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Engram Keys');
  if (platform === 'win32') return join(set(env.APPDATA) ? env.APPDATA : join(homedir(), 'AppData', 'Roaming'), 'Engram Keys');
  return join(set(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : join(homedir(), '.config'), 'engram', 'keys');
}

/** The real path of a folder that may not exist yet: its nearest existing ancestor resolved, the rest appended. */
function realPathOf(dir: string): string {
  let head = resolve(dir);
  const tail: string[] = [];
  while (!existsSync(head)) {
    const up = dirname(head);
    if (up === head) break;
    tail.unshift(basename(head));
    head = up;
  }
  return join(realpathSync(head), ...tail);
}

/** The key file of one data folder: named by a hash of the folder's real path, so a symlink or `..` finds the same key. */
export function keyFilePath(dataDir: string, env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  const id = createHash('sha256').update(realPathOf(dataDir)).digest('hex').slice(0, 32);
  return join(keysDir(env, platform), `${id}.key`);
}
