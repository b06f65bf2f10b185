import { readFileSync } from 'node:fs';

/** package.json's version, from the sources (electron/hosts/cli) or from dist/ (one level deeper). */
export function packageVersion(): string {
  for (const rel of ['../../../package.json', '../../../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(rel, import.meta.url), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'engram' && pkg.version) return pkg.version;
    } catch {
      // try the next layout
    }
  }
  return 'unknown';
}
