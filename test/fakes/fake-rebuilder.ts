import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Models what @electron/rebuild (behind electron-builder install-app-deps and electron-builder's
 * packaging rebuild) does to the SQLite addon: if build/Release/.forge-meta says the folder already
 * holds a build for this Electron ABI, it skips; otherwise it runs `node-gyp rebuild`, whose first
 * step (clean) removes the whole build/ folder, then compiles a new addon into build/Release and
 * writes that marker. `failAfterClean` is a rebuild that cannot get Electron's headers (no network):
 * build/ is already gone when it fails. Addons are text files naming their ABI, so a test can read
 * which build sits where.
 */
export class FakeRebuilder {
  runs = 0;
  skipped = 0;

  constructor(
    private readonly sqliteDir: string,
    private readonly abi = 'electron-141',
    private readonly failAfterClean = false,
  ) {}

  rebuild = async (): Promise<{ ok: boolean }> => {
    this.runs++;
    const release = path.join(this.sqliteDir, 'build', 'Release');
    const marker = path.join(release, '.forge-meta');
    if (existsSync(marker) && readFileSync(marker, 'utf8').includes(this.abi)) {
      this.skipped++;
      return { ok: true };
    }
    rmSync(path.join(this.sqliteDir, 'build'), { recursive: true, force: true });
    if (this.failAfterClean) return { ok: false };
    mkdirSync(release, { recursive: true });
    writeFileSync(path.join(release, 'better_sqlite3.node'), `addon for ${this.abi} (build ${this.runs})`);
    writeFileSync(marker, `x64--${this.abi}`);
    return { ok: true };
  };
}

/** The package as npm leaves it: Node's build in build/Release. */
export function fakeSqlitePackage(root: string): string {
  const dir = path.join(root, 'node_modules', 'better-sqlite3-multiple-ciphers');
  mkdirSync(path.join(dir, 'build', 'Release'), { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'better-sqlite3-multiple-ciphers', version: '12.0.0' }));
  writeFileSync(path.join(dir, 'build', 'Release', 'better_sqlite3.node'), 'addon for node-115');
  return dir;
}

export const readAddon = (file: string): string | null => (existsSync(file) ? readFileSync(file, 'utf8') : null);
