#!/usr/bin/env node
// The `engram` command. Runs the bundled CLI from dist/cli (npm run build: one entry and a chunk per
// lazily loaded part, which starts in a fraction of the time of ~400 separate modules), else tsc's
// compiled modules, else, in a source checkout without a build, the TypeScript through tsx.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const bundled = fileURLToPath(new URL('../dist/cli/engram.js', import.meta.url));
const built = fileURLToPath(new URL('../dist/electron/hosts/cli/main.js', import.meta.url));
let mod;
if (existsSync(bundled)) {
  mod = await import(pathToFileURL(bundled).href);
} else if (existsSync(built)) {
  mod = await import(pathToFileURL(built).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  mod = await import(new URL('../electron/hosts/cli/main.ts', import.meta.url).href);
}
await mod.main();
