#!/usr/bin/env node
// Bundles the desktop app's main process into dist/desktop/ (issue 34; how and why: node-bundle.mjs):
// launch.ts is the entry (package.json "main"), the composition root (main.ts) and the engine and
// rooms it loads after the window exists are chunks loaded as lazily as before. 'electron' and every
// package but zod and the pairing code's word list (@scure/bip39: ~10 small files at each start)
// stay external; workers, preloads and files beside modules are dist/'s twins, which
// the packaged app ships beside the bundle (electron-builder.yml "files": dist/**).
// dist/desktop/meta.json maps each chunk back to its sources (test/integration/desktop-bundle reads it).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleNode } from './node-bundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const meta = await bundleNode({
  root,
  entryPoints: { launch: path.join(root, 'electron/desktop/main/launch.ts') },
  outdir: path.join(root, 'dist', 'desktop'),
  // @noble/hashes with @scure/bip39: it imports its own copy (2.x, nested under it); left external,
  // the bundle would resolve the top-level 1.x instead.
  bundled: new Set(['zod', '@scure/bip39', '@noble/hashes']),
});
if (!process.argv.includes('--quiet')) console.log(`desktop main bundled: dist/desktop/launch.js (${Object.keys(meta.outputs).length} files)`);
