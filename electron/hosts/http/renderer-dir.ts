import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Where the built renderer is: dist/renderer next to this file's tree, whether we run from the
 * TypeScript sources (electron/hosts/http) or from the compiled output (dist/electron/hosts/http).
 */
export function defaultRendererDir(env: NodeJS.ProcessEnv = process.env): string {
  // Packagers and benchmarks may keep the built window elsewhere.
  if (env.ENGRAM_RENDERER_DIR) return env.ENGRAM_RENDERER_DIR;
  const candidates = [new URL('../../../dist/renderer/', import.meta.url), new URL('../../../renderer/', import.meta.url)];
  for (const c of candidates) {
    const dir = fileURLToPath(c);
    if (existsSync(`${dir}index.html`) && !existsSync(`${dir}src`)) return dir;
  }
  return fileURLToPath(candidates[0]!);
}
