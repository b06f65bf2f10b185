import { buildSync, type BuildOptions } from 'esbuild';
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
    out = bundle({ entryPoints: [source] }, basename(source).replace(/\.ts$/, '.mjs'));
    built.set(source, out);
  }
  return [out];
}

/**
 * An inline ES module (TypeScript; relative imports from the repo root), started as the scripts
 * above: `node <path>` of one module built from it, instead of `node --import tsx -e CODE`.
 */
export function harnessInline(code: string): string[] {
  if (process.env.ENGRAM_HARNESS_TSX === '1') return ['--import', 'tsx', '--input-type=module', '-e', code];
  let out = built.get(code);
  if (!out) {
    out = bundle({ stdin: { contents: code, resolveDir: process.cwd(), loader: 'ts', sourcefile: 'inline.ts' } }, 'inline.mjs');
    built.set(code, out);
  }
  return [out];
}

/** Builds one module into dist/test/harness/<hash of the code>/<name>; returns its path. */
function bundle(entry: Pick<BuildOptions, 'entryPoints' | 'stdin'>, name: string): string {
  const result = buildSync({
    ...entry,
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
  const dir = join(process.cwd(), 'dist', 'test', 'harness', createHash('sha256').update(code).digest('hex').slice(0, 16));
  const out = join(dir, name);
  if (!existsSync(out)) {
    mkdirSync(dir, { recursive: true });
    // Two test files may build the same script at once: each writes its own file, then renames.
    const tmp = `${out}.${process.pid}.tmp`;
    writeFileSync(tmp, code);
    renameSync(tmp, out);
  }
  return out;
}
