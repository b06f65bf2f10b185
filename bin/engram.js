#!/usr/bin/env node
// The `engram` command. Runs the compiled CLI from dist/ (npm run build); in a source checkout
// without a build it runs the TypeScript directly through tsx.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const built = fileURLToPath(new URL('../dist/electron/hosts/cli/main.js', import.meta.url));
let mod;
if (existsSync(built)) {
  mod = await import(pathToFileURL(built).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  mod = await import(new URL('../electron/hosts/cli/main.ts', import.meta.url).href);
}
await mod.main();
