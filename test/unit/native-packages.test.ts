import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM script without types (scripts/ is not part of the TypeScript projects)
import { assertNativePackages, missingNativePackages } from '../../scripts/native-packages.mjs';
// @ts-expect-error -- plain ESM script without types
import afterPack from '../../scripts/after-pack.mjs';
import { tempDirsEachTest } from '../helpers/temp-dirs.js';

type Target = { platform: string; arch: string };
const missing = missingNativePackages as (nodeModulesDir: string, target: Target) => string[];
const assertAll = assertNativePackages as (nodeModulesDir: string, target: Target) => void;

// Issue 29, item 14: fake package trees as an installer's app.asar.unpacked/node_modules holds them.
const tmp = tempDirsEachTest('engram-native-');
function tree(files: string[], under = 'node_modules'): string {
  const root = tmp();
  const nm = path.join(root, under);
  for (const f of files) {
    mkdirSync(path.dirname(path.join(nm, f)), { recursive: true });
    writeFileSync(path.join(nm, f), f.endsWith('package.json') ? JSON.stringify({ name: f, binary: { napi_versions: [6, 9] } }) : 'binary');
  }
  return nm;
}

const linuxX64 = [
  '@img/sharp-linux-x64/lib/sharp-linux-x64-0.35.5.node',
  '@img/sharp-libvips-linux-x64/lib/libvips-cpp.so.8.18.7',
  'sqlite-vec-linux-x64/vec0.so',
];
const winX64 = ['@img/sharp-win32-x64/lib/sharp-win32-x64-0.35.5.node', 'sqlite-vec-windows-x64/vec0.dll', 'get-windows/package.json', 'get-windows/lib/binding/napi-9-win32-unknown-x64/node-get-windows.node'];
const macArm = [
  '@img/sharp-darwin-arm64/lib/sharp-darwin-arm64-0.35.5.node',
  '@img/sharp-libvips-darwin-arm64/lib/libvips-cpp.8.18.7.dylib',
  'sqlite-vec-darwin-arm64/vec0.dylib',
  'get-windows/main',
];

describe('native packages per target (afterPack)', () => {
  it('a Linux x64 tree is complete for linux-x64 and lacks everything for linux-arm64', () => {
    const nm = tree(linuxX64);
    expect(missing(nm, { platform: 'linux', arch: 'x64' })).toEqual([]);
    expect(missing(nm, { platform: 'linux', arch: 'arm64' }).map((m) => m.split(' ')[0])).toEqual(['@img/sharp-linux-arm64', '@img/sharp-libvips-linux-arm64', 'sqlite-vec-linux-arm64']);
    // 32-bit ARM is "arm" in sharp's names; sqlite-vec has no build for it at all.
    expect(missing(nm, { platform: 'linux', arch: 'armv7l' }).map((m) => m.split(' ')[0])).toEqual(['@img/sharp-linux-arm', '@img/sharp-libvips-linux-arm', 'sqlite-vec-linux-armv7l']);
  });

  it('a Windows package built from a Linux tree (electron-builder --win on Linux) is refused', () => {
    const nm = tree(linuxX64);
    expect(missing(nm, { platform: 'win32', arch: 'x64' }).map((m) => m.split(' ')[0])).toEqual(['@img/sharp-win32-x64', 'sqlite-vec-windows-x64', 'get-windows']);
    expect(() => assertAll(nm, { platform: 'win32', arch: 'x64' })).toThrow(/^this win32-x64 package lacks @img\/sharp-win32-x64 .*build each installer on its own platform/);
  });

  it('Windows: sharp carries libvips itself; the get-windows binding must be the N-API build the package loads', () => {
    expect(missing(tree(winX64), { platform: 'win32', arch: 'x64' })).toEqual([]);
    // Without the binding get-windows answers "no window" instead of failing.
    expect(missing(tree(winX64.filter((f) => !f.includes('node-get-windows'))), { platform: 'win32', arch: 'x64' })).toEqual(['get-windows (win32-x64 binding) (the window list)']);
    const oldNapi = winX64.map((f) => f.replace('napi-9', 'napi-6'));
    expect(missing(tree(oldNapi), { platform: 'win32', arch: 'x64' })).toEqual(['get-windows (win32-x64 binding) (the window list)']);
  });

  it('macOS: the get-windows helper, and both architectures for a universal build', () => {
    expect(missing(tree(macArm), { platform: 'darwin', arch: 'arm64' })).toEqual([]);
    expect(missing(tree(macArm.filter((f) => f !== 'get-windows/main')), { platform: 'darwin', arch: 'arm64' })).toEqual(['get-windows (macOS helper) (the window list)']);
    expect(missing(tree(macArm.filter((f) => !f.includes('libvips'))), { platform: 'darwin', arch: 'arm64' })).toEqual(["@img/sharp-libvips-darwin-arm64 (sharp's libvips)"]);
    expect(missing(tree(macArm), { platform: 'darwin', arch: 'universal' }).map((m) => m.split(' ')[0])).toEqual(['@img/sharp-darwin-x64', '@img/sharp-libvips-darwin-x64', 'sqlite-vec-darwin-x64']);
  });

  it('a package folder without its binary counts as missing', () => {
    const nm = tree(['@img/sharp-linux-x64/package.json', '@img/sharp-libvips-linux-x64/lib/libvips-cpp.so.8.18.7', 'sqlite-vec-linux-x64/package.json']);
    expect(missing(nm, { platform: 'linux', arch: 'x64' }).map((m) => m.split(' ')[0])).toEqual(['@img/sharp-linux-x64', 'sqlite-vec-linux-x64']);
  });

  it('the afterPack hook stops the build on a Windows package from this Linux tree, before anything is copied', async () => {
    // Where electron-builder unpacks it: <appOutDir>/resources/app.asar.unpacked/node_modules.
    const under = path.join('resources', 'app.asar.unpacked', 'node_modules');
    const appOutDir = tree(linuxX64, under).slice(0, -under.length - 1);
    const context = {
      appOutDir,
      electronPlatformName: 'win32',
      arch: 1,
      packager: { projectDir: process.cwd(), appInfo: { productFilename: 'Engram' }, info: { framework: { version: '41.7.1' } } },
    };
    await expect((afterPack as (c: unknown) => Promise<void>)(context)).rejects.toThrow(/win32-x64 package lacks @img\/sharp-win32-x64/);
  });
});
