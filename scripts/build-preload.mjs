#!/usr/bin/env node
// Bundles the Electron preloads into single CommonJS files. Sandboxed preloads cannot load ES
// modules or our other files at run time (only `require('electron')`), so tsc's ESM output is not
// enough: esbuild inlines each preload's imports and leaves `electron` to the runtime.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entries = {
  engram: 'electron/desktop/preload/index.ts',
  'builtin-page': 'electron/desktop/preload/builtin-page.ts',
  recorder: 'electron/desktop/preload/recorder.ts',
  'screen-stream': 'electron/desktop/preload/screen-stream.ts',
};

await build({
  absWorkingDir: root,
  entryPoints: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, path.join(root, file)])),
  outdir: path.join(root, 'dist/electron/desktop/preload'),
  outExtension: { '.js': '.cjs' },
  bundle: true,
  format: 'cjs',
  platform: 'browser',
  target: 'chrome130',
  external: ['electron'],
  sourcemap: false,
  minify: false,
  logLevel: 'warning',
  legalComments: 'none',
});
if (!process.argv.includes('--quiet')) console.log(`preloads built: ${Object.keys(entries).map((n) => `dist/electron/desktop/preload/${n}.cjs`).join(', ')}`);
