// chrono-node's English parser (parse, parseDate), loaded on the first parse rather than at start-up:
// every data command loads shared/time through the store's retriever, few of them read a time, and
// chrono is 51 modules. English only, as chrono-node's own top-level parse and parseDate: the
// package's index also loads its fifteen other locales (about 200 modules).
// Loaded through Node's require (its CommonJS build, cheaper to load than the ES one): shared/ is
// pure TypeScript, type-checked for the window without Node's types, so the process is reached
// through globalThis, not an import of node:module. shared/time is never in the window's bundle.
import type * as En from 'chrono-node/en';
import { onFirstUseSync } from '../first-use/index.js';

export type { Component, ParsedResult } from 'chrono-node/en';

interface NodeProcess {
  getBuiltinModule(id: 'node:module'): { createRequire(from: string): (id: string) => unknown };
}

const chrono = onFirstUseSync(() => {
  const { process } = globalThis as unknown as { process: NodeProcess };
  return process.getBuiltinModule('node:module').createRequire(import.meta.url)('chrono-node/en') as typeof En;
});

export function parse(...args: Parameters<typeof En.parse>): ReturnType<typeof En.parse> {
  return chrono().parse(...args);
}

export function parseDate(...args: Parameters<typeof En.parseDate>): ReturnType<typeof En.parseDate> {
  return chrono().parseDate(...args);
}
