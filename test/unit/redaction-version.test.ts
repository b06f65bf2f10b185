import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DETECTION_SOURCES, DETECTORS_FINGERPRINT, DETECTORS_VERSION } from '../../shared/redaction/index.js';

const DIR = fileURLToPath(new URL('../../shared/redaction/', import.meta.url));

/**
 * Every generation's fingerprint, one line per bump (append, never edit): a fingerprint updated
 * without a bump would have to rewrite its version's line here, which review sees.
 */
const GENERATIONS: Record<number, string> = {
  1: 'd9821494d57a6333',
  2: '32a9db5269cfdc5b',
  3: 'c71d129c4cd186ff',
  4: '22afed60705bbc5a',
  5: '5f161d49e3470614',
  6: 'd10024312690c881',
  7: 'cd93a0baf81253eb',
  8: 'fdb27e459782e1e4',
  9: '32f5ac6a9f020a50',
  10: '3c8a919eb3a67e5b',
  11: '500e8ad3b6908318',
};

/** The detection sources' fingerprint: white space folded, so reformatting alone needs no bump. */
function fingerprint(files: readonly string[], read: (f: string) => string): string {
  const h = createHash('sha256');
  for (const f of files) h.update(`${f}\0${read(f).replace(/\s+/g, ' ').trim()}\0`);
  return h.digest('hex').slice(0, 16);
}

describe('redaction detectors version', () => {
  it('is bumped whenever the detection sources change (the store re-scrubs what it kept when it is)', () => {
    const now = fingerprint(DETECTION_SOURCES, (f) => readFileSync(DIR + f, 'utf8'));
    expect(
      now,
      `shared/redaction's detectors changed: bump DETECTORS_VERSION (now ${DETECTORS_VERSION}) and set DETECTORS_FINGERPRINT to '${now}' in shared/redaction/version.ts`,
    ).toBe(DETECTORS_FINGERPRINT);
    expect(GENERATIONS[DETECTORS_VERSION], `add '${DETECTORS_VERSION}: ${now}' to GENERATIONS in this test`).toBe(DETECTORS_FINGERPRINT);
    expect(new Set(Object.values(GENERATIONS)).size, 'each generation has its own fingerprint').toBe(Object.keys(GENERATIONS).length);
    expect(Math.max(...Object.keys(GENERATIONS).map(Number))).toBe(DETECTORS_VERSION);
  });

  it('tells a changed detector from the one fingerprinted', () => {
    const changed = fingerprint(DETECTION_SOURCES, (f) => readFileSync(DIR + f, 'utf8') + (f === 'detectors.ts' ? '\nconst x = 1;' : ''));
    expect(changed).not.toBe(DETECTORS_FINGERPRINT);
    // Reformatting is not a change.
    const reformatted = fingerprint(DETECTION_SOURCES, (f) => readFileSync(DIR + f, 'utf8').replace(/\n/g, '\n\n  '));
    expect(reformatted).toBe(DETECTORS_FINGERPRINT);
  });

  it('covers every source of the folder that finds secrets (a new one is added to DETECTION_SOURCES)', () => {
    // Files that only apply redactText, compare what it found, or are the version itself; anything else is part of detection.
    const applyOnly = new Set(['index.ts', 'version.ts', 'window-fields.ts', 'thread-title.ts', 'secret-identity.ts', 'whole-marker.ts']);
    const all = readdirSync(DIR).filter((f) => f.endsWith('.ts') && !applyOnly.has(f)).sort();
    expect(all).toEqual(DETECTION_SOURCES.filter((f) => !f.startsWith('../')).sort());
    expect(Number.isInteger(DETECTORS_VERSION) && DETECTORS_VERSION >= 1).toBe(true);
  });
});
