import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// `npm ci` compares each package's engines.node, as package-lock.json records it, with the Node it
// runs on, and prints an EBADENGINE warning for each package that excludes it (an engine-strict user
// config refuses the install). Every Node our own engines.node admits must therefore be admitted by
// every package in the lockfile; checking the lowest version of each of our ranges' parts covers
// the oldest Node a user may have. semver is npm's own reading of these ranges.
const root = path.resolve(import.meta.dirname, '../..');
const semver = createRequire(path.join(root, 'package.json'))('semver') as {
  satisfies(version: string, range: string): boolean;
  minVersion(range: string): { version: string } | null;
  Range: new (range: string) => { set: ReadonlyArray<ReadonlyArray<{ value: string }>> };
};

type LockEntry = { version?: string; engines?: { node?: string } | string[]; link?: boolean; os?: string[]; cpu?: string[] };
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
const ours = (lock.packages['']?.engines as { node?: string } | undefined)?.node;

/** The oldest Node each part of a range admits: ">=20.19.0 <21.0.0-0 || >=22.13.0" gives both ends. */
function oldestNodes(range: string): string[] {
  return new semver.Range(range).set.map((comparators) => semver.minVersion(comparators.map((c) => c.value).join(' '))?.version ?? '').filter(Boolean);
}

// The platforms Engram is built and packaged for (electron-builder.yml). A package only for others
// (sharp's Windows ia32 build wants Node 20 only) is never installed where ours run.
const PLATFORMS = ['linux', 'darwin', 'win32'].flatMap((os) => ['x64', 'arm64'].map((cpu) => ({ os, cpu })));
/** npm's os/cpu field: a list of names, or of '!name' exclusions. */
const admits = (list: string[] | undefined, value: string) =>
  !list || list.length === 0 || (list.some((v) => !v.startsWith('!')) ? list.includes(value) : !list.includes(`!${value}`));
const installedSomewhere = (entry: LockEntry) => PLATFORMS.some(({ os, cpu }) => admits(entry.os, os) && admits(entry.cpu, cpu));

/** Lock entries, installed on at least one of our platforms, whose engines.node excludes `node`. */
function excluding(node: string): string[] {
  return Object.entries(lock.packages)
    .filter(([key, entry]) => key !== '' && !entry.link && !Array.isArray(entry.engines) && typeof entry.engines?.node === 'string')
    .filter(([, entry]) => installedSomewhere(entry))
    .filter(([, entry]) => !semver.satisfies(node, (entry.engines as { node: string }).node))
    .map(([key, entry]) => `${key.replace(/^.*node_modules\//, '')}@${entry.version} wants node ${(entry.engines as { node: string }).node}`);
}

describe('every package in the lockfile runs on every Node our engines field admits', () => {
  it('package.json and the lockfile name the same floor, and it is on the Node 20 line', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
    expect(ours).toBe(pkg.engines.node);
    expect(oldestNodes(pkg.engines.node)[0]).toMatch(/^20\./);
  });

  it.each(oldestNodes(ours ?? '*'))('no EBADENGINE on Node %s', (node) => {
    expect(excluding(node)).toEqual([]);
  });
});
