import { buildSync } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

const built = new Map<string, string>();

/**
 * How a script of test/fakes is started in a process of its own: `node <path>` of one plain ES
 * module built from the current sources (test/fakes and the product code it imports; packages stay
 * imports). Under tsx every start of such a process cost ~2 CPU-s more (each of ~450 modules
 * resolved and loaded through its loader thread, source maps read), and the crash and power-loss
 * tests start one per kill. Built once per test process, from the sources as they are now (never
 * stale, unlike the rest of dist/), into dist/test/harness/<hash of the code>/: four folders below
 * the repo, as the compiled CLI sits, so paths the product computes from import.meta.url
 * (package.json for the version, packages through createRequire) resolve as they do from dist/;
 * the installers leave dist/test out.
 * ENGRAM_HARNESS_TSX=1 runs the .ts file through tsx instead (stack traces with source lines).
 */
export function harnessCommand(fake: string): string[] {
  const root = process.cwd();
  // A script of test/fakes by name, or any other test script by its path from the repo root.
  const source = fake.includes('/') ? join(root, fake) : join(root, 'test', 'fakes', fake);
  if (process.env.ENGRAM_HARNESS_TSX === '1') return ['--import', 'tsx', source];
  let out = built.get(source);
  if (!out) {
    const result = buildSync({
      entryPoints: [source],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      // Class and function names as in the sources (messages and crash reports name them).
      keepNames: true,
      write: false,
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]!.contents;
    const dir = join(root, 'dist', 'test', 'harness', createHash('sha256').update(code).digest('hex').slice(0, 16));
    out = join(dir, basename(source).replace(/\.ts$/, '.mjs'));
    if (!existsSync(out)) {
      mkdirSync(dir, { recursive: true });
      // Two test files may build the same script at once: each writes its own file, then renames.
      const tmp = `${out}.${process.pid}.tmp`;
      writeFileSync(tmp, code);
      renameSync(tmp, out);
    }
    built.set(source, out);
  }
  return [out];
}
