#!/usr/bin/env node
// Bundles the `engram` command into dist/cli/ (issue 34). Node's ES module loader spends most of a
// one-shot command's start-up resolving, reading and linking ~400 small files (ours and zod's); one
// entry plus a chunk per lazily loaded part (each command, each lazy room: esbuild's splitting keeps
// every dynamic import() lazy) loads in a fraction of that. tsc's dist/ stays as it is: the desktop
// app, workers (the encoder's, tesseract's) and tests use those files, and so does this bundle when
// it starts a worker or reads a file beside a module (see importMetaUrlOfSource).
//
// Packages stay external (native addons, wasm, workers and data files resolve from node_modules as
// before) except pure-JS ones that cost many small files (BUNDLED): zod alone is ~95 modules, the
// MCP SDK (engram mcp) ~60 with its schema converter.
//
// zod's namespace object (`z`, as our schemas use it) holds every one of its ~50 locales (366 KB of
// the bundle, compiled by every command before it runs); Engram never switches zod's locale, so the
// bundle's locale index holds English alone (ONLY_LOCALE), which zod sets as its default either way.
// dist/cli/meta.json maps each chunk back to its sources (test/integration/cli-lazy-rooms reads it).
import { build } from 'esbuild';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'dist', 'cli');
const BUNDLED = new Set(['zod', '@modelcontextprotocol/sdk', 'zod-to-json-schema']);

/** The package a bare import names: `zod/v4` → zod, `@scope/pkg/x` → @scope/pkg. */
function packageOf(spec) {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * A module of ours that uses `import.meta.url` (a worker beside it, package.json above it, the query
 * table in resources/) means where its compiled twin lives in dist/, not where the bundle is: the
 * expression is rewritten to that twin's URL, computed from the bundle's own location at run time
 * (so the tree may be moved or packaged).
 */
function importMetaUrlOfSource(file) {
  const twin = path.join(root, 'dist', path.relative(root, file)).replace(/\.ts$/, '.js');
  const rel = path.relative(outdir, twin).split(path.sep).join('/');
  return `new URL(${JSON.stringify(rel)}, import.meta.url).href`;
}

/** The one zod locale the bundle keeps: what its schemas' messages read in, as without the bundle. */
const ONLY_LOCALE = 'en';

const plugin = {
  name: 'engram-cli',
  setup(b) {
    b.onLoad({ filter: /[\\/]node_modules[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, (args) => ({
      contents: `export { default as ${ONLY_LOCALE} } from './${ONLY_LOCALE}.js';\n`,
      resolveDir: path.dirname(args.path),
      loader: 'js',
    }));
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || !BUNDLED.has(packageOf(args.path))) return { path: args.path, external: true };
      return undefined;
    });
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      return { contents: text.replaceAll('import.meta.url', importMetaUrlOfSource(args.path)), loader: 'ts' };
    });
  },
};

// Chunk names carry a content hash: a fresh folder, or old chunks would pile up beside the new.
await rm(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: { engram: path.join(root, 'electron/hosts/cli/main.ts') },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  plugins: [plugin],
  metafile: true,
  sourcemap: false,
  minify: false,
  legalComments: 'none',
  logLevel: 'warning',
});
await writeFile(path.join(outdir, 'meta.json'), JSON.stringify(result.metafile));
if (!process.argv.includes('--quiet')) console.log(`cli bundled: dist/cli/engram.js (${Object.keys(result.metafile.outputs).length} files)`);
