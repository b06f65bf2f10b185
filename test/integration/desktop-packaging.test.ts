import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// electron-builder's own loader and schema validator, as `electron-builder` would run them.
const require = createRequire(import.meta.url);
const yaml = require('js-yaml') as { load(text: string): unknown };
const { validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
  validateConfiguration(config: unknown, logger: { add(): void; isEnabled: boolean }): Promise<void>;
};

interface BuilderConfig {
  appId: string;
  files: string[];
  asarUnpack: string[];
  linux: { target: string[]; icon: string };
  mac: { target: string[]; icon: string; extendInfo: Record<string, string>; entitlements: string };
  win: { target: string[]; icon: string };
  deb: { depends: string[] };
}

const config = yaml.load(readFileSync('electron-builder.yml', 'utf8')) as BuilderConfig;

describe('electron-builder.yml', () => {
  it('passes electron-builder schema validation', async () => {
    await expect(validateConfiguration(config, { add() {}, isEnabled: false })).resolves.toBeUndefined();
  });

  it('builds AppImage + deb, dmg and nsis', () => {
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.mac.target).toEqual(['dmg']);
    expect(config.win.target).toEqual(['nsis']);
  });

  it('declares why macOS should allow screen recording and the microphone', () => {
    expect(config.mac.extendInfo.NSScreenCaptureUsageDescription).toMatch(/screen/i);
    expect(config.mac.extendInfo.NSMicrophoneUsageDescription).toMatch(/microphone/i);
    expect(existsSync(config.mac.entitlements)).toBe(true);
    expect(readFileSync(config.mac.entitlements, 'utf8')).toContain('com.apple.security.device.audio-input');
  });

  it('lets get-windows ask a browser for its address on macOS (URL rules): the Apple Events entitlement and usage string', () => {
    // Without both, the hardened runtime refuses the AppleScript silently and every URL is null.
    const entitlements = readFileSync(config.mac.entitlements, 'utf8');
    expect(entitlements).toMatch(/<key>com\.apple\.security\.automation\.apple-events<\/key>\s*<true\/>/);
    expect(config.mac.extendInfo.NSAppleEventsUsageDescription).toMatch(/address|URL/i);
  });

  it('unpacks every native module and the tesseract data from the asar', () => {
    for (const pkg of ['better-sqlite3-multiple-ciphers', 'sqlite-vec', 'sharp', 'get-windows', '@tesseract.js-data', 'tesseract.js-core']) {
      expect(config.asarUnpack.some((p) => p.startsWith(`node_modules/${pkg}/`))).toBe(true);
    }
  });

  it('ships the built app, icons and pages, and the icons exist at the sizes the platforms need', () => {
    expect(config.files).toEqual(expect.arrayContaining(['package.json', 'dist/**/*', 'resources/icons/**/*', 'resources/pages/**/*']));
    for (const icon of [config.linux.icon, config.mac.icon, config.win.icon]) expect(existsSync(icon)).toBe(true);
    for (const state of ['recording', 'paused', 'error']) {
      for (const suffix of ['', '@2x', '-48']) expect(existsSync(path.join('resources/icons', `tray-${state}${suffix}.png`))).toBe(true);
    }
  });

  it('the deb pulls in libsecret so safeStorage has a keychain to use', () => {
    expect(config.deb.depends).toContain('libsecret-1-0');
  });
});
