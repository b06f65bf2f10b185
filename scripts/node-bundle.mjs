// One esbuild bundle of a Node entry of ours (issue 34): the `engram` command (build-cli.mjs) and the
// desktop app's main process (build-desktop.mjs). Node's ES module loader spends most of a cold start
// resolving, reading and linking hundreds of small files (ours and zod's); one entry plus a chunk per
// lazily loaded part (esbuild's splitting keeps every dynamic import() lazy) loads in a fraction of
// that. tsc's dist/ stays as it is: workers (the encoder's, tesseract's, the vector thread) and tests
// use those files, and so does a bundle when it starts a worker or reads a file beside a module (see
// importMetaUrlOfSource).
//
// Packages stay external (native addons, wasm, workers and data files resolve from node_modules as
// before) except the pure-JS ones a caller names (`bundled`): zod alone is ~95 modules.
//
// zod's namespace object (`z`, as our schemas use it) holds every one of its ~50 locales (366 KB,
// compiled at every start); Engram never switches zod's locale, so the bundle's locale index holds
// English alone (ONLY_LOCALE), which zod sets as its default either way.
// <outdir>/meta.json maps each chunk back to its sources (tests read it; it is not shipped).
import { build } from 'esbuild';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The one zod locale a bundle keeps: what its schemas' messages read in, as without the bundle. */
const ONLY_LOCALE = 'en';

/** The package a bare import names: `zod/v4` → zod, `@scope/pkg/x` → @scope/pkg. */
function packageOf(spec) {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * A module of ours that uses `import.meta.url` (a worker beside it, package.json above it, the query
 * table in resources/, the preloads) means where its compiled twin lives in dist/, not where the
 * bundle is: the expression is rewritten to that twin's URL, computed from the bundle's own location
 * at run time (so the tree may be moved or packaged: dist/ travels whole).
 */
function importMetaUrlOfSource(root, outdir, file) {
  const twin = path.join(root, 'dist', path.relative(root, file)).replace(/\.ts$/, '.js');
  const rel = path.relative(outdir, twin).split(path.sep).join('/');
  return `new URL(${JSON.stringify(rel)}, import.meta.url).href`;
}

/**
 * Bundles `entryPoints` (name → source) into `outdir` (emptied first: chunk names carry a content
 * hash, and old chunks would pile up beside the new) and writes its meta.json; returns the metafile.
 */
export async function bundleNode({ root, entryPoints, outdir, bundled }) {
  const plugin = {
    name: 'engram-node-bundle',
    setup(b) {
      b.onLoad({ filter: /[\\/]node_modules[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, (args) => ({
        contents: `export { default as ${ONLY_LOCALE} } from './${ONLY_LOCALE}.js';\n`,
        resolveDir: path.dirname(args.path),
        loader: 'js',
      }));
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('node:') || !bundled.has(packageOf(args.path))) return { path: args.path, external: true };
        return undefined;
      });
      b.onLoad({ filter: /\.ts$/ }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const text = await readFile(args.path, 'utf8');
        if (!text.includes('import.meta.url')) return undefined;
        return { contents: text.replaceAll('import.meta.url', importMetaUrlOfSource(root, outdir, args.path)), loader: 'ts' };
      });
    },
  };
  await rm(outdir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints,
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
  return result.metafile;
}
