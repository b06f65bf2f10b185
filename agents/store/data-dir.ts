import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * The platform's app-data folder for Engram. The desktop app, the CLI, the headless host and the
 * MCP server all default to this one folder, so they share one memory.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (env.ENGRAM_DATA_DIR && env.ENGRAM_DATA_DIR.trim() !== '') return env.ENGRAM_DATA_DIR;
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Engram');
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Engram');
  return join(env.XDG_DATA_HOME && env.XDG_DATA_HOME.trim() !== '' ? env.XDG_DATA_HOME : join(homedir(), '.local', 'share'), 'engram');
}
