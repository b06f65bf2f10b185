import { keyFilePath } from '../../agents/store/index.js';

/** Where the CLI/headless key of a data dir lives, resolved as the code does (tests run with a temp ENGRAM_KEY_DIR). */
export function keyFileOf(dataDir: string, env: NodeJS.ProcessEnv = process.env): string {
  return keyFilePath(dataDir, env);
}
