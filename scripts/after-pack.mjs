// electron-builder afterPack hook: the packaged app ships the Electron build of the SQLite addon
// (build/electron, made by postinstall) as its only build. electron-builder's own rebuild is off
// (npmRebuild: false in electron-builder.yml): it would rebuild the addon in place, leaving the
// source tree with an Electron build that Node (tests, CLI, browser mode) cannot load.
import { createRequire } from 'node:module';
import path from 'node:path';
import { assertNativePackages } from './native-packages.mjs';
import { packagedAddon } from './sqlite-builds.mjs';

// builder-util's Arch enum.
const ARCH = { 0: 'ia32', 1: 'x64', 2: 'armv7l', 3: 'arm64', 4: 'universal' };

export default async function afterPack(context) {
  const root = context.packager.projectDir;
  const sqliteDir = path.dirname(createRequire(path.join(root, 'package.json')).resolve('better-sqlite3-multiple-ciphers/package.json'));
  const mac = context.electronPlatformName === 'darwin' || context.electronPlatformName === 'mas';
  const resources = mac ? path.join(context.appOutDir, `${context.packager.appInfo.productFilename}.app`, 'Contents', 'Resources') : path.join(context.appOutDir, 'resources');
  const arch = ARCH[context.arch] ?? String(context.arch);
  // sharp, sqlite-vec and get-windows for this target, or no installer (see native-packages.mjs).
  assertNativePackages(path.join(resources, 'app.asar.unpacked', 'node_modules'), { platform: context.electronPlatformName, arch });
  const dest = packagedAddon({
    sqliteDir,
    unpackedSqliteDir: path.join(resources, 'app.asar.unpacked', 'node_modules', 'better-sqlite3-multiple-ciphers'),
    target: { electron: String(context.packager.info.framework.version).replace(/^v/, ''), platform: context.electronPlatformName, arch },
  });
  console.log(`  • SQLite addon: the Electron build is packaged (${path.relative(context.appOutDir, dest)})`);
}
