import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** Makes temp folders (named from `prefix`) on demand for the calling file or describe; each is removed after the test that made it. */
export function tempDirsEachTest(prefix: string): () => string {
  const made: string[] = [];
  afterEach(() => {
    for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  return () => {
    const d = mkdtempSync(join(tmpdir(), prefix));
    made.push(d);
    return d;
  };
}

/**
 * A scratch folder for the calling file, made before its tests and handed to `ready`, with
 * ENGRAM_KEY_DIR pointed at its keys/ (a sync key file goes beside the master key's: never the
 * developer's own); after the tests the variable is restored and the folder removed. Called before
 * the file starts its host, its after hook runs once the host is closed (last-registered first).
 */
export function keyDirForFile(prefix: string, ready: (scratch: string) => void): void {
  const saved = process.env.ENGRAM_KEY_DIR;
  let scratch = '';
  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), prefix));
    process.env.ENGRAM_KEY_DIR = join(scratch, 'keys');
    ready(scratch);
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.ENGRAM_KEY_DIR;
    else process.env.ENGRAM_KEY_DIR = saved;
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });
}
