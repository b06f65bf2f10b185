import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 29, item 1: the packaged binary must not run other people's code with Engram's grants.
// The fuses electron-builder flips come from electron-builder.yml; where a packaged app exists
// (release/, after `npx electron-builder`), the binary's own fuse wire is read back too.
const require = createRequire(import.meta.url);
const yaml = require('js-yaml') as { load(text: string): unknown };
const fuses = require('@electron/fuses') as {
  getCurrentFuseWire(pathToElectron: string): Promise<Record<number, number>>;
  FuseV1Options: Record<string, number>;
};
// @electron/fuses' FuseState: the byte at each fuse's place in the wire.
const ENABLE = 49;
const DISABLE = 48;

/** What each fuse must be, by electron-builder's key, with @electron/fuses' name for it. */
const wanted: Array<{ key: string; fuse: string; on: boolean }> = [
  { key: 'runAsNode', fuse: 'RunAsNode', on: false },
  { key: 'enableNodeOptionsEnvironmentVariable', fuse: 'EnableNodeOptionsEnvironmentVariable', on: false },
  { key: 'enableNodeCliInspectArguments', fuse: 'EnableNodeCliInspectArguments', on: false },
  { key: 'grantFileProtocolExtraPrivileges', fuse: 'GrantFileProtocolExtraPrivileges', on: false },
  { key: 'enableEmbeddedAsarIntegrityValidation', fuse: 'EnableEmbeddedAsarIntegrityValidation', on: true },
  { key: 'onlyLoadAppFromAsar', fuse: 'OnlyLoadAppFromAsar', on: true },
];

const config = yaml.load(readFileSync('electron-builder.yml', 'utf8')) as { electronFuses?: Record<string, unknown>; productName: string; linux: { executableName: string } };

/** The Electron binaries electron-builder left in release/ (linux-unpacked, mac*, win-unpacked). */
function packagedBinaries(): string[] {
  if (!existsSync('release')) return [];
  const found: string[] = [];
  for (const dir of readdirSync('release', { withFileTypes: true })) {
    if (!dir.isDirectory()) continue;
    const base = path.join('release', dir.name);
    for (const candidate of [
      path.join(base, config.linux.executableName),
      path.join(base, `${config.productName}.exe`),
      path.join(base, `${config.productName}.app`, 'Contents', 'Frameworks', 'Electron Framework.framework', 'Electron Framework'),
    ]) {
      if (existsSync(candidate)) found.push(candidate);
    }
  }
  return found;
}

describe('Electron fuses (electron-builder.yml)', () => {
  it('turns RunAsNode, NODE_OPTIONS, --inspect and file:// privileges off, asar integrity and asar-only loading on', () => {
    const set = config.electronFuses ?? {};
    for (const { key, on } of wanted) expect({ key, value: set[key] }).toEqual({ key, value: on });
    // Every key is one @electron/fuses knows, so a renamed fuse cannot pass unnoticed.
    for (const { fuse } of wanted) expect(fuses.FuseV1Options[fuse]).toBeTypeOf('number');
  });

  const binaries = packagedBinaries();
  const name = 'a packaged app in release/ carries them in its binary (@electron/fuses reads its fuse wire)';
  it.skipIf(binaries.length === 0)(binaries.length === 0 ? `${name}: skipped, no packaged app in release/` : name, async () => {
    for (const binary of binaries) {
      const wire = await fuses.getCurrentFuseWire(binary);
      for (const { fuse, on } of wanted) expect({ binary, fuse, state: wire[fuses.FuseV1Options[fuse]!] }).toEqual({ binary, fuse, state: on ? ENABLE : DISABLE });
    }
  });
});
