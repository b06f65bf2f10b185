import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM script without types (scripts/ is not part of the TypeScript projects)
import { BUILD_OUTPUTS, buildVerdict, writeStamp } from '../../scripts/build-stamp.mjs';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'engram-build-stamp-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const T0 = Date.parse('2026-01-01T10:00:00Z') / 1000;
function put(root: string, rel: string, text: string, at: number): void {
  const p = path.join(root, rel);
  mkdirSync(path.dirname(p), { recursive: true });
  writeFileSync(p, text);
  utimesSync(p, at, at);
}
/** A checkout with two sources written at T0, and (optionally) a build's outputs written at `builtAt`. */
function checkout(name: string, builtAt: number | null): string {
  const root = path.join(tmp, name);
  put(root, 'agents/store/a.ts', 'export const a = 1;\n', T0);
  put(root, 'package.json', '{"name":"engram"}\n', T0);
  if (builtAt !== null) for (const o of BUILD_OUTPUTS as string[]) put(root, o, 'built', builtAt);
  return root;
}
const verdict = (root: string): string => (buildVerdict(root) as { verdict: string }).verdict;

describe('npm start: build only when a source changed (build stamp)', () => {
  it('builds on the first start, adopts a build made by hand, then stays fresh', () => {
    expect(verdict(checkout('first', null))).toBe('first');
    const root = checkout('by-hand', T0 + 60);
    expect(verdict(root)).toBe('adopt');
    writeStamp(root, buildVerdict(root).digest);
    expect(verdict(root)).toBe('fresh');
  });

  it('a source touched without a change (checkout, rebase) does not rebuild; a changed one does', () => {
    const root = checkout('touched', T0 + 60);
    writeStamp(root, buildVerdict(root).digest);
    // Newer than every output, same bytes: the old rule (times only) rebuilt here.
    utimesSync(path.join(root, 'agents/store/a.ts'), T0 + 3600, T0 + 3600);
    expect(verdict(root)).toBe('fresh');
    // Different bytes, even with an old time: rebuilt.
    put(root, 'agents/store/a.ts', 'export const a = 2;\n', T0);
    expect(verdict(root)).toBe('changed');
    // A new file counts as a change too.
    put(root, 'agents/store/a.ts', 'export const a = 1;\n', T0);
    expect(verdict(root)).toBe('fresh');
    put(root, 'agents/store/b.ts', 'export const b = 1;\n', T0);
    expect(verdict(root)).toBe('changed');
  });

  it('an edit made while a build ran is not taken as built, though the outputs are newer', () => {
    const root = checkout('edited-during-build', T0 + 60);
    const before = buildVerdict(root).digest;
    put(root, 'agents/store/a.ts', 'export const a = 3;\n', T0 + 30);
    writeStamp(root, before);
    expect(verdict(root)).toBe('changed');
  });

  it('outputs rebuilt by hand after the stamp, newer than the sources, are adopted', () => {
    const root = checkout('rebuilt', T0 + 60);
    writeStamp(root, buildVerdict(root).digest);
    put(root, 'agents/store/a.ts', 'export const a = 4;\n', T0 + 100);
    for (const o of BUILD_OUTPUTS as string[]) put(root, o, 'built again', T0 + 200);
    expect(verdict(root)).toBe('adopt');
  });
});
