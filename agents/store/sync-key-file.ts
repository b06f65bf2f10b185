import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { removeFileDurable, writeFileDurable } from './durable-file.js';
import { keyFilePath } from './key-file-path.js';
import { ensureKeysDir, readKeyFile } from './key-provider.js';

/**
 * The sync key of a data folder, kept as the master key's file is: in the keys folder outside every
 * data folder (ENGRAM_KEY_DIR overrides it), mode 0600, refused when others can read it. Whoever
 * has it can read the sync folder, so it never goes into the data folder or the sync folder.
 */
export class SyncKeyFile {
  readonly kind = 'key file';
  readonly path: string;

  constructor(dataDir: string, env: NodeJS.ProcessEnv = process.env) {
    this.path = keyFilePath(dataDir, env).replace(/\.key$/, '.sync.key');
  }

  get(): Buffer | null {
    return existsSync(this.path) ? readKeyFile(this.path) : null;
  }

  set(key: Buffer): void {
    ensureKeysDir(dirname(this.path));
    if (existsSync(this.path)) removeFileDurable(this.path);
    writeFileDurable(this.path, key.toString('hex') + '\n', { mode: 0o600, exclusive: true });
  }

  clear(): void {
    if (existsSync(this.path)) removeFileDurable(this.path);
  }
}
