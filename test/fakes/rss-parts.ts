import { readFileSync } from 'node:fs';

/**
 * What the process's resident memory is made of, in bytes, from /proc/self/smaps (Linux; null
 * elsewhere): the soak's answer to "what holds memory" when the JS heap is a small part of RSS.
 *   arenas  anonymous mappings aligned to and at most 64 MiB: glibc malloc's per-thread arenas
 *           (native code running off the main thread: libvips, the libuv pool)
 *   brk     [heap]: the main thread's malloc arena (SQLite's page cache, addons on the main thread)
 *   files   mapped files (the node binary, libvips, addons: shared and clean, dropped first)
 *   anon    every other anonymous mapping: V8's heaps and code (worker threads' too), wasm
 *           memories, large mallocs that glibc maps on their own, stacks
 */
export interface RssParts {
  anon: number;
  arenas: number;
  brk: number;
  files: number;
}

const ARENA = 64 * 1024 * 1024;

export function rssParts(path = '/proc/self/smaps'): RssParts | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return null;
  }
  const parts: RssParts = { anon: 0, arenas: 0, brk: 0, files: 0 };
  let kind: keyof RssParts = 'anon';
  for (const line of text.split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const start = parseInt(head[1]!, 16);
      const size = parseInt(head[2]!, 16) - start;
      const name = head[3] ?? '';
      if (name === '[heap]') kind = 'brk';
      else if (name.startsWith('/')) kind = 'files';
      else if (name === '' && start % ARENA === 0 && size <= ARENA) kind = 'arenas';
      else kind = 'anon';
      continue;
    }
    if (line.startsWith('Rss:')) parts[kind] += Number(line.slice(4).trim().split(/\s+/)[0]) * 1024;
  }
  return parts;
}
