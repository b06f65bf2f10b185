#!/usr/bin/env node
// Bundles the `engram` command into dist/cli/ (issue 34; how and why: node-bundle.mjs). The MCP SDK
// (engram mcp) is bundled beside zod: ~60 small files with its schema converter.
// dist/cli/meta.json maps each chunk back to its sources (test/integration/cli-lazy-rooms reads it).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleNode } from './node-bundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const meta = await bundleNode({
  root,
  entryPoints: { engram: path.join(root, 'electron/hosts/cli/main.ts') },
  outdir: path.join(root, 'dist', 'cli'),
  bundled: new Set(['zod', '@modelcontextprotocol/sdk', 'zod-to-json-schema']),
});
if (!process.argv.includes('--quiet')) console.log(`cli bundled: dist/cli/engram.js (${Object.keys(meta.outputs).length} files)`);
